import type { MiddlewareHandler } from 'hono';
import { AppError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const FOREIGN_ORIGIN_MESSAGE = 'This request came from another web site, so it was refused.';

/**
 * A state-changing request must come from one of our own pages: its Origin (or, failing that, its
 * Referer) must be one of `allowed`. Browsers send Origin with every such request, so a page of another
 * site cannot make a member's browser post, save or delete here with the member's cookie. A request
 * that carries neither header and no cookie has no session to misuse (a script or another tool) and
 * goes on. Better Auth checks its own routes the same way.
 */
export function requireSameOrigin(allowed: readonly string[]): MiddlewareHandler {
  const origins = new Set(allowed.map((url) => new URL(url).origin));
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const referer = c.req.header('referer');
    let from: string | null = null;
    if (origin && origin !== 'null') from = origin;
    else if (referer) from = URL.canParse(referer) ? new URL(referer).origin : 'invalid';
    else if (origin === 'null' || c.req.header('cookie')) from = 'missing';
    if (from !== null && !origins.has(from)) throw new AppError('FORBIDDEN', FOREIGN_ORIGIN_MESSAGE);
    return next();
  };
}
