import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { CARE_TASK_NOT_FOUND, CARE_TEAM_NOT_FOUND, type CareRole } from '../../shared/care';
import type { Db, Tx } from '../db/client';
import { careClaim, careTask, careTaskSkip, careTeam, careTeamMember } from '../db/schema';
import { AppError } from '../http/errors';

// What every part of care teams shares (issue 27, decision 041): a team's and a task's rows, the live topics, the
// team's members, the tokens of invitation links and calendar feeds. Teams, the calendar, reminders and feeds,
// clearances and the team space build on these (access.ts decides who reaches what).

export type CareTeamRow = typeof careTeam.$inferSelect;
export type CareTaskRow = typeof careTask.$inferSelect;
export type CareMemberRow = typeof careTeamMember.$inferSelect;
export type CareClaimRow = typeof careClaim.$inferSelect;

// The live topics are said once, in src/shared/care.ts, for the server and the pages alike.
export { CARE_TEAM_TOPIC_FAMILY, MY_CARE_TEAMS_TOPIC_FAMILY, careTeamTopic, myCareTeamsTopic } from '../../shared/care';
/** Admins' topic: requirements and members' clearance records changed. */
export const CLEARANCES_TOPIC = 'clearances';

/** The team of this id, whatever its status, or 404 with the message that tells an outsider nothing. */
export async function teamById(db: Db | Tx, id: number): Promise<CareTeamRow> {
  const [row] = await db.select().from(careTeam).where(eq(careTeam.id, id));
  if (!row) throw new AppError('NOT_FOUND', CARE_TEAM_NOT_FOUND);
  return row;
}

/** The team, locked until the transaction ends: membership changes (joining, the size limit) take it first. */
export async function lockTeam(tx: Tx, id: number): Promise<CareTeamRow> {
  const [row] = await tx.select().from(careTeam).where(eq(careTeam.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', CARE_TEAM_NOT_FOUND);
  return row;
}

/** A task of this team (404 for another team's), optionally locked: claims take the lock, so none overfills it. */
export async function taskOf(db: Db | Tx, teamId: number, taskId: number, options: { lock?: boolean } = {}): Promise<CareTaskRow> {
  const query = db
    .select()
    .from(careTask)
    .where(and(eq(careTask.id, taskId), eq(careTask.teamId, teamId)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', CARE_TASK_NOT_FOUND);
  return row;
}

/** A member's row on a team (any status), or undefined. */
export async function membershipOf(db: Db | Tx, teamId: number, uid: string): Promise<CareMemberRow | undefined> {
  const [row] = await db
    .select()
    .from(careTeamMember)
    .where(and(eq(careTeamMember.teamId, teamId), eq(careTeamMember.uid, uid)));
  return row;
}

/** The team's active members (the family included) with their roles: who hears of what happens on it. */
export async function activeMembersOf(db: Db | Tx, teamId: number): Promise<{ uid: string; role: CareRole }[]> {
  return db
    .select({ uid: careTeamMember.uid, role: careTeamMember.role })
    .from(careTeamMember)
    .where(and(eq(careTeamMember.teamId, teamId), eq(careTeamMember.status, 'active')));
}

/** Those who manage a team: the family, and its active leaders. */
export async function managersOf(db: Db | Tx, teamId: number): Promise<string[]> {
  const rows = await activeMembersOf(db, teamId);
  return rows.filter((r) => r.role === 'family' || r.role === 'leader').map((r) => r.uid);
}

/** The dates skipped of each task (one occurrence the family cancelled). */
export async function skipsOf(db: Db | Tx, taskIds: number[]): Promise<Map<number, Set<string>>> {
  const byTask = new Map<number, Set<string>>(taskIds.map((id) => [id, new Set()]));
  if (taskIds.length === 0) return byTask;
  const rows = await db.select().from(careTaskSkip).where(inArray(careTaskSkip.taskId, taskIds));
  for (const r of rows) byTask.get(r.taskId)!.add(r.occursOn);
  return byTask;
}

/** Each task's claims not withdrawn (a claim with occursOn null holds every occurrence). */
export async function activeClaimsOf(db: Db | Tx, taskIds: number[]): Promise<Map<number, CareClaimRow[]>> {
  const byTask = new Map<number, CareClaimRow[]>(taskIds.map((id) => [id, []]));
  if (taskIds.length === 0) return byTask;
  const rows = await db
    .select()
    .from(careClaim)
    .where(and(inArray(careClaim.taskId, taskIds), isNull(careClaim.withdrawnAt)));
  for (const r of rows) byTask.get(r.taskId)!.push(r);
  return byTask;
}

/** The claims that hold one occurrence: those for that date, and those for every occurrence. */
export const claimsOn = (claims: CareClaimRow[], occursOn: string) => claims.filter((c) => c.occursOn === null || c.occursOn === occursOn);

/** SHA-256 of a link's secret: only the hash is stored, so a copy of the database opens nothing. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A new secret for an invitation link or a calendar feed, and its hash. */
export function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

/** The pages a link opens. */
export const careTeamPath = (teamId: number) => `/care/${teamId}`;
export const careInvitePath = (token: string) => `/care/join/${token}`;
export const calendarFeedPath = (token: string) => `/api/care/feed/${token}.ics`;

/** Whether the member is an active member of the team (the family included). */
export async function isActiveCareMember(db: Db | Tx, teamId: number, uid: string): Promise<boolean> {
  const row = await membershipOf(db, teamId, uid);
  return row?.status === 'active';
}
