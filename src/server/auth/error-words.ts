import type { I18n } from '../i18n';

// Better Auth answers its refusals itself ({code, message} in English), past our onError: routes.ts puts
// them in the asker's language here (decision 043). Its own messages are keyed by its codes, which stay the
// same when a release rewords one; our messages it carries (thrown from our hooks) are catalog ids already.

/** Better Auth's messages on the routes the site opens (routes.ts), by code, in its English. */
const BETTER_AUTH_MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: /*i18n*/ 'Invalid email or password',
  INVALID_PASSWORD: /*i18n*/ 'Invalid password',
  INVALID_EMAIL: /*i18n*/ 'Invalid email',
  PASSWORD_TOO_SHORT: /*i18n*/ 'Password too short',
  PASSWORD_TOO_LONG: /*i18n*/ 'Password too long',
  INVALID_TOKEN: /*i18n*/ 'Invalid token',
  TOKEN_EXPIRED: /*i18n*/ 'Token expired',
  EMAIL_NOT_VERIFIED: /*i18n*/ 'Email not verified',
  VALIDATION_ERROR: /*i18n*/ 'Validation Error',
  MISSING_FIELD: /*i18n*/ 'Field is required',
  BODY_MUST_BE_AN_OBJECT: /*i18n*/ 'Body must be an object',
  FAILED_TO_CREATE_USER: /*i18n*/ 'Failed to create user',
  FAILED_TO_CREATE_SESSION: /*i18n*/ 'Failed to create session',
  FAILED_TO_GET_SESSION: /*i18n*/ 'Failed to get session',
  SESSION_EXPIRED: /*i18n*/ 'Session expired. Re-authenticate to perform this action.',
  CREDENTIAL_ACCOUNT_NOT_FOUND: /*i18n*/ 'Credential account not found',
  USER_NOT_FOUND: /*i18n*/ 'User not found',
  // The two-factor plugin's.
  TOTP_NOT_ENABLED: /*i18n*/ 'TOTP not enabled',
  TOTP_ALREADY_ENABLED: /*i18n*/ 'TOTP is already enabled',
  TWO_FACTOR_NOT_ENABLED: /*i18n*/ "Two factor isn't enabled",
  BACKUP_CODES_NOT_ENABLED: /*i18n*/ "Backup codes aren't enabled",
  INVALID_BACKUP_CODE: /*i18n*/ 'Invalid backup code',
  INVALID_CODE: /*i18n*/ 'Invalid code',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: /*i18n*/ 'Too many attempts. Please request a new code.',
  ACCOUNT_TEMPORARILY_LOCKED: /*i18n*/ 'Too many failed verification attempts. Your account is temporarily locked. Please try again later.',
  INVALID_TWO_FACTOR_COOKIE: /*i18n*/ 'Invalid two factor cookie',
};

/** A spent TOTP code is refused as the plugin refuses a wrong one (two-factor.ts). */
export const INVALID_CODE_MESSAGE = BETTER_AUTH_MESSAGES.INVALID_CODE!;

type Refusal = { code?: unknown; message?: unknown };

/**
 * Better Auth's answer with its refusal's message in the asker's language; any other answer as it is. English
 * askers get Better Auth's words unchanged.
 */
export async function refusalInLanguage(res: Response, i18n: I18n): Promise<Response> {
  if (res.ok || i18n.locale === 'en' || !/^application\/json\b/i.test(res.headers.get('content-type') ?? '')) return res;
  let body: Refusal;
  try {
    body = (await res.clone().json()) as Refusal;
  } catch {
    return res;
  }
  if (typeof body !== 'object' || body === null || typeof body.message !== 'string') return res;
  const english = (typeof body.code === 'string' && BETTER_AUTH_MESSAGES[body.code]) || body.message;
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify({ ...body, message: i18n._(english) }), { status: res.status, statusText: res.statusText, headers });
}
