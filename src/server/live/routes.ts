import { and, eq, gt } from 'drizzle-orm';
import { streamSSE } from 'hono/streaming';
import { ADMIN_TOPICS } from '../../shared/admin';
import * as contracts from '../../shared/contracts/live';
import { LIVE_TOPICS, topicFamily, type LiveEvent } from '../../shared/live';
import { NOTIFICATIONS_TOPIC_FAMILY, notificationsTopic } from '../../shared/notifications';
import { isAdmin, requireSecondFactor, requireUser } from '../http/session';
import type { AppDeps } from '../deps';
import { clientIp, clientNetwork } from '../http/client-ip';
import { contractRouter, guarded } from '../http/contracts';
import { AppError } from '../http/errors';
import { later } from '../i18n';
import type { LiveBus } from './bus';
import { SESSIONS_TOPIC } from '../auth';
import { CARE_TEAM_TOPIC_FAMILY, MY_CARE_TEAMS_TOPIC_FAMILY, isActiveCareMember, myCareTeamsTopic } from '../care';
import { session as sessionTable, user as userTable } from '../db/schema';

/** Events that name a user (their id) whose sessions or account changed: a stream of theirs is checked again. */
const ACCOUNT_FAMILIES = new Set<string>([SESSIONS_TOPIC, ADMIN_TOPICS.users]);

const HEARTBEAT_MS = 20_000;
/** How often, at most, a quiet stream that needs an account checks the session still exists. */
const RECHECK_MS = 5 * 60_000;
/** Open streams one client may hold on one instance (a member with several tabs open stays well under). */
export const LIVE_STREAMS_PER_CLIENT = 12;
/**
 * Open streams the /64s of one IPv6 /48 may hold together on one instance: five clients' worth. Each /64 is a
 * client, and a home's /56 holds 256 of them: without this, one /56 could take every stream of an instance.
 */
