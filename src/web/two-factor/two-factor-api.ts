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

/** What to tell a person when a step fails, in our words rather than the plugin's. */
export function twoFactorErrorMessage(error: unknown): string {
  if (!isApiRequestError(error)) return 'Something went wrong. Please try again.';
  switch (error.code) {
    case 'INVALID_CODE':
      return TWO_FACTOR_MESSAGES.wrongCode;
    case 'INVALID_BACKUP_CODE':
      return TWO_FACTOR_MESSAGES.wrongRecoveryCode;
    case 'INVALID_PASSWORD':
      return TWO_FACTOR_MESSAGES.wrongPassword;
    case 'INVALID_TWO_FACTOR_COOKIE':
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
      return TWO_FACTOR_MESSAGES.pendingExpired;
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      return TWO_FACTOR_MESSAGES.locked;
    default:
      return error.status === 0 || error.status >= 500 ? 'Something went wrong. Please try again.' : error.message;
  }
}

/** The pending sign-in is over (too slow, too many tries): only signing in again helps. */
export function isSignInOver(error: unknown): boolean {
  return isApiRequestError(error) && (error.code === 'INVALID_TWO_FACTOR_COOKIE' || error.code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE');
}
