import * as contracts from '../../shared/contracts/directory';
import { actsAsAdmin } from '../http/session';
import { ADMIN_TOPICS } from '../../shared/admin';
import { sendAnswer, type ResponseCache } from '../http/response-cache';
import type { AppDeps } from '../deps';
import { contractRouter, guarded } from '../http/contracts';
import { clientIp } from '../http/client-ip';
import type { RateLimiter } from '../rate-limit/rate-limit';
import { MEMBER_MESSAGE_RATE_MESSAGES, MEMBER_MESSAGE_RULES } from '../rate-limit/rules';
import { listDirectory } from './queries';
import { requireSender, sendMemberMessage } from './service';

/**
 * The member directory (product.md §3.12, §7.2): signed-in
 * members list and search it and write to the members in it; admins also get the counts.
 */
export function directoryRoutes(deps: AppDeps, limiter: RateLimiter, answers: ResponseCache) {
  return contractRouter()
    .openapi(guarded(deps, contracts.listDirectory), async (c) => {
      const who = c.get('member');
      const filter = c.req.valid('query');
      const withCounts = await actsAsAdmin(deps.database.db, deps.config, who, c.get('session'));
      const read = () => listDirectory(deps, { filter, withCounts });
      if (withCounts) {
        c.header('Cache-Control', 'no-store');
        return c.json(await read(), 200);
      }
      // What every member sees is the same: kept in memory until a change to any account is announced
      // (a saved profile, a photo, a confirmed address, a suspension, a deletion).
      return sendAnswer(c, await answers.get(`directory?${JSON.stringify(filter)}`, [ADMIN_TOPICS.users], read));
    })
    .openapi(guarded(deps, contracts.sendMemberMessage), async (c) => {
      const sender = await requireSender(deps, { who: c.get('member') });
      const { uid } = c.req.valid('param');
      const { message } = c.req.valid('json');
      await limiter.hit([{ key: `member-message:${sender.id}:hour`, rule: MEMBER_MESSAGE_RULES.hour }], MEMBER_MESSAGE_RATE_MESSAGES.hour);
      await limiter.hit(
        [
          {
            key: `member-message:ip:${clientIp(c, deps.config.trustProxy)}:hour`,
            rule: MEMBER_MESSAGE_RULES.client,
          },
        ],
        MEMBER_MESSAGE_RATE_MESSAGES.client,
      );
      await limiter.hit([{ key: `member-message:${sender.id}:day`, rule: MEMBER_MESSAGE_RULES.day }], MEMBER_MESSAGE_RATE_MESSAGES.day);
      await sendMemberMessage(deps, { sender, recipientUid: uid, message });
      return c.json({ ok: true as const }, 202);
    });
}
