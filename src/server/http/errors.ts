import type { ApiError } from '../../shared/api-error';
import { i18nFor, translate, type I18n, type Later } from '../i18n';
import { EMAIL_LINK_MESSAGES, ACCOUNT_SUSPENDED_MESSAGE } from '../../shared/account';
import { MESSAGES } from '../../shared/messages';
import { SECOND_FACTOR_MESSAGES, type SecondFactorStep } from '../../shared/two-factor';

const STATUS = {
  BAD_REQUEST: 400,
  BAD_JSON: 400,
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  RECENT_LOGIN_REQUIRED: 403,
  NEEDS_PROFILE: 403,
  EMAIL_UNVERIFIED: 403,
  ACCOUNT_SUSPENDED: 403,
  SECOND_FACTOR_REQUIRED: 403,
  NOT_FOUND: 404,
  GONE: 410,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof STATUS;
export type ErrorStatus = (typeof STATUS)[ErrorCode];

const DEFAULT_MESSAGE: Record<ErrorCode, ErrorWords> = {
  BAD_REQUEST: /*i18n*/ 'The request could not be understood.',
  BAD_JSON: /*i18n*/ 'The request body is not valid JSON.',
  VALIDATION: /*i18n*/ 'Some fields need attention.',
  UNAUTHENTICATED: /*i18n*/ 'Please sign in first.',
  FORBIDDEN: /*i18n*/ 'You are not allowed to do that.',
  RECENT_LOGIN_REQUIRED: /*i18n*/ 'Please sign in again.',
  NEEDS_PROFILE: MESSAGES.needProfileToPost,
  EMAIL_UNVERIFIED: EMAIL_LINK_MESSAGES.unconfirmed,
  ACCOUNT_SUSPENDED: ACCOUNT_SUSPENDED_MESSAGE,
  SECOND_FACTOR_REQUIRED: SECOND_FACTOR_MESSAGES.verify,
  NOT_FOUND: /*i18n*/ 'Not found.',
  GONE: /*i18n*/ 'This no longer exists.',
  METHOD_NOT_ALLOWED: /*i18n*/ 'That method is not allowed here.',
  CONFLICT: /*i18n*/ 'That conflicts with existing data.',
  PAYLOAD_TOO_LARGE: /*i18n*/ 'The request is too large.',
  UNSUPPORTED_MEDIA_TYPE: /*i18n*/ 'That content type is not supported here.',
  RATE_LIMITED: /*i18n*/ 'Too many attempts. Please wait a little and try again.',
  INTERNAL: /*i18n*/ 'Something went wrong on our side. Please try again later.',
  UNAVAILABLE: /*i18n*/ 'The service is not available right now.',
};

/** What an error says: English text (its own message id), or a message with values (`later(...)`). */
export type ErrorWords = string | Later;

/**
 * The one error services throw; the app's onError turns it into `{code, message, fieldErrors}` in the
 * asker's language (decision 043). Messages are written in English, the catalogs' ids: a plain string is
 * translated as it is, a message with values is given as `later(/*i18n*\/ 'text {value}', { value })`.
 */
export class AppError extends Error {
  readonly status: ErrorStatus;
  readonly words: ErrorWords;
  constructor(
    readonly code: ErrorCode,
    message?: ErrorWords,
    readonly fieldErrors?: Record<string, ErrorWords>,
    readonly headers?: Record<string, string>,
  ) {
    const words = message ?? DEFAULT_MESSAGE[code];
    super(translate(i18nFor('en'), words));
    this.words = words;
    this.status = STATUS[code];
  }

  /** The answer's body, in a language (English unless told). */
  toJSON(i18n: I18n = i18nFor('en')): ApiError {
    const message = translate(i18n, this.words);
    if (!this.fieldErrors) return { code: this.code, message };
    const fieldErrors = Object.fromEntries(Object.entries(this.fieldErrors).map(([field, words]) => [field, translate(i18n, words)]));
    return { code: this.code, message, fieldErrors };
  }
}

/**
 * An admin whose session has not passed a second factor (decision 013), or a pending session of a member
 * with two-step sign-in on (decision 028). `needs` tells the page which step comes first: setting a factor
 * up, or entering a code for this session.
 */
export class SecondFactorRequiredError extends AppError {
  constructor(
    readonly needs: SecondFactorStep,
    message: ErrorWords = SECOND_FACTOR_MESSAGES[needs],
  ) {
    super('SECOND_FACTOR_REQUIRED', message);
  }

  override toJSON(i18n?: I18n): ApiError {
    return { ...super.toJSON(i18n), needs: this.needs };
  }
}

/** What a person reads while the database is away (answered 503 with Retry-After). */
export const DATABASE_UNAVAILABLE_MESSAGE = /*i18n*/ 'The site cannot reach its database right now. Please try again in a few seconds.';

/** What a person reads while the photos' storage is out of reach (answered 503 with Retry-After). */
export const STORAGE_UNAVAILABLE_MESSAGE = /*i18n*/ 'Photos cannot be reached right now. Please try again in a few seconds.';

export function errorBody(code: ErrorCode, message?: ErrorWords, i18n: I18n = i18nFor('en')): ApiError {
  return { code, message: translate(i18n, message ?? DEFAULT_MESSAGE[code]) };
}
