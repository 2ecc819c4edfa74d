import { count, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { DELIVERY_STATES, type AdminOverview, type DeliveryState } from '../../shared/admin';
import { STATE_NONE, stateName } from '../../shared/states';
import type { AppDeps } from '../deps';
import { mail, profile, user } from '../db/schema';
import { networkByState } from '../states';
import { adminCondition } from './roles';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC days from `since` to today, as YYYY-MM-DD. */
function daysFrom(since: Date, days: number): string[] {
  return Array.from({ length: days }, (_, i) => new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10));
}

/**
 * The overview's figures: totals (SPEC §2: total users, total foster kids), members and the foster
 * children they care for per state, sign-ups per day over the last `days` days, and mail per delivery state.
 */
export async function getOverview(
  deps: Pick<AppDeps, 'database' | 'config' | 'clock'>,
  { days }: { days: number },
): Promise<AdminOverview> {
  const { db } = deps.database;
  const { config } = deps;
  const now = deps.clock.now();
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  const day = sql<string>`to_char(${user.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;

  const [users] = await db
    .select({
      users: sql<number>`count(*)::int`,
      admins: sql<number>`(count(*) filter (where ${adminCondition(config)}))::int`,
    })
    .from(user)
    .leftJoin(profile, eq(profile.uid, user.id));
  const [profiles] = await db
    .select({
      profiles: sql<number>`count(*)::int`,
      fosterKids: sql<number>`coalesce(sum(${profile.numberOfFosterKids}), 0)::int`,
      fosterParents: sql<number>`(count(*) filter (where ${profile.fosterParent} = 'Yes'))::int`,
    })
    .from(profile)
    .where(isNotNull(profile.savedAt));
  const network = await networkByState(db);
  const signUpRows = await db.select({ day, count: count() }).from(user).where(gte(user.createdAt, since)).groupBy(day);
  const mailRows = await db.select({ state: mail.state, count: count() }).from(mail).groupBy(mail.state);

  const signUpsByDay = new Map(signUpRows.map((r) => [r.day, r.count]));
  const mailByState = Object.fromEntries(DELIVERY_STATES.map((s) => [s, 0])) as Record<DeliveryState, number>;
  for (const r of mailRows) mailByState[r.state] = r.count;

  return {
    days,
    since: since.toISOString(),
    totals: {
      users: users?.users ?? 0,
      profiles: profiles?.profiles ?? 0,
      fosterKids: profiles?.fosterKids ?? 0,
      fosterParents: profiles?.fosterParents ?? 0,
      admins: users?.admins ?? 0,
    },
    byState: [...network]
      .filter(([code]) => code !== STATE_NONE)
      .map(([code, f]) => ({ code, name: stateName(code) ?? code, members: f.members, fosterChildren: f.fosterChildren }))
      .sort((a, b) => b.members - a.members || b.fosterChildren - a.fosterChildren || a.name.localeCompare(b.name, 'en')),
    signUps: daysFrom(since, days).map((d) => ({ day: d, count: signUpsByDay.get(d) ?? 0 })),
    mail: mailByState,
  };
}
