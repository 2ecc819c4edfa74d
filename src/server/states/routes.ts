import { Hono, type Context } from 'hono';
import { stateStatUpdateSchema } from '../../shared/state-stat';
import { isAdmin, requireAdmin, secondFactorStepOf, type AuthVariables } from '../auth/session';
import type { AppDeps } from '../deps';
import { etagOf, isNotModified, notModified } from '../http/caching';
import { AppError } from '../http/errors';
import { readJson } from '../http/validate';
import { createFactSheetCache, factSheetFileName, factSheetVersion, renderFactSheet } from './fact-sheet';
import { COUNTS_SOURCE, getStateStat, listAdminStates, listStates, updateStateStat } from './service';

// Public figures, the same for everyone. A short max-age keeps the landing fast on repeat visits while an
// admin's correction or a member's new profile shows within a minute; after that a revalidation costs a 304.
const STATES_CACHE_CONTROL = 'public, max-age=60';
const FACT_SHEET_CACHE_CONTROL = 'public, max-age=300';

export function statesRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const app = new Hono<{ Variables: AuthVariables }>();
  const sheets = createFactSheetCache();

  /**
   * Admins whose session passed the second factor read exact network figures; everyone else reads them only
   * where enough members stand behind them (issue 12: "small numbers identify people"). Exact answers are
   * never stored by a shared cache.
   */
  async function audienceOf(c: Context<{ Variables: AuthVariables }>) {
    const who = c.get('user');
    const exact = who !== null && secondFactorStepOf(who, c.get('session')) === null && (await isAdmin(db, deps.config, who));
    return { exact, cacheControl: exact ? 'private, no-store' : STATES_CACHE_CONTROL };
  }

  app.get('/states', async (c) => {
    const audience = await audienceOf(c);
    const body = JSON.stringify(await listStates(db, audience));
    const etag = etagOf(body);
    if (isNotModified(c, etag)) return notModified(c, etag, audience.cacheControl);
    c.header('ETag', etag);
    c.header('Cache-Control', audience.cacheControl);
    c.header('Content-Type', 'application/json; charset=UTF-8');
    return c.body(body);
  });

  app.get('/states/:code/fact-sheet.pdf', async (c) => {
    const code = c.req.param('code').toUpperCase();
    const audience = await audienceOf(c);
    const found = await getStateStat(db, code, audience);
    if (!found) throw new AppError('NOT_FOUND', `There is no fact sheet for ${c.req.param('code')}.`);
    const { stat, isEdited } = found;
    const input = { stat, isEdited, date: deps.clock.now(), source: COUNTS_SOURCE, publicUrl: deps.config.publicUrl };
    const etag = `"${factSheetVersion(input)}"`;
    const cacheControl = audience.exact ? 'private, no-store' : FACT_SHEET_CACHE_CONTROL;
    if (isNotModified(c, etag)) return notModified(c, etag, cacheControl);
    const pdf = await sheets.get(etag, () => renderFactSheet(input));
    c.header('ETag', etag);
    c.header('Cache-Control', cacheControl);
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `inline; filename="${factSheetFileName(stat)}"`);
    c.header('Content-Length', String(pdf.length));
    return c.body(new Uint8Array(pdf));
  });

  // The admin area's State data screen: every row with who edited it, and corrections of a count or source.
  app.get('/admin/states', async (c) => {
    await requireAdmin(c, db, deps.config);
    c.header('Cache-Control', 'no-store');
    return c.json(await listAdminStates(db));
  });

  app.put('/admin/states/:code', async (c) => {
    const admin = await requireAdmin(c, db, deps.config);
    const input = await readJson(c, stateStatUpdateSchema);
    const updated = await updateStateStat(deps, c.req.param('code').toUpperCase(), input, { uid: admin.id, email: admin.email });
    c.header('Cache-Control', 'no-store');
    return c.json(updated);
  });

  return app;
}
