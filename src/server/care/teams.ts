import { and, count, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import { CARE_TEAM_NOT_FOUND, defaultTimeZone, type CareRole } from '../../shared/care';
import {
  CARE_TEAMS_MESSAGES,
  type CareTeamEditInput,
  type CareTeamPage,
  type CareTeamStartInput,
  type MyCareTeams,
} from '../../shared/care-teams';
import { careTeamEditSchema, careTeamStartSchema } from '../../shared/care-teams';
import type { Locale } from '../../shared/i18n/locale';
import { displayNameOf } from '../../shared/member-name';
import type { Db, Tx } from '../db/client';
import { church, churchMember, churchPointPerson, careClaim, careTask, careTeam, careTeamMember, profile, user } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import type { SessionUser } from '../http/session';
import { clearancesOf, clearanceToday, clearedFor, teamAccess, teamHead, type CareViewer } from './access';
import { i18nFor, localeOfUser } from '../i18n';
import { notifyCare } from './notify';
import { careTeamTopic, lockTeam, myCareTeamsTopic, type CareTeamRow } from './store';

// Care teams themselves (issue 27, part "teams"): a foster family starts its own team, or a church's point person
// starts one for a foster family of the church, who accepts or declines it; the team's page; its name, time zone
// and the family's practical details; ending it. Who may reach what is access.ts's teamAccess; each change is
// announced on the team's topic (its open pages) and on the members' own topics (their lists of teams).

export type CareDeps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'live' | 'outbox'>;

/** A person as the team's pages and mail name them. */
export type CarePerson = { uid: string; email: string; firstName: string; name: string; fosterParent: boolean };

/**
 * A member who may start, join or manage a team: a saved profile, not suspended, a confirmed address. Their name
 * goes to the team, and mail to them.
 */
export async function careActorOf(db: Db | Tx, who: SessionUser): Promise<CarePerson> {
  const [row] = await db
    .select({
      savedAt: profile.savedAt,
      suspendedAt: profile.suspendedAt,
      firstName: profile.firstName,
      lastName: profile.lastName,
      fosterParent: profile.fosterParent,
    })
    .from(profile)
    .where(eq(profile.uid, who.id));
  if (row?.suspendedAt) throw new AppError('ACCOUNT_SUSPENDED');
  if (!row?.savedAt) throw new AppError('NEEDS_PROFILE');
  if (!who.emailVerified) throw new AppError('EMAIL_UNVERIFIED', CARE_TEAMS_MESSAGES.confirmEmail);
  return { uid: who.id, email: who.email.toLowerCase(), ...namesOf(row), fosterParent: row.fosterParent === 'Yes' };
}

export function namesOf(row: { firstName: string | null; lastName: string | null }) {
  return { firstName: row.firstName?.trim() || 'there', name: displayNameOf({ isDeleted: false, ...row }).name };
}

/** The members of these uids who may be told things and act: a confirmed address, a saved profile, not suspended. */
export async function peopleOf(db: Db | Tx, uids: string[]): Promise<Map<string, CarePerson>> {
  if (uids.length === 0) return new Map();
  const rows = await db
    .select({
      uid: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      firstName: profile.firstName,
      lastName: profile.lastName,
      fosterParent: profile.fosterParent,
      savedAt: profile.savedAt,
      suspendedAt: profile.suspendedAt,
    })
    .from(user)
    .innerJoin(profile, eq(profile.uid, user.id))
    .where(inArray(user.id, uids));
  return new Map(
    rows
      .filter((r) => r.emailVerified && r.savedAt && !r.suspendedAt)
      .map((r) => [r.uid, { uid: r.uid, email: r.email.toLowerCase(), ...namesOf(r), fosterParent: r.fosterParent === 'Yes' }]),
  );
}

/** The viewer as care's routes pass it: the admin flag is an admin who passed the second factor. */
export const viewerOf = (who: SessionUser, admin: boolean): CareViewer => ({ uid: who.id, admin });

/** Tells a team's open pages and the members' own lists that something changed. */
export async function announce(deps: Pick<CareDeps, 'live'>, tx: Tx, teamId: number, uids: string[]): Promise<void> {
  await deps.live.publish(tx, { topic: careTeamTopic(teamId), kind: 'updated', id: String(teamId) });
  for (const uid of new Set(uids)) await deps.live.publish(tx, { topic: myCareTeamsTopic(uid), kind: 'updated', id: String(teamId) });
}

/** Every uid with a row on the team (any status): whose lists of teams change with the team. */
export async function everyoneOn(db: Db | Tx, teamId: number): Promise<string[]> {
  const rows = await db.select({ uid: careTeamMember.uid }).from(careTeamMember).where(eq(careTeamMember.teamId, teamId));
  return rows.map((r) => r.uid);
}

/** Changes to who is on a team need it to be active: a proposed team waits for the family, an ended one is over. */
export function requireActive(team: CareTeamRow): void {
  if (team.status !== 'active') throw new AppError('CONFLICT', CARE_TEAMS_MESSAGES.notActive);
}

/** Withdraws a member's claims on the team's tasks (they left or were removed): the calendar frees their places. */
export async function withdrawClaimsOf(tx: Tx, teamId: number, uid: string, now: Date): Promise<void> {
  const tasks = tx.select({ id: careTask.id }).from(careTask).where(eq(careTask.teamId, teamId));
  await tx
    .update(careClaim)
    .set({ withdrawnAt: now })
    .where(and(eq(careClaim.uid, uid), isNull(careClaim.withdrawnAt), inArray(careClaim.taskId, tasks)));
}

/** A family's team that has not ended (one at a time). */
async function liveTeamOf(db: Db | Tx, familyUid: string): Promise<number | null> {
  const [row] = await db
    .select({ id: careTeam.id })
    .from(careTeam)
    .where(and(eq(careTeam.familyUid, familyUid), ne(careTeam.status, 'ended')))
    .limit(1);
  return row?.id ?? null;
}

/** The active church a member said is theirs (claimed or confirmed), or null. */
async function churchOfMember(db: Db | Tx, uid: string): Promise<number | null> {
  const [row] = await db
    .select({ id: church.id })
    .from(churchMember)
    .innerJoin(church, eq(church.id, churchMember.churchId))
    .where(and(eq(churchMember.uid, uid), eq(church.status, 'active')));
  return row?.id ?? null;
}

/** A team's name when none is given, in the family's language (it is the family's team); they may rename it. */
const teamNameFor = (firstName: string, locale: Locale) => {
  const i18n = i18nFor(locale);
  return firstName === 'there' ? i18n._(/*i18n*/ 'Our care team') : i18n._(/*i18n*/ "{name}'s care team", { name: firstName });
};

/**
 * A new team for a family: named after the family's first name unless named, in the zone of the family's state
 * unless chosen. One team at a time: the family's account row is locked first, so two starts at once cannot both
 * get through. Gives back its id.
 */
async function insertTeam(
  tx: Tx,
  team: {
    familyUid: string;
    churchId: number | null;
    status: 'active' | 'proposed';
    startedBy: string;
    createdAt: Date;
    acceptedAt: Date | null;
  },
  input: { name: string | null; timeZone?: string | undefined },
  family: { firstName: string; locale: Locale },
): Promise<number> {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, team.familyUid)).for('update');
  if ((await liveTeamOf(tx, team.familyUid)) !== null) throw new AppError('CONFLICT', CARE_TEAMS_MESSAGES.familyHasTeam);
  const [place] = await tx.select({ state: profile.state }).from(profile).where(eq(profile.uid, team.familyUid));
  const [row] = await tx
    .insert(careTeam)
    .values({
      ...team,
      name: input.name ?? teamNameFor(family.firstName, family.locale),
      timeZone: input.timeZone ?? defaultTimeZone(place?.state ?? ''),
    })
    .returning({ id: careTeam.id });
  return row!.id;
}

