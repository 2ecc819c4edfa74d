import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import {
  calendarFeed,
  careClaim,
  carePost,
  careTask,
  careTeam,
  careTeamMember,
  caseworker,
  categoryFollow,
  church,
  churchMember,
  churchPointPerson,
  clearanceRecord,
  clearanceRequirement,
  mail,
  need,
  needAlert,
  needCommitment,
  needItem,
  notification,
  post,
  postCategory,
  postFollow,
  postResponse,
  profile,
  session,
  user,
} from '../db/schema';
import { MAIL_FORMS } from '../mail';
import { readPreferences } from '../notifications';
import { photoKey } from '../storage/storage';

// What "Your data" (issue 29) holds: every row the site keeps about one member, read with the member's id and
// nothing else. Each query names its columns, so a column added later is left out until someone decides it
// belongs to the member; and what names other people (another member's address, a family's details, who
// approved or verified something) is left out on purpose: the archive is the member's, not a view into others'.

/** The mail a member wrote to others through the site: kept as the text they sent, never with the recipient's address. */
const WRITTEN_FORMS = [MAIL_FORMS.memberMessage, MAIL_FORMS.contactUs, MAIL_FORMS.churchContact, MAIL_FORMS.churchMembersMessage];

export type MyData = {
  /** The JSON files of the archive, by name. */
  files: Record<string, unknown>;
  /** The member's photo (JPEG), if they have one. */
  photo?: Buffer;
};

