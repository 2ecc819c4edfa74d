import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { EMAIL_LINK_MESSAGES, updateAccountSchema, verifyEmailSchema } from '../../shared/account';
import { EMAIL_LINK_RESENDS_PER_HOUR } from '../../shared/limits';
import type { Auth } from '../auth/auth';
import { requireUser, type AuthVariables } from '../auth/session';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { clientIp } from '../http/client-ip';
import { readJson } from '../http/validate';
import type { RateLimiter } from '../rate-limit/rate-limit';
import { cancelEmailChange, confirmEmailLink, resendEmailLink } from './email-links';
import { deleteAccount, getMe, updateAccount } from './service';

const HOUR = 60 * 60 * 1000;

export function accountRoutes(deps: AppDeps, auth: Auth, limiter: RateLimiter) {
  const app = new Hono<{ Variables: AuthVariables }>();

  // Opened from the mailed link: the token is the proof, so no sign-in is needed (the link may be opened
  // on another device). Guessing is bounded per client; a token has 256 random bits anyway.
  app.post('/account/verify-email', async (c) => {
    await limiter.hit([{ key: `verify-email:ip:${clientIp(c, deps.config.trustProxy)}`, rule: { limit: 30, windowMs: HOUR } }]);
    const { token } = await readJson(c, verifyEmailSchema);
    return c.json(await confirmEmailLink(deps, token, c.get('session')?.id ?? null));
  });

  app.post('/account/verification-mail', async (c) => {
    const who = requireUser(c);
    await limiter.hit(
      [
        { key: `verification-mail:uid:${who.id}`, rule: { limit: EMAIL_LINK_RESENDS_PER_HOUR, windowMs: HOUR } },
        { key: `verification-mail:ip:${clientIp(c, deps.config.trustProxy)}`, rule: { limit: 10, windowMs: HOUR } },
      ],
      EMAIL_LINK_MESSAGES.resendRateLimited,
    );
    return c.json(await resendEmailLink(deps, who));
  });

  app.delete('/account/pending-email', async (c) => {
    const who = requireUser(c);
    await cancelEmailChange(deps, who.id);
    return c.json({ user: await getMe(deps, who, c.get('session')) });
  });

  app.get('/me', async (c) => {
    const user = c.get('user');
    c.header('Cache-Control', 'no-store');
    return c.json({ user: user ? await getMe(deps, user, c.get('session')) : null });
  });

  app.patch('/account', async (c) => {
    const who = requireUser(c);
    const input = await readJson(c, updateAccountSchema);
    const current = c.get('session');
    if (!current) throw new AppError('UNAUTHENTICATED');
    const result = await updateAccount(deps, auth, who, current, input);
    return c.json({ ...result, user: await getMe(deps, who, current) });
  });

  app.delete('/account', async (c) => {
    const who = requireUser(c);
    await deleteAccount(deps, who);
    const cookies = (await auth.$context).authCookies;
    for (const cookie of [cookies.sessionToken, cookies.sessionData, cookies.dontRememberToken]) {
      deleteCookie(c, cookie.name, { path: '/', secure: cookie.attributes.secure });
    }
    return c.json({ ok: true });
  });

  return app;
}