/**
 * Starts a team. A foster family's own: active at once, in its church (if it has one), the time zone from its
 * state. A point person's for a family of their church: proposed, the point person its leader, the family told
 * (bell and mail) and asked to accept.
 */
export async function startCareTeam(
  deps: CareDeps,
  who: SessionUser,
  raw: CareTeamStartInput,
): Promise<{ id: number; status: 'proposed' | 'active' }> {
  const input = careTeamStartSchema.parse(raw);
  const db = deps.database.db;
  const me = await careActorOf(db, who);
  const now = deps.clock.now();
  const forFamily = input.familyUid ?? null;
  if (forFamily === null || forFamily === who.id) {
    if (!me.fosterParent) throw new AppError('FORBIDDEN', CARE_TEAMS_MESSAGES.notFosterParent);
    const churchId = await churchOfMember(db, who.id);
    return db.transaction(async (tx) => {
      const teamId = await insertTeam(
        tx,
        { familyUid: who.id, churchId, status: 'active', startedBy: who.id, createdAt: now, acceptedAt: now },
        input,
        { firstName: me.firstName, locale: who.locale ?? 'en' },
      );
      await tx.insert(careTeamMember).values({ teamId, uid: who.id, role: 'family', status: 'active', joinedAt: now });
      await announce(deps, tx, teamId, [who.id]);
      return { id: teamId, status: 'active' as const };
    });
  }

  // A point person, for a family of their church.
  const churchId = input.churchId ?? null;
  if (churchId === null) throw new AppError('VALIDATION', undefined, { churchId: /*i18n*/ 'Choose your church' });
  const [home] = await db.select().from(church).where(eq(church.id, churchId));
  const keeps =
    home?.status === 'active' &&
    (
      await db
        .select({ uid: churchPointPerson.uid })
        .from(churchPointPerson)
        .where(and(eq(churchPointPerson.churchId, churchId), eq(churchPointPerson.uid, who.id)))
    ).length > 0;
  if (!keeps) throw new AppError('FORBIDDEN', CARE_TEAMS_MESSAGES.notPointPerson);
  const family = (await peopleOf(db, [forFamily])).get(forFamily);
  const [belongs] = await db
    .select({ uid: churchMember.uid })
    .from(churchMember)
    .where(and(eq(churchMember.uid, forFamily), eq(churchMember.churchId, churchId), eq(churchMember.status, 'confirmed')));
  if (!family || !family.fosterParent || !belongs)
    throw new AppError('VALIDATION', CARE_TEAMS_MESSAGES.notFamilyOfChurch, { familyUid: CARE_TEAMS_MESSAGES.notFamilyOfChurch });
  return db.transaction(async (tx) => {
    const teamId = await insertTeam(
      tx,
      { familyUid: forFamily, churchId, status: 'proposed', startedBy: who.id, createdAt: now, acceptedAt: null },
      input,
      { firstName: family.firstName, locale: await localeOfUser(tx, forFamily) },
    );
    await tx.insert(careTeamMember).values([
      // The family is asked; the point person leads the team once the family says yes.
      { teamId, uid: forFamily, role: 'family', status: 'invited', invitedBy: who.id, invitedAt: now },
      { teamId, uid: who.id, role: 'leader', status: 'active', joinedAt: now, approvedBy: who.id },
    ]);
    await notifyCare(deps, tx, {
      teamId,
      recipients: [forFamily],
      actor: { uid: who.id, name: me.name },
      text: (i18n) => i18n._(/*i18n*/ 'started a care team for your family at {church}: accept or decline it', { church: home.name }),
      mail: (i18n) => ({
        subject: i18n._(/*i18n*/ '{name} started a care team for your family', { name: me.name }),
        paragraphs: [
          i18n._(/*i18n*/ 'Hello {name},', { name: family.firstName }),
          i18n._(
            /*i18n*/ '{name}, a point person of {church}, started a care team for your family on the Foster Care Network: a small circle of church members who bring meals, give rides and give you a rest, as you ask.',
            { name: me.name, church: home.name },
          ),
          i18n._(/*i18n*/ 'Nothing happens until you accept it. Open the team to accept or decline.'),
        ],
      }),
      now,
    });
    await announce(deps, tx, teamId, [forFamily, who.id]);
    return { id: teamId, status: 'proposed' as const };
  });
}

