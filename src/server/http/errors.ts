import type { ApiError } from '../../shared/api-error';
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

const DEFAULT_MESSAGE: Record<ErrorCode, string> = {
  BAD_REQUEST: 'The request could not be understood.',
  BAD_JSON: 'The request body is not valid JSON.',
  VALIDATION: 'Some fields need attention.',
  UNAUTHENTICATED: 'Please sign in first.',
  FORBIDDEN: 'You are not allowed to do that.',
  RECENT_LOGIN_REQUIRED: 'Please sign in again.',
  NEEDS_PROFILE: MESSAGES.needProfileToPost,
  EMAIL_UNVERIFIED: EMAIL_LINK_MESSAGES.unconfirmed,
  ACCOUNT_SUSPENDED: ACCOUNT_SUSPENDED_MESSAGE,
  SECOND_FACTOR_REQUIRED: SECOND_FACTOR_MESSAGES.verify,
  NOT_FOUND: 'Not found.',
  GONE: 'This no longer exists.',
  METHOD_NOT_ALLOWED: 'That method is not allowed here.',
  CONFLICT: 'That conflicts with existing data.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'That content type is not supported here.',
  RATE_LIMITED: 'Too many attempts. Please wait a little and try again.',
  INTERNAL: 'Something went wrong on our side. Please try again later.',
  UNAVAILABLE: 'The service is not available right now.',
};

/** The one error services throw; the app's onError turns it into `{code, message, fieldErrors}`. */
export class AppError extends Error {
  readonly status: ErrorStatus;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly fieldErrors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? DEFAULT_MESSAGE[code]);
    this.status = STATUS[code];
  }

  toJSON(): ApiError {
    return this.fieldErrors
      ? { code: this.code, message: this.message, fieldErrors: this.fieldErrors }
      : { code: this.code, message: this.message };
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
    message: string = SECOND_FACTOR_MESSAGES[needs],
  ) {
    super('SECOND_FACTOR_REQUIRED', message);
  }

  override toJSON(): ApiError {
    return { ...super.toJSON(), needs: this.needs };
  }
}

/** What a person reads while the database is away (answered 503 with Retry-After). */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The site cannot reach its database right now. Please try again in a few seconds.';

/** What a person reads while the photos' storage is out of reach (answered 503 with Retry-After). */
export const STORAGE_UNAVAILABLE_MESSAGE = 'Photos cannot be reached right now. Please try again in a few seconds.';

export function errorBody(code: ErrorCode, message?: string): ApiError {
  return { code, message: message ?? DEFAULT_MESSAGE[code] };
}
