import * as contracts from '../../shared/contracts/care-figures';
import type { AppDeps } from '../deps';
import { contractRouter, guarded } from '../http/contracts';
import { careFigures } from './figures';

/** The admin overview's care teams (issue 27): read each time (a few counts), never kept for anyone else. */
export function careFiguresRoutes(deps: AppDeps) {
  return contractRouter().openapi(guarded(deps, contracts.getCareFigures), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await careFigures(deps.database.db, deps.clock.now()), 200);
  });
}
