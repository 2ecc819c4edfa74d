import { and, eq, ne } from 'drizzle-orm';
import {
  CARE_INVITE_DAYS,
  CARE_INVITE_USED,
  CARE_ROLE_DESCRIPTIONS,
  CARE_TEAM_MEMBERS_MAX,
  careRoleLabel,
  type CareHelperRole,
} from '../../shared/care';
import { CARE_TEAMS_MESSAGES, type CareJoinOffer } from '../../shared/care-teams';
import { DAY } from '../../shared/durations';
import type { Tx } from '../db/client';
import { careInvite, careTeamMember } from '../db/schema';
import { AppError } from '../http/errors';
import type { SessionUser } from '../http/session';
import { MAIL_FORMS, renderMail } from '../mail';
import { teamAccess, teamHead, type CareViewer } from './access';
import { notifyCare } from './notify';
import { i18nFor, localeOfUser, type I18n } from '../i18n';
import { careInvitePath, careTeamPath, hashToken, lockTeam, managersOf, membershipOf, newToken, teamById, type CareTeamRow } from './store';
import {
  announce,
  careActorOf,
  everyoneOn,
  mayManageMember,
  namesByUid,
  peopleOf,
  requireActive,
  withdrawClaimsOf,
  type CareDeps,
} from './teams';

// Who is on a care team (issue 27, part "teams"): the family or a leader invites a member from the directory, or
// shares a single-use link; whoever says yes waits for the family's or a leader's approval; roles change; the
// family removes anyone, a leader anyone but the family and other leaders; anyone but the family may leave. The
// team's row is locked for each change, so the size limit holds when two join at once.

/** Helpers on the team (every row but the family's), under the team's lock. */
async function helpersOn(tx: Tx, teamId: number): Promise<number> {
  const rows = await tx
    .select({ uid: careTeamMember.uid })
    .from(careTeamMember)
    .where(and(eq(careTeamMember.teamId, teamId), ne(careTeamMember.role, 'family')));
  return rows.length;
}

async function requireRoom(tx: Tx, teamId: number): Promise<void> {
  if ((await helpersOn(tx, teamId)) >= CARE_TEAM_MEMBERS_MAX) throw new AppError('CONFLICT', CARE_TEAMS_MESSAGES.teamFull);
}

const teamUrl = (deps: Pick<CareDeps, 'config'>, teamId: number) => `${deps.config.publicUrl}${careTeamPath(teamId)}`;

/** The family's or a leader's change to who is on the team: the manager, the team (locked, active). */
async function managerChange(deps: CareDeps, viewer: CareViewer, who: SessionUser, teamId: number) {
  const me = await careActorOf(deps.database.db, who);
  const now = deps.clock.now();
  const access = await teamAccess(deps.database.db, teamId, viewer, { manage: true, now });
  return { me, now, access };
}

/** Invites a member picked from the directory: their row is 'invited'; they are mailed and their bell rings. */
export async function inviteToTeam(
  deps: CareDeps,
  viewer: CareViewer,
  who: SessionUser,
  teamId: number,
  input: { uid: string; role: CareHelperRole },
): Promise<void> {
  const { me, now, access } = await managerChange(deps, viewer, who, teamId);
  requireActive(access.team);
  const invited = (await peopleOf(deps.database.db, [input.uid])).get(input.uid);
  if (!invited) throw new AppError('VALIDATION', CARE_TEAMS_MESSAGES.cannotInvite, { uid: CARE_TEAMS_MESSAGES.cannotInvite });
  await deps.database.db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    requireActive(team);
    if (await membershipOf(tx, teamId, input.uid)) throw new AppError('CONFLICT', CARE_TEAMS_MESSAGES.alreadyOnTeam);
    await requireRoom(tx, teamId);
    await tx
      .insert(careTeamMember)
      .values({ teamId, uid: input.uid, role: input.role, status: 'invited', invitedBy: who.id, invitedAt: now });
    const head = await teamHead(tx, access);
    const roleIn = (i18n: I18n) => i18n._(careRoleLabel(input.role)).toLowerCase();
    const locale = await localeOfUser(tx, input.uid);
    const i18n = i18nFor(locale);
    // The bell only: the invitation's own mail follows, whatever the member's care-mail preference (they are not
    // on the team yet, and an invitation is a personal message, like one through the directory).
    await notifyCare(deps, tx, {
      teamId,
      recipients: [input.uid],
      actor: { uid: who.id, name: me.name },
      text: (i18n) =>
        i18n._(/*i18n*/ "invited you to the care team around {name}'s family as {role}", {
          name: head.familyFirstName,
          role: roleIn(i18n),
        }),
      mail: null,
      now,
    });
    await deps.outbox.add(
      {
        form: MAIL_FORMS.careInvitation,
        to: invited.email,
        replyTo: me.email,
        ...renderMail({
          locale,
          subject: i18n._(/*i18n*/ '{name} invited you to a care team', { name: me.name }),
          paragraphs: [
            i18n._(/*i18n*/ 'Hello {name},', { name: invited.firstName }),
            head.church
              ? i18n._(
                  /*i18n*/ "{name} invited you to join “{team}”, the care team around {family}'s family at {church}, as {role}: {description}",
                  {
                    name: me.name,
                    team: team.name,
                    family: head.familyFirstName,
                    church: head.church.name,
                    role: roleIn(i18n),
                    description: i18n._(CARE_ROLE_DESCRIPTIONS[input.role]),
                  },
                )
              : i18n._(/*i18n*/ "{name} invited you to join “{team}”, the care team around {family}'s family, as {role}: {description}", {
                  name: me.name,
                  team: team.name,
                  family: head.familyFirstName,
                  role: roleIn(i18n),
                  description: i18n._(CARE_ROLE_DESCRIPTIONS[input.role]),
                }),
            i18n._(
              /*i18n*/ 'A care team is a small circle of church members who bring meals, give rides and give a foster family a rest, as the family asks. Open the team to accept or decline; to ask a question first, reply to this email.',
            ),
            { action: teamUrl(deps, teamId), label: i18n._(/*i18n*/ 'See the invitation') },
          ],
        }),
      },
      tx,
    );
    await announce(deps, tx, teamId, [input.uid]);
  });
}

