import { z } from 'zod';

// Two-step sign-in (decision 013): an authenticator app (TOTP) with single-use recovery codes, through Better
// Auth's two-factor plugin. Admins need it for the admin area; any member may turn it on.

/** The name authenticator apps show above the code. */
export const TWO_FACTOR_ISSUER = 'Foster Care Network';
export const TOTP_DIGITS = 6;

/** What a session still needs before the admin area opens: set a factor up, or enter a code for this session. */
export type SecondFactorStep = 'setup' | 'verify';

/** The 403 every admin route answers (code SECOND_FACTOR_REQUIRED) with `needs`, and what the pages say. */
export const SECOND_FACTOR_MESSAGES: Record<SecondFactorStep, string> = {
  setup: /*i18n*/ 'The admin area needs two-step sign-in. Set up an authenticator app to continue.',
  verify: /*i18n*/ 'The admin area needs a code from your authenticator app for this sign-in.',
};

/**
 * The 403 SECOND_FACTOR_REQUIRED (needs 'verify') of every member route for a session of an account with
 * two-step sign-in on that has not passed it: in practice a Google sign-in (decision 028).
 */
export const SECOND_FACTOR_SIGN_IN_MESSAGE =
  /*i18n*/ 'Your account has two-step sign-in. Enter a code from your authenticator app to finish signing in.';

export const TWO_FACTOR_MESSAGES = {
  wrongCode: /*i18n*/ 'That code is not right. Check the app and enter the newest code.',
  wrongRecoveryCode: /*i18n*/ 'That recovery code is not right, or it was used already.',
  wrongPassword: /*i18n*/ 'That password is not right.',
  pendingExpired: /*i18n*/ 'This sign-in took too long. Please sign in again.',
  locked: /*i18n*/ 'Too many wrong codes. Please wait 15 minutes and try again.',
  confirmAddressFirst: /*i18n*/ 'Please confirm your email address first: open the link we sent you, then set up two-step sign-in.',
  trustedDevicesOff: /*i18n*/ 'This site does not remember devices: a code is needed at each sign-in.',
  storeRecoveryCodes:
    /*i18n*/ 'Store these recovery codes now, somewhere safe and apart from your phone. Each works once, in place of a code from the app. They are not shown again.',
} as const;

/** A code from the app: six digits (spaces a person may type are dropped). */
export const totpCodeSchema = z
  .string({ error: /*i18n*/ 'Enter the 6-digit code' })
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, /*i18n*/ 'Enter the 6-digit code from the app'));

/** A recovery code as Better Auth makes them: ten letters and digits, shown as xxxxx-xxxxx. */
export const recoveryCodeSchema = z
  .string({ error: /*i18n*/ 'Enter a recovery code' })
  .transform((s) => s.trim())
  .pipe(z.string().regex(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/, /*i18n*/ 'A recovery code looks like abcde-12345'));

/** The key of an otpauth:// URI (base32), in groups of four as authenticator apps ask for it. */
export function totpKeyOf(totpUri: string): string {
  const secret = new URL(totpUri).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})/g, '$1 ').trim();
}
