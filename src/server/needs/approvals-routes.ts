import type { Context } from 'hono';
import * as contracts from '../../shared/contracts/needs-approvals';
import type { Contract } from '../../shared/contracts/define';
import type { Actor } from '../activity';
import type { AppDeps } from '../deps';
import { contractRouter, guarded, type MemberEnv } from '../http/contracts';
import type { RateLimiter } from '../rate-limit/rate-limit';
import { CASEWORKER_APPLICATION_RATE_MESSAGE, CASEWORKER_APPLICATION_RULE } from '../rate-limit/rules';
import { applyAsCaseworker, approveCaseworker, declineCaseworker, listCaseworkers, myCaseworker } from './caseworkers';
import { approveNeed, declineNeed, needQueue } from './review';
import { decideSupervisorRequest, supervisorRequest } from './supervisor';

/**
 * Approving on the needs board (issue 26): caseworkers' applications and the admin's decisions on them, the
 * supervisor's link, and the admin's queue. Nothing here is kept in memory or cached by the browser: every
 * answer is one person's, or changes with a click. Registered before the board's own routes (app.ts), so that
 * /needs/approve/{token} is not read as a need's id.
 */
export function needApprovalRoutes(deps: AppDeps, limiter: RateLimiter) {
  const g = <const K extends Contract>(k: K) => guarded(deps, k);

  /** The admin who asks, as the activity log names them. */
  function admin(c: Context<MemberEnv>): Actor {
    const who = c.get('member');
    c.header('Cache-Control', 'no-store');
    return { uid: who.id, email: who.email.toLowerCase() };
  }

  /**
   * The link's token is in the address: no cache keeps the answer (the site's Referrer-Policy, same-origin,
   * already keeps it from other sites).
   */
  function privateLink(c: Context) {
    c.header('Cache-Control', 'no-store');
  }

  return contractRouter()
    .openapi(g(contracts.applyAsCaseworker), async (c) => {
      const who = c.get('member');
      c.header('Cache-Control', 'no-store');
      await limiter.hit(
        [{ key: `caseworker-application:${who.id}`, rule: CASEWORKER_APPLICATION_RULE }],
        CASEWORKER_APPLICATION_RATE_MESSAGE,
      );
      return c.json(await applyAsCaseworker(deps, { who, input: c.req.valid('json') }), 201);
    })
    .openapi(g(contracts.getMyCaseworker), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await myCaseworker(deps, c.get('member').id), 200);
    })
    .openapi(g(contracts.getSupervisorRequest), async (c) => {
      privateLink(c);
      return c.json(await supervisorRequest(deps, c.req.valid('param').token), 200);
    })
    .openapi(g(contracts.decideSupervisorRequest), async (c) => {
      privateLink(c);
      return c.json(await decideSupervisorRequest(deps, { token: c.req.valid('param').token, ...c.req.valid('json') }), 200);
    })
    .openapi(g(contracts.listCaseworkers), async (c) => {
      admin(c);
      return c.json({ caseworkers: await listCaseworkers(deps, c.req.valid('query')) }, 200);
    })
    .openapi(g(contracts.approveCaseworker), async (c) => {
      return c.json(await approveCaseworker(deps, { actor: admin(c), uid: c.req.valid('param').uid }), 200);
    })
    .openapi(g(contracts.declineCaseworker), async (c) => {
      const { reason } = c.req.valid('json');
      return c.json(await declineCaseworker(deps, { actor: admin(c), uid: c.req.valid('param').uid, reason }), 200);
    })
    .openapi(g(contracts.listNeedQueue), async (c) => {
      admin(c);
      return c.json({ needs: await needQueue(deps) }, 200);
    })
    .openapi(g(contracts.approveNeed), async (c) => {
      await approveNeed(deps, { actor: admin(c), id: c.req.valid('param').id });
      return c.json({ ok: true as const }, 200);
    })
    .openapi(g(contracts.declineNeed), async (c) => {
      await declineNeed(deps, { actor: admin(c), id: c.req.valid('param').id, reason: c.req.valid('json').reason });
      return c.json({ ok: true as const }, 200);
    });
}
