import { and, count, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { DELIVERY_STATES, type AdminOverview, type DeliveryState } from '../../shared/admin';
import { DAY } from '../../shared/durations';
import { STATE_NONE, stateName } from '../../shared/states';
import type { AppDeps } from '../deps';
import { church, mail, profile, user } from '../db/schema';
import { MAIL_FORMS } from '../mail';
import { adminNeedFigures } from '../needs';
import { membersByState } from '../states';
import { adminCondition } from './roles';

/** The forms of notification mail (issue 16): responses at once, and the digest. */
const NOTIFICATION_FORMS: string[] = Object.values(MAIL_FORMS).filter((f) => f.startsWith('notification:'));

/** The UTC days from `since` to today, as YYYY-MM-DD. */
function daysFrom(since: Date, days: number): string[] {
  return Array.from({ length: days }, (_, i) => new Date(since.getTime() + i * DAY).toISOString().slice(0, 10));
}

/** The 12 UTC months that end with the current one, as YYYY-MM, oldest first. */
function lastTwelveMonths(now: Date): string[] {
  return Array.from({ length: 12 }, (_, i) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1)).toISOString().slice(0, 7),
  );
}

/**
 * The overview's figures: totals (product.md §3.17: total users, total foster kids), members and the foster
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
  const network = await membersByState(db);
  const needs = await adminNeedFigures(db, now);
  const signUpRows = await db.select({ day, count: count() }).from(user).where(gte(user.createdAt, since)).groupBy(day);
  const mailRows = await db.select({ state: mail.state, count: count() }).from(mail).groupBy(mail.state);
  // Churches joining: those of the network now (active or archived since) by the month an admin let them in.
  const months = lastTwelveMonths(now);
  const month = sql<string>`to_char(${church.activeSince} at time zone 'UTC', 'YYYY-MM')`;
  const joinedRows = await db
    .select({ month, count: count() })
    .from(church)
    .where(gte(church.activeSince, new Date(`${months[0]}-01T00:00:00Z`)))
    .groupBy(month);
  const joinedByMonth = new Map(joinedRows.map((r) => [r.month, r.count]));

  // Notification mail by the day it was delivered. Mail is queued at most a few hours before it goes, so the
  // (form, date) index narrows the rows to the period and a day before it.
  const sentDay = sql<string>`to_char(${mail.endTime} at time zone 'UTC', 'YYYY-MM-DD')`;
  const inPeriod = and(inArray(mail.form, NOTIFICATION_FORMS), gte(mail.date, new Date(since.getTime() - DAY)), gte(mail.endTime, since));
  const notificationRows = await db
    .select({ day: sentDay, form: mail.form, state: mail.state, count: count() })
    .from(mail)
    .where(and(inPeriod, inArray(mail.state, ['SUCCESS', 'ERROR'])))
    .groupBy(sentDay, mail.form, mail.state);
  const sentByDay = new Map<string, number>();
  const sentByForm = new Map<string, number>();
  let notificationMailFailed = 0;
  for (const r of notificationRows) {
    if (r.state === 'ERROR') {
      notificationMailFailed += r.count;
      continue;
    }
    sentByDay.set(r.day, (sentByDay.get(r.day) ?? 0) + r.count);
    sentByForm.set(r.form, (sentByForm.get(r.form) ?? 0) + r.count);
  }

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
    notificationMail: daysFrom(since, days).map((d) => ({ day: d, count: sentByDay.get(d) ?? 0 })),
    notificationMailByForm: [...sentByForm]
      .map(([form, n]) => ({ form, count: n }))
      .sort((a, b) => b.count - a.count || a.form.localeCompare(b.form, 'en')),
    notificationMailFailed,
    churchesJoining: months.map((m) => ({ month: m, count: joinedByMonth.get(m) ?? 0 })),
    needs,
  };
}
