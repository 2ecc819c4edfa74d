import { Hono } from 'hono';
import { z } from 'zod';
import type { Auth } from './auth';
import type { AuthVariables } from './session';
import type { RateLimiter, RateRule } from '../rate-limit/rate-limit';
import { clientIp } from '../http/client-ip';
import { AppError } from '../http/errors';
import type { AppDeps } from '../deps';
import { sendVerificationMail } from '../account/email-links';

const MINUTE = 60_000;
// Per client (an address can share a NAT with many people) and per account address (slows guessing
// one account's password from many clients).
const RULES: Record<string, { client: RateRule; address: RateRule }> = {
  '/sign-in/email': { client: { limit: 30, windowMs: 15 * MINUTE }, address: { limit: 10, windowMs: 15 * MINUTE } },
  '/sign-up/email': { client: { limit: 10, windowMs: 60 * MINUTE }, address: { limit: 5, windowMs: 60 * MINUTE } },
  '/request-password-reset': { client: { limit: 10, windowMs: 60 * MINUTE }, address: { limit: 3, windowMs: 60 * MINUTE } },
  '/reset-password': { client: { limit: 20, windowMs: 60 * MINUTE }, address: { limit: 20, windowMs: 60 * MINUTE } },
};

// The two-factor routes carry no address: they count per client here, and per account (the signed-in one, or
// the pending sign-in's) in auth/two-factor.ts. Codes and recovery codes share one budget, as do the routes
// that check the password.
const TWO_FACTOR_CLIENT_RULES: Record<string, { key: string; rule: RateRule }> = {
  '/two-factor/verify-totp': { key: 'auth/two-factor/verify', rule: { limit: 30, windowMs: 15 * MINUTE } },
  '/two-factor/verify-backup-code': { key: 'auth/two-factor/verify', rule: { limit: 30, windowMs: 15 * MINUTE } },
  '/two-factor/enable': { key: 'auth/two-factor/password', rule: { limit: 20, windowMs: 15 * MINUTE } },
  '/two-factor/disable': { key: 'auth/two-factor/password', rule: { limit: 20, windowMs: 15 * MINUTE } },
  '/two-factor/generate-backup-codes': { key: 'auth/two-factor/password', rule: { limit: 20, windowMs: 15 * MINUTE } },
};

const bodyWithEmail = z.object({ email: z.string().max(320) }).partial();

const signedUp = z.object({ user: z.object({ id: z.string(), email: z.string(), emailVerified: z.boolean() }) });

/**
 * Better Auth's handler under /api/auth, behind our shared rate limits. A sign-up through the site also
 * queues the mail that confirms the address (accounts made by the demo seed or by Google need none).
 */
export function authRoutes(deps: AppDeps, auth: Auth, limiter: RateLimiter) {
  const trustProxy = deps.config.trustProxy;
  const app = new Hono<{ Variables: AuthVariables }>();
  app.on(['GET', 'POST'], '/*', async (c) => {
    const action = c.req.path.replace(/^\/api\/auth/, '');
    const rule = c.req.method === 'POST' ? RULES[action] : undefined;
    const twoFactorRule = c.req.method === 'POST' ? TWO_FACTOR_CLIENT_RULES[action] : undefined;
    if (twoFactorRule) {
      await limiter.hit([{ key: `${twoFactorRule.key}:ip:${clientIp(c, trustProxy)}`, rule: twoFactorRule.rule }]);
    }
    if (rule) {
      let email = '';
      try {
        const parsed = bodyWithEmail.safeParse(await c.req.raw.clone().json());
        email = parsed.success ? (parsed.data.email ?? '').trim().toLowerCase() : '';
      } catch {
        throw new AppError('BAD_JSON');
      }
      const checks = [{ key: `auth${action}:ip:${clientIp(c, trustProxy)}`, rule: rule.client }];
      if (email) checks.push({ key: `auth${action}:email:${email}`, rule: rule.address });
      await limiter.hit(checks);
    }
    const res = await auth.handler(c.req.raw);
    if (action === '/sign-up/email' && c.req.method === 'POST' && res.ok) {
      const parsed = signedUp.safeParse(await res.clone().json());
      if (parsed.success && !parsed.data.user.emailVerified) await sendVerificationMail(deps, parsed.data.user);
    }
    return res;
  });
  return app;
}
