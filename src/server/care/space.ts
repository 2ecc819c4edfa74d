import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { carePostInputSchema, CareRole } from '../../shared/care';
import { CARE_POSTS_PAGE, CARE_SPACE_MESSAGES, type CarePost, type CareSpace } from '../../shared/care-space';
import { contentLanguageOf } from '../../shared/i18n/content-language';
import type { Locale } from '../../shared/i18n/locale';
import { displayNameOf } from '../../shared/member-name';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { carePost, careTeamMember, profile } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import type { SessionUser } from '../http/session';
import { teamAccess, teamHead, type CareViewer, type TeamAccess } from './access';
import { notifyCare } from './notify';
import { activeMembersOf, careTeamTopic } from './store';

// A care team's space (issue 27): short updates and prayer requests from the family and its helpers. Only the
// team's active members and admins read it (teamAccess: the same 404 for everyone else); only active members of
// an active team post, and the rest of the team hears of each post through notifyCare (the bell, and mail as
// each member's "Your care teams" preference says). A post is removed by its author, the family or a leader:
// the family owns its circle, as it may remove anyone from it.

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'live' | 'outbox'>;
type PostRow = typeof carePost.$inferSelect;
type Author = { name: string; role: CareRole | null };

/** The authors' display names and their roles on the team today (null: no longer on it). */
async function authorsOf(db: Db, teamId: number, uids: string[]): Promise<Map<string, Author>> {
  if (uids.length === 0) return new Map();
  const rows = await db
    .select({ uid: profile.uid, firstName: profile.firstName, lastName: profile.lastName, role: careTeamMember.role })
    .from(profile)
    .leftJoin(
      careTeamMember,
      and(eq(careTeamMember.uid, profile.uid), eq(careTeamMember.teamId, teamId), eq(careTeamMember.status, 'active')),
    )
    .where(inArray(profile.uid, uids));
  return new Map(rows.map((r) => [r.uid, { name: displayNameOf({ isDeleted: false, ...r }).name, role: r.role ?? null }]));
}

/** Whether the reader may remove a post: their own, or they manage the team (the family, an active leader). */
const mayDelete = (access: TeamAccess, uid: string, row: Pick<PostRow, 'authorUid'>) =>
  (access.active && row.authorUid === uid) || access.mayManage;

