import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  CARE_KIND_NEEDS,
  CARE_MANAGE_ONLY,
  CARE_TEAM_NOT_FOUND,
  type CareRole,
  type CareTaskKind,
  type CareTeamHead,
} from '../../shared/care';
import { wordsIn } from '../../shared/i18n/content-language';
import type { Locale } from '../../shared/i18n/locale';
import type { Db, Tx } from '../db/client';
import { church, clearanceRecord, clearanceRequirement, profile } from '../db/schema';
import { AppError } from '../http/errors';
import { membershipOf, teamById, type CareMemberRow, type CareTeamRow } from './store';

// Who reaches what of a care team (issue 27, decision 041). Outsiders get the same 404 whether the team exists or
// not. Active members see the team, its calendar and its space; the family's practical details only the family,
// admins, and members who hold every clearance required for 'details' (the confidentiality agreement) and for
// their role; a clearance past its expiry date counts as missing, so access stops on that day by itself.

/** Who is asking: a signed-in member, and whether they are an admin who passed the second factor. */
export type CareViewer = { uid: string; admin: boolean };

/** One requirement as it stands for a member: missing, pending, cleared, not cleared, or expired. */
export type ClearanceState = {
  requirementId: number;
  name: string;
  kind: 'background_check' | 'training' | 'agreement';
  requiredFor: string[];
  validMonths: number;
  status: 'missing' | 'pending' | 'cleared' | 'not_cleared' | 'expired';
  completedOn: string | null;
  expiresOn: string | null;
};

/** Today's date as clearances count it (expiry dates are calendar dates, in UTC). */
export const clearanceToday = (now: Date) => now.toISOString().slice(0, 10);

/** Every requirement in force (not archived), with the member's record of it, as of `today`. */
export async function clearancesOf(db: Db | Tx, uid: string, today: string, locale: Locale = 'en'): Promise<ClearanceState[]> {
  const rows = await db
    .select({ requirement: clearanceRequirement, record: clearanceRecord })
    .from(clearanceRequirement)
    .leftJoin(clearanceRecord, and(eq(clearanceRecord.requirementId, clearanceRequirement.id), eq(clearanceRecord.uid, uid)))
    .where(isNull(clearanceRequirement.archivedAt))
    .orderBy(asc(clearanceRequirement.id));
  return rows.map(({ requirement, record }) => clearanceStateOf(requirement, record, today, locale));
}

/** A requirement's name for a reader: its Spanish name to a Spanish reader when the admins gave one, else its name. */
export const requirementNameIn = (q: { name: string; nameEs: string | null }, locale: Locale): string => wordsIn(locale, q.name, q.nameEs);

/** One requirement as it stands for a member with this record (or none), as of `today`, named for a reader of `locale`. */
export function clearanceStateOf(
  q: typeof clearanceRequirement.$inferSelect,
  r: typeof clearanceRecord.$inferSelect | null,
  today: string,
  locale: Locale = 'en',
): ClearanceState {
  return {
    requirementId: q.id,
    name: requirementNameIn(q, locale),
    kind: q.kind,
    requiredFor: q.requiredFor,
    validMonths: q.validMonths,
    status: !r ? 'missing' : r.status === 'cleared' && r.expiresOn !== null && r.expiresOn < today ? 'expired' : r.status,
    completedOn: r?.completedOn ?? null,
    expiresOn: r?.expiresOn ?? null,
  };
}

/** Whether the member holds every requirement needed for `what` (a role, or 'details'); and which they lack. */
export function clearedFor(states: ClearanceState[], what: CareRole | 'details'): { cleared: boolean; missing: string[] } {
  const missing = states.filter((s) => s.requiredFor.includes(what) && s.status !== 'cleared').map((s) => s.name);
  return { cleared: missing.length === 0, missing };
}

/** The family's practical details: the family itself, or a member cleared for 'details' and for their role. */
export function seesDetails(states: ClearanceState[], role: CareRole): boolean {
  return role === 'family' || (clearedFor(states, 'details').cleared && clearedFor(states, role).cleared);
}

/** Whether a member in a role, with these clearances, may claim a task of a kind (CARE_KIND_NEEDS). */
export function mayClaimKind(kind: CareTaskKind, role: CareRole, states: ClearanceState[]): boolean {
  if (role === 'family') return false;
  if (!clearedFor(states, role).cleared) return false;
  const needs = CARE_KIND_NEEDS[kind];
  if (needs === 'respite') return role === 'respite';
  if (needs === 'details') return seesDetails(states, role);
  return true;
}

/** What the viewer may do with a team, as every care route asks it. */
export type TeamAccess = {
  team: CareTeamRow;
  /** The viewer's row on the team (any status); null for an admin who is not on it. */
  membership: CareMemberRow | null;
  /** An active member (or the family). */
  active: boolean;
  isFamily: boolean;
  /** The family or an active leader. */
  mayManage: boolean;
  admin: boolean;
  /** The family's practical details may be shown to the viewer. */
  seesDetails: boolean;
};

/**
 * The viewer's access to a team: 404 unless they are an active member or an admin (or, with `pending`, invited or
 * waiting for approval: they see only what their invitation needs). `manage` adds 403 unless family or leader.
 */
export async function teamAccess(
  db: Db | Tx,
  teamId: number,
  viewer: CareViewer,
  options: { pending?: boolean; manage?: boolean; now: Date },
): Promise<TeamAccess> {
  const team = await teamById(db, teamId);
  const membership = (await membershipOf(db, teamId, viewer.uid)) ?? null;
  const active = membership?.status === 'active';
  if (!active && !viewer.admin && !(options.pending && membership)) throw new AppError('NOT_FOUND', CARE_TEAM_NOT_FOUND);
  const isFamily = team.familyUid === viewer.uid;
  const mayManage = active && (membership.role === 'family' || membership.role === 'leader');
  if (options.manage && !mayManage) throw new AppError('FORBIDDEN', CARE_MANAGE_ONLY);
  const details =
    isFamily || viewer.admin || (active && seesDetails(await clearancesOf(db, viewer.uid, clearanceToday(options.now)), membership.role));
  return { team, membership, active, isFamily, mayManage, admin: viewer.admin, seesDetails: details };
}

/** The family's first name, as the team knows it ("Dana's family"); never a child's. */
export async function familyFirstName(db: Db | Tx, familyUid: string): Promise<string> {
  const [family] = await db.select({ firstName: profile.firstName }).from(profile).where(eq(profile.uid, familyUid));
  return family?.firstName?.trim() || 'The family';
}

/** The team's head, as every team page's answer carries it (careTeamHeadSchema). */
export async function teamHead(db: Db | Tx, access: TeamAccess): Promise<CareTeamHead> {
  const { team } = access;
  const [home] =
    team.churchId === null ? [] : await db.select({ id: church.id, name: church.name }).from(church).where(eq(church.id, team.churchId));
  return {
    id: team.id,
    name: team.name,
    status: team.status,
    church: home ?? null,
    timeZone: team.timeZone,
    familyFirstName: await familyFirstName(db, team.familyUid),
    me: access.membership ? { role: access.membership.role, status: access.membership.status } : null,
    mayManage: access.mayManage,
    seesDetails: access.seesDetails,
  };
}
