import { and, eq, gte, inArray, isNotNull, lte, or, isNull, sql } from 'drizzle-orm';
import type { CareFigures } from '../../shared/care-figures';
import { smallNumberRule } from '../../shared/need-figures';
import type { Db, Tx } from '../db/client';
import { careClaim, careTask, careTeam } from '../db/schema';
import { localParts, occurrencesOf } from './recurrence';
import { skipsOf, type CareClaimRow } from './store';

// Care teams' figures (issue 27): the admin overview's (exact, admins only) and a church's count of its active
// teams on its public page (small-number rule). No figure names a family: they are counts and a median.

const HOUR_MS = 3_600_000;

/** The 12 UTC months that end with the current one, as YYYY-MM, oldest first. */
function lastTwelveMonths(now: Date): string[] {
  return Array.from({ length: 12 }, (_, i) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1)).toISOString().slice(0, 7),
  );
}

/**
 * Whether a claim stood for an occurrence: made before it ended, and not withdrawn before it started (a helper
 * who withdrew after it began still came). A series claim made in March does not count January's meals.
 */
const claimStood = (c: CareClaimRow, occursOn: string, startsAt: Date, endsAt: Date) =>
  (c.occursOn === null || c.occursOn === occursOn) && c.createdAt <= endsAt && (c.withdrawnAt === null || c.withdrawnAt > startsAt);

/**
 * Tasks done per month: occurrences over the last 12 months (by the family's calendar) whose time has passed and
 * for which at least one helper had signed up, and how many helpers came. A task cancelled later keeps the
 * occurrences that happened before; a skipped date did not happen.
 */
async function tasksDone(db: Db, now: Date, months: string[]): Promise<Map<string, { tasksDone: number; helpers: number }>> {
  const from = `${months[0]}-01`;
  const today = now.toISOString().slice(0, 10);
  const claimed = db.selectDistinct({ id: careClaim.taskId }).from(careClaim);
  const tasks = await db
    .select({ task: careTask, timeZone: careTeam.timeZone })
    .from(careTask)
    .innerJoin(careTeam, eq(careTeam.id, careTask.teamId))
    .where(and(inArray(careTask.id, claimed), lte(careTask.startDate, today), or(isNull(careTask.until), gte(careTask.until, from))));
  const ids = tasks.map((t) => t.task.id);
  const claims = new Map<number, CareClaimRow[]>(ids.map((id) => [id, []]));
  if (ids.length) for (const c of await db.select().from(careClaim).where(inArray(careClaim.taskId, ids))) claims.get(c.taskId)!.push(c);
  const skips = await skipsOf(db, ids);
  const byMonth = new Map<string, { tasksDone: number; helpers: number }>(months.map((m) => [m, { tasksDone: 0, helpers: 0 }]));
  for (const { task, timeZone } of tasks) {
    // The family's today: an occurrence tomorrow in UTC may be tonight's dinner in Honolulu, and is not done yet.
    const end = task.cancelledAt && task.cancelledAt < now ? task.cancelledAt : now;
    const to = localParts(end, timeZone).date;
    for (const o of occurrencesOf(task, timeZone, { from, to, skipped: skips.get(task.id) })) {
      if (o.endsAt > end) continue;
      const helpers = claims.get(task.id)!.filter((c) => claimStood(c, o.occursOn, o.startsAt, o.endsAt)).length;
      const month = byMonth.get(o.occursOn.slice(0, 7));
      if (helpers === 0 || !month) continue;
      month.tasksDone += 1;
      month.helpers += helpers;
    }
  }
  return byMonth;
}

/** The median of numbers (null for none). */
function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** GET /api/admin/care/figures: the admin overview's care teams, exact. */
export async function careFigures(db: Db, now: Date): Promise<CareFigures> {
  const months = lastTwelveMonths(now);
  const since = new Date(`${months[0]}-01T00:00:00Z`);
  const [[teams], firstClaims, [anniversary], done] = await Promise.all([
    db
      .select({
        active: sql<number>`(count(*) filter (where ${careTeam.status} = 'active'))::int`,
        // Every family whose team got going (accepted), whether it still runs or ended since.
        families: sql<number>`(count(distinct ${careTeam.familyUid}) filter (where ${careTeam.acceptedAt} is not null))::int`,
      })
      .from(careTeam),
    db
      .select({ createdAt: careTask.createdAt, firstClaimAt: sql<Date | null>`min(${careClaim.createdAt})`.mapWith(careClaim.createdAt) })
      .from(careTask)
      .leftJoin(careClaim, eq(careClaim.taskId, careTask.id))
      .where(gte(careTask.createdAt, since))
      .groupBy(careTask.id),
    db
      .select({
        asked: sql<number>`count(*)::int`,
        answered: sql<number>`(count(*) filter (where ${careTeam.stillFostering} is not null))::int`,
        yes: sql<number>`(count(*) filter (where ${careTeam.stillFostering}))::int`,
      })
      .from(careTeam)
      .where(isNotNull(careTeam.anniversaryAskedAt)),
    tasksDone(db, now, months),
  ]);
  const waits = firstClaims.flatMap((t) =>
    t.firstClaimAt === null ? [] : [Math.max(0, t.firstClaimAt.getTime() - t.createdAt.getTime()) / HOUR_MS],
  );
  const middle = median(waits);
  return {
    activeTeams: teams?.active ?? 0,
    familiesSupported: teams?.families ?? 0,
    byMonth: months.map((m) => ({ month: m, ...done.get(m)! })),
    firstClaim: { tasks: firstClaims.length, claimed: waits.length, medianHours: middle === null ? null : Math.round(middle * 10) / 10 },
    stillFostering: { asked: anniversary?.asked ?? 0, answered: anniversary?.answered ?? 0, yes: anniversary?.yes ?? 0 },
  };
}

/**
 * A church's public count of its active care teams, under the small-number rule: each team stands for one
 * family, so 1 or 2 is shown as "fewer than 3" (null), never as a number that could point at a family.
 */
export async function churchCareTeams(db: Db | Tx, churchId: number): Promise<number | null> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(careTeam)
    .where(and(eq(careTeam.churchId, churchId), eq(careTeam.status, 'active')));
  return smallNumberRule(row?.count ?? 0);
}
