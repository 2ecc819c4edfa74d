import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins';
import { and, like, lte, sql } from 'drizzle-orm';
import { SECOND_FACTOR_SIGN_IN_MESSAGE, TOTP_DIGITS, TWO_FACTOR_ISSUER, TWO_FACTOR_MESSAGES } from '../../shared/two-factor';
import type { Db } from '../db/client';
import { verification } from '../db/schema';
import { AppError } from '../http/errors';
import { INVALID_CODE_MESSAGE } from './error-words';
import type { RateLimiter, RateRule } from '../rate-limit/rate-limit';
import { TWO_FACTOR_ACCOUNT_RULES } from '../rate-limit/rules';
import { MINUTE } from '../../shared/durations';

// Decision 013. Better Auth's two-factor plugin does the protocol (TOTP secrets, recovery codes, the pending
// sign-in); this file configures it and adds what the product asks on top: sessions that passed a factor are
// marked (session.second_factor_at), attempts are rate-limited per account, a TOTP code works once, and the
// plugin's routes the product does not use are closed.

export const TWO_FACTOR_PATHS = {
  enable: '/two-factor/enable',
  disable: '/two-factor/disable',
  verifyTotp: '/two-factor/verify-totp',
  verifyBackupCode: '/two-factor/verify-backup-code',
  generateBackupCodes: '/two-factor/generate-backup-codes',
} as const;

/** The plugin's routes the product has no use for (codes by mail or SMS; showing the key again). */
export const UNUSED_TWO_FACTOR_PATHS = ['/two-factor/get-totp-uri', '/two-factor/send-otp', '/two-factor/verify-otp'];

const VERIFY_PATHS: ReadonlySet<string> = new Set([TWO_FACTOR_PATHS.verifyTotp, TWO_FACTOR_PATHS.verifyBackupCode]);
const PASSWORD_PATHS: ReadonlySet<string> = new Set([
  TWO_FACTOR_PATHS.enable,
  TWO_FACTOR_PATHS.disable,
  TWO_FACTOR_PATHS.generateBackupCodes,
]);
/**
 * Turning the factor off, making new recovery codes, or setting up a new key over the one the account has:
 * only from a session that passed it (a pending session, decision 028, may only pass it or sign out).
 */
const NEEDS_PASSED_SESSION: ReadonlySet<string> = new Set([
  TWO_FACTOR_PATHS.enable,
  TWO_FACTOR_PATHS.disable,
  TWO_FACTOR_PATHS.generateBackupCodes,
]);

/** A TOTP code is accepted for up to 90 s (the current period and one each side): it stays spent longer. */
const SPENT_CODE_MS = 2 * MINUTE;