/** The family's answer to a team a point person started: accept (active) or decline (ended, the family off it). */
export async function answerProposal(deps: CareDeps, who: SessionUser, teamId: number, accept: boolean): Promise<void> {
  const me = await careActorOf(deps.database.db, who);
  const now = deps.clock.now();
  await deps.database.db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    const [mine] = await tx
      .select()
      .from(careTeamMember)
      .where(and(eq(careTeamMember.teamId, teamId), eq(careTeamMember.uid, who.id)));
    if (!mine || team.familyUid !== who.id) throw new AppError('NOT_FOUND', CARE_TEAM_NOT_FOUND);
    if (team.status !== 'proposed' || mine.status !== 'invited') throw new AppError('CONFLICT', CARE_TEAMS_MESSAGES.notProposed);
    const others = (await everyoneOn(tx, teamId)).filter((uid) => uid !== who.id);
    if (accept) {
      await tx.update(careTeam).set({ status: 'active', acceptedAt: now }).where(eq(careTeam.id, teamId));
      await tx
        .update(careTeamMember)
        .set({ status: 'active', joinedAt: now })
        .where(and(eq(careTeamMember.teamId, teamId), eq(careTeamMember.uid, who.id)));
    } else {
      await tx.update(careTeam).set({ status: 'ended', endedAt: now }).where(eq(careTeam.id, teamId));
      await tx.delete(careTeamMember).where(and(eq(careTeamMember.teamId, teamId), eq(careTeamMember.uid, who.id)));
    }
    await notifyCare(deps, tx, {
      teamId,
      recipients: others,
      actor: { uid: who.id, name: me.name },
      text: (i18n) => (accept ? i18n._(/*i18n*/ 'accepted the care team') : i18n._(/*i18n*/ 'declined the care team')),
      mail: (i18n) => ({
        subject: accept
          ? i18n._(/*i18n*/ '{name} accepted the care team “{team}”', { name: me.name, team: team.name })
          : i18n._(/*i18n*/ '{name} declined the care team “{team}”', { name: me.name, team: team.name }),
        paragraphs: accept
          ? [i18n._(/*i18n*/ '{name} accepted the care team you started. You can invite helpers now.', { name: me.name })]
          : [
              i18n._(/*i18n*/ '{name} declined the care team you started. It has ended; nothing of it is shown to anyone.', {
                name: me.name,
              }),
            ],
      }),
      now,
    });
    await announce(deps, tx, teamId, [who.id, ...others]);
  });
}

