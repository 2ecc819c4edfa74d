import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { updateAccountSchema } from '../../shared/account';
import type { Auth } from '../auth/auth';
import { requireUser, type AuthVariables } from '../auth/session';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { readJson } from '../http/validate';
import { deleteAccount, getMe, updateAccount } from './service';

export function accountRoutes(deps: AppDeps, auth: Auth) {
  const app = new Hono<{ Variables: AuthVariables }>();

  app.get('/me', async (c) => {
    const user = c.get('user');
    c.header('Cache-Control', 'no-store');
    return c.json({ user: user ? await getMe(deps, user) : null });
  });

  app.patch('/account', async (c) => {
    const who = requireUser(c);
    const input = await readJson(c, updateAccountSchema);
    const current = c.get('session');
    if (!current) throw new AppError('UNAUTHENTICATED');
    await updateAccount(deps, auth, who, current, input);
    return c.json({ user: await getMe(deps, { ...who, email: input.email }) });
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
