import type { Context } from 'hono';
import * as contracts from '../../shared/contracts/needs';
import { CHURCHES_TOPIC } from '../churches';
import type { AppDeps } from '../deps';
import { contractRouter, guarded } from '../http/contracts';
import { localeOf } from '../i18n';
import { sendAnswer, subjectOf, type ResponseCache } from '../http/response-cache';
import { actsAsAdmin, type AuthVariables } from '../http/session';
import type { RateLimiter } from '../rate-limit/rate-limit';
import { NEED_ASK_RATE_MESSAGE, NEED_ASK_RULE } from '../rate-limit/rules';
import { askNeed, editNeed } from './ask';
import { listNeeds, myNeeds, needFields, needPage, type Reader } from './board';
import { NEEDS_TOPIC } from './store';

/** Who reads, and whether this session may use an admin's powers (past the second factor). */
async function readerOf(deps: AppDeps, c: Pick<Context<{ Variables: AuthVariables }>, 'get'>): Promise<Reader> {
  const who = c.get('user');
  return { who, asAdmin: await actsAsAdmin(deps.database.db, deps.config, who, c.get('session')) };
}

/**
 * Asking and the board (issue 26, product.md §13). The board is the same answer for everyone, kept in memory
 * until a need changes ('needs'); so is an open need's page as visitors see it. A member's page says what they
 * may do and which commitments are theirs, so it is read for them each time.
 */
export function needRoutes(deps: AppDeps, limiter: RateLimiter, answers: ResponseCache) {
  const { db } = deps.database;
  return contractRouter()
    .openapi(guarded(deps, contracts.listNeeds), async (c) => {
      const query = c.req.valid('query');
      // One key per search however it was written: a ZIP code's radius only counts with the ZIP code.
      const key = { ...query, radius: query.zip === undefined ? undefined : query.radius };
      return sendAnswer(c, await answers.get(`needs?${JSON.stringify(key)}`, [NEEDS_TOPIC], () => listNeeds(db, query)));
    })
    .openapi(guarded(deps, contracts.askNeed), async (c) => {
      const reader = await readerOf(deps, c);
      const who = c.get('member');
      const input = c.req.valid('json');
      if (!reader.asAdmin) await limiter.hit([{ key: `need-ask:${who.id}`, rule: NEED_ASK_RULE }], NEED_ASK_RATE_MESSAGE);
      c.header('Cache-Control', 'no-store');
      return c.json(await askNeed(deps, { who, asAdmin: reader.asAdmin }, input, localeOf(c)), 201);
    })
    .openapi(guarded(deps, contracts.myNeeds), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ needs: await myNeeds(db, c.get('member').id) }, 200);
    })
    .openapi(guarded(deps, contracts.getNeedFields), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await needFields(db, c.req.valid('param').id, await readerOf(deps, c)), 200);
    })
    .openapi(guarded(deps, contracts.getNeed), async (c) => {
      const { id } = c.req.valid('param');
      const reader = await readerOf(deps, c);
      if (reader.who === null) {
        // Visitors all read the same page of a public need, kept until that need (or a church) changes; a need
        // not public is 404 to them, and a refusal is never kept.
        const topics = [subjectOf(NEEDS_TOPIC, String(id)), CHURCHES_TOPIC];
        return sendAnswer(c, await answers.get(`need:${id}`, topics, () => needPage(db, id, reader)));
      }
      c.header('Cache-Control', 'no-store');
      return c.json(await needPage(db, id, reader), 200);
    })
    .openapi(guarded(deps, contracts.editNeed), async (c) => {
      const reader = await readerOf(deps, c);
      c.header('Cache-Control', 'no-store');
      return c.json(await editNeed(deps, reader, c.req.valid('param').id, c.req.valid('json')), 200);
    });
}