export async function gatherMyData(deps: Pick<AppDeps, 'database' | 'storage'>, uid: string): Promise<MyData> {
  const db = deps.database.db;
  const [account] = await db
    .select({
      id: user.id,
      email: user.email,
      emailConfirmed: user.emailVerified,
      language: user.locale,
      twoStepSignIn: user.twoFactorEnabled,
      createdAt: user.createdAt,
    })
    .from(user)
    .where(eq(user.id, uid));
  if (!account) return { files: {} };
  const email = account.email.toLowerCase();

  const [profileRow] = await db.select().from(profile).where(eq(profile.uid, uid));
  const sessions = await db
    .select({ createdAt: session.createdAt, expiresAt: session.expiresAt, ipAddress: session.ipAddress, userAgent: session.userAgent })
    .from(session)
    .where(eq(session.userId, uid))
    .orderBy(asc(session.createdAt));
  const mailSettings = await readPreferences(db, uid);
  const [feed] = await db.select({ createdAt: calendarFeed.createdAt }).from(calendarFeed).where(eq(calendarFeed.uid, uid));
  const [alert] = await db
    .select({ zip: needAlert.zip, radiusMiles: needAlert.radiusMiles, createdAt: needAlert.createdAt })
    .from(needAlert)
    .where(eq(needAlert.uid, uid));
  const [caseworkerRow] = await db
    .select({
      name: caseworker.name,
      agency: caseworker.agency,
      supervisorName: caseworker.supervisorName,
      supervisorEmail: caseworker.supervisorEmail,
      status: caseworker.status,
      appliedAt: caseworker.appliedAt,
      decidedAt: caseworker.decidedAt,
      declineReason: caseworker.declineReason,
    })
    .from(caseworker)
    .where(eq(caseworker.uid, uid));

  const [churchRow] = await db
    .select({ churchId: churchMember.churchId, church: church.name, status: churchMember.status, claimedAt: churchMember.claimedAt })
    .from(churchMember)
    .innerJoin(church, eq(church.id, churchMember.churchId))
    .where(eq(churchMember.uid, uid));
  const keeps = await db
    .select({ churchId: churchPointPerson.churchId, church: church.name, since: churchPointPerson.since })
    .from(churchPointPerson)
    .innerJoin(church, eq(church.id, churchPointPerson.churchId))
    .where(eq(churchPointPerson.uid, uid));
  const proposed = await db
    .select({ churchId: church.id, church: church.name, status: church.status, createdAt: church.createdAt })
    .from(church)
    .where(eq(church.proposedBy, uid));

  const posts = await db
    .select({
      id: post.id,
      title: post.postTitle,
      body: post.post,
      category: postCategory.name,
      language: post.language,
      postedAt: post.postDate,
      updatedAt: post.updatedAt,
    })
    .from(post)
    .innerJoin(postCategory, eq(postCategory.id, post.postCategory))
    .where(eq(post.posterUid, uid))
    .orderBy(asc(post.postDate));
  const responses = await db
    .select({ id: postResponse.id, postId: postResponse.originalPostId, body: postResponse.post, postedAt: postResponse.postDate })
    .from(postResponse)
    .where(eq(postResponse.posterUid, uid))
    .orderBy(asc(postResponse.postDate));
  const followedCategories = await db
    .select({ category: postCategory.name, since: categoryFollow.createdAt })
    .from(categoryFollow)
    .innerJoin(postCategory, eq(postCategory.id, categoryFollow.categoryId))
    .where(eq(categoryFollow.uid, uid));
  const followedPosts = await db
    .select({ postId: postFollow.postId, following: postFollow.following })
    .from(postFollow)
    .where(eq(postFollow.uid, uid));

  const asked = await db
    .select({
      id: need.id,
      askedAs: need.askedAs,
      kind: need.kind,
      title: need.title,
      description: need.description,
      city: need.city,
      state: need.state,
      zip: need.zip,
      urgency: need.urgency,
      status: need.status,
      agency: need.agency,
      supervisorName: need.supervisorName,
      supervisorEmail: need.supervisorEmail,
      createdAt: need.createdAt,
      approvedAt: need.approvedAt,
      declineReason: need.declineReason,
      outcome: need.outcome,
      closedAt: need.closedAt,
      childrenServed: need.childrenServed,
      thankYou: need.thankYou,
    })
    .from(need)
    .where(eq(need.askerUid, uid))
    .orderBy(asc(need.createdAt));
  const items = asked.length
    ? await db
        .select({
          needId: needItem.needId,
          name: needItem.name,
          quantity: needItem.quantity,
          unitValue: needItem.unitValue,
          note: needItem.note,
        })
        .from(needItem)
        .where(
          inArray(
            needItem.needId,
            asked.map((n) => n.id),
          ),
        )
        .orderBy(asc(needItem.needId), asc(needItem.position))
    : [];
  const commitments = await db
    .select({
      needId: needCommitment.needId,
      need: need.title,
      item: needItem.name,
      quantity: needCommitment.quantity,
      createdAt: needCommitment.createdAt,
      withdrawnAt: needCommitment.withdrawnAt,
    })
    .from(needCommitment)
    .innerJoin(need, eq(need.id, needCommitment.needId))
    .leftJoin(needItem, eq(needItem.id, needCommitment.itemId))
    .where(eq(needCommitment.uid, uid))
    .orderBy(asc(needCommitment.createdAt));

  const teams = await db
    .select({
      teamId: careTeam.id,
      team: careTeam.name,
      role: careTeamMember.role,
      status: careTeamMember.status,
      joinedAt: careTeamMember.joinedAt,
    })
    .from(careTeamMember)
    .innerJoin(careTeam, eq(careTeam.id, careTeamMember.teamId))
    .where(eq(careTeamMember.uid, uid))
    .orderBy(asc(careTeam.id));
  // A family's practical details belong to the family: only the team the member is the family of carries them.
  const ownFamilyTeams = await db
    .select({
      teamId: careTeam.id,
      team: careTeam.name,
      status: careTeam.status,
      timeZone: careTeam.timeZone,
      address: careTeam.address,
      food: careTeam.food,
      bestTimes: careTeam.bestTimes,
      childrenAges: careTeam.childrenAges,
      createdAt: careTeam.createdAt,
      stillFostering: careTeam.stillFostering,
    })
    .from(careTeam)
    .where(eq(careTeam.familyUid, uid));
  const tasksWritten = await db
    .select({
      id: careTask.id,
      teamId: careTask.teamId,
      kind: careTask.kind,
      title: careTask.title,
      notes: careTask.notes,
      startDate: careTask.startDate,
      startTime: careTask.startTime,
      repeats: careTask.rrule,
      until: careTask.until,
      createdAt: careTask.createdAt,
      cancelledAt: careTask.cancelledAt,
    })
    .from(careTask)
    .where(eq(careTask.createdBy, uid))
    .orderBy(asc(careTask.createdAt));
  // A claimed task's notes may hold the family's details, which a helper sees only while cleared: the claim names
  // the task by its title and date alone.
  const claims = await db
    .select({
      taskId: careClaim.taskId,
      teamId: careTask.teamId,
      task: careTask.title,
      occursOn: careClaim.occursOn,
      createdAt: careClaim.createdAt,
      withdrawnAt: careClaim.withdrawnAt,
    })
    .from(careClaim)
    .innerJoin(careTask, eq(careTask.id, careClaim.taskId))
    .where(eq(careClaim.uid, uid))
    .orderBy(asc(careClaim.createdAt));
  const teamPosts = await db
    .select({ id: carePost.id, teamId: carePost.teamId, kind: carePost.kind, body: carePost.body, createdAt: carePost.createdAt })
    .from(carePost)
    .where(eq(carePost.authorUid, uid))
    .orderBy(asc(carePost.createdAt));

  const clearances = await db
    .select({
      requirement: clearanceRequirement.name,
      kind: clearanceRequirement.kind,
      status: clearanceRecord.status,
      completedOn: clearanceRecord.completedOn,
      expiresOn: clearanceRecord.expiresOn,
      recordedAt: clearanceRecord.recordedAt,
    })
    .from(clearanceRecord)
    .innerJoin(clearanceRequirement, eq(clearanceRequirement.id, clearanceRecord.requirementId))
    .where(eq(clearanceRecord.uid, uid));

  const notifications = await db
    .select({
      kind: notification.kind,
      from: notification.actorName,
      postId: notification.postId,
      needId: notification.needId,
      careTeamId: notification.careTeamId,
      about: notification.careText,
      createdAt: notification.createdAt,
      readAt: notification.readAt,
    })
    .from(notification)
    .where(eq(notification.recipientUid, uid))
    .orderBy(asc(notification.createdAt));

  // Mail to the member's address: what they received (its Reply-To, another person's address, left out).
  const received = await db
    .select({
      form: mail.form,
      date: mail.date,
      state: mail.state,
      subject: sql<string>`${mail.message}->>'subject'`,
      text: sql<string>`${mail.message}->>'text'`,
    })
    .from(mail)
    .where(eq(sql`lower(${mail.to})`, email))
    .orderBy(asc(mail.date));
  const written = await db
    .select({
      form: mail.form,
      date: mail.date,
      subject: sql<string>`${mail.message}->>'subject'`,
      text: sql<string>`${mail.message}->>'text'`,
    })
    .from(mail)
    .where(and(eq(sql`lower(${mail.replyTo})`, email), inArray(mail.form, WRITTEN_FORMS)))
    .orderBy(asc(mail.date));

  const photo = profileRow?.photoVersion ? (await deps.storage.get(photoKey(uid)))?.data : undefined;
  return {
    files: {
      'account.json': {
        account,
        profile: profileRow ?? null,
        church: churchRow ?? null,
        churchesYouKeep: keeps,
        churchesYouProposed: proposed,
        caseworker: caseworkerRow ?? null,
        mailSettings,
        needAlert: alert ?? null,
        calendarFeedSince: feed?.createdAt ?? null,
        sessions,
      },
      'posts.json': { posts, responses, followedCategories, followedPosts },
      'needs.json': { asked: asked.map((n) => ({ ...n, items: items.filter((i) => i.needId === n.id) })), commitments },
      'care-teams.json': { teams, yourFamily: ownFamilyTeams, tasksYouAdded: tasksWritten, claims, posts: teamPosts },
      'clearances.json': clearances,
      'notifications.json': notifications,
      'mail.json': { received, written },
    },
    photo,
  };
}
