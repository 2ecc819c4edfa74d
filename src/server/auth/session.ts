import { getSessionCookie } from 'better-auth/cookies';
import type { MiddlewareHandler } from 'hono';
import type { Auth } from './auth';
import { isPendingSecondFactor, type AuthVariables } from '../http/session';
import type { KnownSession, SessionCache } from './session-cache';

/** Better Auth's look-up of the session a request's cookies name, in the shape loadSession keeps. */
async function lookUp(auth: Auth, headers: Headers): Promise<KnownSession | null> {
  const found = await auth.api.getSession({ headers });
  if (!found) return null;
  return {
    user: {
      id: found.user.id,
      email: found.user.email,
      emailVerified: found.user.emailVerified,
      twoFactorEnabled: found.user.twoFactorEnabled === true,
    },
    session: {
      id: found.session.id,
      createdAt: new Date(found.session.createdAt),
      secondFactorAt: found.session.secondFactorAt ? new Date(found.session.secondFactorAt) : null,
    },
    expiresAt: new Date(found.session.expiresAt),
  };
}

/** Reads the session cookie once per request and keeps who is asking on the context: signed in, or pending. */
export function loadSession(auth: Auth, sessions: SessionCache): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    // Without a session cookie nobody is signed in: visitors' requests skip the look-up (issue 14).
    const token = getSessionCookie(c.req.raw.headers);
    const found = token ? await sessions.get(token, () => lookUp(auth, c.req.raw.headers)) : null;
    // A session that still owes its second factor is no one's but /api/me's and the sign-in's (decision 028).
    // Decided per request from what the cache keeps, which follows the account's and the session's changes.
    const pending = found !== null && isPendingSecondFactor(found.user, found.session);
    c.set('user', found && !pending ? found.user : null);
    c.set('session', found && !pending ? found.session : null);
    c.set('pending', found && pending ? { user: found.user, session: found.session } : null);
    await next();
  };
}