/** A single-use invitation link for a role; its secret is in the answer only (the database keeps its hash). */
export async function createInviteLink(
  deps: CareDeps,
  viewer: CareViewer,
  who: SessionUser,
  teamId: number,
  role: CareHelperRole,
): Promise<{ url: string; expiresAt: string }> {
  const { now, access } = await managerChange(deps, viewer, who, teamId);
  requireActive(access.team);
  const { token, tokenHash } = newToken();
  const expiresAt = new Date(now.getTime() + CARE_INVITE_DAYS * DAY);
  await deps.database.db.insert(careInvite).values({ teamId, tokenHash, role, createdBy: who.id, createdAt: now, expiresAt });
  return { url: `${deps.config.publicUrl}${careInvitePath(token)}`, expiresAt: expiresAt.toISOString() };
}

/** The invitation a link holds, while it works (not used, not expired, the team active); 404 CARE_INVITE_USED otherwise. */
async function inviteOf(db: CareDeps['database']['db'] | Tx, token: string, now: Date) {
  const [row] = await db
    .select()
    .from(careInvite)
    .where(eq(careInvite.tokenHash, hashToken(token)));
  if (!row || row.usedAt || row.expiresAt <= now) throw new AppError('NOT_FOUND', CARE_INVITE_USED);
  const team = await teamById(db, row.teamId).catch(() => null);
  if (!team || team.status !== 'active') throw new AppError('NOT_FOUND', CARE_INVITE_USED);
  return { invite: row, team };
}

/** What a link offers: the team, the family's first name, the church and the role. */
export async function joinOffer(deps: CareDeps, who: SessionUser, token: string): Promise<CareJoinOffer> {
  const db = deps.database.db;
  const { invite, team } = await inviteOf(db, token, deps.clock.now());
  const head = await headOf(db, team);
  const mine = await membershipOf(db, team.id, who.id);
  const role = invite.role === 'family' ? 'helper' : invite.role;
  return {
    teamId: team.id,
    teamName: team.name,
    familyFirstName: head.familyFirstName,
    church: head.church,
    role,
    roleDescription: CARE_ROLE_DESCRIPTIONS[role],
    myStatus: mine?.status ?? null,
  };
}

/** The family's first name and the church, for a team seen from outside it (an invitation). */
async function headOf(db: CareDeps['database']['db'] | Tx, team: CareTeamRow) {
  return teamHead(db, { team, membership: null, active: false, isFamily: false, mayManage: false, admin: false, seesDetails: false });
}

