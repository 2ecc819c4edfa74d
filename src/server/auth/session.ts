import { getSessionCookie } from 'better-auth/cookies';
import type { MiddlewareHandler } from 'hono';
import type { Auth } from './auth';
import type { AuthVariables } from '../http/session';

/** Reads the session cookie once per request and keeps who is asking on the context. */
export function loadSession(auth: Auth): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    // Without a session cookie nobody is signed in: visitors' requests skip Better Auth's lookup (issue 14).
    const found = getSessionCookie(c.req.raw.headers) ? await auth.api.getSession({ headers: c.req.raw.headers }) : null;
    c.set(
      'user',
      found
        ? {
            id: found.user.id,
            email: found.user.email,
            emailVerified: found.user.emailVerified,
            twoFactorEnabled: found.user.twoFactorEnabled === true,
          }
        : null,
    );
    c.set(
      'session',
      found
        ? {
            id: found.session.id,
            createdAt: new Date(found.session.createdAt),
            secondFactorAt: found.session.secondFactorAt ? new Date(found.session.secondFactorAt) : null,
          }
        : null,
    );
    await next();
  };
}
