import type { Context } from 'hono';
import * as contracts from '../../shared/contracts/states';
import type { Contract } from '../../shared/contracts/define';
import type { StatesResponse } from '../../shared/state-stat';
import { STATES_TOPIC } from '../../shared/states';
import { ADMIN_TOPICS } from '../../shared/admin';
import { actsAsAdmin } from '../http/session';
import { CHURCHES_TOPIC } from '../churches';
import type { AppDeps } from '../deps';
import { isNotModified, notModified } from '../http/caching';
import { contractRouter, guarded, type ApiEnv } from '../http/contracts';
import { answerOf, sendAnswer, type ResponseCache } from '../http/response-cache';
import { AppError } from '../http/errors';
import { documentLanguage, sayLanguage } from '../http/document-language';
import { later } from '../i18n';
import { createFactSheetCache, factSheetFileName, factSheetVersion, renderFactSheet } from './fact-sheet';
import { COUNTS_SOURCE, getStateStat, listAdminStates, listStates, updateStateStat } from './service';

// Public figures, the same for everyone. A short max-age keeps the landing fast on repeat visits while an
// admin's correction or a member's new profile shows within a minute; after that a revalidation costs a 304.
const STATES_CACHE_CONTROL = 'public, max-age=60';
const FACT_SHEET_CACHE_CONTROL = 'public, max-age=300';
/** What the public figures are made of: members' profiles, the counts admins correct, and the active churches. */
const STATES_DEPEND_ON = [ADMIN_TOPICS.users, STATES_TOPIC, CHURCHES_TOPIC];

export function statesRoutes(deps: AppDeps, answers: ResponseCache) {
  const { db } = deps.database;
  const sheets = createFactSheetCache();
  const g = <const K extends Contract>(k: K) => guarded(deps, k);

  /**
   * Admins whose session passed the second factor read exact network figures; everyone else reads them only
   * where enough members stand behind them (issue 12: "small numbers identify people"). Exact answers are
   * never stored by a shared cache.
   */
  async function audienceOf(c: Context<ApiEnv>) {
    const who = c.get('user');
    const exact = await actsAsAdmin(db, deps.config, who, c.get('session'));
    return { exact, cacheControl: exact ? 'private, no-store' : STATES_CACHE_CONTROL };
  }

  return (
    contractRouter()
      .openapi(g(contracts.listStates), async (c) => {
        const audience = await audienceOf(c);
        // Sent as these bytes, so the ETag is the hash of exactly what the browser gets. What everybody reads is
        // kept until a member's change ('users') or an admin's correction ('states') is announced.
        const read = (): Promise<StatesResponse> => listStates(deps, audience);
        const answer = audience.exact ? answerOf(await read()) : await answers.get('states', STATES_DEPEND_ON, read);
        if (isNotModified(c, answer.etag)) return notModified(c, answer.etag, audience.cacheControl);
        return sendAnswer(c, answer, { cacheControl: audience.cacheControl, etag: true });
      })
      .openapi(g(contracts.getFactSheet), async (c) => {
        const given = c.req.valid('param').code;
        const code = given.toUpperCase();
        const audience = await audienceOf(c);
        const found = await getStateStat(deps, { code, audience });
        if (!found) throw new AppError('NOT_FOUND', later(/*i18n*/ 'There is no fact sheet for {given}.', { given }));
        const { stat, isEdited } = found;
        // Each language is a sheet of its own: its ETag (and our cache's key) is made with the language.
        const language = documentLanguage(c);
        const { locale } = language;
        const input = { stat, isEdited, locale, date: deps.clock.now(), source: COUNTS_SOURCE, publicUrl: deps.config.publicUrl };
        const etag = `"${factSheetVersion(input)}"`;
        const cacheControl = audience.exact ? 'private, no-store' : FACT_SHEET_CACHE_CONTROL;
        sayLanguage(c, language);
        if (isNotModified(c, etag)) return notModified(c, etag, cacheControl);
        const pdf = await sheets.get(etag, () => renderFactSheet(input));
        c.header('ETag', etag);
        c.header('Cache-Control', cacheControl);
        c.header('Content-Type', 'application/pdf');
        c.header('Content-Disposition', `inline; filename="${factSheetFileName(stat, locale)}"`);
        c.header('Content-Length', String(pdf.length));
        return c.body(new Uint8Array(pdf), 200);
      })

      // The admin area's State data screen: every row with who edited it, and corrections of a count or source.
      .openapi(g(contracts.listAdminStates), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await listAdminStates(deps), 200);
      })
      .openapi(g(contracts.updateState), async (c) => {
        const admin = c.get('member');
        const input = c.req.valid('json');
        const updated = await updateStateStat(deps, {
          actor: { uid: admin.id, email: admin.email },
          code: c.req.valid('param').code.toUpperCase(),
          input,
        });
        c.header('Cache-Control', 'no-store');
        return c.json(updated, 200);
      })
  );
}