export const LIVE_STREAMS_PER_NETWORK = 60;
/** Open streams one instance holds at most; more clients are spread over other instances or wait. */
export const LIVE_STREAMS_PER_INSTANCE = 2000;
export const LIVE_LIMIT_MESSAGES = {
  client: /*i18n*/ 'Too many live connections from your address. Close some tabs of this site, then reload.',
  network: /*i18n*/ 'Too many live connections from your network. Close some tabs of this site, then reload.',
  instance: /*i18n*/ 'The site has too many live connections right now. Please try again in a minute.',
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
    /** Open streams of all the /64s of one IPv6 /48 together. */
    perNetwork?: number;
    perInstance?: number;
    /** Told the number of streams open on this instance whenever it changes (the metrics, decision 022). */
    onOpenStreams?: (open: number) => void;
  } = {},
) {
  const limits = {
    perClient: options.perClient ?? LIVE_STREAMS_PER_CLIENT,
    perNetwork: options.perNetwork ?? LIVE_STREAMS_PER_NETWORK,
    perInstance: options.perInstance ?? LIVE_STREAMS_PER_INSTANCE,
  };
  /** Open streams by client, and by IPv6 /48 (keys of both kinds in one map: a /48's key ends in /48). */
  const openByClient = new Map<string, number>();
  let open = 0;

  return contractRouter().openapi(guarded(deps, contracts.followTopics), async (c) => {
    const { topics } = c.req.valid('query');
    const user = c.get('user');
    for (const topic of topics) {
      // An own property only: 'constructor' or '__proto__' name no topic.
      const family = topicFamily(topic);
      const audience = Object.hasOwn(LIVE_TOPICS, family) ? LIVE_TOPICS[family] : undefined;
      if (!audience) throw new AppError('VALIDATION', undefined, { topics: later(/*i18n*/ 'Unknown topic: {topic}', { topic }) });
      if (audience === 'public') continue;
      // Member topics need a full session: a visitor gets 401, a pending one 403 (decision 028). Who may
      // follow depends on the topics asked for, so this contract is open to anyone and checks here.
      const member = requireUser(c);
      if (family === NOTIFICATIONS_TOPIC_FAMILY && topic !== notificationsTopic(member.id)) throw new AppError('FORBIDDEN');
      if (family === MY_CARE_TEAMS_TOPIC_FAMILY && topic !== myCareTeamsTopic(member.id)) throw new AppError('FORBIDDEN');
      // A care team's topic: its active members, and admins (who passed the second factor); nobody else learns
      // anything, not even whether the team exists.
      if (family === CARE_TEAM_TOPIC_FAMILY && !(await followsCareTeam(deps, c, member, topic))) throw new AppError('FORBIDDEN');
      if (audience === 'admin') {
        if (!(await isAdmin(deps.database.db, deps.config, member))) throw new AppError('FORBIDDEN');
        requireSecondFactor(c, member);
      }
    }
    // A stream that needs an account lasts as long as what let it open: the session (signed out, revoked,
    // suspended, deleted, expired, or become pending), and, for admin topics, the admin role.
    const session = c.get('session');
    const forMembers = topics.some((topic) => LIVE_TOPICS[topicFamily(topic)] !== 'public');
    const forAdmins = topics.some((topic) => LIVE_TOPICS[topicFamily(topic)] === 'admin');
    const stillAllowed = async (): Promise<boolean> => {
      if (!user || !session) return false;
      const [row] = await deps.database.db
        .select({ secondFactorAt: sessionTable.secondFactorAt, twoFactorEnabled: userTable.twoFactorEnabled })
        .from(sessionTable)
        .innerJoin(userTable, eq(userTable.id, sessionTable.userId))
        .where(and(eq(sessionTable.id, session.id), gt(sessionTable.expiresAt, new Date())))
        .limit(1);
      if (!row) return false;
      // Two-step sign-in turned on in another session leaves this one pending until it passes a code.
      if (row.twoFactorEnabled && row.secondFactorAt === null) return false;
      return !forAdmins || (await isAdmin(deps.database.db, deps.config, user));
    };
    const client = clientIp(c, deps.config.trustProxy);
    const network = clientNetwork(c, deps.config.trustProxy);
    const mine = openByClient.get(client) ?? 0;
    if (mine >= limits.perClient) throw new AppError('RATE_LIMITED', LIVE_LIMIT_MESSAGES.client, undefined, { 'Retry-After': '60' });
    if (network !== undefined && (openByClient.get(network) ?? 0) >= limits.perNetwork) {
      throw new AppError('RATE_LIMITED', LIVE_LIMIT_MESSAGES.network, undefined, { 'Retry-After': '60' });
    }
    if (open >= limits.perInstance) throw new AppError('UNAVAILABLE', LIVE_LIMIT_MESSAGES.instance, undefined, { 'Retry-After': '60' });
    open++;
    options.onOpenStreams?.(open);
    const counted = network === undefined ? [client] : [client, network];
    for (const key of counted) openByClient.set(key, (openByClient.get(key) ?? 0) + 1);
    const release = () => {
      open--;
      options.onOpenStreams?.(open);
      for (const key of counted) {
        const left = (openByClient.get(key) ?? 1) - 1;
        if (left > 0) openByClient.set(key, left);
        else openByClient.delete(key);
      }
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
      let checking = false;
      let checkedAt = Date.now();
      const checkAgain = () => {
        if (checking || ended) return;
        checking = true;
        checkedAt = Date.now();
        stillAllowed()
          .then((allowed) => {
            if (!allowed) end();
          })
          // The database out of reach: keep the stream; the next change or heartbeat checks again.
          .catch(() => undefined)
          .finally(() => (checking = false));
      };
      const unsubscribe = bus.subscribe((event) => {
        if (event.topic === '*' && event.kind === 'closing') return end();
        if (forMembers && event.id === user?.id && ACCOUNT_FAMILIES.has(topicFamily(event.topic))) checkAgain();
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
          if (timedOut && !ended) {
            // A session that simply ran out announces nothing: a heartbeat looks again every few minutes.
            if (forMembers && Date.now() - checkedAt >= RECHECK_MS) checkAgain();
            await stream.write(': ping\n\n');
          }
        }
      } finally {
        unsubscribe();
        release();
      }
    });
  });
}

/** Whether the member may follow 'care-team:<id>': an active member of that team, or an admin past the second factor. */
async function followsCareTeam(
  deps: AppDeps,
  c: Parameters<typeof requireSecondFactor>[0],
  member: ReturnType<typeof requireUser>,
  topic: string,
) {
  const id = Number(topic.slice(CARE_TEAM_TOPIC_FAMILY.length + 1));
  if (!Number.isSafeInteger(id) || id <= 0) return false;
  if (await isActiveCareMember(deps.database.db, id, member.id)) return true;
  if (!(await isAdmin(deps.database.db, deps.config, member))) return false;
  requireSecondFactor(c, member);
  return true;
}
