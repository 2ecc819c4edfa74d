import * as contracts from '../../shared/contracts/directory';
import { MEMBER_MESSAGES_PER_DAY, MEMBER_MESSAGES_PER_HOUR } from '../../shared/directory';
import { actsAsAdmin, requireUser } from '../http/session';
import { ADMIN_TOPICS } from '../../shared/admin';
import { sendAnswer, type ResponseCache } from '../http/response-cache';
import type { AppDeps } from '../deps';
import { contractRouter, guarded } from '../http/contracts';
import { AppError } from '../http/errors';
import { clientIp } from '../http/client-ip';
import type { RateLimiter } from '../rate-limit/rate-limit';
import { listDirectory } from './queries';
import { NOT_IN_DIRECTORY, requireSender, sendMemberMessage } from './service';

const HOUR = 60 * 60 * 1000;

/**
 * Per client, over all the accounts writing from it (issue 23): a few members sharing a church office's
 * connection are not stopped, someone with many accounts is.
 */
const MEMBER_MESSAGES_PER_CLIENT_PER_HOUR = 2 * MEMBER_MESSAGES_PER_HOUR;

export const MEMBER_MESSAGE_RATE_MESSAGES = {
  hour: `You can send up to ${MEMBER_MESSAGES_PER_HOUR} messages an hour. Please wait a while before sending more.`,
  client: 'Many messages to members were sent from your network in the last hour. Please wait a while before sending more.',
  day: `You can send up to ${MEMBER_MESSAGES_PER_DAY} messages a day. Please try again tomorrow.`,
} as const;

// Better Auth's ids are URL-safe; anything else names no member.
const MEMBER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The member directory (product.md §3.12, §7.2): signed-in
 * members list and search it and write to the members in it; admins also get the counts.
 */
export function directoryRoutes(deps: AppDeps, limiter: RateLimiter, answers: ResponseCache) {
  return contractRouter()
    .openapi(guarded(deps, contracts.listDirectory), async (c) => {
      const who = requireUser(c);
      const filter = c.req.valid('query');
      const withCounts = await actsAsAdmin(deps.database.db, deps.config, who, c.get('session'));
      const read = () => listDirectory(deps.database.db, { filter, withCounts });
      if (withCounts) {
        c.header('Cache-Control', 'no-store');
        return c.json(await read(), 200);
      }
      // What every member sees is the same: kept in memory until a change to any account is announced
      // (a saved profile, a photo, a confirmed address, a suspension, a deletion).
      return sendAnswer(c, await answers.get(`directory?${JSON.stringify(filter)}`, [ADMIN_TOPICS.users], read));
    })
    .openapi(guarded(deps, contracts.sendMemberMessage), async (c) => {
      const sender = await requireSender(deps, requireUser(c));
      const { uid } = c.req.valid('param');
      if (!MEMBER_ID.test(uid)) throw new AppError('NOT_FOUND', NOT_IN_DIRECTORY);
      const { message } = c.req.valid('json');
      await limiter.hit(
        [{ key: `member-message:${sender.id}:hour`, rule: { limit: MEMBER_MESSAGES_PER_HOUR, windowMs: HOUR } }],
        MEMBER_MESSAGE_RATE_MESSAGES.hour,
      );
      await limiter.hit(
        [
          {
            key: `member-message:ip:${clientIp(c, deps.config.trustProxy)}:hour`,
            rule: { limit: MEMBER_MESSAGES_PER_CLIENT_PER_HOUR, windowMs: HOUR },
          },
        ],
        MEMBER_MESSAGE_RATE_MESSAGES.client,
      );
      await limiter.hit(
        [{ key: `member-message:${sender.id}:day`, rule: { limit: MEMBER_MESSAGES_PER_DAY, windowMs: 24 * HOUR } }],
        MEMBER_MESSAGE_RATE_MESSAGES.day,
      );
      await sendMemberMessage(deps, { sender, recipientUid: uid, message });
      return c.json({ ok: true as const }, 202);
    });
}
