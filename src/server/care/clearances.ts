import { and, asc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_ACTIONS, type AdminAction } from '../../shared/admin';
import {
  CLEARANCE_DATE_FUTURE,
  CLEARANCE_MEMBER_NOT_FOUND,
  CLEARANCE_NO_AGREEMENT,
  CLEARANCE_NOT_OWN,
  CLEARANCE_PAGE_SIZE,
  CLEARANCE_RECORD_NOT_FOUND,
  CLEARANCE_RECORDERS_ONLY,
  CLEARANCE_REQUIREMENT_NOT_FOUND,
  type AdminClearanceList,
  type ChurchClearances,
  type ClearanceRequirement,
  type ClearanceRequirementPatch,
  type ClearanceStatus,
  type MemberClearances,
  type MyClearances,
} from '../../shared/clearances';
import { displayNameOf } from '../../shared/member-name';
import { recordActivity } from '../activity';
import { requireKeeper, type Keeper } from '../churches';
import { wordsIn } from '../../shared/i18n/content-language';
import type { Locale } from '../../shared/i18n/locale';
import type { Db, Tx } from '../db/client';
import {
  careTeam,
  careTeamMember,
  church,
  churchMember,
  churchPointPerson,
  clearanceRecord,
  clearanceRequirement,
  profile,
  user,
} from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import type { SessionUser } from '../http/session';
import { clearancesOf, clearanceStateOf, clearanceToday, clearedFor, type ClearanceState } from './access';
import { addMonths } from './recurrence';
import { CLEARANCES_TOPIC, careTeamTopic, myCareTeamsTopic } from './store';

// Clearances (issue 27, decision 041): the admins' requirements, members' records (a status and dates, never a
// check's content, an SSN or a document), kept by an admin or a point person of the member's church, and the
// member's own acceptance of the confidentiality agreement. A record decides what its member may see and claim on
// their teams (access.ts), so every change announces itself to those teams as well as to the admins.

type Deps = Pick<AppDeps, 'database' | 'clock' | 'live'>;
type RequirementRow = typeof clearanceRequirement.$inferSelect;
type RecordRow = typeof clearanceRecord.$inferSelect;
type RequirementFields = {
  name: string;
  nameEs: string | null;
  kind: RequirementRow['kind'];
  description: string;
  descriptionEs: string | null;
  validMonths: number;
  requiredFor: string[];
};

/** Who records: the member asking, and whether this session acts as an admin (past the second factor). */
export type Recorder = Keeper;

const toRequirement = (q: RequirementRow): ClearanceRequirement => ({
  id: q.id,
  name: q.name,
  nameEs: q.nameEs,
  kind: q.kind,
  description: q.description,
  descriptionEs: q.descriptionEs,
  validMonths: q.validMonths,
  requiredFor: q.requiredFor,
  archived: q.archivedAt !== null,
});

/** An admin's change, in the activity log within its own transaction. */
function logged(
  deps: Pick<Deps, 'live'>,
  tx: Tx,
  { who, ...entry }: { who: SessionUser; action: AdminAction; target: string; details: Record<string, unknown>; at: Date },
) {
  return recordActivity({ db: tx, live: deps.live }, { actor: { uid: who.id, email: who.email }, ...entry });
}

// ---- Requirements (admins) ----

export async function listRequirements(deps: Pick<Deps, 'database'>): Promise<ClearanceRequirement[]> {
  const rows = await deps.database.db
    .select()
    .from(clearanceRequirement)
    .orderBy(sql`${clearanceRequirement.archivedAt} is not null`, asc(clearanceRequirement.id));
  return rows.map(toRequirement);
}

/**
 * Every team whose members' access may have changed: a requirement's change moves everyone's, a record's only its
 * member's (`uid`). Their pages refetch what they show (the details, what may be claimed).
 */
async function announce(deps: Pick<Deps, 'live'>, tx: Tx, { id, uid }: { id: string; uid?: string }) {
  await deps.live.publish(tx, { topic: CLEARANCES_TOPIC, kind: 'updated', id });
  const teams = await tx
    .selectDistinct({ id: careTeam.id })
    .from(careTeam)
    .leftJoin(careTeamMember, eq(careTeamMember.teamId, careTeam.id))
    .where(and(ne(careTeam.status, 'ended'), uid === undefined ? undefined : eq(careTeamMember.uid, uid)));
  for (const team of teams) await deps.live.publish(tx, { topic: careTeamTopic(team.id), kind: 'updated', id: String(team.id) });
  if (uid !== undefined) await deps.live.publish(tx, { topic: myCareTeamsTopic(uid), kind: 'updated', id: uid });
}

