import { randomInt } from 'node:crypto';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { TOTP_DIGITS } from '../../shared/two-factor';

// What an authenticator app does, for tests: codes from the key the set-up shows (base32), computed with
// Better Auth's own OTP helper, as its plugin computes them.

const PERIOD_MS = 30_000;

/** The base32 key of an otpauth:// URI, or a key as the page shows it (groups of four). */
export function keyOf(totpUriOrKey: string): string {
  const key = totpUriOrKey.startsWith('otpauth:') ? (new URL(totpUriOrKey).searchParams.get('secret') ?? '') : totpUriOrKey;
  return key.replace(/\s+/g, '').toUpperCase();
}

const lastPeriodUsed = new Map<string, number>();

/**
 * A code for this key that this process has not used before. The server spends each code (a code passes
 * once), and accepts the period before and after the current one; so this takes the current period, then the
 * next, and only waits for the clock when both are spent.
 */
export async function nextTotpCode(totpUriOrKey: string): Promise<string> {
  const key = keyOf(totpUriOrKey);
  for (;;) {
    const current = Math.floor(Date.now() / PERIOD_MS);
    const period = Math.max(current, (lastPeriodUsed.get(key) ?? -Infinity) + 1);
    if (period <= current + 1) {
      lastPeriodUsed.set(key, period);
      return createOTP(base32.decode(key), { digits: TOTP_DIGITS }).hotp(period);
    }
    await new Promise((resolve) => setTimeout(resolve, (current + 1) * PERIOD_MS - Date.now() + 50));
  }
}

/** A well-formed code the key does not give now, different at each call (for tests of wrong codes). */
export async function wrongTotpCode(totpUriOrKey: string): Promise<string> {
  const otp = createOTP(base32.decode(keyOf(totpUriOrKey)), { digits: TOTP_DIGITS });
  const current = Math.floor(Date.now() / PERIOD_MS);
  const valid = new Set(await Promise.all([-1, 0, 1, 2].map((d) => otp.hotp(current + d))));
  for (;;) {
    const candidate = String(randomInt(1_000_000)).padStart(TOTP_DIGITS, '0');
    if (!valid.has(candidate)) return candidate;
  }
}
