import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { FORMER_MEMBER } from '../../shared/forum';
import {
  NOTIFICATIONS_PAGE_SIZE,
  notificationLink,
  notificationsTopic,
  type NotificationKind,
  type NotificationListResponse,
} from '../../shared/notifications';
import type { Db } from '../db/client';
import { cursorOf, olderThan, pageOf } from '../db/keyset';
import { notification, post, profile, user } from '../db/schema';
import { AppError } from '../http/errors';
import type { LivePublisher } from '../live';
import { followersOf } from './follows';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A member told of something, who may also hear of it by mail. */
export type Recipient = { uid: string; email: string; kind: NotificationKind; notificationId: string };

/**
 * Members who may be told of anything: a confirmed address and no suspension (a deleted account has no
 * row left to find).
 */
async function reachable(tx: Tx, uids: string[]): Promise<Map<string, string>> {
  if (uids.length === 0) return new Map();
  const rows = await tx
    .select({ uid: user.id, email: user.email })
    .from(user)
    .innerJoin(profile, eq(profile.uid, user.id))
    .where(and(inArray(user.id, uids), eq(user.emailVerified, true), isNull(profile.suspendedAt)));
  return new Map(rows.map((r) => [r.uid, r.email]));
}

/**
 * A response was written: its post's author hears of it ('response'), and so does every other follower of
 * the post ('followed_response'); never the responder. Runs in the response's transaction, so a response
 * and its notifications are saved together or not at all; each recipient's bell hears of it once committed.
 */
export async function notifyResponse(
  live: LivePublisher,
  tx: Tx,
  event: { postId: number; postAuthorUid: string | null; responseId: number; actor: { uid: string; name: string }; now: Date },
): Promise<Recipient[]> {
  const kinds = new Map<string, NotificationKind>();
  for (const uid of await followersOf(tx, event.postId)) kinds.set(uid, 'followed_response');
  // The author hears of every response to their post, even after unfollowing it (their own preference can stop the mail).
  if (event.postAuthorUid) kinds.set(event.postAuthorUid, 'response');
  kinds.delete(event.actor.uid);
  const emails = await reachable(tx, [...kinds.keys()]);
  const recipients = [...kinds].filter(([uid]) => emails.has(uid));
  if (recipients.length === 0) return [];
  const rows = await tx
    .insert(notification)
    .values(
      recipients.map(([uid, kind]) => ({
        recipientUid: uid,
        kind,
        actorUid: event.actor.uid,
        actorName: event.actor.name,
        postId: event.postId,
        responseId: event.responseId,
        createdAt: event.now,
      })),
    )
    .returning({ id: notification.id, uid: notification.recipientUid, kind: notification.kind });
  for (const row of rows) await live.publish(tx, { topic: notificationsTopic(row.uid), kind: 'created', id: row.id });
  return rows.map((row) => ({ uid: row.uid, email: emails.get(row.uid)!, kind: row.kind, notificationId: row.id }));
}

export async function unreadCount(db: Db, uid: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notification)
    .where(and(eq(notification.recipientUid, uid), isNull(notification.readAt)));
  return Number(row?.n ?? 0);
}

/** The member's notifications, newest first, a page at a time. */
export async function listNotifications(
  db: Db,
  { uid, before }: { uid: string; before?: string | undefined },
): Promise<NotificationListResponse> {
  const rows = await db
    .select({
      id: notification.id,
      cursor: cursorOf(notification.createdAt),
      kind: notification.kind,
      actorUid: notification.actorUid,
      actorName: notification.actorName,
      postId: notification.postId,
      postTitle: post.postTitle,
      responseId: notification.responseId,
      createdAt: notification.createdAt,
      readAt: notification.readAt,
    })
    .from(notification)
    .innerJoin(post, eq(post.id, notification.postId))
    .where(and(eq(notification.recipientUid, uid), before ? olderThan(notification.createdAt, notification.id, before) : undefined))
    .orderBy(desc(notification.createdAt), desc(notification.id))
    .limit(NOTIFICATIONS_PAGE_SIZE + 1);
  const { page, nextCursor } = pageOf(rows, NOTIFICATIONS_PAGE_SIZE);
  return {
    notifications: page.map((r) => ({
      id: r.id,
      kind: r.kind,
      actor: r.actorUid ? { name: r.actorName, isFormerMember: false } : { name: FORMER_MEMBER, isFormerMember: true },
      post: { id: r.postId, title: r.postTitle },
      responseId: r.responseId,
      createdAt: r.createdAt.toISOString(),
      readAt: r.readAt?.toISOString() ?? null,
      link: notificationLink(r.postId),
    })),
    nextCursor,
    unread: await unreadCount(db, uid),
  };
}

/** Marks one of the member's notifications read (again: a no-op); another member's is not found. */
export async function markRead(deps: { db: Db; live: LivePublisher }, { uid, id, now }: { uid: string; id: string; now: Date }) {
  await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ readAt: notification.readAt })
      .from(notification)
      .where(and(eq(notification.id, id), eq(notification.recipientUid, uid)));
    if (!found) throw new AppError('NOT_FOUND', 'This notification does not exist.');
    if (found.readAt) return;
    await tx.update(notification).set({ readAt: now }).where(eq(notification.id, id));
    await deps.live.publish(tx, { topic: notificationsTopic(uid), kind: 'read', id });
  });
}

/** Marks every unread notification of the member read: how many were. */
export async function markAllRead(deps: { db: Db; live: LivePublisher }, { uid, now }: { uid: string; now: Date }): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(notification)
      .set({ readAt: now })
      .where(and(eq(notification.recipientUid, uid), isNull(notification.readAt)))
      .returning({ id: notification.id });
    if (rows.length > 0) await deps.live.publish(tx, { topic: notificationsTopic(uid), kind: 'read' });
    return rows.length;
  });
}