export async function createRequirement(
  deps: Deps,
  { who, input }: { who: SessionUser; input: RequirementFields },
): Promise<ClearanceRequirement> {
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(clearanceRequirement)
      .values({ ...input, createdAt: now })
      .returning();
    await logged(deps, tx, {
      who: who,
      action: ADMIN_ACTIONS.clearanceRequirementCreated,
      target: row!.name,
      details: { requirement: row!.id, ...input },
      at: now,
    });
    await announce(deps, tx, { id: `requirement:${row!.id}` });
    return toRequirement(row!);
  });
}

export async function updateRequirement(
  deps: Deps,
  { who, id, input }: { who: SessionUser; id: number; input: Partial<RequirementFields> & Pick<ClearanceRequirementPatch, 'archived'> },
): Promise<ClearanceRequirement> {
  const now = deps.clock.now();
  const { archived, ...fields } = input;
  return deps.database.db.transaction(async (tx) => {
    const [before] = await tx.select().from(clearanceRequirement).where(eq(clearanceRequirement.id, id)).for('update');
    if (!before) throw new AppError('NOT_FOUND', CLEARANCE_REQUIREMENT_NOT_FOUND);
    const archivedAt = archived === undefined ? before.archivedAt : archived ? (before.archivedAt ?? now) : null;
    const [row] = await tx
      .update(clearanceRequirement)
      .set({ ...fields, archivedAt })
      .where(eq(clearanceRequirement.id, id))
      .returning();
    await logged(deps, tx, {
      who: who,
      action: ADMIN_ACTIONS.clearanceRequirementEdited,
      target: row!.name,
      details: { requirement: id, ...input },
      at: now,
    });
    await announce(deps, tx, { id: `requirement:${id}` });
    return toRequirement(row!);
  });
}

// ---- Members' states ----

/** Each member's state of every requirement in force, read in two queries whatever the number of members. */
async function statesOf(db: Db | Tx, uids: string[], today: string, locale: Locale): Promise<Map<string, ClearanceState[]>> {
  const byUid = new Map<string, ClearanceState[]>(uids.map((uid) => [uid, []]));
  if (uids.length === 0) return byUid;
  const requirements = await db
    .select()
    .from(clearanceRequirement)
    .where(isNull(clearanceRequirement.archivedAt))
    .orderBy(asc(clearanceRequirement.id));
  const records = await db.select().from(clearanceRecord).where(inArray(clearanceRecord.uid, uids));
  const recordOf = new Map<string, RecordRow>(records.map((r) => [`${r.uid}/${r.requirementId}`, r]));
  for (const uid of uids) {
    byUid.set(
      uid,
      requirements.map((q) => clearanceStateOf(q, recordOf.get(`${uid}/${q.id}`) ?? null, today, locale)),
    );
  }
  return byUid;
}

/** Names and confirmed churches of members, in the order given. Only these columns: nothing private is read. */
async function membersWithStates(db: Db | Tx, uids: string[], today: string, locale: Locale): Promise<MemberClearances[]> {
  if (uids.length === 0) return [];
  const people = await db
    .select({
      uid: user.id,
      firstName: profile.firstName,
      lastName: profile.lastName,
      churchId: church.id,
      churchName: church.name,
    })
    .from(user)
    .leftJoin(profile, eq(profile.uid, user.id))
    .leftJoin(churchMember, and(eq(churchMember.uid, user.id), eq(churchMember.status, 'confirmed')))
    .leftJoin(church, eq(church.id, churchMember.churchId))
    .where(inArray(user.id, uids));
  const byUid = new Map(people.map((p) => [p.uid, p]));
  const states = await statesOf(db, uids, today, locale);
  return uids.flatMap((uid) => {
    const p = byUid.get(uid);
    if (!p) return [];
    return [
      {
        uid,
        name: displayNameOf({ isDeleted: false, firstName: p.firstName, lastName: p.lastName }).name,
        church: p.churchId === null || p.churchName === null ? null : { id: p.churchId, name: p.churchName },
        clearances: states.get(uid)!,
      },
    ];
  });
}

