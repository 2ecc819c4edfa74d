import type { Context } from 'hono';
import * as contracts from '../../shared/contracts/public';
import type { AppDeps } from '../deps';
import { clientIp } from '../http/client-ip';
import { contractRouter, guarded } from '../http/contracts';
import type { RateLimiter } from '../rate-limit/rate-limit';
import { PAGE_VIEW_RATE } from '../rate-limit/rules';
import { clientKey, createSaltKeeper, recordPageView, summarisePageViews } from './service';

/** The browser asks not to be tracked: Do-Not-Track or Global Privacy Control. */
function optsOut(c: Context): boolean {
  return c.req.header('dnt') === '1' || c.req.header('sec-gpc') === '1';
}

export function analyticsRoutes(deps: AppDeps, limiter: RateLimiter) {
  const { db } = deps.database;
  const saltOfToday = createSaltKeeper(db, deps.clock);
  return (
    contractRouter()
      .openapi(guarded(deps, contracts.recordPageView), async (c) => {
        c.header('Cache-Control', 'no-store');
        // Checked on the server too: the page skips the call, but a browser may send the header without
        // exposing it to scripts, and other clients may not check at all.
        if (optsOut(c)) return c.body(null, 204);
        const view = c.req.valid('json');
        const ip = clientIp(c, deps.config.trustProxy);
        const { salt } = await saltOfToday();
        await limiter.hit([{ key: clientKey(salt, ip), rule: PAGE_VIEW_RATE }]);
        await recordPageView(deps, { salt, view, visitor: { ip, userAgent: c.req.header('user-agent') ?? '' } });
        return c.body(null, 204);
      })
      // For the admin area's overview, and for checking the recording end to end.
      .openapi(guarded(deps, contracts.pageViewSummary), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await summarisePageViews(deps, c.req.valid('query')), 200);
      })
  );
}
