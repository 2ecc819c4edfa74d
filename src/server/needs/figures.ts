import { and, asc, eq, gte, inArray, isNotNull, lt, sql, type AnyColumn } from 'drizzle-orm';
import { NEED_MET_OUTCOMES, smallNumberRule, type AdminNeedFigures, type NeedFigures } from '../../shared/need-figures';
import { stateName } from '../../shared/states';
import { toCsv, type CsvCell } from '../admin';
import { countedCommitment, respondingChurchId } from '../churches';
import type { Db } from '../db/client';
import { need, needCommitment, needItem } from '../db/schema';

// The needs board's figures (issue 26, decision 040): the map's layer of open needs per state, the landing
// page's band for this year, the admin overview's needs per month and response times by state, and the CSV of
// every need. A need counts as met when recorded met or partly met; its value is what was committed to it.

const isMet = inArray(need.outcome, [...NEED_MET_OUTCOMES]);
const HOUR_SECONDS = 3600;

/** Start of the UTC year `now` is in, and of the next one. */
function yearOf(now: Date): { year: number; from: Date; to: Date } {
  const year = now.getUTCFullYear();
  return { year, from: new Date(Date.UTC(year, 0, 1)), to: new Date(Date.UTC(year + 1, 0, 1)) };
}

/** GET /api/needs/figures: open needs per state, and this year's needs met, children, value and churches. */
export async function needFigures(db: Db, now: Date): Promise<NeedFigures> {
  const { year, from, to } = yearOf(now);
  const closedThisYear = and(eq(need.status, 'closed'), isMet, gte(need.closedAt, from), lt(need.closedAt, to));
  const [open, [met], [value], [churches]] = await Promise.all([
    db
      .select({ state: need.state, count: sql<number>`count(*)::int` })
      .from(need)
      .where(eq(need.status, 'open'))
      .groupBy(need.state)
      .orderBy(asc(need.state)),
    db
      .select({ needs: sql<number>`count(*)::int`, children: sql<number>`coalesce(sum(${need.childrenServed}), 0)::int` })
      .from(need)
      .where(closedThisYear),
    db
      .select({ dollars: sql<number>`coalesce(sum(${needCommitment.quantity} * ${needItem.unitValue}), 0)::int` })
      .from(needCommitment)
      .innerJoin(needItem, eq(needItem.id, needCommitment.itemId))
      .innerJoin(need, eq(need.id, needCommitment.needId))
      .where(and(countedCommitment, closedThisYear)),
    db
      .select({ count: sql<number>`count(distinct ${respondingChurchId})::int` })
      .from(needCommitment)
      .where(and(countedCommitment, gte(needCommitment.createdAt, from), lt(needCommitment.createdAt, to))),
  ]);
  return {
    openByState: Object.fromEntries(open.map((r) => [r.state, r.count])),
    open: open.reduce((sum, r) => sum + r.count, 0),
    year,
    thisYear: {
      needsMet: met?.needs ?? 0,
      childrenServed: smallNumberRule(met?.children ?? 0),
      valueProvided: value?.dollars ?? 0,
      churchesResponded: churches?.count ?? 0,
    },
  };
}

/** The 12 UTC months that end with the current one, as YYYY-MM, oldest first. */
function lastTwelveMonths(now: Date): string[] {
  return Array.from({ length: 12 }, (_, i) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1)).toISOString().slice(0, 7),
  );
}

const hoursBetween = (later: AnyColumn) => sql`extract(epoch from (${later} - ${need.approvedAt})) / ${HOUR_SECONDS}`;
const medianOf = (later: AnyColumn) =>
  sql<number | null>`percentile_cont(0.5) within group (order by ${hoursBetween(later)}) filter (where ${later} is not null)`;

/**
 * The admin overview's needs (exact figures, no small-number rule: admins only): needs asked and met per month
 * over the last 12 months, and the median hours from approval to the first commitment and to every unit
 * committed, for the needs approved in those months, nationally and by state (the figure CarePortal does not
 * publish).
 */
