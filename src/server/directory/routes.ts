import { Hono } from 'hono';
import {
  MEMBER_MESSAGES_PER_DAY,
  MEMBER_MESSAGES_PER_HOUR,
  directoryQuerySchema,
  memberMessageSchema,
} from '../../shared/directory';
import { isAdmin, requireUser, type AuthVariables } from '../auth/session';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { readJson, readQuery } from '../http/validate';
import type { RateLimiter } from '../rate-limit/rate-limit';
import { listDirectory } from './queries';
import { NOT_IN_DIRECTORY, requireSender, sendMemberMessage } from './service';

const HOUR = 60 * 60 * 1000;

export const MEMBER_MESSAGE_RATE_MESSAGES = {
  hour: `You can send up to ${MEMBER_MESSAGES_PER_HOUR} messages an hour. Please wait a while before sending more.`,
  day: `You can send up to ${MEMBER_MESSAGES_PER_DAY} messages a day. Please try again tomorrow.`,
} as const;

// Better Auth's ids are URL-safe; anything else names no member.
const MEMBER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The member directory (SPEC §2 Directory, §6 "Signed-in member: directory … emailing members"): signed-in
 * members list and search it and write to the members in it; admins also get the counts.
 */
export function directoryRoutes(deps: AppDeps, limiter: RateLimiter) {
  const app = new Hono<{ Variables: AuthVariables }>();

  app.get('/directory', async (c) => {
    const who = requireUser(c);
    const filter = readQuery(c, directoryQuerySchema);
    const withCounts = await isAdmin(deps.database.db, deps.config, who);
    c.header('Cache-Control', 'no-store');
    return c.json(await listDirectory(deps.database.db, filter, { withCounts }));
  });

  app.post('/directory/:uid/message', async (c) => {
    const sender = await requireSender(deps, requireUser(c));
    const uid = c.req.param('uid');
    if (!MEMBER_ID.test(uid)) throw new AppError('NOT_FOUND', NOT_IN_DIRECTORY);
    const { message } = await readJson(c, memberMessageSchema);
    await limiter.hit(
      [{ key: `member-message:${sender.id}:hour`, rule: { limit: MEMBER_MESSAGES_PER_HOUR, windowMs: HOUR } }],
      MEMBER_MESSAGE_RATE_MESSAGES.hour,
    );
    await limiter.hit(
      [{ key: `member-message:${sender.id}:day`, rule: { limit: MEMBER_MESSAGES_PER_DAY, windowMs: 24 * HOUR } }],
      MEMBER_MESSAGE_RATE_MESSAGES.day,
    );
    await sendMemberMessage(deps, sender, uid, message);
    return c.json({ ok: true }, 202);
  });

  return app;
}
