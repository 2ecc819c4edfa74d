import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { LIVE_MAX_TOPICS, LIVE_TOPIC_PATTERN, LIVE_TOPICS, topicFamily, type LiveEvent } from '../../shared/live';
import { isAdmin, requireSecondFactor, type AuthVariables } from '../auth/session';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { readQuery } from '../http/validate';
import type { LiveBus } from './bus';

const HEARTBEAT_MS = 20_000;

const querySchema = z.object({
  topics: z
    .string({ error: 'Name at least one topic' })
    .transform((s) => [...new Set(s.split(',').map((t) => t.trim()).filter(Boolean))])
    .pipe(
      z
        .array(z.string().regex(LIVE_TOPIC_PATTERN, 'Unknown topic'))
        .min(1, 'Name at least one topic')
        .max(LIVE_MAX_TOPICS, `At most ${LIVE_MAX_TOPICS} topics`),
    ),
});

/**
 * GET /api/live?topics=posts,post:123 — a Server-Sent Events stream of changes to those topics.
 * The first event, `ready`, comes on every (re)connect: the browser refetches then, so nothing that
 * changed while it was away is missed.
 */
export function liveRoutes(deps: AppDeps, bus: LiveBus) {
  const app = new Hono<{ Variables: AuthVariables }>();

  app.get('/live', async (c) => {
    const { topics } = readQuery(c, querySchema);
    const user = c.get('user');
    for (const topic of topics) {
      const audience = LIVE_TOPICS[topicFamily(topic)];
      if (!audience) throw new AppError('VALIDATION', undefined, { topics: `Unknown topic: ${topic}` });
      if (audience !== 'public' && !user) throw new AppError('UNAUTHENTICATED');
      if (audience === 'admin') {
        if (!(await isAdmin(deps.database.db, deps.config, user!))) throw new AppError('FORBIDDEN');
        requireSecondFactor(c, user!);
      }
    }
    const wanted = new Set(topics);
    c.header('Cache-Control', 'no-store');
    c.header('X-Accel-Buffering', 'no');

    return streamSSE(c, async (stream) => {
      let wake: (() => void) | undefined;
      const queue: LiveEvent[] = [];
      let ended = false;
      const end = () => {
        ended = true;
        wake?.();
      };
      const unsubscribe = bus.subscribe((event) => {
        if (event.topic === '*' && event.kind === 'closing') return end();
        if (event.topic !== '*' && !wanted.has(event.topic)) return;
        queue.push(event);
        wake?.();
      });
      stream.onAbort(end);
      try {
        await stream.writeSSE({ event: 'ready', data: JSON.stringify({ topics }) });
        while (!ended) {
          const event = queue.shift();
          if (event) {
            await stream.writeSSE({ event: 'change', data: JSON.stringify(event) });
            continue;
          }
          const timedOut = await new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(true), HEARTBEAT_MS);
            wake = () => {
              clearTimeout(timer);
              resolve(false);
            };
          });
          wake = undefined;
          if (timedOut && !ended) await stream.write(': ping\n\n');
        }
      } finally {
        unsubscribe();
      }
    });
  });

  return app;
}