function toPost(row: PostRow, author: Author | undefined, access: TeamAccess, uid: string): CarePost {
  return {
    id: row.id,
    kind: row.kind,
    body: row.body,
    language: contentLanguageOf(row.language),
    author: row.authorUid ? (author ?? { name: 'Former member', role: null }) : null,
    mine: row.authorUid === uid,
    mayDelete: mayDelete(access, uid, row),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Whether the member may post at all: a confirmed address, a saved profile, not suspended. Throws the reason. */
async function checkPoster(db: Db, who: SessionUser): Promise<{ name: string }> {
  const [row] = await db
    .select({ savedAt: profile.savedAt, suspendedAt: profile.suspendedAt, firstName: profile.firstName, lastName: profile.lastName })
    .from(profile)
    .where(eq(profile.uid, who.id));
  if (row?.suspendedAt) throw new AppError('ACCOUNT_SUSPENDED');
  if (!who.emailVerified) throw new AppError('EMAIL_UNVERIFIED');
  if (!row?.savedAt) throw new AppError('NEEDS_PROFILE');
  return { name: displayNameOf({ isDeleted: false, ...row }).name };
}

/** GET /api/care/teams/{id}/posts: the team's head and a page of its posts, newest first. */
export async function listCarePosts(
  deps: Pick<Deps, 'database' | 'clock'>,
  { viewer, teamId, before, language }: { viewer: CareViewer; teamId: number; before?: number | undefined; language?: Locale | undefined },
): Promise<CareSpace> {
  const { db } = deps.database;
  const access = await teamAccess(db, teamId, viewer, { now: deps.clock.now() });
  const rows = await db
    .select()
    .from(carePost)
    .where(
      and(
        eq(carePost.teamId, teamId),
        before === undefined ? undefined : lt(carePost.id, before),
        language === undefined ? undefined : eq(carePost.language, language),
      ),
    )
    .orderBy(desc(carePost.id))
    .limit(CARE_POSTS_PAGE + 1);
  const page = rows.slice(0, CARE_POSTS_PAGE);
  const authors = await authorsOf(db, teamId, [...new Set(page.flatMap((r) => (r.authorUid ? [r.authorUid] : [])))]);
  return {
    team: await teamHead(db, access),
    posts: page.map((r) => toPost(r, r.authorUid ? authors.get(r.authorUid) : undefined, access, viewer.uid)),
    nextBefore: rows.length > CARE_POSTS_PAGE ? page[page.length - 1]!.id : null,
    mayPost: access.active && access.team.status === 'active',
  };
}

/** The first words of a post, for the bell and the mail's subject line. */
const KIND_TEXT = { update: /*i18n*/ 'shared an update in {team}', prayer: /*i18n*/ 'asked for prayer in {team}' } as const;
const KIND_MAIL = { update: /*i18n*/ '{name} shared an update in {team}', prayer: /*i18n*/ '{name} asked for prayer in {team}' } as const;

/**
 * POST /api/care/teams/{id}/posts: an active member of an active team shares an update or asks for prayer; the
 * rest of the team is told in the same transaction (a post and its notifications are saved together or not at all).
 */
export async function createCarePost(
  deps: Deps,
  {
    who,
    viewer,
    teamId,
    input,
    locale,
  }: { who: SessionUser; viewer: CareViewer; teamId: number; input: z.output<typeof carePostInputSchema>; locale: Locale },
): Promise<CarePost> {
  const { db } = deps.database;
  const now = deps.clock.now();
  const access = await teamAccess(db, teamId, viewer, { now });
  // An admin who is not on the team reads it; its space is the team's own.
  if (!access.active) throw new AppError('FORBIDDEN', CARE_SPACE_MESSAGES.membersOnly);
  if (access.team.status !== 'active') throw new AppError('CONFLICT', CARE_SPACE_MESSAGES.notActive);
  const poster = await checkPoster(db, who);
  const row = await db.transaction(async (tx) => {
    const [made] = await tx
      .insert(carePost)
      .values({ teamId, authorUid: who.id, kind: input.kind, body: input.body, language: input.language ?? locale, createdAt: now })
      .returning();
    const members = await activeMembersOf(tx, teamId);
    await notifyCare(deps, tx, {
      teamId,
      recipients: members.map((m) => m.uid),
      actor: { uid: who.id, name: poster.name },
      text: (i18n) => i18n._(KIND_TEXT[input.kind], { team: access.team.name }),
      mail: (i18n) => {
        const said = i18n._(KIND_MAIL[input.kind], { name: poster.name, team: access.team.name });
        return { subject: said, paragraphs: [i18n._(/*i18n*/ '{said}:', { said }), input.body] };
      },
      now,
    });
    await deps.live.publish(tx, { topic: careTeamTopic(teamId), kind: 'created', id: String(made!.id) });
    return made!;
  });
  return toPost(row, { name: poster.name, role: access.membership!.role }, access, who.id);
}

/** DELETE /api/care/teams/{id}/posts/{postId}: the author, the family or a leader removes a post for good. */
export async function deleteCarePost(
  deps: Pick<Deps, 'database' | 'clock' | 'live'>,
  { viewer, teamId, postId }: { viewer: CareViewer; teamId: number; postId: number },
): Promise<void> {
  const { db } = deps.database;
  const access = await teamAccess(db, teamId, viewer, { now: deps.clock.now() });
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(carePost)
      .where(and(eq(carePost.id, postId), eq(carePost.teamId, teamId)))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', CARE_SPACE_MESSAGES.postNotFound);
    if (!mayDelete(access, viewer.uid, row)) throw new AppError('FORBIDDEN', CARE_SPACE_MESSAGES.deleteOnly);
    await tx.delete(carePost).where(eq(carePost.id, postId));
    await deps.live.publish(tx, { topic: careTeamTopic(teamId), kind: 'deleted', id: String(postId) });
  });
}
