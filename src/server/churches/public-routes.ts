import { ADMIN_TOPICS } from '../../shared/admin';
import * as contracts from '../../shared/contracts/churches';
import { requireHuman, spendHumanToken } from '../contact';
import type { AppDeps } from '../deps';
import { clientIp } from '../http/client-ip';
import { contractRouter, guarded } from '../http/contracts';
import { sendAnswer, type ResponseCache } from '../http/response-cache';
import type { RateLimiter } from '../rate-limit/rate-limit';
import { CHURCH_CONTACT_RATE_MESSAGES, CHURCH_CONTACT_RULES } from '../rate-limit/rules';
import { churchToContact, contactChurch, findChurches, getChurchPage } from './finder';
import { CHURCHES_TOPIC } from './store';
import { CARE_TEAM_TOPIC_FAMILY } from '../care';

/** The needs board's live topic (the needs feature builds on this one, so the name is written here). */
const NEEDS_TOPIC = 'needs';

/**
 * The public side of churches (product.md §12): anyone finds churches and reads their pages, the same answer
 * for everyone, kept in memory until a change to a church ('churches') or, for a page's figures, to a member
 * ('users') is announced. Writing to a church goes through the site's mail.
 *
 * Registered after the other churches routes (app.ts): GET /churches/{id} would otherwise answer for
 * /churches/map and /churches/pick, whose last part is no id.
 */
export function churchPublicRoutes(deps: AppDeps, limiter: RateLimiter, answers: ResponseCache) {
  const { db } = deps.database;
  return contractRouter()
    .openapi(guarded(deps, contracts.findChurches), async (c) => {
      const query = c.req.valid('query');
      // One key per search, however it was written: a ZIP code search ignores the state, offers in one order.
      const key =
        query.zip !== undefined
          ? { zip: query.zip, radius: query.radius, offers: [...query.offers].sort(), language: query.language }
          : { state: query.state, offers: [...query.offers].sort(), language: query.language };
      return sendAnswer(c, await answers.get(`churches?${JSON.stringify(key)}`, [CHURCHES_TOPIC], () => findChurches(db, query)));
    })
    .openapi(guarded(deps, contracts.getChurch), async (c) => {
      const { id } = c.req.valid('param');
      // Its figures count members (a saved profile, a suspension or a deletion changes them) and its part in the
      // needs board (a commitment or a need's outcome changes that), and its count of care teams (any team's change).
      return sendAnswer(
        c,
        await answers.get(`church:${id}`, [CHURCHES_TOPIC, ADMIN_TOPICS.users, NEEDS_TOPIC, CARE_TEAM_TOPIC_FAMILY], () =>
          getChurchPage(db, id),
        ),
      );
    })
    .openapi(guarded(deps, contracts.contactChurch), async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const who = c.get('user');
      requireHuman(deps, { who, input });
      const row = await churchToContact(db, id);
      const client = clientIp(c, deps.config.trustProxy);
      const sender = who ? `church-contact:uid:${who.id}` : `church-contact:ip:${client}`;
      await limiter.hit([{ key: sender, rule: CHURCH_CONTACT_RULES.sender }], CHURCH_CONTACT_RATE_MESSAGES.sender);
      if (who) {
        await limiter.hit(
          [{ key: `church-contact:members-ip:${client}`, rule: CHURCH_CONTACT_RULES.client }],
          CHURCH_CONTACT_RATE_MESSAGES.client,
        );
      }
      await spendHumanToken({ limiter }, { who, input });
      await contactChurch(deps, { row, who, input });
      return c.json({ ok: true as const }, 202);
    });
}