/** Better Auth's two-factor plugin as the product uses it: TOTP with recovery codes, a factor only after a right code. */
export function twoFactorPlugin() {
  return twoFactor({
    issuer: TWO_FACTOR_ISSUER,
    // The factor turns on only once a code from the app proves it was stored.
    skipVerificationOnEnable: false,
    totpOptions: { digits: TOTP_DIGITS, period: 30 },
    backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: 'encrypted' },
    accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
  });
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The account a pending sign-in (the plugin's signed two_factor cookie) is for, if any. */
async function pendingSignInUser(ctx: HookContext): Promise<string | null> {
  const cookie = ctx.context.createAuthCookie('two_factor');
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const found = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return found && found.expiresAt > new Date() ? found.value : null;
}

/** Our limiter's 429 as Better Auth answers errors (same code, message and Retry-After as everywhere else). */
async function hitAsApiError(limiter: RateLimiter, checks: Array<{ key: string; rule: RateRule }>): Promise<void> {
  try {
    await limiter.hit(checks);
  } catch (err) {
    if (err instanceof AppError && err.code === 'RATE_LIMITED') {
      throw new APIError('TOO_MANY_REQUESTS', { code: err.code, message: err.message }, err.headers ?? {});
    }
    throw err;
  }
}

/**
 * Spends a TOTP code for this account before the plugin checks it, atomically (a row of Better Auth's
 * verification table whose id is the code), so the same code cannot pass twice, even in two requests at
 * once (RFC 6238 §5.2). The plugin itself accepts a code again until its 90 seconds are over. A wrong code is
 * spent too, which costs nothing: it is wrong. Times are Better Auth's (the wall clock), as the codes are.
 */
async function spendCode(db: Db, uid: string, code: string): Promise<boolean> {
  const now = new Date();
  const id = `totp-spent:${uid}:${code}`;
  await db.delete(verification).where(and(like(verification.identifier, `totp-spent:${uid}:%`), lte(verification.expiresAt, now)));
  const claimed = await db
    .insert(verification)
    .values({ id, identifier: id, value: uid, expiresAt: new Date(now.getTime() + SPENT_CODE_MS), createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: verification.id,
      set: { expiresAt: sql`excluded.expires_at`, updatedAt: now },
      setWhere: lte(verification.expiresAt, now),
    })
    .returning({ id: verification.id });
  return claimed.length > 0;
}

/**
 * Our rules around the plugin's routes, as a Better Auth plugin of hooks:
 * - before: counts the attempt against the account; refuses trusted devices (every sign-in asks for a code);
 *   turning the factor off, new recovery codes or a new key need a session that passed it; a TOTP code is spent.
 * - after a code or recovery code passed: marks the session it passed for (the one the plugin made at sign-in
 *   or at the end of set-up, or the signed-in one) with second_factor_at. No other way in sets it.
 */
export function secondFactorRules({ db, limiter }: { db: Db; limiter: RateLimiter }): BetterAuthPlugin {
  return {
    id: 'second-factor-rules',
    hooks: {
      before: [
        {
          matcher: (ctx) => VERIFY_PATHS.has(ctx.path ?? '') || PASSWORD_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const path = ctx.path;
            const session = await getSessionFromCtx(ctx);
            const isVerify = VERIFY_PATHS.has(path);
            const uid = session?.user.id ?? (isVerify ? await pendingSignInUser(ctx) : null);
            // No session and no pending sign-in: the plugin answers 401 itself.
            if (!uid) return;
            await hitAsApiError(limiter, [
              isVerify
                ? { key: `2fa-verify:uid:${uid}`, rule: TWO_FACTOR_ACCOUNT_RULES.verify }
                : { key: `2fa-password:uid:${uid}`, rule: TWO_FACTOR_ACCOUNT_RULES.password },
            ]);
            const body = (ctx.body ?? {}) as { trustDevice?: unknown; code?: unknown };
            if (isVerify && body.trustDevice) {
              throw new APIError('BAD_REQUEST', { code: 'TRUSTED_DEVICES_OFF', message: TWO_FACTOR_MESSAGES.trustedDevicesOff });
            }
            // Without a factor there is nothing to pass: the plugin says it is not turned on.
            const hasFactor = (session?.user as { twoFactorEnabled?: boolean | null } | undefined)?.twoFactorEnabled === true;
            if (NEEDS_PASSED_SESSION.has(path) && session && hasFactor && !session.session.secondFactorAt) {
              // A pending session (decision 028), admin's or member's: what requireUser says to it, not the admin area's words.
              throw new APIError('FORBIDDEN', { code: 'SECOND_FACTOR_REQUIRED', message: SECOND_FACTOR_SIGN_IN_MESSAGE, needs: 'verify' });
            }
            // An account made with an address nobody has proven may be somebody else's, made before its owner
            // came (issue 23): whoever chose its password must not lock her out with a factor of his.
            if (path === TWO_FACTOR_PATHS.enable && session && !session.user.emailVerified) {
              throw new APIError('FORBIDDEN', { code: 'EMAIL_UNVERIFIED', message: TWO_FACTOR_MESSAGES.confirmAddressFirst });
            }
            if (path === TWO_FACTOR_PATHS.verifyTotp && typeof body.code === 'string' && /^\d{6}$/.test(body.code)) {
              if (!(await spendCode(db, uid, body.code))) {
                throw new APIError('UNAUTHORIZED', { code: 'INVALID_CODE', message: INVALID_CODE_MESSAGE });
              }
            }
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => VERIFY_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (!returned || isAPIError(returned) || returned instanceof Response) return;
            // The session the plugin just made (sign-in, or the end of set-up), else the signed-in one it answers with.
            const token = ctx.context.newSession?.session.token ?? (returned as { token?: unknown }).token;
            if (typeof token !== 'string' || !token) return;
            await ctx.context.internalAdapter.updateSession(token, { secondFactorAt: new Date() });
          }),
        },
      ],
    },
  };
}
