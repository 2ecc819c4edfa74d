import * as contracts from '../../shared/contracts/need-responses';
import type { AppDeps } from '../deps';
import { contractRouter, guarded } from '../http/contracts';
import { actsAsAdmin } from '../http/session';
import type { RateLimiter } from '../rate-limit/rate-limit';
import { NEED_COMMITMENT_RATE_MESSAGE, NEED_COMMITMENT_RULE } from '../rate-limit/rules';
import { closeNeed } from './close';
import { commitToNeed, withdrawCommitment } from './respond';

/**
 * Responding to a need and closing it (issue 26). Nothing here is kept in memory: each answer is one member's
 * change; the board's and the need page's answers are dropped by the NEEDS_TOPIC event each change announces.
 */
export function needResponseRoutes(deps: AppDeps, limiter: RateLimiter) {
  // Committing and withdrawing share one budget per member: each mails the asker.
  const hit = (uid: string) => limiter.hit([{ key: `need-commitment:${uid}`, rule: NEED_COMMITMENT_RULE }], NEED_COMMITMENT_RATE_MESSAGE);
  return contractRouter()
    .openapi(guarded(deps, contracts.commitToNeed), async (c) => {
      const who = c.get('member');
      await hit(who.id);
      c.header('Cache-Control', 'no-store');
      return c.json(await commitToNeed(deps, { who, needId: c.req.valid('param').id, input: c.req.valid('json') }), 201);
    })
    .openapi(guarded(deps, contracts.withdrawCommitment), async (c) => {
      const who = c.get('member');
      const { id, commitmentId } = c.req.valid('param');
      await hit(who.id);
      await withdrawCommitment(deps, { who, needId: id, commitmentId });
      return c.json({ ok: true as const }, 200);
    })
    .openapi(guarded(deps, contracts.closeNeed), async (c) => {
      const who = c.get('member');
      const asAdmin = await actsAsAdmin(deps.database.db, deps.config, who, c.get('session'));
      await closeNeed(deps, { who, asAdmin }, { needId: c.req.valid('param').id, input: c.req.valid('json') });
      return c.json({ ok: true as const }, 200);
    });
}
