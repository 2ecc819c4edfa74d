import { streamSSE } from 'hono/streaming';
import * as contracts from '../../shared/contracts/live';
import { LIVE_TOPICS, topicFamily, type LiveEvent } from '../../shared/live';
import { NOTIFICATIONS_TOPIC_FAMILY, notificationsTopic } from '../../shared/notifications';
import { isAdmin, requireSecondFactor } from '../http/session';
import type { AppDeps } from '../deps';
import { clientIp } from '../http/client-ip';
import { contractRouter, guarded } from '../http/contracts';
import { AppError } from '../http/errors';
import type { LiveBus } from './bus';

const HEARTBEAT_MS = 20_000;
/** Open streams one client may hold on one instance (a member with several tabs open stays well under). */
export const LIVE_STREAMS_PER_CLIENT = 12;
/** Open streams one instance holds at most; more clients are spread over other instances or wait. */
export const LIVE_STREAMS_PER_INSTANCE = 2000;
export const LIVE_LIMIT_MESSAGES = {
  client: 'Too many live connections from your address. Close some tabs of this site, then reload.',
  instance: 'The site has too many live connections right now. Please try again in a minute.',
} as const;

/**
 * GET /api/live?topics=posts,post:123 — a Server-Sent Events stream of changes to those topics.
 * The first event, `ready`, comes on every (re)connect: the browser refetches then, so nothing that
 * changed while it was away is missed.
 */
export function liveRoutes(
  deps: AppDeps,
  bus: LiveBus,
  options: {
    perClient?: number;
    perInstance?: number;
    /** Told the number of streams open on this instance whenever it changes (the metrics, decision 022). */
    onOpenStreams?: (open: number) => void;
  } = {},
) {
  const limits = { perClient: options.perClient ?? LIVE_STREAMS_PER_CLIENT, perInstance: options.perInstance ?? LIVE_STREAMS_PER_INSTANCE };
  const openByClient = new Map<string, number>();
  let open = 0;

  return contractRouter().openapi(guarded(deps, contracts.followTopics), async (c) => {
    const { topics } = c.req.valid('query');
    const user = c.get('user');
    for (const topic of topics) {
      // An own property only: 'constructor' or '__proto__' name no topic.
      const family = topicFamily(topic);
      const audience = Object.hasOwn(LIVE_TOPICS, family) ? LIVE_TOPICS[family] : undefined;
      if (!audience) throw new AppError('VALIDATION', undefined, { topics: `Unknown topic: ${topic}` });
      if (audience !== 'public' && !user) throw new AppError('UNAUTHENTICATED');
      if (family === NOTIFICATIONS_TOPIC_FAMILY && topic !== notificationsTopic(user!.id)) throw new AppError('FORBIDDEN');
      if (audience === 'admin') {
        if (!(await isAdmin(deps.database.db, deps.config, user!))) throw new AppError('FORBIDDEN');
        requireSecondFactor(c, user!);
      }
    }
    const client = clientIp(c, deps.config.trustProxy);
    const mine = openByClient.get(client) ?? 0;
    if (mine >= limits.perClient) throw new AppError('RATE_LIMITED', LIVE_LIMIT_MESSAGES.client, undefined, { 'Retry-After': '60' });
    if (open >= limits.perInstance) throw new AppError('UNAVAILABLE', LIVE_LIMIT_MESSAGES.instance, undefined, { 'Retry-After': '60' });
    open++;
    options.onOpenStreams?.(open);
    openByClient.set(client, mine + 1);
    const release = () => {
      open--;
      options.onOpenStreams?.(open);
      const left = (openByClient.get(client) ?? 1) - 1;
      if (left > 0) openByClient.set(client, left);
      else openByClient.delete(client);
    };
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
        release();
      }
    });
  });
}
