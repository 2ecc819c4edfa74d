import fs from 'node:fs';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ADMIN_ACTIONS, type AdminStatesResponse } from '../../shared/admin';
import type { StateStatUpdate, NetworkFigures, StateStat, StatesResponse } from '../../shared/state-stat';
import {
  isStatCode,
  NATIONAL_CODE,
  NETWORK_FIGURES_MIN_MEMBERS,
  NETWORK_GOAL,
  networkTarget,
  STATES_TOPIC,
  US_STATES,
  type StatCode,
} from '../../shared/states';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { DbDeps } from '../deps';
import { recordActivity, type Actor } from '../activity';
import { profile, stateStat, user } from '../db/schema';
import type { LivePublisher } from '../live';
import type { Logger } from '../logger';
import { AppError } from '../http/errors';
import { later } from '../i18n';
import { activeChurchesByState, networkFiguresByState } from '../churches';

// The shipped copy of ../shared/data/foster-care-by-state.json: the app must start without that folder.
const DATA_FILE = new URL('./foster-care-by-state.json', import.meta.url);

const dataFileSchema = z.object({
  national: z.object({ name: z.string(), childrenInFosterCare: z.number().int().nonnegative() }),
  source: z.string(),
  /** Who counted and the year the counts are for, printed beside each figure ("AFCARS FY2021"). */
  countSource: z.string().min(1),
  countYear: z.number().int(),
  states: z
    .array(
      z.object({
        code: z.string().refine(isStatCode),
        name: z.string().min(1),
        childrenInFosterCare: z.number().int().nonnegative().nullable(),
        sourceFactSheet: z.url().nullable(),
      }),
    )
    .length(US_STATES.length),
});

type DataFile = z.output<typeof dataFileSchema>;
let cachedData: DataFile | undefined;

function seedData(): DataFile {
  cachedData ??= dataFileSchema.parse(JSON.parse(fs.readFileSync(DATA_FILE, 'utf8')));
  return cachedData;
}

/**
 * How the map and the sheets cite the counts. No edition: an admin may replace a state's figure with a
 * newer sheet's, and each state's own link names the sheet it comes from.
 */
export const COUNTS_SOURCE = /*i18n*/ 'Casey Family Programs state fact sheets (AFCARS counts of children and youth in foster care).';

/**
 * Adds the rows that are missing (the 50 states, DC and the national row) from the shipped data file.
 * Rows already there are left alone, so an admin's corrections survive restarts. Safe to run from
 * several instances at once.
 */
export async function seedStateStats(db: Db): Promise<{ inserted: number }> {
  const data = seedData();
  const rows = [
    {
      code: NATIONAL_CODE,
      name: data.national.name,
      childrenInFosterCare: data.national.childrenInFosterCare,
      sourceUrl: null,
      countSource: data.countSource,
      countYear: data.countYear,
    },
    ...data.states.map((s) => ({
      code: s.code,
      name: s.name,
      childrenInFosterCare: s.childrenInFosterCare,
      sourceUrl: s.sourceFactSheet,
      countSource: data.countSource,
      countYear: data.countYear,
    })),
  ];
  const inserted = await db.insert(stateStat).values(rows).onConflictDoNothing().returning({ code: stateStat.code });
  return { inserted: inserted.length };
}

const NO_MEMBERS: NetworkFigures = { members: 0, fosterFamilies: 0, fosterChildren: 0 };

/**
 * Members with a saved profile, per state on their profile ('NONE' included): where the members live, for the
 * admin's overview. The public figures are the churches' (networkFiguresByState).
 */
export async function membersByState(db: Db): Promise<Map<string, NetworkFigures>> {
  const rows = await db
    .select({
      state: profile.state,
      members: sql<number>`count(*)::int`,
      fosterFamilies: sql<number>`(count(*) filter (where ${profile.fosterParent} = 'Yes'))::int`,
      fosterChildren: sql<number>`coalesce(sum(${profile.numberOfFosterKids}), 0)::int`,
    })
    .from(profile)
    .where(isNotNull(profile.savedAt))
    .groupBy(profile.state);
  return new Map(rows.map((r) => [r.state, { members: r.members, fosterFamilies: r.fosterFamilies, fosterChildren: r.fosterChildren }]));
}

function total(figures: Iterable<NetworkFigures>): NetworkFigures {
  const sum = { ...NO_MEMBERS };
  for (const f of figures) {
    sum.members += f.members;
    sum.fosterFamilies += f.fosterFamilies;
    sum.fosterChildren += f.fosterChildren;
  }
  return sum;
}

function sum(counts: Iterable<number>): number {
  let n = 0;
  for (const count of counts) n += count;
  return n;
}

type StateStatRow = typeof stateStat.$inferSelect;

/** Who reads: `exact` for an admin (whose session passed a second factor), else small figures are hidden. */
export type Audience = { exact: boolean };

function toStateStat(row: StateStatRow, network: NetworkFigures, churches: number, audience: Audience): StateStat {
  return {
    code: row.code as StatCode,
    name: row.name,
    count: row.childrenInFosterCare,
    target: networkTarget(row.childrenInFosterCare),
    sourceUrl: row.sourceUrl,
    countSource: row.countSource,
    countYear: row.countYear,
    updatedAt: row.updatedAt.toISOString(),
    network: audience.exact || network.members >= NETWORK_FIGURES_MIN_MEMBERS ? network : null,
    churches,
  };
}

