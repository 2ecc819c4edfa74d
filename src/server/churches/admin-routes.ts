import type { Context } from 'hono';
import { ADMIN_ACTIONS } from '../../shared/admin';
import * as contracts from '../../shared/contracts/admin-churches';
import type { Contract } from '../../shared/contracts/define';
import { recordActivity } from '../activity';
import type { AppDeps } from '../deps';
import { contractRouter, guarded, type MemberEnv } from '../http/contracts';
import {
  approveChurch,
  archiveChurch,
  churchesCsv,
  churchesCsvFileName,
  createChurch,
  declineChurch,
  linkMember,
  linkSuggestions,
  listAdminChurches,
  mergeChurch,
  restoreChurch,
  setPointPersons,
  updateChurch,
  type ChurchAdmin,
} from './admin';

/**
 * The admin area's churches (issue 25). Every contract's access is 'admin', so guarded() checks that an admin
 * past the second factor asks before anything else (401 for visitors, 403 for members).
 */
export function churchAdminRoutes(deps: AppDeps) {
  const g = <const K extends Contract>(k: K) => guarded(deps, k);

  /** The admin who asks, as the activity log names them; nothing here is cached anywhere. */
  function admin(c: Context<MemberEnv>): ChurchAdmin {
    const who = c.get('member');
    c.header('Cache-Control', 'no-store');
    return { uid: who.id, email: who.email.toLowerCase() };
  }

  return contractRouter()
    .openapi(g(contracts.listAdminChurches), async (c) => {
      admin(c);
      return c.json(await listAdminChurches(deps, c.req.valid('query')), 200);
    })
    .openapi(g(contracts.exportChurches), async (c) => {
      const actor = admin(c);
      const now = deps.clock.now();
      const { csv, rows } = await churchesCsv(deps);
      await recordActivity(
        { db: deps.database.db, live: deps.live },
        { actor, action: ADMIN_ACTIONS.churchesExported, details: { churches: rows }, at: now },
      );
      deps.logger.info('churches exported', { by: actor.uid, churches: rows });
      c.header('Content-Type', 'text/csv; charset=utf-8; header=present');
      c.header('Content-Disposition', `attachment; filename="${churchesCsvFileName(now)}"`);
      return c.body(csv);
    })
    .openapi(g(contracts.listLinkSuggestions), async (c) => {
      admin(c);
      return c.json(await linkSuggestions(deps), 200);
    })
    .openapi(g(contracts.createChurch), async (c) => {
      return c.json(await createChurch(deps, { actor: admin(c), fields: c.req.valid('json') }), 201);
    })
    .openapi(g(contracts.updateChurch), async (c) => {
      return c.json(await updateChurch(deps, { actor: admin(c), id: c.req.valid('param').id, fields: c.req.valid('json') }), 200);
    })
    .openapi(g(contracts.approveChurch), async (c) => {
      const { fields } = c.req.valid('json');
      return c.json(await approveChurch(deps, { actor: admin(c), id: c.req.valid('param').id, fields }), 200);
    })
    .openapi(g(contracts.declineChurch), async (c) => {
      await declineChurch(deps, { actor: admin(c), id: c.req.valid('param').id, reason: c.req.valid('json').reason });
      return c.json({ ok: true as const }, 200);
    })
    .openapi(g(contracts.mergeChurch), async (c) => {
      return c.json(await mergeChurch(deps, { actor: admin(c), id: c.req.valid('param').id, into: c.req.valid('json').into }), 200);
    })
    .openapi(g(contracts.archiveChurch), async (c) => {
      return c.json(await archiveChurch(deps, { actor: admin(c), id: c.req.valid('param').id }), 200);
    })
    .openapi(g(contracts.restoreChurch), async (c) => {
      return c.json(await restoreChurch(deps, { actor: admin(c), id: c.req.valid('param').id }), 200);
    })
    .openapi(g(contracts.setPointPersons), async (c) => {
      return c.json(await setPointPersons(deps, { actor: admin(c), id: c.req.valid('param').id, uids: c.req.valid('json').uids }), 200);
    })
    .openapi(g(contracts.linkMember), async (c) => {
      return c.json(await linkMember(deps, { actor: admin(c), id: c.req.valid('param').id, uid: c.req.valid('json').uid }), 200);
    });
}
