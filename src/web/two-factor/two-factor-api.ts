import type { I18n } from '@lingui/core';
import { TWO_FACTOR_MESSAGES } from '../../shared/two-factor';
import { authPost, isApiRequestError } from '../lib/api';

// Better Auth's two-factor routes (decision 013), typed by their description in the API's document
// (shared/contracts/auth.ts).

export type TotpSetup = Awaited<ReturnType<typeof startTwoFactorSetup>>;

/** Set-up, step one: the password; answers the key (in an otpauth:// URI) and the recovery codes. */
export function startTwoFactorSetup(password: string) {
  return authPost('/api/auth/two-factor/enable', { password });
}

/** A code from the app: ends set-up, a pending sign-in, or steps this session up. */
export function verifyTotp(code: string) {
  return authPost('/api/auth/two-factor/verify-totp', { code });
}

/** A recovery code in place of the app's code (each works once). */
export function verifyRecoveryCode(code: string) {
  return authPost('/api/auth/two-factor/verify-backup-code', { code });
}

export function turnOffTwoFactor(password: string) {
  return authPost('/api/auth/two-factor/disable', { password });
}

/** New recovery codes; the old ones stop working. */
export function newRecoveryCodes(password: string) {
  return authPost('/api/auth/two-factor/generate-backup-codes', { password });
}

const SOMETHING_WENT_WRONG = /*i18n*/ 'Something went wrong. Please try again.';

/** Our words for the plugin's refusals, by its codes. */
const REFUSALS: Record<string, string> = {
  INVALID_CODE: TWO_FACTOR_MESSAGES.wrongCode,
  INVALID_BACKUP_CODE: TWO_FACTOR_MESSAGES.wrongRecoveryCode,
  INVALID_PASSWORD: TWO_FACTOR_MESSAGES.wrongPassword,
  INVALID_TWO_FACTOR_COOKIE: TWO_FACTOR_MESSAGES.pendingExpired,
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: TWO_FACTOR_MESSAGES.pendingExpired,
  ACCOUNT_TEMPORARILY_LOCKED: TWO_FACTOR_MESSAGES.locked,
};

/**
 * What to tell a person when a step fails, in our words rather than the plugin's, in the page's language
 * (any other refusal comes in it from the server).
 */
export function twoFactorErrorMessage(error: unknown, i18n: I18n): string {
  if (!isApiRequestError(error)) return i18n._(SOMETHING_WENT_WRONG);
  const ours = REFUSALS[error.code];
  if (ours) return i18n._(ours);
  return error.status === 0 || error.status >= 500 ? i18n._(SOMETHING_WENT_WRONG) : error.message;
}

/** The pending sign-in is over (too slow, too many tries): only signing in again helps. */
export function isSignInOver(error: unknown): boolean {
  return isApiRequestError(error) && (error.code === 'INVALID_TWO_FACTOR_COOKIE' || error.code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE');
}