/** GET /api/states: every state's count and target, the national row, and what the network does in each. */
export async function listStates(deps: DbDeps, audience: Audience): Promise<StatesResponse> {
  const { db } = deps.database;
  const [rows, network, churches] = await Promise.all([db.select().from(stateStat), networkFiguresByState(db), activeChurchesByState(db)]);
  const national = rows.find((r) => r.code === NATIONAL_CODE);
  if (!national) throw new AppError('UNAVAILABLE', /*i18n*/ 'The per-state figures are not loaded yet.');
  const states = rows
    .filter((r) => r.code !== NATIONAL_CODE)
    .sort((a, b) => a.name.localeCompare(b.name, 'en'))
    .map((r) => toStateStat(r, network.get(r.code) ?? NO_MEMBERS, churches.get(r.code) ?? 0, audience));
  return {
    national: toStateStat(national, total(network.values()), sum(churches.values()), audience),
    states,
    goal: NETWORK_GOAL,
    source: COUNTS_SOURCE,
  };
}

/**
 * One state's (or, for 'US', the nation's) figures, and whether an admin has changed them since they were
 * loaded; null for a code we do not know.
 */
export async function getStateStat(
  deps: DbDeps,
  { code, audience }: { code: string; audience: Audience },
): Promise<{ stat: StateStat; isEdited: boolean } | null> {
  const { db } = deps.database;
  if (!isStatCode(code)) return null;
  const [row] = await db.select().from(stateStat).where(eq(stateStat.code, code));
  if (!row) return null;
  const [network, churches] = await Promise.all([networkFiguresByState(db), activeChurchesByState(db)]);
  const figures = code === NATIONAL_CODE ? total(network.values()) : (network.get(code) ?? NO_MEMBERS);
  const churchCount = code === NATIONAL_CODE ? sum(churches.values()) : (churches.get(code) ?? 0);
  return { stat: toStateStat(row, figures, churchCount, audience), isEdited: row.updatedBy !== null };
}

type UpdateDeps = { database: { db: Db }; clock: Clock; logger: Logger; live: LivePublisher };

/**
 * An admin corrects a count (null = "not available"), its link, or who counted and for which year. Records who and when, and writes the
 * change (before and after) to the admin activity log in the same transaction; the next GET /api/states
 * and fact sheet carry it (their ETags follow the data).
 */
export async function updateStateStat(
  deps: UpdateDeps,
  { actor: admin, code, input }: { actor: Actor & { uid: string }; code: string; input: StateStatUpdate },
): Promise<StateStat> {
  const { db } = deps.database;
  if (!isStatCode(code)) throw new AppError('NOT_FOUND', later(/*i18n*/ 'No state uses the code {code}.', { code }));
  const now = deps.clock.now();
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(stateStat).where(eq(stateStat.code, code)).for('update');
    if (!before) throw new AppError('NOT_FOUND', later(/*i18n*/ 'No figures are stored for {code}.', { code }));
    await tx
      .update(stateStat)
      .set({
        childrenInFosterCare: input.count,
        sourceUrl: input.sourceUrl,
        countSource: input.countSource,
        countYear: input.countYear,
        updatedAt: now,
        updatedBy: admin.uid,
      })
      .where(eq(stateStat.code, code));
    await recordActivity(
      { db: tx, live: deps.live },
      {
        actor: admin,
        action: ADMIN_ACTIONS.stateEdited,
        target: code,
        details: {
          name: before.name,
          before: {
            count: before.childrenInFosterCare,
            sourceUrl: before.sourceUrl,
            countSource: before.countSource,
            countYear: before.countYear,
          },
          after: { count: input.count, sourceUrl: input.sourceUrl, countSource: input.countSource, countYear: input.countYear },
        },
        at: now,
      },
    );
    await deps.live.publish(tx, { topic: STATES_TOPIC, kind: 'updated', id: code });
  });
  deps.logger.info('state count updated', { code, count: input.count, by: admin.uid });
  const updated = await getStateStat(deps, { code, audience: { exact: true } });
  if (!updated) throw new AppError('NOT_FOUND');
  return updated.stat;
}

/** GET /api/admin/states: every row (the national one first) with whether and by whom it was edited. */
export async function listAdminStates(deps: DbDeps): Promise<AdminStatesResponse> {
  const { db } = deps.database;
  const { national, states } = await listStates(deps, { exact: true });
  const edits = await db
    .select({ code: stateStat.code, updatedBy: stateStat.updatedBy, email: user.email })
    .from(stateStat)
    .leftJoin(user, eq(user.id, stateStat.updatedBy));
  const editOf = new Map(edits.map((e) => [e.code, e]));
  return {
    states: [national, ...states].map((stat) => {
      const edit = editOf.get(stat.code);
      return { ...stat, isEdited: edit?.updatedBy != null, updatedByEmail: edit?.email ?? null };
    }),
  };
}