/** Members who have at least one requirement in force in this state, as of `today`. */
function inState(status: ClearanceStatus, today: string): SQL {
  const record = (condition: SQL) =>
    sql`exists (select 1 from ${clearanceRecord} r join ${clearanceRequirement} q on q.id = r.requirement_id
      where r.uid = ${user.id} and q.archived_at is null and ${condition})`;
  switch (status) {
    case 'missing':
      return sql`exists (select 1 from ${clearanceRequirement} q where q.archived_at is null and not exists
        (select 1 from ${clearanceRecord} r where r.uid = ${user.id} and r.requirement_id = q.id))`;
    case 'expired':
      return record(sql`r.status = 'cleared' and r.expires_on < ${today}`);
    case 'cleared':
      return record(sql`r.status = 'cleared' and (r.expires_on is null or r.expires_on >= ${today})`);
    default:
      return record(sql`r.status = ${status}`);
  }
}

/**
 * The admin's list: members with any clearance record or on any care team (whatever their status on it), by name;
 * searched by words of the name, narrowed to one state of any requirement, a page at a time.
 */
export async function listMemberClearances(
  deps: Pick<Deps, 'database' | 'clock'>,
  query: { q?: string | undefined; status?: ClearanceStatus | undefined; page: number },
  locale: Locale = 'en',
): Promise<AdminClearanceList> {
  const db = deps.database.db;
  const today = clearanceToday(deps.clock.now());
  const words = (query.q ?? '').split(' ').filter(Boolean);
  const where = and(
    or(
      sql`exists (select 1 from ${clearanceRecord} r where r.uid = ${user.id})`,
      sql`exists (select 1 from ${careTeamMember} m where m.uid = ${user.id})`,
    ),
    ...words.map(
      (w) =>
        sql`(coalesce(${profile.firstName}, '') || ' ' || coalesce(${profile.lastName}, '')) ilike ${`%${w.replace(/[\\%_]/g, '\\$&')}%`}`,
    ),
    query.status ? inState(query.status, today) : undefined,
  );
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(user)
    .leftJoin(profile, eq(profile.uid, user.id))
    .where(where);
  const pages = Math.max(1, Math.ceil(total / CLEARANCE_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const rows = await db
    .select({ uid: user.id })
    .from(user)
    .leftJoin(profile, eq(profile.uid, user.id))
    .where(where)
    .orderBy(sql`lower(coalesce(${profile.lastName}, ''))`, sql`lower(coalesce(${profile.firstName}, ''))`, asc(user.id))
    .limit(CLEARANCE_PAGE_SIZE)
    .offset((page - 1) * CLEARANCE_PAGE_SIZE);
  return {
    members: await membersWithStates(
      db,
      rows.map((r) => r.uid),
      today,
      locale,
    ),
    page,
    pages,
    total,
  };
}

/** A church's confirmed members and their states, for its point persons and admins (requireKeeper decides). */
export async function churchClearances(
  deps: Pick<Deps, 'database' | 'clock'>,
  keeper: Keeper,
  churchId: number,
  locale: Locale = 'en',
): Promise<ChurchClearances> {
  const row = await requireKeeper(deps, keeper, churchId);
  const db = deps.database.db;
  const members = await db
    .select({ uid: churchMember.uid })
    .from(churchMember)
    .innerJoin(profile, eq(profile.uid, churchMember.uid))
    .where(and(eq(churchMember.churchId, churchId), eq(churchMember.status, 'confirmed'), isNull(profile.suspendedAt)))
    .orderBy(sql`lower(coalesce(${profile.lastName}, ''))`, sql`lower(coalesce(${profile.firstName}, ''))`, asc(churchMember.uid));
  return {
    church: { id: row.id, name: row.name },
    members: await membersWithStates(
      db,
      members.map((m) => m.uid),
      clearanceToday(deps.clock.now()),
      locale,
    ),
  };
}

// ---- Records ----

/**
 * Whether this recorder may keep this member's records: an admin, or a point person of the church the member is a
 * confirmed member of; never one's own (someone else vouches for a clearance). 403 for anyone else, whether the
 * account exists or not; 404 for an admin naming an account that does not exist.
 */
async function requireRecorder(tx: Tx, { who, asAdmin }: Recorder, uid: string): Promise<{ name: string }> {
  const [member] = await tx
    .select({ uid: user.id, firstName: profile.firstName, lastName: profile.lastName })
    .from(user)
    .leftJoin(profile, eq(profile.uid, user.id))
    .where(eq(user.id, uid));
  if (!asAdmin) {
    if (uid === who.id) throw new AppError('FORBIDDEN', CLEARANCE_NOT_OWN);
    const [keeps] = await tx
      .select({ churchId: churchMember.churchId })
      .from(churchMember)
      .innerJoin(church, eq(church.id, churchMember.churchId))
      .innerJoin(churchPointPerson, and(eq(churchPointPerson.churchId, churchMember.churchId), eq(churchPointPerson.uid, who.id)))
      .where(and(eq(churchMember.uid, uid), eq(churchMember.status, 'confirmed'), ne(church.status, 'archived')));
    if (!keeps) throw new AppError('FORBIDDEN', CLEARANCE_RECORDERS_ONLY);
  }
  if (!member) throw new AppError('NOT_FOUND', CLEARANCE_MEMBER_NOT_FOUND);
  return { name: displayNameOf({ isDeleted: false, ...member }).name };
}

/** Writes a member's record, new or replacing the one before; its expiry notices are to be sent again. */
async function saveRecord(
  tx: Tx,
  key: { uid: string; requirementId: number },
  values: Pick<RecordRow, 'status' | 'completedOn' | 'expiresOn' | 'verifiedBy' | 'recordedAt'>,
) {
  const row = { ...values, expiringNoticeAt: null, expiredNoticeAt: null };
  await tx
    .insert(clearanceRecord)
    .values({ ...key, ...row })
    .onConflictDoUpdate({ target: [clearanceRecord.uid, clearanceRecord.requirementId], set: row });
}

async function requirementInForce(tx: Tx, id: number): Promise<RequirementRow> {
  const [row] = await tx
    .select()
    .from(clearanceRequirement)
    .where(and(eq(clearanceRequirement.id, id), isNull(clearanceRequirement.archivedAt)));
  if (!row) throw new AppError('NOT_FOUND', CLEARANCE_REQUIREMENT_NOT_FOUND);
  return row;
}

async function oneMember(db: Db | Tx, uid: string, today: string, locale: Locale): Promise<MemberClearances> {
  const [member] = await membersWithStates(db, [uid], today, locale);
  return member!;
}

/**
 * Records a member's clearance: its status and dates, who verified it, when. A cleared record's expiry date
 * defaults to the completion date plus the requirement's months; a renewed record's notices are sent again for
 * its new expiry date. An admin's record is in the activity log.
 */
export async function recordClearance(
  deps: Deps,
  recorder: Recorder,
  {
    uid,
    requirementId,
    input,
  }: {
    uid: string;
    requirementId: number;
    input: { status: RecordRow['status']; completedOn?: string | null | undefined; expiresOn?: string | null | undefined };
  },
  locale: Locale = 'en',
): Promise<MemberClearances> {
  const now = deps.clock.now();
  const today = clearanceToday(now);
  if (input.completedOn && input.completedOn > today) {
    throw new AppError('VALIDATION', undefined, { completedOn: CLEARANCE_DATE_FUTURE });
  }
  return deps.database.db.transaction(async (tx) => {
    const member = await requireRecorder(tx, recorder, uid);
    const requirement = await requirementInForce(tx, requirementId);
    const completedOn = input.completedOn ?? null;
    const expiresOn =
      input.status === 'cleared' && completedOn ? (input.expiresOn ?? addMonths(completedOn, requirement.validMonths)) : null;
    await saveRecord(
      tx,
      { uid, requirementId },
      { status: input.status, completedOn, expiresOn, verifiedBy: recorder.who.id, recordedAt: now },
    );
    if (recorder.asAdmin) {
      await logged(deps, tx, {
        who: recorder.who,
        action: ADMIN_ACTIONS.clearanceRecorded,
        target: `${member.name}: ${requirement.name}`,
        details: { uid, requirement: requirementId, status: input.status, completedOn, expiresOn },
        at: now,
      });
    }
    await announce(deps, tx, { id: uid, uid });
    return oneMember(tx, uid, today, locale);
  });
}

/** Removes a member's record of a requirement (it counts as not started again). */
export async function removeClearance(
  deps: Deps,
  recorder: Recorder,
  { uid, requirementId }: { uid: string; requirementId: number },
  locale: Locale = 'en',
): Promise<MemberClearances> {
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    const member = await requireRecorder(tx, recorder, uid);
    const requirement = await requirementInForce(tx, requirementId);
    const gone = await tx
      .delete(clearanceRecord)
      .where(and(eq(clearanceRecord.uid, uid), eq(clearanceRecord.requirementId, requirementId)))
      .returning({ uid: clearanceRecord.uid });
    if (gone.length === 0) throw new AppError('NOT_FOUND', CLEARANCE_RECORD_NOT_FOUND);
    if (recorder.asAdmin) {
      await logged(deps, tx, {
        who: recorder.who,
        action: ADMIN_ACTIONS.clearanceRemoved,
        target: `${member.name}: ${requirement.name}`,
        details: { uid, requirement: requirementId },
        at: now,
      });
    }
    await announce(deps, tx, { id: uid, uid });
    return oneMember(tx, uid, clearanceToday(now), locale);
  });
}

