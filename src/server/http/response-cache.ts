import type { LiveEvent } from '../../shared/live';
import { topicFamily } from '../../shared/live';
import type { Context, Env, MiddlewareHandler, TypedResponse } from 'hono';
import { gzipSync } from 'node:zlib';
import { etagOf } from './caching';
import { requestHeader } from './client-ip';

/**
 * An answer as sent: the JSON text of a T, the ETag of exactly those bytes, and (once a client asked for
 * it) the same bytes gzipped, so an answer kept in memory is compressed once, not on every request.
 */
export type CachedAnswer<T = unknown> = { body: string; etag: string; gzipped?: Buffer; readonly of?: T };

/** Below this, gzip saves too little to be worth it (as hono/compress decides). */
export const GZIP_THRESHOLD = 1024;

/** Whether the client takes gzip (named without q=0, or through `*`). */
export function acceptsGzip(c: Context): boolean {
  // From node:http's headers: the Web Request's would be built whole for this one (client-ip.ts).
  return takesGzip(requestHeader({ env: c.env, request: c.req.raw }, 'accept-encoding'));
}

/** Whether an Accept-Encoding header takes gzip (named without q=0, or through `*`). */
export function takesGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return (name === 'gzip' || name === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/** The answer for this value: its JSON text, and the ETag of exactly those bytes. */
export function answerOf<T>(value: T): CachedAnswer<T> {
  const body = JSON.stringify(value);
  return { body, etag: etagOf(body) };
}

/**
 * Text kept to be sent many times, and (made at its first sending, kept after) its UTF-8 bytes and, once a client
 * took gzip, the same bytes gzipped.
 */
export type KeptText = { body: string; bytes?: Buffer; gzipped?: Buffer };

/** The answers sendKept made: their encoding is decided, so the gzip of every answer (compress.ts) passes them by. */
const keptAnswers = new WeakSet<Response>();

/** Whether sendKept made this answer (and so decided its encoding and its Vary). */
export const isKeptAnswer = (res: Response): boolean => keptAnswers.has(res);

/**
 * Sends kept text as it is, or gzipped (compressed the first time, kept on `kept` after) to a client that
 * takes gzip: one write of known length, where hono/compress streams each answer through zlib anew.
 */
export function sendKept(
  c: Context,
  kept: KeptText,
  opts: { contentType: string; status?: 200 | 404; cacheControl?: string; etag?: string },
): Response {
  c.header('Cache-Control', opts.cacheControl ?? 'no-store');
  c.header('Content-Type', opts.contentType);
  c.header('Vary', 'Accept-Encoding', { append: true });
  // Bytes, not the string: node:http would encode the string to UTF-8 again for every request (a quarter of the
  // CPU of a kept answer of a few KB), and measure it twice.
  const bytes = (kept.bytes ??= Buffer.from(kept.body));
  let res: Response;
  if (bytes.length >= GZIP_THRESHOLD && acceptsGzip(c)) {
    kept.gzipped ??= gzipSync(bytes);
    // Other bytes than the ETag's: the same answer, so a weak ETag (as hono/compress marks it).
    if (opts.etag) c.header('ETag', `W/${opts.etag}`);
    c.header('Content-Encoding', 'gzip');
    res = c.body(kept.gzipped as Uint8Array<ArrayBuffer>, opts.status ?? 200);
  } else {
    if (opts.etag) c.header('ETag', opts.etag);
    res = c.body(bytes as Uint8Array<ArrayBuffer>, opts.status ?? 200);
  }
  keptAnswers.add(res);
  return res;
}

/**
 * Sends a kept answer as the bytes it is (200, JSON), typed as the contract's answer: the bytes are
 * JSON.stringify of a T, as c.json would send.
 */
export function sendAnswer<T>(c: Context, answer: CachedAnswer<T>, opts: { cacheControl?: string; etag?: boolean } = {}) {
  const res = sendKept(c, answer, {
    contentType: 'application/json; charset=UTF-8',
    cacheControl: opts.cacheControl,
    etag: opts.etag ? answer.etag : undefined,
  });
  return res as Response & TypedResponse<T, 200, 'json'>;
}

type Entry = { answer: CachedAnswer; topics: readonly string[]; bytes: number; until: number };

/**
 * What an answer depends on: a topic family ('posts', 'users'), dropped by any event of the family, or one
 * subject of a family ('users=<id>'), dropped by the family's events that name that id (or name none).
 */
export const subjectOf = (family: string, id: string) => `${family}=${id}`;

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
 * The changes this instance sent that have not come back through the database yet, grouped by what they
 * keep out of a cache (a topic family, a user): nothing of a group is kept while one of its changes travels.
 * A change that never comes back (its transaction rolled back) stops counting after PENDING_MS.
 */
export function pendingChanges() {
  const pending = new Map<string, Map<string, number>>();
  const eventKey = (e: LiveEvent) => `${e.topic}|${e.kind}|${e.id ?? ''}|${e.at}`;
  /** Lets go of the changes that never came back by `now` (rolled back); says how many groups went. */
  const sweep = (now: number): number => {
    let gone = 0;
    for (const [group, changes] of pending) {
      for (const [key, until] of changes) if (until <= now) changes.delete(key);
      if (changes.size === 0) {
        pending.delete(group);
        gone++;
      }
    }
    return gone;
  };
  return {
    /** This instance sent `event`, which concerns `group`. */
    sent(group: string, event: LiveEvent) {
      const now = Date.now();
      // Groups are users in the session cache: those of changes that never came back (rolled back) go here,
      // whether or not anyone asks about them again.
      sweep(now);
      const sent = pending.get(group) ?? new Map<string, number>();
      sent.set(eventKey(event), now + PENDING_MS);
      pending.set(group, sent);
    },
    /** `event` came back through the database: committed, and heard by every instance. */
    heard(group: string, event: LiveEvent) {
      const sent = pending.get(group);
      sent?.delete(eventKey(event));
      if (sent?.size === 0) pending.delete(group);
    },
    sweep,
    /** How many groups have a change on its way (for tests: they must not pile up). */
    size: () => pending.size,
    /** Whether a change of `group` is still on its way at `now`. */
    has(group: string, now: number): boolean {
      const sent = pending.get(group);
      if (!sent) return false;
      for (const [key, until] of sent) if (until <= now) sent.delete(key);
      if (sent.size === 0) pending.delete(group);
      return sent.size > 0;
    },
  };
}

/**
 * Answers kept serialised in memory, per instance, until a change to what they show is announced on the
 * live bus (issue 14): public ones (the same for every visitor), and a member's own. Each answer names the
 * topic families it depends on ('posts', 'states', 'users'), or one subject of a family ('users=<id>', see
 * subjectOf); an event of the family drops it (for a subject: an event that names it, or names none), and
 * a resync ('*', after a lost bus connection) drops everything. The bus crosses instances, so a change made on one is dropped on all.
 *
 * A read that started before a change and ends after it must not store its older answer: each family has a
 * generation, bumped by every event, and an answer is kept only if its families' generations did not move
 * while it was computed. A change made on this instance drops its answers at once, and nothing of its
 * topic is kept until the change comes back through the database (committed, and heard by every
 * instance): the member who made it sees it in their next read. The whole cache is capped in bytes, the
 * least recently used going first.
 *
 * A counter exists for each subject ever announced (every post, every member), so they are bounded too: past
 * `maxSubjects` counters, all are let go at once and the epoch, part of every stamp, moves. Only reads under
 * way compare against counters (a kept answer is dropped by its events, not by its stamp), and each of those
 * started in the old epoch, so none is kept: a few answers read again, never a stale one kept.
 */
export function createResponseCache(feed: ChangeFeed, opts: { maxBytes?: number; maxSubjects?: number } = {}) {
  const maxBytes = opts.maxBytes ?? 32 * 1024 * 1024;
  const maxSubjects = opts.maxSubjects ?? 10_000;
  const entries = new Map<string, Entry>();
  const generations = new Map<string, number>();
  /** Moves on a resync and when the counters are let go: a read started before it is not kept. */
  let epoch = 0;
  let bytes = 0;
  /** Changes this instance sent that have not come back yet, by family. */
  const pending = pendingChanges();
  const stats = { hits: 0, misses: 0, joined: 0, dropped: 0 };
  /** Answers being made, by key, with the stamp they were started at. */
  const computing = new Map<string, { stamp: string; answer: Promise<CachedAnswer> }>();

  const drop = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.bytes;
    stats.dropped++;
  };

  /** What an event reaches: its family, and the subject it names (all of the family's subjects when none). */
  const reached = (event: LiveEvent) => {
    const family = topicFamily(event.topic);
    return { family, subject: event.id === undefined ? undefined : subjectOf(family, event.id) };
  };
  const dependsOn = (entry: Entry, family: string, subject: string | undefined) =>
    entry.topics.some((t) => t === family || t === subject || (subject === undefined && t.startsWith(`${family}=`)));

  const forget = ({ family, subject }: { family: string; subject: string | undefined }) => {
    // The family's generation moves with each of its events; a subject's with the events that name it, or
    // with those that name none (`family=`).
    const bump = (key: string) => generations.set(key, (generations.get(key) ?? 0) + 1);
    bump(family);
    bump(subject ?? `${family}=`);
    if (generations.size > maxSubjects) {
      generations.clear();
      epoch++;
    }
    for (const [key, entry] of entries) if (dependsOn(entry, family, subject)) drop(key, entry);
  };
  const unsubscribeHeard = feed.subscribe((event) => {
    if (event.topic === '*') {
      epoch++;
      for (const [key, entry] of entries) drop(key, entry);
      return;
    }
    const target = reached(event);
    pending.heard(target.family, event);
    forget(target);
  });
  const unsubscribeSent = feed.subscribeSent((event) => {
    const target = reached(event);
    pending.sent(target.family, event);
    forget(target);
  });

  const familyOf = (topic: string) => topic.split('=')[0]!;
  const generationOf = (topic: string) =>
    topic.includes('=')
      ? `${generations.get(topic) ?? 0}/${generations.get(`${familyOf(topic)}=`) ?? 0}`
      : `${generations.get(topic) ?? 0}`;
  const stamp = (topics: readonly string[]) => `${epoch}:${topics.map(generationOf).join(',')}`;

  /** Stores an answer just made, unless a change overtook it (or is on its way); answers it either way. */
  const keep = <T>(key: string, topics: readonly string[], before: string, answer: CachedAnswer<T>, opts: { maxAgeMs?: number }) => {
    // The string (two bytes a character at most), its UTF-8 bytes once sent (about one a character for JSON), the key.
    const size = answer.body.length * 3 + key.length * 2;
    const now = Date.now();
    if (stamp(topics) === before && size <= maxBytes && !topics.some((t) => pending.has(familyOf(t), now))) {
      const previous = entries.get(key);
      if (previous) drop(key, previous);
      entries.set(key, { answer, topics, bytes: size, until: opts.maxAgeMs === undefined ? Infinity : now + opts.maxAgeMs });
      bytes += size;
      for (const [oldKey, oldEntry] of entries) {
        if (bytes <= maxBytes) break;
        drop(oldKey, oldEntry);
      }
    }
    return answer;
  };

  /** The answer kept for `key`, if one is and it is not past its age; made by nobody here. */
  const peek = <T>(key: string): CachedAnswer<T> | undefined => {
    const found = entries.get(key);
    if (!found) return undefined;
    if (found.until <= Date.now()) {
      drop(key, found);
      return undefined;
    }
    // Most recently used last, so the first in the map is the first to go.
    entries.delete(key);
    entries.set(key, found);
    stats.hits++;
    return found.answer as CachedAnswer<T>;
  };

  return {
    peek,
    /**
     * The answer for `key`: from memory, or made by `compute` (its value serialised once) and kept until an
     * event of one of `topics` arrives (or `maxAgeMs` has passed, for an answer that also depends on time).
     */
    async get<T>(
      key: string,
      topics: readonly string[],
      compute: () => Promise<T>,
      opts: { maxAgeMs?: number } = {},
    ): Promise<CachedAnswer<T>> {
      const kept = peek<T>(key);
      if (kept) return kept;
      const before = stamp(topics);
      // Many readers miss at once after a change: the first one reads, the others wait for its answer (it
      // started after the same changes, so it is as fresh as theirs would be).
      const running = computing.get(key);
      if (running?.stamp === before) {
        stats.joined++;
        return running.answer as Promise<CachedAnswer<T>>;
      }
      stats.misses++;
      const answer = compute().then((value) => answerOf(value));
      computing.set(key, { stamp: before, answer });
      try {
        await answer;
      } finally {
        if (computing.get(key)?.answer === answer) computing.delete(key);
      }
      return keep(key, topics, before, await answer, opts);
    },
    /**
     * Housekeeping, now and then (the response-cache-sweep job, decision 030): the cache stays bounded without
     * it (maxBytes, maxSubjects), but an answer past its `maxAgeMs` otherwise holds its bytes until it is asked
     * for again or pushed out, and a change that never came back (rolled back) until another is sent. Drops
     * both; says how many.
     */
    sweep(): { answers: number; pending: number } {
      const now = Date.now();
      let answers = 0;
      for (const [key, entry] of entries) {
        if (entry.until > now) continue;
        drop(key, entry);
        answers++;
      }
      return { answers, pending: pending.sweep(now) };
    },
    /** Counts for tests and the benchmark: hits, misses, answers dropped, entries and bytes held, counters kept. */
    stats: () => ({ ...stats, entries: entries.size, bytes, generations: generations.size }),
    close: () => {
      unsubscribeHeard();
      unsubscribeSent();
    },
  };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;

/**
 * Public reads asked again at the same address (the path and query as sent): which key each one's answer was kept
 * under, so that `answerAgain` sends it from memory before the query or path is parsed and validated again. The same
 * address asks the same thing, and an address reaches a key only once its input was validated. Parsing and
 * validating a query costs a category's list about a tenth of its CPU under load (docs/performance.md). Holds the
 * latest `max` addresses; a key no longer kept sends the request on its way.
 */
export function keptByAddress(answers: Pick<ResponseCache, 'peek'>, max = 1000) {
  const keys = new Map<string, string>();
  const addressOf = (c: Context) => {
    const sent = (c.env as { incoming?: { url?: string } } | undefined)?.incoming?.url;
    return sent ?? c.req.url.slice(c.req.url.indexOf('/', c.req.url.indexOf('//') + 2));
  };
  return {
    /** This request's address was answered by the answer kept under `key`. */
    remember(c: Context, key: string) {
      const address = addressOf(c);
      if (keys.get(address) === key) return;
      keys.delete(address);
      keys.set(address, key);
      if (keys.size > max) keys.delete(keys.keys().next().value!);
    },
    /** A route's first middleware: the kept answer for this address, if there is one and `applies` to who asks. */
    answerAgain<E extends Env>(applies: (c: Context<E>) => boolean = () => true): MiddlewareHandler<E> {
      return async (c, next) => {
        const key = keys.get(addressOf(c));
        const found = key === undefined || !applies(c) ? undefined : answers.peek(key);
        if (found) return sendAnswer(c, found);
        await next();
      };
    },
  };
}
