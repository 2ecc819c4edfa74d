import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { pageViewSchema } from '../../shared/page-view';
import { requireAdmin, type AuthVariables } from '../auth/session';
import type { AppDeps } from '../deps';
import { clientIp } from '../http/client-ip';
import { readJson, readQuery } from '../http/validate';
import type { RateLimiter } from '../rate-limit/rate-limit';
import { clientKey, createSaltKeeper, recordPageView, summarisePageViews } from './service';

/** Generous for people (several behind one address), tight enough that one client cannot flood the table. */
export const PAGE_VIEW_RATE = { limit: 120, windowMs: 60_000 };

const summaryQuery = z.object({ days: z.coerce.number().int().min(1).max(366).default(30) });

/** The browser asks not to be tracked: Do-Not-Track or Global Privacy Control. */
function optsOut(c: Context): boolean {
  return c.req.header('dnt') === '1' || c.req.header('sec-gpc') === '1';
}

export function analyticsRoutes(deps: AppDeps, limiter: RateLimiter) {
  const { db } = deps.database;
  const saltOfToday = createSaltKeeper(db, deps.clock);
  const app = new Hono<{ Variables: AuthVariables }>();

  app.post('/page-views', async (c) => {
    c.header('Cache-Control', 'no-store');
    // Checked on the server too: the page skips the call, but a browser may send the header without
    // exposing it to scripts, and other clients may not check at all.
    if (optsOut(c)) return c.body(null, 204);
    const view = await readJson(c, pageViewSchema);
    const ip = clientIp(c, deps.config.trustProxy);
    const { salt } = await saltOfToday();
    await limiter.hit([{ key: clientKey(salt, ip), rule: PAGE_VIEW_RATE }]);
    await recordPageView(db, deps.clock, salt, view, { ip, userAgent: c.req.header('user-agent') ?? '' });
    return c.body(null, 204);
  });

  // For the admin area (a later issue builds its screen) and for checking the recording end to end.
  app.get('/admin/page-views/summary', async (c) => {
    await requireAdmin(c, db, deps.config);
    const { days } = readQuery(c, summaryQuery);
    c.header('Cache-Control', 'no-store');
    return c.json(await summarisePageViews(db, deps.clock, days));
  });

  return app;
}
