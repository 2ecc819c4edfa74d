import { topicFamily, type LiveEvent } from '../../shared/live';
import { ADMIN_TOPICS } from '../../shared/admin';
import { pendingChanges, type ChangeFeed } from '../http/response-cache';
import type { SessionInfo, SessionUser } from '../http/session';

/**
 * The internal live topic of changes to an account's sessions or to what a session carries of its user
 * (`id` is the user's id). Browsers cannot follow it: it is not one of LIVE_TOPICS.
 */
export const SESSIONS_TOPIC = 'sessions';

/** Who a session cookie names, as loadSession keeps it; expiresAt bounds how long it may be kept. */
export type KnownSession = { user: SessionUser; session: SessionInfo; expiresAt: Date };

type Entry = KnownSession & { until: number };

/** Events of these families name a user whose sessions must be read again: ours, and the admin's users list. */
const FAMILIES = new Set<string>([SESSIONS_TOPIC, ADMIN_TOPICS.users]);

/**
 * Session look-ups kept in memory, per instance, by the session cookie's signed value (issue 14): a
 * signed-in member's request skips Better Auth's two queries. An entry goes when the live bus announces a
 * change to that user's sessions or account (sign-out, revocation, a new password, suspension, deletion,
 * a second factor passed or reset, a confirmed or changed address): from this instance or any other. It
 * is also re-read after `ttlMs` at most, and never kept past the session's own expiry.
 *
 * As in the response cache (decision 018), a look-up that started before a change and ends after it is
 * not kept (a generation counter), and a change this instance announced keeps its user out of the cache
 * until it comes back through the database, committed. Only sessions that exist are kept: a forged or
 * stale cookie costs a look-up every time, and fills nothing.
 */
export function createSessionCache(feed: ChangeFeed, opts: { ttlMs?: number; maxEntries?: number } = {}) {
  const ttlMs = opts.ttlMs ?? 60_000;
  const maxEntries = opts.maxEntries ?? 20_000;
  const entries = new Map<string, Entry>();
  const tokensOf = new Map<string, Set<string>>();
  /** Changes this instance sent that have not come back yet, by user ('' for all). */
  const pending = pendingChanges();
  let generation = 0;
  const stats = { hits: 0, misses: 0, dropped: 0 };

  const remove = (token: string, entry: Entry) => {
    entries.delete(token);
    const tokens = tokensOf.get(entry.user.id);
    tokens?.delete(token);
    if (tokens?.size === 0) tokensOf.delete(entry.user.id);
  };
  const forget = (userId: string | undefined) => {
    generation++;
    if (userId === undefined) {
      stats.dropped += entries.size;
      entries.clear();
      tokensOf.clear();
      return;
    }
    for (const token of tokensOf.get(userId) ?? []) {
      entries.delete(token);
      stats.dropped++;
    }
    tokensOf.delete(userId);
  };
  const concerns = (event: LiveEvent) => event.topic === '*' || FAMILIES.has(topicFamily(event.topic));

  const unsubscribeHeard = feed.subscribe((event) => {
    if (!concerns(event)) return;
    if (event.topic !== '*') pending.heard(event.id ?? '', event);
    forget(event.topic === '*' ? undefined : event.id);
  });
  const unsubscribeSent = feed.subscribeSent((event) => {
    if (!concerns(event)) return;
    pending.sent(event.id ?? '', event);
    forget(event.id);
  });

  return {
    /** Who the cookie `token` names: from memory, or from `load` (Better Auth), kept if it names someone. */
    async get(token: string, load: () => Promise<KnownSession | null>): Promise<KnownSession | null> {
      const now = Date.now();
      const found = entries.get(token);
      if (found && found.until > now) {
        stats.hits++;
        return found;
      }
      if (found) remove(token, found);
      stats.misses++;
      const before = generation;
      const loaded = await load();
      const at = Date.now();
      if (!loaded || generation !== before || pending.has(loaded.user.id, at) || pending.has('', at)) return loaded;
      const until = Math.min(at + ttlMs, loaded.expiresAt.getTime());
      if (until <= at) return loaded;
      if (entries.size >= maxEntries) {
        // The oldest entry goes first: entries are kept in the order they were read.
        const [oldest] = entries;
        if (oldest) remove(...oldest);
      }
      entries.set(token, { ...loaded, until });
      const tokens = tokensOf.get(loaded.user.id) ?? new Set<string>();
      tokens.add(token);
      tokensOf.set(loaded.user.id, tokens);
      return loaded;
    },
    /** Counts for tests and the benchmark. */
    stats: () => ({ ...stats, entries: entries.size }),
    close: () => {
      unsubscribeHeard();
      unsubscribeSent();
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