export async function adminNeedFigures(db: Db, now: Date): Promise<AdminNeedFigures> {
  const months = lastTwelveMonths(now);
  const since = new Date(`${months[0]}-01T00:00:00Z`);
  const monthOf = (column: AnyColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM')`;
  const timeColumns = {
    approved: sql<number>`count(*)::int`,
    firstNeeds: sql<number>`(count(*) filter (where ${need.firstCommitmentAt} is not null))::int`,
    firstMedian: medianOf(need.firstCommitmentAt),
    metNeeds: sql<number>`(count(*) filter (where ${need.fullyCommittedAt} is not null))::int`,
    metMedian: medianOf(need.fullyCommittedAt),
  };
  const approvedInPeriod = and(isNotNull(need.approvedAt), gte(need.approvedAt, since));
  const [asked, met, national, byState] = await Promise.all([
    db
      .select({ month: monthOf(need.createdAt), count: sql<number>`count(*)::int` })
      .from(need)
      .where(gte(need.createdAt, since))
      .groupBy(monthOf(need.createdAt)),
    db
      .select({ month: monthOf(need.closedAt), count: sql<number>`count(*)::int` })
      .from(need)
      .where(and(eq(need.status, 'closed'), isMet, gte(need.closedAt, since)))
      .groupBy(monthOf(need.closedAt)),
    db.select(timeColumns).from(need).where(approvedInPeriod),
    db
      .select({ state: need.state, ...timeColumns })
      .from(need)
      .where(approvedInPeriod)
      .groupBy(need.state),
  ]);
  const askedBy = new Map(asked.map((r) => [r.month, r.count]));
  const metBy = new Map(met.map((r) => [r.month, r.count]));
  const round = (hours: number | null) => (hours === null ? null : Math.round(Number(hours) * 10) / 10);
  type TimeRow = (typeof national)[number];
  const timesOf = (code: string, name: string, r: TimeRow | undefined) => ({
    code,
    name,
    approved: r?.approved ?? 0,
    firstCommitment: { needs: r?.firstNeeds ?? 0, medianHours: round(r?.firstMedian ?? null) },
    met: { needs: r?.metNeeds ?? 0, medianHours: round(r?.metMedian ?? null) },
  });
  return {
    byMonth: months.map((m) => ({ month: m, asked: askedBy.get(m) ?? 0, met: metBy.get(m) ?? 0 })),
    times: [
      timesOf('US', 'United States', national[0]),
      ...byState.map((r) => timesOf(r.state, stateName(r.state) ?? r.state, r)).sort((a, b) => a.name.localeCompare(b.name, 'en')),
    ],
  };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;
const hours = (from: Date | null, to: Date | null) =>
  from && to ? Math.round(((to.getTime() - from.getTime()) / (HOUR_SECONDS * 1000)) * 10) / 10 : null;

/**
 * Every need as CSV for admins, newest first: its place (town, state, ZIP: never an address), who asked as what
 * (the agency for a caseworker; nobody's name or address), status and times, outcome, and what was asked and
 * committed. Text is written as the asker wrote it; the CSV writer keeps a formula from running.
 */
export async function needsCsv(db: Db): Promise<string> {
  const rows = await db
    .select()
    .from(need)
    .orderBy(sql`${need.createdAt} desc`, sql`${need.id} desc`);
  const asked = await db
    .select({
      needId: needItem.needId,
      items: sql<number>`count(*)::int`,
      units: sql<number>`coalesce(sum(${needItem.quantity}), 0)::int`,
      value: sql<number>`coalesce(sum(${needItem.quantity} * ${needItem.unitValue}), 0)::int`,
    })
    .from(needItem)
    .groupBy(needItem.needId);
  const committed = await db
    .select({
      needId: needCommitment.needId,
      commitments: sql<number>`count(*)::int`,
      units: sql<number>`coalesce(sum(${needCommitment.quantity}), 0)::int`,
      value: sql<number>`coalesce(sum(${needCommitment.quantity} * ${needItem.unitValue}), 0)::int`,
      churches: sql<number>`count(distinct ${respondingChurchId})::int`,
    })
    .from(needCommitment)
    .innerJoin(needItem, eq(needItem.id, needCommitment.itemId))
    .where(countedCommitment)
    .groupBy(needCommitment.needId);
  const askedBy = new Map(asked.map((r) => [r.needId, r]));
  const committedBy = new Map(committed.map((r) => [r.needId, r]));
  const header = [
    'id',
    'status',
    'kind',
    'urgency',
    'title',
    'city',
    'state',
    'zip',
    'asked_as',
    'agency',
    'created_at',
    'approved_at',
    'first_commitment_at',
    'fully_committed_at',
    'closed_at',
    'hours_to_first_commitment',
    'hours_to_met',
    'outcome',
    'close_reason',
    'children_served',
    'items',
    'units_asked',
    'value_asked',
    'commitments',
    'units_committed',
    'value_committed',
    'churches_responded',
  ];
  const body: CsvCell[][] = rows.map((n) => {
    const a = askedBy.get(n.id);
    const c = committedBy.get(n.id);
    return [
      n.id,
      n.status,
      n.kind,
      n.urgency,
      n.title,
      n.city,
      n.state,
      n.zip,
      n.askedAs,
      n.agency,
      iso(n.createdAt),
      iso(n.approvedAt),
      iso(n.firstCommitmentAt),
      iso(n.fullyCommittedAt),
      iso(n.closedAt),
      hours(n.approvedAt, n.firstCommitmentAt),
      hours(n.approvedAt, n.fullyCommittedAt),
      n.outcome,
      n.closeReason,
      n.childrenServed,
      a?.items ?? 0,
      a?.units ?? 0,
      a?.value ?? 0,
      c?.commitments ?? 0,
      c?.units ?? 0,
      c?.value ?? 0,
      c?.churches ?? 0,
    ];
  });
  return toCsv(header, body);
}

export const needsCsvFileName = (at: Date) => `needs-${at.toISOString().slice(0, 10)}.csv`;
