import type { Context } from 'hono';
import * as contracts from '../../shared/contracts/care-space';
import type { AppDeps } from '../deps';
import { contractRouter, guarded, type MemberEnv } from '../http/contracts';
import { actsAsAdmin } from '../http/session';
import { localeOf } from '../i18n';
import type { RateLimiter } from '../rate-limit/rate-limit';
import { CARE_POST_RATE_MESSAGE, CARE_POST_RULE } from '../rate-limit/rules';
import { createCarePost, deleteCarePost, listCarePosts } from './space';

/**
 * A care team's space (issue 27). Nothing is kept in memory: a team's posts are its members' alone, and each
 * change is announced on the team's topic, so open pages fetch again. An admin counts as one only past the
 * second factor (actsAsAdmin); without it, an admin is a member like any other.
 */
export function careSpaceRoutes(deps: AppDeps, limiter: RateLimiter) {
  const { db } = deps.database;
  const viewerOf = async (c: Pick<Context<MemberEnv>, 'get'>) => {
    const who = c.get('member');
    return { who, viewer: { uid: who.id, admin: await actsAsAdmin(db, deps.config, who, c.get('session')) } };
  };
  return contractRouter()
    .openapi(guarded(deps, contracts.listCarePosts), async (c) => {
      const { viewer } = await viewerOf(c);
      c.header('Cache-Control', 'no-store');
      const { before, language } = c.req.valid('query');
      const space = await listCarePosts(deps, { viewer, teamId: c.req.valid('param').id, before, language });
      return c.json(space, 200);
    })
    .openapi(guarded(deps, contracts.createCarePost), async (c) => {
      const { who, viewer } = await viewerOf(c);
      await limiter.hit([{ key: `care-post:${who.id}`, rule: CARE_POST_RULE }], CARE_POST_RATE_MESSAGE);
      const post = await createCarePost(deps, {
        who,
        viewer,
        teamId: c.req.valid('param').id,
        input: c.req.valid('json'),
        locale: localeOf(c),
      });
      return c.json(post, 201);
    })
    .openapi(guarded(deps, contracts.deleteCarePost), async (c) => {
      const { viewer } = await viewerOf(c);
      const { id, postId } = c.req.valid('param');
      await deleteCarePost(deps, { viewer, teamId: id, postId });
      return c.json({ ok: true as const }, 200);
    });
}