/** Asks to join through a link: used up at once; the member waits for approval; those who manage are told. */
export async function joinByLink(deps: CareDeps, who: SessionUser, token: string): Promise<{ teamId: number }> {
  const me = await careActorOf(deps.database.db, who);
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    const { invite, team } = await inviteOf(tx, token, now);
    await lockTeam(tx, team.id);
    // Used under the team's lock: two people with one link, one gets in.
    const [used] = await tx
      .update(careInvite)
      .set({ usedAt: now, usedBy: who.id })
      .where(and(eq(careInvite.id, invite.id), eq(careInvite.tokenHash, invite.tokenHash)))
      .returning({ usedAt: careInvite.usedAt });
    if (!used) throw new AppError('NOT_FOUND', CARE_INVITE_USED);
    const mine = await membershipOf(tx, team.id, who.id);
    const role = invite.role === 'family' ? 'helper' : invite.role;
    if (mine && mine.status !== 'invited') throw new AppError('CONFLICT', CARE_TEAMS_MESSAGES.youAreOnTeam);
    if (mine) {
      await tx
        .update(careTeamMember)
        .set({ status: 'requested', role, requestedAt: now })
        .where(and(eq(careTeamMember.teamId, team.id), eq(careTeamMember.uid, who.id)));
    } else {
      await requireRoom(tx, team.id);
      await tx.insert(careTeamMember).values({ teamId: team.id, uid: who.id, role, status: 'requested', requestedAt: now });
    }
    await toldOfRequest(deps, tx, team, me, role, now);
    return { teamId: team.id };
  });
}

/** Those who manage the team hear that someone asks to join. */
async function toldOfRequest(deps: CareDeps, tx: Tx, team: CareTeamRow, me: { uid: string; name: string }, role: string, now: Date) {
  const managers = await managersOf(tx, team.id);
  await notifyCare(deps, tx, {
    teamId: team.id,
    recipients: managers,
    actor: { uid: me.uid, name: me.name },
    text: (i18n) =>
      i18n._(/*i18n*/ "asks to join as {role}: approve them on the team's page", { role: i18n._(careRoleLabel(role)).toLowerCase() }),
    mail: (i18n) => ({
      subject: i18n._(/*i18n*/ '{name} asks to join “{team}”', { name: me.name, team: team.name }),
      paragraphs: [
        i18n._(/*i18n*/ '{name} asks to join your care team “{team}” as {role}. Nobody joins until you approve.', {
          name: me.name,
          team: team.name,
          role: i18n._(careRoleLabel(role)).toLowerCase(),
        }),
      ],
    }),
    now,
  });
  await announce(deps, tx, team.id, [me.uid, ...managers]);
}

/** An invited member says yes: they wait for approval. */
export async function acceptInvitation(deps: CareDeps, viewer: CareViewer, who: SessionUser, teamId: number): Promise<void> {
  const me = await careActorOf(deps.database.db, who);
  const now = deps.clock.now();
  await teamAccess(deps.database.db, teamId, viewer, { pending: true, now });
  await deps.database.db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    const mine = await membershipOf(tx, teamId, who.id);
    if (!mine || mine.status !== 'invited' || mine.role === 'family') throw new AppError('CONFLICT', CARE_TEAMS_MESSAGES.nothingToAccept);
    requireActive(team);
    await tx
      .update(careTeamMember)
      .set({ status: 'requested', requestedAt: now })
      .where(and(eq(careTeamMember.teamId, teamId), eq(careTeamMember.uid, who.id)));
    await toldOfRequest(deps, tx, team, me, mine.role, now);
  });
}

/** Declines an invitation, withdraws a request, or leaves the team (not the family): my claims are withdrawn. */
export async function leaveTeam(deps: CareDeps, viewer: CareViewer, who: SessionUser, teamId: number): Promise<void> {
  const now = deps.clock.now();
  const db = deps.database.db;
  const access = await teamAccess(db, teamId, { ...viewer, admin: false }, { pending: true, now });
  if (access.isFamily) throw new AppError('FORBIDDEN', CARE_TEAMS_MESSAGES.familyStays);
  const names = await namesByUid(db, [who.id]);
  await db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    const mine = await membershipOf(tx, teamId, who.id);
    if (!mine) return;
    await tx.delete(careTeamMember).where(and(eq(careTeamMember.teamId, teamId), eq(careTeamMember.uid, who.id)));
    await withdrawClaimsOf(tx, teamId, who.id, now);
    const managers = await managersOf(tx, teamId);
    if (team.status === 'active') {
      const text =
        mine.status === 'active'
          ? /*i18n*/ 'left the team'
          : mine.status === 'invited'
            ? /*i18n*/ 'declined the invitation'
            : /*i18n*/ 'withdrew their request to join';
      await notifyCare(deps, tx, {
        teamId,
        recipients: managers,
        actor: { uid: who.id, name: names.get(who.id) ?? 'A member' },
        text: (i18n) => i18n._(text),
        mail: null,
        now,
      });
    }
    await announce(deps, tx, teamId, [who.id, ...managers]);
  });
}