/** My teams, what waits for my answer, and what I may start. */
export async function myCareTeams(deps: CareDeps, who: SessionUser): Promise<MyCareTeams> {
  const db = deps.database.db;
  const rows = await db
    .select({ team: careTeam, role: careTeamMember.role, status: careTeamMember.status, churchName: church.name })
    .from(careTeamMember)
    .innerJoin(careTeam, eq(careTeam.id, careTeamMember.teamId))
    .leftJoin(church, eq(church.id, careTeam.churchId))
    .where(eq(careTeamMember.uid, who.id))
    .orderBy(careTeam.name);
  const familyNames = await firstNamesOf(
    db,
    rows.map((r) => r.team.familyUid),
  );
  const managed = rows.filter((r) => r.status === 'active' && (r.role === 'family' || r.role === 'leader')).map((r) => r.team.id);
  const waiting = new Map<number, number>();
  if (managed.length > 0) {
    const counted = await db
      .select({ teamId: careTeamMember.teamId, n: count() })
      .from(careTeamMember)
      .where(and(inArray(careTeamMember.teamId, managed), eq(careTeamMember.status, 'requested')))
      .groupBy(careTeamMember.teamId);
    for (const r of counted) waiting.set(r.teamId, r.n);
  }
  const startedBy = await namesByUid(
    db,
    rows.filter((r) => r.team.status === 'proposed' && r.role === 'family').map((r) => r.team.startedBy ?? ''),
  );
  const churchOf = (r: (typeof rows)[number]) =>
    r.team.churchId !== null && r.churchName ? { id: r.team.churchId, name: r.churchName } : null;
  const familyFirstName = (r: (typeof rows)[number]) => familyNames.get(r.team.familyUid) ?? 'The family';

  const teams = rows
    .filter((r) => r.team.status !== 'proposed' || r.role !== 'family')
    .filter((r) => r.status !== 'invited' && (r.status === 'active' || r.team.status === 'active'))
    .map((r) => ({
      id: r.team.id,
      name: r.team.name,
      status: r.team.status,
      familyFirstName: familyFirstName(r),
      church: churchOf(r),
      role: r.role,
      memberStatus: r.status,
      waitingApproval: waiting.get(r.team.id) ?? 0,
    }));
  const invitations = rows
    .filter((r) => r.status === 'invited' && r.role !== 'family' && r.team.status === 'active')
    .map((r) => ({ teamId: r.team.id, teamName: r.team.name, familyFirstName: familyFirstName(r), church: churchOf(r), role: r.role }));
  const proposals = rows
    .filter((r) => r.team.status === 'proposed' && r.role === 'family' && r.status === 'invited')
    .map((r) => ({
      teamId: r.team.id,
      teamName: r.team.name,
      church: churchOf(r),
      startedBy: startedBy.get(r.team.startedBy ?? '') ?? 'A point person',
    }));

  const [mine] = await db.select({ fosterParent: profile.fosterParent }).from(profile).where(eq(profile.uid, who.id));
  const mayStart = mine?.fosterParent === 'Yes' && (await liveTeamOf(db, who.id)) === null;
  return {
    teams,
    invitations,
    proposals,
    waitingApproval: [...waiting.values()].reduce((a, b) => a + b, 0),
    mayStart,
    churchesToStartFor: await churchesToStartFor(db, who.id),
  };
}

