import { createHash, randomBytes } from 'node:crypto';
import { count, countDistinct, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { PageViewSummary } from '../../shared/page-view';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { analyticsSalt, pageView } from '../db/schema';
import type { AppDeps } from '../deps';

/** The UTC day a time falls on, YYYY-MM-DD: the salt's lifetime. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** What a request tells us about its client; used only to compute the key, never stored. */
export type Visitor = { ip: string; userAgent: string };

/**
 * The salt of the current UTC day, shared by every instance through the database: the first instance to
 * need a new day's salt creates it and deletes the older ones, after which yesterday's keys cannot be
 * recomputed nor linked to today's.
 */
export function createSaltKeeper(db: Db, clock: Clock) {
  let current: { day: string; salt: string } | undefined;
  return async function saltOfToday(): Promise<{ day: string; salt: string }> {
    const day = utcDay(clock.now());
    if (current?.day === day) return current;
    await db
      .insert(analyticsSalt)
      .values({ day, salt: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db.select().from(analyticsSalt).where(eq(analyticsSalt.day, day));
    if (!row) throw new Error(`the analytics salt of ${day} vanished`);
    await db.delete(analyticsSalt).where(lt(analyticsSalt.day, day));
    current = { day, salt: row.salt };
    return current;
  };
}

export type SaltKeeper = ReturnType<typeof createSaltKeeper>;

function hash(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 32);
}

/** Identifies one browser on one day and nobody: a hash of the day's salt, the address and the user agent. */
export function visitorKey(salt: string, visitor: Visitor): string {
  return hash('visitor', salt, visitor.ip, visitor.userAgent);
}

/** The rate limiter's key for a client, salted like the visitor key so no address is written down. */
export function clientKey(salt: string, ip: string): string {
  return `page-view:${hash('client', salt, ip)}`;
}

type Deps = Pick<AppDeps, 'database' | 'clock'>;

export async function recordPageView(
  deps: Deps,
  { salt, view, visitor }: { salt: string; view: { path: string; referrer: string | null }; visitor: Visitor },
): Promise<void> {
  await deps.database.db.insert(pageView).values({
    path: view.path,
    referrer: view.referrer,
    at: deps.clock.now(),
    visitorKey: visitorKey(salt, visitor),
  });
}

/** Views and distinct visitors of the last `days` days (visitors counted per day: keys change daily). */
export async function summarisePageViews(deps: Deps, { days }: { days: number }): Promise<PageViewSummary> {
  const { db } = deps.database;
  const now = deps.clock.now();
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  const inRange = gte(pageView.at, since);
  const day = sql<string>`to_char(${pageView.at} at time zone 'UTC', 'YYYY-MM-DD')`;
  const dailyVisitors = sql<number>`count(distinct (${day}, ${pageView.visitorKey}))::int`;

  const [totals] = await db.select({ views: count(), visitors: dailyVisitors }).from(pageView).where(inRange);
  const byPath = await db
    .select({ path: pageView.path, views: count(), visitors: dailyVisitors })
    .from(pageView)
    .where(inRange)
    .groupBy(pageView.path)
    .orderBy(desc(count()), pageView.path)
    .limit(50);
  const byDay = await db
    .select({ day, views: count(), visitors: countDistinct(pageView.visitorKey) })
    .from(pageView)
    .where(inRange)
    .groupBy(day)
    .orderBy(day);
  return {
    days,
    since: since.toISOString(),
    views: totals?.views ?? 0,
    visitors: totals?.visitors ?? 0,
    byPath,
    byDay,
  };
}
