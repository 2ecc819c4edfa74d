import * as contracts from '../../shared/contracts/need-alerts';
import type { AppDeps } from '../deps';
import { contractRouter, guarded } from '../http/contracts';
import { readNeedAlert, removeNeedAlert, saveNeedAlert } from './alerts';

/** A member's "needs near me" (issue 26): their own, never kept in memory. */
export function needAlertRoutes(deps: AppDeps) {
  return contractRouter()
    .openapi(guarded(deps, contracts.getNeedAlert), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await readNeedAlert(deps, { who: c.get('member') }), 200);
    })
    .openapi(guarded(deps, contracts.putNeedAlert), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await saveNeedAlert(deps, { who: c.get('member'), input: c.req.valid('json') }), 200);
    })
    .openapi(guarded(deps, contracts.deleteNeedAlert), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await removeNeedAlert(deps, { who: c.get('member') }), 200);
    });
}