// ---- The member's own ----

/** The member's page: each requirement in force with its text, and what their roles on their teams still need. */
export async function myClearances(
  deps: Pick<Deps, 'database' | 'clock'>,
  uid: string,
  locale: Locale = 'en',
  db: Db | Tx = deps.database.db,
): Promise<MyClearances> {
  const states = await clearancesOf(db, uid, clearanceToday(deps.clock.now()), locale);
  const texts = await db
    .select({
      id: clearanceRequirement.id,
      description: clearanceRequirement.description,
      descriptionEs: clearanceRequirement.descriptionEs,
    })
    .from(clearanceRequirement)
    .where(isNull(clearanceRequirement.archivedAt));
  // What it is (the agreement's text the member accepts) in their language, when the admins wrote it in Spanish.
  const textOf = new Map(texts.map((t) => [t.id, wordsIn(locale, t.description, t.descriptionEs)]));
  const teams = await db
    .select({ teamId: careTeam.id, name: careTeam.name, role: careTeamMember.role })
    .from(careTeamMember)
    .innerJoin(careTeam, eq(careTeam.id, careTeamMember.teamId))
    .where(and(eq(careTeamMember.uid, uid), ne(careTeamMember.role, 'family'), ne(careTeam.status, 'ended')))
    .orderBy(asc(careTeam.name), asc(careTeam.id));
  return {
    clearances: states.map((s) => ({ ...s, description: textOf.get(s.requirementId) ?? '' })),
    details: clearedFor(states, 'details'),
    teams: teams.map((t) => ({ ...t, ...clearedFor(states, t.role) })),
  };
}

