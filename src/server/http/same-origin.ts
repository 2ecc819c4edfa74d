import type { Context, MiddlewareHandler } from 'hono';
import type { Clock } from '../clock';
import type { Logger } from '../logger';
import { AppError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const FOREIGN_ORIGIN_MESSAGE = /*i18n*/ 'This request came from another web site, so it was refused.';

/**
 * A state-changing request must come from one of our own pages: its Origin (or, failing that, its
 * Referer) must be one of `allowed`. Browsers send Origin with every such request, so a page of another
 * site cannot make a member's browser post, save or delete here with the member's cookie. A request
 * that carries neither header and no cookie has no session to misuse (a script or another tool) and
 * goes on. Better Auth checks its own routes the same way.
 */
export function requireSameOrigin(
  allowed: readonly string[],
  opts: { onRefused?: (c: Context, from: string) => void } = {},
): MiddlewareHandler {
  const origins = new Set(allowed.map((url) => new URL(url).origin));
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const referer = c.req.header('referer');
    let from: string | null = null;
    if (origin && origin !== 'null') from = origin;
    else if (referer) from = URL.canParse(referer) ? new URL(referer).origin : 'invalid';
    else if (origin === 'null' || c.req.header('cookie')) from = 'missing';
    if (from !== null && !origins.has(from)) {
      opts.onRefused?.(c, from);
      throw new AppError('FORBIDDEN', FOREIGN_ORIGIN_MESSAGE);
    }
    return next();
  };
}

const LOG_EVERY_MS = 60_000;

/**
 * Logs requests refused as from another site, at warn (anyone can send them: not an error of ours), at most once
 * per client a minute and for at most `maxClients` clients a minute, so no one can fill the log. The line names
 * the address the site is at: a person who opened it at another one (127.0.0.1 for localhost) learns which.
 */
export function foreignOriginLog(deps: {
  logger: Logger;
  clock: Clock;
  publicUrl: string;
  clientOf: (c: Context) => string;
  maxClients?: number;
}): (c: Context, from: string) => void {
  const maxClients = deps.maxClients ?? 1000;
  /** When each client was last logged, oldest first. */
  const lastLogged = new Map<string, number>();
  return (c, from) => {
    const now = deps.clock.now().getTime();
    const client = deps.clientOf(c);
    for (const [key, at] of lastLogged) {
      if (now - at < LOG_EVERY_MS) break;
      lastLogged.delete(key);
    }
    if (lastLogged.has(client) || lastLogged.size >= maxClients) return;
    lastLogged.set(client, now);
    deps.logger.warn('request from another site refused', {
      from,
      method: c.req.method,
      path: c.req.path,
      client,
      siteAddress: deps.publicUrl,
      hint: `This site is at ${deps.publicUrl} (PUBLIC_URL): pages opened at another address cannot send forms.`,
    });
  };
}
