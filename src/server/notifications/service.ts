import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { SITE_NAME } from '../../shared/brand';
import { displayNameOf } from '../../shared/member-name';
import {
  NOTIFICATION_NOT_FOUND,
  DEFAULT_NOTIFICATION_PREFERENCES,
  type DigestFrequency,
  NOTIFICATIONS_PAGE_SIZE,
  needNotificationLink,
  careNotificationLink,
  CARE_SITE_ACTOR,
  notificationLink,
  type NotificationPreferences,
  notificationsTopic,
  type NotificationKind,
  type NotificationListResponse,
  type UnsubscribeKind,
  UNSUBSCRIBE_MESSAGES,
} from '../../shared/notifications';
import type { Db, Tx } from '../db/client';
import { cursorOf, olderThan, pageOf } from '../db/keyset';
import { need, notification, notificationPreference, post, profile, user } from '../db/schema';
import type { AppDeps, DbDeps } from '../deps';
import { AppError } from '../http/errors';
import { i18nFor, localesOf } from '../i18n';
import { MAIL_FORMS, renderMail } from '../mail';
import { followersOf } from './follows';
import { createUnsubscribeToken } from './unsubscribe-token';
import { contentLanguageOf } from '../../shared/i18n/content-language';

/** The one-click unsubscribe (RFC 8058) every notification mail names in List-Unsubscribe. */
export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';
/** The page a mail's "Stop mail like this one" opens: it says what the link turns off and asks first. */
export const UNSUBSCRIBE_PAGE = '/unsubscribe';
/** Where members choose which mail they get. */
export const NOTIFICATION_SETTINGS_PAGE = '/settings/notifications';

/** A member told of something, who may also hear of it by mail. */
export type Recipient = { uid: string; email: string; kind: NotificationKind; notificationId: string };

/**
 * Members who may be told of anything: a confirmed address and no suspension (a deleted account has no
 * row left to find).
 */
export async function reachable(tx: Tx, uids: string[]): Promise<Map<string, string>> {
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
  deps: Pick<AppDeps, 'config' | 'live' | 'outbox'>,
  tx: Tx,
  event: {
    postId: number;
    postTitle: string;
    postAuthorUid: string | null;
    responseId: number;
    responseBody: string;
    actor: { uid: string; name: string };
    now: Date;
  },
): Promise<Recipient[]> {
  const { live } = deps;
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
  const told = rows.map((row) => ({ uid: row.uid, email: emails.get(row.uid)!, kind: row.kind, notificationId: row.id }));
  await mailAtOnce(deps, tx, told, event);
  return told;
}

/** Which recipients want mail for their kind: no preference row means the defaults (mail on). */
export async function wantingMail(tx: Tx, recipients: Recipient[]): Promise<Recipient[]> {
  if (recipients.length === 0) return [];
  const prefs = await tx
    .select()
    .from(notificationPreference)
    .where(
      inArray(
        notificationPreference.uid,
        recipients.map((r) => r.uid),
      ),
    );
  const byUid = new Map(prefs.map((p) => [p.uid, p]));
  return recipients.filter((r) => {
    const pref = byUid.get(r.uid);
    return pref ? pref[PREFERENCE_OF_KIND[r.kind]] : true;
  });
}

