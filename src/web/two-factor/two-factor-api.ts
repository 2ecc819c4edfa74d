import type { z } from 'zod';
import type { codeBodySchema, passwordBodySchema } from '../../shared/contracts/auth';
import { TWO_FACTOR_MESSAGES } from '../../shared/two-factor';
import { api, isApiRequestError } from '../lib/api';

// Better Auth's two-factor routes (decision 013), served by Better Auth rather than the typed client's
// routes: the generic helper, with the bodies checked against the API document's description
// (shared/contracts/auth.ts). Only the fields the pages read are typed.

const withPassword = (password: string): z.input<typeof passwordBodySchema> => ({ password });
const withCode = (code: string): z.input<typeof codeBodySchema> => ({ code });

export type TotpSetup = { totpURI: string; backupCodes: string[] };

/** Set-up, step one: the password; answers the key (in an otpauth:// URI) and the recovery codes. */
export function startTwoFactorSetup(password: string) {
  return api.post<TotpSetup>('/api/auth/two-factor/enable', withPassword(password));
}

/** A code from the app: ends set-up, a pending sign-in, or steps this session up. */
export function verifyTotp(code: string) {
  return api.post<unknown>('/api/auth/two-factor/verify-totp', withCode(code));
}

/** A recovery code in place of the app's code (each works once). */
export function verifyRecoveryCode(code: string) {
  return api.post<unknown>('/api/auth/two-factor/verify-backup-code', withCode(code));
}

export function turnOffTwoFactor(password: string) {
  return api.post<unknown>('/api/auth/two-factor/disable', withPassword(password));
}

/** New recovery codes; the old ones stop working. */
export function newRecoveryCodes(password: string) {
  return api.post<{ backupCodes: string[] }>('/api/auth/two-factor/generate-backup-codes', withPassword(password));
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
