import type { LiveEvent } from '../../shared/live';
import { topicFamily } from '../../shared/live';
import { etagOf } from './caching';

/** A public answer as sent: its JSON text and the ETag of exactly those bytes. */
export type CachedAnswer = { body: string; etag: string };

/** The answer for this value: its JSON text, and the ETag of exactly those bytes. */
export function answerOf(value: unknown): CachedAnswer {
  const body = JSON.stringify(value);
  return { body, etag: etagOf(body) };
}

type Entry = { answer: CachedAnswer; topics: readonly string[]; bytes: number };

/**
 * What the cache needs of the live bus: every committed change, from this instance or any other, and the
 * changes this instance is announcing, as it sends them.
 */
export type ChangeFeed = {
  subscribe(listener: (event: LiveEvent) => void): () => void;
  subscribeSent(listener: (event: LiveEvent) => void): () => void;
};

/** How long a change this instance announced keeps its topic out of the cache if it never comes back (a rollback). */
const PENDING_MS = 5000;

/**
 * Public answers (the same for every visitor) kept serialised in memory, per instance, until a change to what
 * they show is announced on the live bus (issue 14). Each answer names the topic families it depends on
 * ('posts', 'states', 'users'); any event of one of them drops it, and a resync ('*', after a lost bus
 * connection) drops everything. The bus crosses instances, so a change made on one is dropped on all.
 *
 * A read that started before a change and ends after it must not store its older answer: each family has a
 * generation, bumped by every event, and an answer is kept only if its families' generations did not move
 * while it was computed. A change made on this instance drops its answers at once, and nothing of its
 * topic is kept until the change comes back through the database (committed, and heard by every
 * instance): the member who made it sees it in their next read. The whole cache is capped in bytes, the
 * least recently used going first.
 */
export function createResponseCache(feed: ChangeFeed, opts: { maxBytes?: number } = {}) {
  const maxBytes = opts.maxBytes ?? 32 * 1024 * 1024;
  const entries = new Map<string, Entry>();
  const generations = new Map<string, number>();
  let resyncs = 0;
  let bytes = 0;
  /** Changes this instance sent that have not come back yet, by family: when each stops counting. */
  const pending = new Map<string, Map<string, number>>();
  const eventKey = (e: LiveEvent) => `${e.topic}|${e.kind}|${e.id ?? ''}|${e.at}`;
  const isPending = (family: string, now: number) => {
    const sent = pending.get(family);
    if (!sent) return false;
    for (const [key, until] of sent) if (until <= now) sent.delete(key);
    if (sent.size === 0) pending.delete(family);
    return sent.size > 0;
  };
  const stats = { hits: 0, misses: 0, dropped: 0 };

  const drop = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.bytes;
    stats.dropped++;
  };

  const forget = (family: string) => {
    generations.set(family, (generations.get(family) ?? 0) + 1);
    for (const [key, entry] of entries) if (entry.topics.includes(family)) drop(key, entry);
  };
  const unsubscribeHeard = feed.subscribe((event) => {
    if (event.topic === '*') {
      resyncs++;
      for (const [key, entry] of entries) drop(key, entry);
      return;
    }
    const family = topicFamily(event.topic);
    pending.get(family)?.delete(eventKey(event));
    forget(family);
  });
  const unsubscribeSent = feed.subscribeSent((event) => {
    const family = topicFamily(event.topic);
    const sent = pending.get(family) ?? new Map<string, number>();
    sent.set(eventKey(event), Date.now() + PENDING_MS);
    pending.set(family, sent);
    forget(family);
  });

  const stamp = (topics: readonly string[]) => `${resyncs}:${topics.map((t) => generations.get(t) ?? 0).join(',')}`;

  return {
    /**
     * The answer for `key`: from memory, or made by `compute` (its value serialised once) and kept until an
     * event of one of `topics` arrives.
     */
    async get(key: string, topics: readonly string[], compute: () => Promise<unknown>): Promise<CachedAnswer> {
      const found = entries.get(key);
      if (found) {
        // Most recently used last, so the first in the map is the first to go.
        entries.delete(key);
        entries.set(key, found);
        stats.hits++;
        return found.answer;
      }
      stats.misses++;
      const before = stamp(topics);
      const answer = answerOf(await compute());
      const size = answer.body.length * 2 + key.length * 2;
      const now = Date.now();
      if (stamp(topics) === before && size <= maxBytes && !topics.some((t) => isPending(t, now))) {
        const previous = entries.get(key);
        if (previous) drop(key, previous);
        entries.set(key, { answer, topics, bytes: size });
        bytes += size;
        for (const [oldKey, oldEntry] of entries) {
          if (bytes <= maxBytes) break;
          drop(oldKey, oldEntry);
        }
      }
      return answer;
    },
    /** Counts for tests and the benchmark: hits, misses, answers dropped, entries and bytes held. */
    stats: () => ({ ...stats, entries: entries.size, bytes }),
    close: () => {
      unsubscribeHeard();
      unsubscribeSent();
    },
  };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;