/** The active churches a member keeps, each with its confirmed foster families who have no team going. */
async function churchesToStartFor(db: Db, uid: string): Promise<MyCareTeams['churchesToStartFor']> {
  const kept = await db
    .select({ id: church.id, name: church.name })
    .from(churchPointPerson)
    .innerJoin(church, eq(church.id, churchPointPerson.churchId))
    .where(and(eq(churchPointPerson.uid, uid), eq(church.status, 'active')))
    .orderBy(church.name);
  if (kept.length === 0) return [];
  const families = await db
    .select({ churchId: churchMember.churchId, uid: churchMember.uid, firstName: profile.firstName, lastName: profile.lastName })
    .from(churchMember)
    .innerJoin(profile, eq(profile.uid, churchMember.uid))
    .innerJoin(user, eq(user.id, churchMember.uid))
    .leftJoin(careTeam, and(eq(careTeam.familyUid, churchMember.uid), ne(careTeam.status, 'ended')))
    .where(
      and(
        inArray(
          churchMember.churchId,
          kept.map((k) => k.id),
        ),
        eq(churchMember.status, 'confirmed'),
        eq(profile.fosterParent, 'Yes'),
        isNull(profile.suspendedAt),
        eq(user.emailVerified, true),
        isNull(careTeam.id),
      ),
    )
    .orderBy(profile.lastName, profile.firstName);
  return kept.map((k) => ({
    ...k,
    families: families.filter((f) => f.churchId === k.id).map((f) => ({ uid: f.uid, name: namesOf(f).name })),
  }));
}

async function firstNamesOf(db: Db | Tx, uids: string[]): Promise<Map<string, string>> {
  if (uids.length === 0) return new Map();
  const rows = await db
    .select({ uid: profile.uid, firstName: profile.firstName })
    .from(profile)
    .where(inArray(profile.uid, [...new Set(uids)]));
  return new Map(rows.filter((r) => r.firstName?.trim()).map((r) => [r.uid, r.firstName!.trim()]));
}

export async function namesByUid(db: Db | Tx, uids: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(uids.filter(Boolean))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ uid: profile.uid, firstName: profile.firstName, lastName: profile.lastName })
    .from(profile)
    .where(inArray(profile.uid, wanted));
  return new Map(rows.map((r) => [r.uid, namesOf(r).name]));
}

/** Whether a manager may approve, change or remove a member: the family anyone but itself; a leader not the family or leaders. */
export function mayManageMember(managerRole: CareRole | null, target: { role: CareRole; uid: string }, me: string): boolean {
  if (target.uid === me || target.role === 'family') return false;
  if (managerRole === 'family') return true;
  return managerRole === 'leader' && target.role !== 'leader';
}

/** A team's page: members, the family's details when the reader may see them, what the reader still needs. */
export async function careTeamPage(deps: CareDeps, viewer: CareViewer, teamId: number, locale: Locale = 'en'): Promise<CareTeamPage> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const access = await teamAccess(db, teamId, viewer, { pending: true, now });
  const { team } = access;
  const head = await teamHead(db, access);
  const inside = access.active || access.admin;
  const rows = inside
    ? await db
        .select({ uid: careTeamMember.uid, role: careTeamMember.role, status: careTeamMember.status })
        .from(careTeamMember)
        .where(
          access.mayManage || access.admin
            ? eq(careTeamMember.teamId, teamId)
            : and(eq(careTeamMember.teamId, teamId), eq(careTeamMember.status, 'active')),
        )
    : [];
  const names = await namesByUid(
    db,
    rows.map((r) => r.uid),
  );
  const today = clearanceToday(now);
  const myRole = access.mayManage ? access.membership!.role : null;
  const members = [];
  for (const r of rows) {
    const cleared = r.role === 'family' || clearedFor(await clearancesOf(db, r.uid, today), r.role).cleared;
    members.push({
      uid: r.uid,
      name: names.get(r.uid) ?? 'A member',
      role: r.role,
      status: r.status,
      cleared,
      isMe: r.uid === viewer.uid,
      mayManage: team.status === 'active' && mayManageMember(myRole, r, viewer.uid),
    });
  }
  // The family first, then leaders, then everyone else by name; those waiting last.
  const order: Record<string, number> = { family: 0, leader: 1 };
  const statusOrder: Record<string, number> = { active: 0, requested: 1, invited: 2 };
  members.sort(
    (a, b) =>
      statusOrder[a.status]! - statusOrder[b.status]! || (order[a.role] ?? 2) - (order[b.role] ?? 2) || a.name.localeCompare(b.name),
  );
  let stillNeeds: string[] = [];
  if (access.active && access.membership && access.membership.role !== 'family') {
    const states = await clearancesOf(db, viewer.uid, today, locale);
    stillNeeds = [...new Set([...clearedFor(states, access.membership.role).missing, ...clearedFor(states, 'details').missing])];
  }
  return {
    team: head,
    members,
    details:
      inside && access.seesDetails
        ? { address: team.address, food: team.food, bestTimes: team.bestTimes, childrenAges: team.childrenAges }
        : null,
    stillNeeds,
    may: {
      manage: access.mayManage && team.status !== 'ended',
      end: access.isFamily && access.active && team.status === 'active',
      leave: access.membership !== null && access.membership.role !== 'family',
      editDetails: access.mayManage && access.seesDetails && team.status !== 'ended',
    },
  };
}