/** The headers of RFC 2369 and RFC 8058: a mail client offers "unsubscribe" and posts to it without a page. */
export function unsubscribeHeaders(config: AppDeps['config'], token: string) {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(config, token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

export function unsubscribePageUrl(config: AppDeps['config'], token: string): string {
  return `${config.publicUrl}${UNSUBSCRIBE_PAGE}?token=${encodeURIComponent(token)}`;
}

export function unsubscribeUrl(config: AppDeps['config'], token: string): string {
  return `${config.publicUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
}

/**
 * A mail for each recipient who wants one, queued in the response's transaction. Each names the post (and
 * links to it: the site's own sign-in asks for a password if needed; no link signs anybody in), links to the
 * page of preferences and to the unsubscribe page (which asks before it changes anything), and carries its
 * kind's one-click unsubscribe to the API in List-Unsubscribe.
 */
async function mailAtOnce(
  deps: Pick<AppDeps, 'config' | 'outbox'>,
  tx: Tx,
  recipients: Recipient[],
  event: { postId: number; postTitle: string; responseBody: string; actor: { name: string }; now: Date },
) {
  const { config } = deps;
  const link = `${config.publicUrl}${notificationLink(event.postId)}`;
  const wanting = await wantingMail(tx, recipients);
  // Each in their own language, whoever responded (decision 043).
  const locales = await localesOf(
    tx,
    wanting.map((r) => r.uid),
  );
  for (const r of wanting) {
    const token = createUnsubscribeToken(config.sessionSecret, { uid: r.uid, kind: r.kind, now: event.now });
    const isOwn = r.kind === 'response';
    const locale = locales.get(r.uid) ?? 'en';
    const i18n = i18nFor(locale);
    const words = { actor: event.actor.name, title: event.postTitle, site: SITE_NAME };
    const rendered = renderMail({
      locale,
      subject: isOwn ? i18n._('{actor} responded to your post "{title}"', words) : i18n._('New response in "{title}"', words),
      paragraphs: [
        isOwn
          ? i18n._('{actor} responded to your post "{title}" on the {site} forum:', words)
          : i18n._('{actor} responded in "{title}", a post you follow on the {site} forum:', words),
        { quote: event.responseBody },
        { action: link, label: i18n._('Read the response on the site') },
      ],
      footer: [
        isOwn
          ? i18n._('You get this mail because somebody responded to a post of yours.')
          : i18n._('You get this mail because you follow this post (you wrote in it, or chose to).'),
        { link: `${config.publicUrl}${NOTIFICATION_SETTINGS_PAGE}`, label: i18n._('Choose which mail you get') },
        { link: unsubscribePageUrl(config, token), label: i18n._('Stop mail like this one') },
      ],
    });
    await deps.outbox.add(
      {
        form: isOwn ? MAIL_FORMS.notifyResponse : MAIL_FORMS.notifyFollowedResponse,
        to: r.email,
        ...rendered,
        headers: unsubscribeHeaders(config, token),
      },
      tx,
    );
  }
}

export async function unreadCount(deps: DbDeps, { uid }: { uid: string }): Promise<number> {
  const { db } = deps.database;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notification)
    .where(and(eq(notification.recipientUid, uid), isNull(notification.readAt)));
  return Number(row?.n ?? 0);
}

/** The member's notifications, newest first, a page at a time. */
export async function listNotifications(
  deps: DbDeps,
  { uid, before }: { uid: string; before?: string | undefined },
): Promise<NotificationListResponse> {
  const { db } = deps.database;
  const rows = await db
    .select({
      id: notification.id,
      cursor: cursorOf(notification.createdAt),
      kind: notification.kind,
      actorUid: notification.actorUid,
      actorName: notification.actorName,
      postId: notification.postId,
      postTitle: post.postTitle,
      postLanguage: post.language,
      needId: notification.needId,
      needTitle: need.title,
      needLanguage: need.language,
      careTeamId: notification.careTeamId,
      careText: notification.careText,
      responseId: notification.responseId,
      createdAt: notification.createdAt,
      readAt: notification.readAt,
    })
    .from(notification)
    .leftJoin(post, eq(post.id, notification.postId))
    .leftJoin(need, eq(need.id, notification.needId))
    .where(and(eq(notification.recipientUid, uid), before ? olderThan(notification.createdAt, notification.id, before) : undefined))
    .orderBy(desc(notification.createdAt), desc(notification.id))
    .limit(NOTIFICATIONS_PAGE_SIZE + 1);
  const { page, nextCursor } = pageOf(rows, NOTIFICATIONS_PAGE_SIZE);
  return {
    notifications: page.map((r) => ({
      id: r.id,
      kind: r.kind,
      // The name was copied whole when the response was written; actor_uid is null once the account is deleted.
      // A need's notification names no person: its "actor" is the need's town, copied when it was announced.
      actor:
        r.kind === 'need' || (r.kind === 'care' && r.actorUid === null && r.actorName === CARE_SITE_ACTOR)
          ? { name: r.actorName, isFormerMember: false }
          : displayNameOf({ isDeleted: r.actorUid === null, firstName: r.actorName }),
      post:
        r.postId !== null && r.postTitle !== null
          ? { id: r.postId, title: r.postTitle, language: contentLanguageOf(r.postLanguage) }
          : null,
      need:
        r.needId !== null && r.needTitle !== null
          ? { id: r.needId, title: r.needTitle, language: contentLanguageOf(r.needLanguage) }
          : null,
      care: r.careTeamId !== null ? { teamId: r.careTeamId, text: r.careText ?? '' } : null,
      responseId: r.responseId,
      createdAt: r.createdAt.toISOString(),
      readAt: r.readAt?.toISOString() ?? null,
      link:
        r.careTeamId !== null
          ? careNotificationLink(r.careTeamId)
          : r.needId !== null
            ? needNotificationLink(r.needId)
            : notificationLink(r.postId ?? 0),
    })),
    nextCursor,
    unread: await unreadCount(deps, { uid }),
  };
}

/** Marks one of the member's notifications read (again: a no-op); another member's is not found. */
export async function markRead(deps: DbDeps & Pick<AppDeps, 'live'>, { uid, id, now }: { uid: string; id: string; now: Date }) {
  await deps.database.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ readAt: notification.readAt })
      .from(notification)
      .where(and(eq(notification.id, id), eq(notification.recipientUid, uid)));
    if (!found) throw new AppError('NOT_FOUND', NOTIFICATION_NOT_FOUND);
    if (found.readAt) return;
    await tx.update(notification).set({ readAt: now }).where(eq(notification.id, id));
    await deps.live.publish(tx, { topic: notificationsTopic(uid), kind: 'read', id });
  });
}

/** Marks every unread notification of the member read: how many were. */
export async function markAllRead(deps: DbDeps & Pick<AppDeps, 'live'>, { uid, now }: { uid: string; now: Date }): Promise<number> {
  return deps.database.db.transaction(async (tx) => {
    const rows = await tx
      .update(notification)
      .set({ readAt: now })
      .where(and(eq(notification.recipientUid, uid), isNull(notification.readAt)))
      .returning({ id: notification.id });
    if (rows.length > 0) await deps.live.publish(tx, { topic: notificationsTopic(uid), kind: 'read' });
    return rows.length;
  });
}

/** The member's mail preferences: their row, or the defaults when they never changed any. */
export async function readPreferences(db: Db | Tx, uid: string): Promise<NotificationPreferences> {
  const [row] = await db
    .select({
      mailResponse: notificationPreference.mailResponse,
      mailFollowedResponse: notificationPreference.mailFollowedResponse,
      mailNeed: notificationPreference.mailNeed,
      mailCare: notificationPreference.mailCare,
      digest: notificationPreference.digest,
    })
    .from(notificationPreference)
    .where(eq(notificationPreference.uid, uid));
  return row ?? { ...DEFAULT_NOTIFICATION_PREFERENCES };
}

/** Changes some of the member's preferences (the row is made on the first change); answers them all. */
export async function changePreferences(
  db: Db | Tx,
  { uid, change, now }: { uid: string; change: Partial<NotificationPreferences>; now: Date },
): Promise<NotificationPreferences> {
  // The digest's frequency is remembered when it is on, for the undo of a digest's one-click unsubscribe.
  const set = { ...change, ...(change.digest && change.digest !== 'off' ? { lastDigest: change.digest } : {}), updatedAt: now };
  await db
    .insert(notificationPreference)
    .values({ ...DEFAULT_NOTIFICATION_PREFERENCES, ...set, uid })
    .onConflictDoUpdate({ target: notificationPreference.uid, set });
  return readPreferences(db, uid);
}

/** The digest's frequency an undo restores when the one before the unsubscribe is not known: the default. */
export const DIGEST_RESTORED_BY_DEFAULT = 'weekly' as const satisfies DigestFrequency;

/**
 * The account a mailed link names, kept from deletion until the transaction ends; a deleted one is 410 (its
 * link outlives it in the mailbox), and nothing is read or written for it.
 */
async function lockLinkAccount(tx: Tx, uid: string): Promise<void> {
  const [row] = await tx.select({ id: user.id }).from(user).where(eq(user.id, uid)).for('share');
  if (!row) throw new AppError('GONE', UNSUBSCRIBE_MESSAGES.gone);
}

/** Whether the mail a one-click link names is on now, for the member it names (410 once the account is deleted). */
export async function readMailByLink(deps: DbDeps, { uid, kind }: { uid: string; kind: UnsubscribeKind }): Promise<boolean> {
  const { db } = deps.database;
  return db.transaction(async (tx) => {
    await lockLinkAccount(tx, uid);
    return isMailOn(await readPreferences(tx, uid), kind);
  });
}

/**
 * What a mailed one-click link changes, for the member it names: the mail of its kind of notification, on or
 * off; or the digest, off (its frequency remembered) or, undone, back at that frequency (weekly when none is
 * known). Changes nothing when the mail is already as asked, so a digest whose frequency the member chose
 * since stays as they chose it. Answers whether that mail is on now; 410 once the account is deleted.
 */
export async function setMailByLink(
  deps: DbDeps,
  { uid, kind, on, now }: { uid: string; kind: UnsubscribeKind; on: boolean; now: Date },
): Promise<boolean> {
  const { db } = deps.database;
  return db.transaction(async (tx) => {
    await lockLinkAccount(tx, uid);
    await changeMailByLink(tx, { uid, kind, on, now });
    return isMailOn(await readPreferences(tx, uid), kind);
  });
}

async function changeMailByLink(tx: Tx, { uid, kind, on, now }: { uid: string; kind: UnsubscribeKind; on: boolean; now: Date }) {
  if (kind !== 'digest') {
    await changePreferences(tx, { uid, change: { [PREFERENCE_OF_KIND[kind]]: on }, now });
    return;
  }
  const [row] = await tx
    .select({ digest: notificationPreference.digest, lastDigest: notificationPreference.lastDigest })
    .from(notificationPreference)
    .where(eq(notificationPreference.uid, uid))
    .for('update');
  const current = row?.digest ?? DEFAULT_NOTIFICATION_PREFERENCES.digest;
  if (on === (current !== 'off')) return;
  if (on) {
    const digest = row?.lastDigest ?? DIGEST_RESTORED_BY_DEFAULT;
    await tx.update(notificationPreference).set({ digest, updatedAt: now }).where(eq(notificationPreference.uid, uid));
    return;
  }
  const off = { digest: 'off' as const, lastDigest: current === 'off' ? null : current, updatedAt: now };
  await tx
    .insert(notificationPreference)
    .values({ ...DEFAULT_NOTIFICATION_PREFERENCES, ...off, uid })
    .onConflictDoUpdate({ target: notificationPreference.uid, set: off });
}

/** Whether the mail a one-click link names is on now: its kind's preference, or a digest that is not off. */
export function isMailOn(preferences: NotificationPreferences, kind: UnsubscribeKind): boolean {
  return kind === 'digest' ? preferences.digest !== 'off' : preferences[PREFERENCE_OF_KIND[kind]];
}

/** The preference a kind of notification's mail follows. */
export const PREFERENCE_OF_KIND = {
  response: 'mailResponse',
  followed_response: 'mailFollowedResponse',
  need: 'mailNeed',
  care: 'mailCare',
} as const satisfies Record<NotificationKind, keyof NotificationPreferences>;
