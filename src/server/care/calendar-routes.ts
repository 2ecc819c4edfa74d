import type { Context } from 'hono';
import * as contracts from '../../shared/contracts/care-calendar';
import type { AppDeps } from '../deps';
import { contractRouter, guarded } from '../http/contracts';
import { actsAsAdmin, type AuthVariables, type SessionUser } from '../http/session';
import type { RateLimiter } from '../rate-limit/rate-limit';
import { CARE_CLAIM_RATE_MESSAGE, CARE_CLAIM_RULE, CARE_TASK_RATE_MESSAGE, CARE_TASK_RULE } from '../rate-limit/rules';
import { cancelTask, createTask, editTask, myCareTasks, readCalendar, skipOccurrence } from './calendar';
import { claimTask, withdrawClaim } from './claims';
import { i18nOf } from '../i18n';

type Asking = Pick<Context<{ Variables: AuthVariables & { member: SessionUser } }>, 'get'>;

/**
 * The care calendar (issue 27, part 2). Every answer is read for its member (what they may do, whose sign-ups are
 * theirs, whether they see the family's address), so nothing is kept in memory and nothing is cached.
 */
export function careCalendarRoutes(deps: AppDeps, limiter: RateLimiter) {
  /** Who asks, and whether as an admin past the second factor (an admin without it is a member like any other). */
  const viewerOf = async (c: Asking) => {
    const who = c.get('member');
    return { who, admin: await actsAsAdmin(deps.database.db, deps.config, who, c.get('session')) };
  };
  const claimHit = (uid: string) => limiter.hit([{ key: `care-claim:${uid}`, rule: CARE_CLAIM_RULE }], CARE_CLAIM_RATE_MESSAGE);
  return contractRouter()
    .openapi(guarded(deps, contracts.careCalendar), async (c) => {
      const { who, admin } = await viewerOf(c);
      c.header('Cache-Control', 'private, no-store');
      return c.json(await readCalendar(deps, { uid: who.id, admin }, c.req.valid('param').id, c.req.valid('query'), i18nOf(c)), 200);
    })
    .openapi(guarded(deps, contracts.createCareTask), async (c) => {
      const viewer = await viewerOf(c);
      await limiter.hit([{ key: `care-task:${viewer.who.id}`, rule: CARE_TASK_RULE }], CARE_TASK_RATE_MESSAGE);
      c.header('Cache-Control', 'no-store');
      return c.json(await createTask(deps, viewer, c.req.valid('param').id, c.req.valid('json')), 201);
    })
    .openapi(guarded(deps, contracts.editCareTask), async (c) => {
      const { id, taskId } = c.req.valid('param');
      await editTask(deps, await viewerOf(c), { teamId: id, taskId }, c.req.valid('json'));
      return c.json({ ok: true as const }, 200);
    })
    .openapi(guarded(deps, contracts.cancelCareTask), async (c) => {
      const { id, taskId } = c.req.valid('param');
      await cancelTask(deps, await viewerOf(c), { teamId: id, taskId });
      return c.json({ ok: true as const }, 200);
    })
    .openapi(guarded(deps, contracts.skipCareOccurrence), async (c) => {
      const { id, taskId } = c.req.valid('param');
      await skipOccurrence(deps, await viewerOf(c), { teamId: id, taskId, date: c.req.valid('json').occursOn });
      return c.json({ ok: true as const }, 200);
    })
    .openapi(guarded(deps, contracts.claimCareTask), async (c) => {
      const viewer = await viewerOf(c);
      const { id, taskId } = c.req.valid('param');
      await claimHit(viewer.who.id);
      c.header('Cache-Control', 'no-store');
      return c.json(await claimTask(deps, viewer, { teamId: id, taskId }, c.req.valid('json')), 201);
    })
    .openapi(guarded(deps, contracts.withdrawCareClaim), async (c) => {
      const viewer = await viewerOf(c);
      const { id, claimId } = c.req.valid('param');
      await claimHit(viewer.who.id);
      await withdrawClaim(deps, viewer, { teamId: id, claimId });
      return c.json({ ok: true as const }, 200);
    })
    .openapi(guarded(deps, contracts.myCareTasks), async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json(await myCareTasks(deps, c.get('member').id, i18nOf(c)), 200);
    });
}