/** The family or a leader, over a member they may manage: the target's row, under the team's lock. */
async function targetOf(tx: Tx, teamId: number, managerRole: 'family' | 'leader' | null, uid: string, me: string) {
  const target = await membershipOf(tx, teamId, uid);
  if (!target) throw new AppError('NOT_FOUND', CARE_TEAMS_MESSAGES.notMember);
  if (uid === me) throw new AppError('FORBIDDEN', CARE_TEAMS_MESSAGES.notYourself);
  if (!mayManageMember(managerRole, target, me)) throw new AppError('FORBIDDEN', CARE_TEAMS_MESSAGES.notOverLeader);
  return target;
}

const managerRoleOf = (role: string | undefined) => (role === 'family' || role === 'leader' ? role : null);

/** Approves a member who asked to join: active; they are told. */
export async function approveMember(deps: CareDeps, viewer: CareViewer, who: SessionUser, teamId: number, uid: string): Promise<void> {
  const { me, now, access } = await managerChange(deps, viewer, who, teamId);
  await deps.database.db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    requireActive(team);
    const target = await targetOf(tx, teamId, managerRoleOf(access.membership?.role), uid, who.id);
    if (target.status !== 'requested') throw new AppError('CONFLICT', CARE_TEAMS_MESSAGES.nothingToApprove);
    await tx
      .update(careTeamMember)
      .set({ status: 'active', joinedAt: now, approvedBy: who.id })
      .where(and(eq(careTeamMember.teamId, teamId), eq(careTeamMember.uid, uid)));
    await notifyCare(deps, tx, {
      teamId,
      recipients: [uid],
      actor: { uid: who.id, name: me.name },
      text: (i18n) =>
        i18n._(/*i18n*/ 'welcomed you to the care team as {role}', { role: i18n._(careRoleLabel(target.role)).toLowerCase() }),
      mail: (i18n) => ({
        subject: i18n._(/*i18n*/ 'Welcome to “{team}”', { team: team.name }),
        paragraphs: [
          i18n._(
            /*i18n*/ '{name} approved you: you are on the care team “{team}” as {role}. Its calendar shows what the family needs; claim what you can do.',
            { name: me.name, team: team.name, role: i18n._(careRoleLabel(target.role)).toLowerCase() },
          ),
        ],
      }),
      now,
    });
    await announce(deps, tx, teamId, await everyoneOn(tx, teamId));
  });
}

/** Changes a member's role; they are told. */
export async function changeRole(
  deps: CareDeps,
  viewer: CareViewer,
  who: SessionUser,
  teamId: number,
  uid: string,
  role: CareHelperRole,
): Promise<void> {
  const { me, now, access } = await managerChange(deps, viewer, who, teamId);
  await deps.database.db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    if (team.status === 'ended') throw new AppError('CONFLICT', CARE_TEAMS_MESSAGES.notActive);
    const managerRole = managerRoleOf(access.membership?.role);
    const target = await targetOf(tx, teamId, managerRole, uid, who.id);
    // A leader makes no other leaders: only the family chooses who manages its team.
    if (managerRole !== 'family' && role === 'leader') throw new AppError('FORBIDDEN', CARE_TEAMS_MESSAGES.notOverLeader);
    if (target.role === role) return;
    await tx
      .update(careTeamMember)
      .set({ role })
      .where(and(eq(careTeamMember.teamId, teamId), eq(careTeamMember.uid, uid)));
    if (target.status === 'active')
      await notifyCare(deps, tx, {
        teamId,
        recipients: [uid],
        actor: { uid: who.id, name: me.name },
        text: (i18n) => i18n._(/*i18n*/ 'made you {role} on the care team', { role: i18n._(careRoleLabel(role)).toLowerCase() }),
        mail: null,
        now,
      });
    await announce(deps, tx, teamId, [uid]);
  });
}

/** Removes a member (any status): their claims are withdrawn; the team no longer reaches them. */
export async function removeMember(deps: CareDeps, viewer: CareViewer, who: SessionUser, teamId: number, uid: string): Promise<void> {
  const { now, access } = await managerChange(deps, viewer, who, teamId);
  await deps.database.db.transaction(async (tx) => {
    await lockTeam(tx, teamId);
    await targetOf(tx, teamId, managerRoleOf(access.membership?.role), uid, who.id);
    await tx.delete(careTeamMember).where(and(eq(careTeamMember.teamId, teamId), eq(careTeamMember.uid, uid)));
    await withdrawClaimsOf(tx, teamId, uid, now);
    await announce(deps, tx, teamId, [uid]);
  });
}
