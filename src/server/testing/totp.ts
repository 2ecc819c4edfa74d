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

/** The 30-second period a code is for, now. */
export function currentTotpPeriod(): number {
  return Math.floor(Date.now() / PERIOD_MS);
}

/** The code of this key for one period (the server accepts the period before and after the current one). */
export function totpCodeFor(totpUriOrKey: string, period: number): Promise<string> {
  return createOTP(base32.decode(keyOf(totpUriOrKey)), { digits: TOTP_DIGITS }).hotp(period);
}

/**
 * A code for a period after `lastPeriod`, so never one already used: the server spends each code (a code
 * passes once). Takes the current period, else the next; waits for the clock when both are spent, unless
 * `wait` is false (then null).
 */
export async function unusedTotpCode(
  totpUriOrKey: string,
  lastPeriod: number,
  opts: { wait?: boolean } = {},
): Promise<{ code: string; period: number } | null> {
  for (;;) {
    const current = currentTotpPeriod();
    const period = Math.max(current, lastPeriod + 1);
    if (period <= current + 1) return { code: await totpCodeFor(totpUriOrKey, period), period };
    if (opts.wait === false) return null;
    await new Promise((resolve) => setTimeout(resolve, (current + 1) * PERIOD_MS - Date.now() + 50));
  }
}

const lastPeriodUsed = new Map<string, number>();

/** A code for this key that this process has not used before (see unusedTotpCode). */
export async function nextTotpCode(totpUriOrKey: string): Promise<string> {
  const key = keyOf(totpUriOrKey);
  const next = (await unusedTotpCode(key, lastPeriodUsed.get(key) ?? 0))!;
  lastPeriodUsed.set(key, next.period);
  return next.code;
}

/** A well-formed code the key does not give now, different at each call (for tests of wrong codes). */
export async function wrongTotpCode(totpUriOrKey: string): Promise<string> {
  const current = currentTotpPeriod();
  const valid = new Set(await Promise.all([-1, 0, 1, 2].map((d) => totpCodeFor(totpUriOrKey, current + d))));
  for (;;) {
    const candidate = String(randomInt(1_000_000)).padStart(TOTP_DIGITS, '0');
    if (!valid.has(candidate)) return candidate;
  }
}
