import type { Context } from 'hono';
import * as contracts from '../../shared/contracts/clearances';
import type { AppDeps } from '../deps';
import { contractRouter, guarded, type MemberEnv } from '../http/contracts';
import { actsAsAdmin } from '../http/session';
import { localeOf } from '../i18n';
import {
  acceptAgreement,
  churchClearances,
  createRequirement,
  listMemberClearances,
  listRequirements,
  myClearances,
  recordClearance,
  removeClearance,
  updateRequirement,
  type Recorder,
} from './clearances';

/** Who records: the member, and whether this session acts as an admin (an admin without the second factor does not). */
async function recorderOf(deps: AppDeps, c: Context<MemberEnv>): Promise<Recorder> {
  const who = c.get('member');
  return { who, asAdmin: await actsAsAdmin(deps.database.db, deps.config, who, c.get('session')) };
}

/**
 * Clearances (issue 27): the admins' requirements and list, records by an admin or a point person, a church's
 * members for its point persons, the member's own page and agreement. Every answer is one person's view of
 * records that change with a click: nothing is cached.
 */
export function clearanceRoutes(deps: AppDeps) {
  const g = guarded;
  return contractRouter()
    .openapi(g(deps, contracts.listClearanceRequirements), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ requirements: await listRequirements(deps) }, 200);
    })
    .openapi(g(deps, contracts.createClearanceRequirement), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await createRequirement(deps, { who: c.get('member'), input: c.req.valid('json') }), 201);
    })
    .openapi(g(deps, contracts.updateClearanceRequirement), async (c) => {
      c.header('Cache-Control', 'no-store');
      const { id } = c.req.valid('param');
      return c.json(await updateRequirement(deps, { who: c.get('member'), id, input: c.req.valid('json') }), 200);
    })
    .openapi(g(deps, contracts.listMemberClearances), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await listMemberClearances(deps, c.req.valid('query'), localeOf(c)), 200);
    })
    .openapi(g(deps, contracts.putClearanceRecord), async (c) => {
      c.header('Cache-Control', 'no-store');
      const recorder = await recorderOf(deps, c);
      return c.json(await recordClearance(deps, recorder, { ...c.req.valid('param'), input: c.req.valid('json') }, localeOf(c)), 200);
    })
    .openapi(g(deps, contracts.deleteClearanceRecord), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await removeClearance(deps, await recorderOf(deps, c), c.req.valid('param'), localeOf(c)), 200);
    })
    .openapi(g(deps, contracts.getChurchClearances), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await churchClearances(deps, await recorderOf(deps, c), c.req.valid('param').id, localeOf(c)), 200);
    })
    .openapi(g(deps, contracts.getMyClearances), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await myClearances(deps, c.get('member').id, localeOf(c)), 200);
    })
    .openapi(g(deps, contracts.acceptClearanceAgreement), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await acceptAgreement(deps, c.get('member'), localeOf(c)), 200);
    });
}
