import type { Context } from 'hono';
import * as contracts from '../../shared/contracts/care-feeds';
import type { AppDeps } from '../deps';
import { clientIp } from '../http/client-ip';
import { contractRouter, guarded, type MemberEnv } from '../http/contracts';
import { actsAsAdmin } from '../http/session';
import type { RateLimiter } from '../rate-limit/rate-limit';
import { CARE_FEED_RULE } from '../rate-limit/rules';
import { anniversaryState, answerAnniversary } from './anniversary';
import { feedCalendar, feedStatus, renewFeed, stopFeed } from './feed';
import type { CareViewer } from './access';

/** Care teams' calendar feeds (a member's own) and the family's anniversary question (issue 27). */
export function careFeedRoutes(deps: AppDeps, limiter: RateLimiter) {
  /** Who asks about a team: an admin counts as one only past the second factor. */
  async function viewerOf(c: Context<MemberEnv>): Promise<CareViewer> {
    const who = c.get('member');
    return { uid: who.id, admin: await actsAsAdmin(deps.database.db, deps.config, who, c.get('session')) };
  }

  return contractRouter()
    .openapi(guarded(deps, contracts.getCalendarFeed), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await feedStatus(deps, c.get('member').id), 200);
    })
    .openapi(guarded(deps, contracts.createCalendarFeed), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await renewFeed(deps, c.get('member').id), 201);
    })
    .openapi(guarded(deps, contracts.deleteCalendarFeed), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await stopFeed(deps, c.get('member').id), 200);
    })
    .openapi(guarded(deps, contracts.readCalendarFeed), async (c) => {
      // The token is in the address: no cache keeps the answer, shared or not.
      c.header('Cache-Control', 'private, no-store');
      await limiter.hit([{ key: `care-feed:${clientIp(c, deps.config.trustProxy)}`, rule: CARE_FEED_RULE }]);
      const body = await feedCalendar(deps, c.req.valid('param').file);
      return c.body(body, 200, { 'Content-Type': 'text/calendar; charset=utf-8' });
    })
    .openapi(guarded(deps, contracts.getAnniversary), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await anniversaryState(deps, { teamId: c.req.valid('param').id, viewer: await viewerOf(c) }), 200);
    })
    .openapi(guarded(deps, contracts.answerAnniversary), async (c) => {
      c.header('Cache-Control', 'no-store');
      const input = { teamId: c.req.valid('param').id, viewer: await viewerOf(c), answer: c.req.valid('json') };
      return c.json(await answerAnniversary(deps, input), 200);
    });
}