/**
 * The member accepts the confidentiality agreement (every agreement in force): cleared today, for its months,
 * verified by the member themselves. Accepting again renews it. A confirmed address first, as for joining a team.
 */
export async function acceptAgreement(deps: Deps, who: SessionUser, locale: Locale = 'en'): Promise<MyClearances> {
  if (!who.emailVerified)
    throw new AppError('EMAIL_UNVERIFIED', /*i18n*/ 'You can accept the agreement once you confirm your email address.');
  const now = deps.clock.now();
  const today = clearanceToday(now);
  return deps.database.db.transaction(async (tx) => {
    const agreements = await tx
      .select()
      .from(clearanceRequirement)
      .where(and(eq(clearanceRequirement.kind, 'agreement'), isNull(clearanceRequirement.archivedAt)));
    if (agreements.length === 0) throw new AppError('CONFLICT', CLEARANCE_NO_AGREEMENT);
    for (const q of agreements) {
      await saveRecord(
        tx,
        { uid: who.id, requirementId: q.id },
        { status: 'cleared', completedOn: today, expiresOn: addMonths(today, q.validMonths), verifiedBy: who.id, recordedAt: now },
      );
    }
    await announce(deps, tx, { id: who.id, uid: who.id });
    return myClearances(deps, who.id, locale, tx);
  });
}
