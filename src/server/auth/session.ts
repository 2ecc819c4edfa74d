import type { MiddlewareHandler } from 'hono';
import type { Auth } from './auth';
import { isLocale, isPendingSecondFactor, type AuthVariables } from '../http/session';
import { requestHeader } from '../http/client-ip';
import type { Logger } from '../logger';
import type { KnownSession, SessionCache } from './session-cache';
import { expiredSessionCookies, readSessionCookie, tokenOfCookieValue } from './session-cookie';

/** Better Auth's look-up of the session a request's cookies name, in the shape loadSession keeps. */
async function lookUp(auth: Auth, headers: Headers, cookieValue: string): Promise<KnownSession | null> {
  const found = await auth.api.getSession({ headers });
  if (!found) return null;
  // What Better Auth verified is the cookie the cache keys by, or nobody is signed in (and nothing is kept).
  if (found.session.token !== tokenOfCookieValue(cookieValue)) return null;
  return {
    user: {
      id: found.user.id,
      email: found.user.email,
      emailVerified: found.user.emailVerified,
      twoFactorEnabled: found.user.twoFactorEnabled === true,
      locale: isLocale(found.user.locale) ? found.user.locale : null,
    },
    session: {
      id: found.session.id,
      createdAt: new Date(found.session.createdAt),
      secondFactorAt: found.session.secondFactorAt ? new Date(found.session.secondFactorAt) : null,
    },
    expiresAt: new Date(found.session.expiresAt),
  };
}

/** The name of the session cookie Better Auth reads (it depends on whether PUBLIC_URL is https). */
export async function sessionCookieName(auth: Auth): Promise<string> {
  return (await auth.$context).authCookies.sessionToken.name;
}

/**
 * Reads the session cookie once per request and keeps who is asking on the context: signed in, or pending.
 * A request with more than one session cookie is nobody's, and is told to drop them (session-cookie.ts).
 */
export function loadSession(
  auth: Auth,
  sessions: SessionCache,
  { publicUrl, logger }: { publicUrl: string; logger: Logger },
): MiddlewareHandler<{ Variables: AuthVariables }> {
  const cookieName = sessionCookieName(auth);
  // Said at most once a minute: a browser holding a planted cookie sends it with every request.
  let warnedAt = 0;
  return async (c, next) => {
    // From node:http's headers when served by it: asking the Web Request would build all its headers (client-ip.ts).
    const cookie = readSessionCookie({ get: (name) => requestHeader({ env: c.env, request: c.req.raw }, name) ?? null }, await cookieName);
    if (cookie.kind === 'ambiguous') {
      if (Date.now() - warnedAt > 60_000) {
        warnedAt = Date.now();
        logger.warn('a request carried more than one session cookie: treated as signed out', { names: cookie.names });
      }
      for (const line of expiredSessionCookies(cookie.names, publicUrl)) c.header('Set-Cookie', line, { append: true });
    }
    // Without a session cookie nobody is signed in: visitors' requests skip the look-up (issue 14).
    const found = cookie.kind === 'one' ? await sessions.get(cookie.value, () => lookUp(auth, c.req.raw.headers, cookie.value)) : null;
    // A session that still owes its second factor is no one's but /api/me's and the sign-in's (decision 028).
    // Decided per request from what the cache keeps, which follows the account's and the session's changes.
    const pending = found !== null && isPendingSecondFactor(found.user, found.session);
    c.set('user', found && !pending ? found.user : null);
    c.set('session', found && !pending ? found.session : null);
    c.set('pending', found && pending ? { user: found.user, session: found.session } : null);
    await next();
  };
}
