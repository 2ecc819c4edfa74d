import { createHash } from 'node:crypto';
import { and, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimit } from '../db/schema';
import type { Clock } from '../clock';
import { AppError, type ErrorWords } from '../http/errors';
import { i18nFor, later, type Later } from '../i18n';
import { DAY } from '../../shared/durations';

export type RateRule = { limit: number; windowMs: number };

/** Messages with a number, by their English text: the answer says them in the asker's language. */
const WITH_VALUES = new Map<string, Later>();

/**
 * A limit's message with its number (`withValues(/*i18n*\/ 'Up to {max} a day.', { max })`): the English
 * text, which the routes pass and the tests compare as before, remembered with its message so that `hit`
 * answers it in the asker's language.
 */
export function withValues(id: string, values: Record<string, unknown>): string {
  const english = i18nFor('en')._(id, values);
  WITH_VALUES.set(english, later(id, values));
  return english;
}

const wordsOf = (message: string | undefined): ErrorWords | undefined =>
  message === undefined ? undefined : (WITH_VALUES.get(message) ?? message);

/**
 * The key as stored: itself when it is short printable ASCII (readable when someone looks at the table),
 * otherwise its digest. Keys carry what a client sent (an email address as typed), which may hold a NUL
 * byte PostgreSQL's text refuses, or be long.
 */
function storedKey(key: string): string {
  return /^[\x20-\x7e]{1,200}$/.test(key) ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/**
 * Fixed-window counters kept in the database, so every app instance sees the same counts.
 * `hit` counts one attempt against each key and throws RATE_LIMITED (429, with Retry-After) when any
 * key is over its limit.
 */
export function createRateLimiter(db: Db, clock: Clock) {
  async function count(key: string, rule: RateRule): Promise<{ count: number; resetAt: number }> {
    key = storedKey(key);
    const now = clock.now().getTime();
    const windowStart = new Date(now - (now % rule.windowMs));
    const rows = await db
      .insert(rateLimit)
      .values({ key, windowStart, count: 1 })
      .onConflictDoUpdate({ target: [rateLimit.key, rateLimit.windowStart], set: { count: sql`${rateLimit.count} + 1` } })
      .returning({ count: rateLimit.count });
    return { count: rows[0]?.count ?? 1, resetAt: windowStart.getTime() + rule.windowMs };
  }

  return {
    async hit(checks: Array<{ key: string; rule: RateRule }>, message?: string): Promise<void> {
      for (const { key, rule } of checks) {
        const { count: n, resetAt } = await count(key, rule);
        if (n > rule.limit) {
          const retryAfter = Math.max(1, Math.ceil((resetAt - clock.now().getTime()) / 1000));
          throw new AppError('RATE_LIMITED', wordsOf(message), undefined, { 'Retry-After': String(retryAfter) });
        }
      }
    },
    /**
     * Records the one use of something good for one use (a contact form's human token) until `until`;
     * false when it was used already. Two instances racing for it insert the same row: one wins.
     */
    async useOnce(key: string, until: Date): Promise<boolean> {
      const rows = await db
        .insert(rateLimit)
        .values({ key: storedKey(key), windowStart: until, count: 1 })
        .onConflictDoNothing()
        .returning({ count: rateLimit.count });
      return rows.length === 1;
    },
    /**
     * Drops windows that started more than `olderThanMs` ago (ended, for every rule of a day or less: keep the
     * rules so), and used tokens that ran out as long ago; says how many rows went. The rate-limit-prune job calls it (src/server/site-jobs.ts).
     */
    async prune(olderThanMs = DAY): Promise<number> {
      const gone = await db
        .delete(rateLimit)
        .where(and(lt(rateLimit.windowStart, new Date(clock.now().getTime() - olderThanMs))))
        .returning({ key: rateLimit.key });
      return gone.length;
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
