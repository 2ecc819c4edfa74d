import * as contracts from '../../shared/contracts/need-figures';
import type { AppDeps } from '../deps';
import { isNotModified, notModified } from '../http/caching';
import { contractRouter, guarded } from '../http/contracts';
import { sendAnswer, type ResponseCache } from '../http/response-cache';
import { needFigures, needsCsv, needsCsvFileName } from './figures';
import { NEEDS_TOPIC } from './store';

// The same for everyone; a minute in the browser, and the answer kept in memory until a need changes (the year
// is in the key, so the band starts again on the first of January).
const FIGURES_CACHE_CONTROL = 'public, max-age=60';

/**
 * The needs board's figures: public ones for the map and the landing page, and the admin's CSV. Registered before
 * the board's routes (app.ts): its GET /needs/{id} would otherwise answer for /needs/figures.
 */
export function needFiguresRoutes(deps: AppDeps, answers: ResponseCache) {
  const { db } = deps.database;
  return contractRouter()
    .openapi(guarded(deps, contracts.getNeedFigures), async (c) => {
      const now = deps.clock.now();
      const answer = await answers.get(`needs:figures:${now.getUTCFullYear()}`, [NEEDS_TOPIC], () => needFigures(db, now));
      if (isNotModified(c, answer.etag)) return notModified(c, answer.etag, FIGURES_CACHE_CONTROL);
      return sendAnswer(c, answer, { cacheControl: FIGURES_CACHE_CONTROL, etag: true });
    })
    .openapi(guarded(deps, contracts.exportNeeds), async (c) => {
      // No member's name, address or email is in it (only a caseworker's agency), so unlike the profiles' CSV
      // its download is not written to the activity log.
      const csv = await needsCsv(db);
      c.header('Cache-Control', 'no-store');
      c.header('Content-Type', 'text/csv; charset=utf-8; header=present');
      c.header('Content-Disposition', `attachment; filename="${needsCsvFileName(deps.clock.now())}"`);
      return c.body(csv);
    });
}