/** Changes a team's name, time zone or the family's details (the family or a leader cleared to see them). */
export async function editCareTeam(
  deps: CareDeps,
  viewer: CareViewer,
  who: SessionUser,
  teamId: number,
  raw: CareTeamEditInput,
): Promise<void> {
  const input = careTeamEditSchema.parse(raw);
  const db = deps.database.db;
  await careActorOf(db, who);
  const access = await teamAccess(db, teamId, viewer, { manage: true, now: deps.clock.now() });
  if (access.team.status === 'ended') throw new AppError('CONFLICT', CARE_TEAMS_MESSAGES.notActive);
  if (input.details && !access.seesDetails) throw new AppError('FORBIDDEN', CARE_TEAMS_MESSAGES.detailsNotCleared);
  const now = deps.clock.now();
  await db.transaction(async (tx) => {
    await lockTeam(tx, teamId);
    await tx
      .update(careTeam)
      .set({
        ...(input.name !== undefined ? { name: input.name ?? access.team.name } : {}),
        ...(input.timeZone ? { timeZone: input.timeZone } : {}),
        ...(input.details
          ? {
              address: input.details.address,
              food: input.details.food,
              bestTimes: input.details.bestTimes,
              childrenAges: input.details.childrenAges,
              detailsUpdatedAt: now,
            }
          : {}),
      })
      .where(eq(careTeam.id, teamId));
    await announce(deps, tx, teamId, await everyoneOn(tx, teamId));
  });
}

/** The family ends its team: everyone on it is told; nothing more happens on it. */
export async function endCareTeam(deps: CareDeps, viewer: CareViewer, who: SessionUser, teamId: number): Promise<void> {
  const db = deps.database.db;
  const me = await careActorOf(db, who);
  const now = deps.clock.now();
  const access = await teamAccess(db, teamId, viewer, { now });
  if (!access.isFamily || !access.active) throw new AppError('FORBIDDEN', CARE_TEAMS_MESSAGES.familyOnly);
  await db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    if (team.status !== 'active') throw new AppError('CONFLICT', CARE_TEAMS_MESSAGES.notActive);
    await tx.update(careTeam).set({ status: 'ended', endedAt: now }).where(eq(careTeam.id, teamId));
    // Invitations and requests waiting have nothing left to join.
    await tx
      .delete(careTeamMember)
      .where(and(eq(careTeamMember.teamId, teamId), or(eq(careTeamMember.status, 'invited'), eq(careTeamMember.status, 'requested'))));
    const everyone = await everyoneOn(tx, teamId);
    await notifyCare(deps, tx, {
      teamId,
      recipients: everyone,
      actor: { uid: who.id, name: me.name },
      text: (i18n) => i18n._(/*i18n*/ 'ended the care team'),
      mail: (i18n) => ({
        subject: i18n._(/*i18n*/ '{name} ended the care team “{team}”', { name: me.name, team: team.name }),
        paragraphs: [
          i18n._(
            /*i18n*/ '{name} ended the care team “{team}”. Its calendar has stopped: nothing more is asked of you. Thank you for standing by this family.',
            { name: me.name, team: team.name },
          ),
        ],
      }),
      now,
    });
    await announce(deps, tx, teamId, everyone);
  });
}
