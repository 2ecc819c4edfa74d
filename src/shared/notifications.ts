// Notifications (issue 16, decision 025): following posts and categories, a member's notifications, and
// their mail preferences.

import { z } from 'zod';
import { displayNameSchema } from './member-name';
import { contentLanguageSchema } from './i18n/content-language';

/** What a notification says happened. Each kind has its own mail preference and unsubscribe link. */
export const NOTIFICATION_KINDS = ['response', 'followed_response', 'need', 'care'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How each kind is named to a member (the preferences, the unsubscribe confirmation). */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  response: /*i18n*/ 'Responses to your posts',
  followed_response: /*i18n*/ 'Responses in posts you follow',
  need: /*i18n*/ 'Needs near you or your church',
  care: /*i18n*/ 'Your care teams',
};

export const DIGEST_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

/**
 * What a mailed one-click unsubscribe link can turn off: the mail of a kind of notification, or the digest
 * (decision 026), which is mail only and has no notification of its own.
 */
export const UNSUBSCRIBE_KINDS = [...NOTIFICATION_KINDS, 'digest'] as const;
export type UnsubscribeKind = (typeof UNSUBSCRIBE_KINDS)[number];

/** How each unsubscribe link's mail is named to the person who opens it. */
export const UNSUBSCRIBE_KIND_LABELS: Record<UnsubscribeKind, string> = {
  ...NOTIFICATION_KIND_LABELS,
  digest: /*i18n*/ 'The digest of new posts',
};

/** Whether the member follows a post, and the post's category. */
export const followStateSchema = z
  .object({
    postId: z.number().int(),
    /** Follows the post itself (wrote it, responded, or chose to), or through its category without having unfollowed it. */
    following: z.boolean(),
    categoryId: z.number().int(),
    categoryFollowing: z.boolean(),
    /** The member wrote the post: they hear of every response to it whether they follow it or not. */
    isAuthor: z.boolean(),
  })
  .meta({ id: 'FollowState' });
export type FollowState = z.infer<typeof followStateSchema>;

export const categoryFollowStateSchema = z.object({ categoryId: z.number().int(), following: z.boolean() });
export type CategoryFollowState = z.infer<typeof categoryFollowStateSchema>;

/** The categories the member follows (the category list shows it). */
export const categoryFollowsSchema = z.object({ categoryIds: z.array(z.number().int()) });
export type CategoryFollows = z.infer<typeof categoryFollowsSchema>;

export { NOTIFICATIONS_TOPIC_FAMILY, notificationsTopic } from './notifications-topic';

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** A list position: the time in microseconds since 1970 and the uuid of the last notification shown. */
export const notificationListQuerySchema = z.object({
  before: z
    .string()
    .regex(/^\d{1,17}\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, /*i18n*/ 'Not a list position')
    .optional(),
});

export const notificationViewSchema = z
  .object({
    id: z.string(),
    kind: z.enum(NOTIFICATION_KINDS),
    /** Who did it, named by displayNameOf (a former member once their account is deleted). */
    actor: displayNameSchema,
    /** The post of a response's notification; null for a need's. */
    post: z.object({ id: z.number().int(), title: z.string(), language: contentLanguageSchema }).nullable(),
    /** The need a 'need' notification announces (the needs board, issue 26); null for the forum's. */
    need: z.object({ id: z.number().int(), title: z.string(), language: contentLanguageSchema }).nullable(),
    /** The care team a 'care' notification is about (issue 27) and what happened ("claimed Meal on …"); null otherwise. */
    care: z.object({ teamId: z.number().int(), text: z.string() }).nullable(),
    responseId: z.number().int().nullable(),
    createdAt: z.iso.datetime(),
    readAt: z.iso.datetime().nullable(),
    /** The page of the thing itself, from the site's root. */
    link: z.string(),
  })
  .meta({ id: 'Notification' });
export type NotificationView = z.infer<typeof notificationViewSchema>;

export const notificationListResponseSchema = z.object({
  notifications: z.array(notificationViewSchema),
  /** Pass as `before` to get the next (older) page; null at the end of the list. */
  nextCursor: z.string().nullable(),
  unread: z.number().int(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });

/** What a notification links to: its post, or its need. */
export function notificationLink(postId: number): string {
  return `/discuss/${postId}`;
}
export function needNotificationLink(needId: number): string {
  return `/needs/${needId}`;
}
/** The "actor" of a care notification the site itself sends (a reminder, an offer): no person did it. */
export const CARE_SITE_ACTOR = /*i18n*/ 'Your care team';
export function careNotificationLink(teamId: number): string {
  return `/care/${teamId}`;
}

/** A member's mail preferences (absent row: the defaults, replies by mail on and a weekly digest). */
export const notificationPreferencesSchema = z
  .object({
    mailResponse: z.boolean(),
    mailFollowedResponse: z.boolean(),
    mailNeed: z.boolean(),
    mailCare: z.boolean(),
    digest: z.enum(DIGEST_FREQUENCIES),
  })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  mailResponse: true,
  mailFollowedResponse: true,
  mailNeed: true,
  mailCare: true,
  digest: 'weekly',
};

/** A change of preferences: any of them, at least one. */
export const notificationPreferencesUpdateSchema = notificationPreferencesSchema
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, /*i18n*/ 'Say which preference to change');

/**
 * The one-click unsubscribe: the signed token from the mail, and `undo=1` to turn the mail back on (the
 * digest at the frequency it had before the link turned it off).
 */
export const unsubscribeQuerySchema = z.object({
  token: z.string().min(1, /*i18n*/ 'The link has no token').max(2000, /*i18n*/ 'Not a link of ours'),
  undo: z.enum(['1', 'true']).optional(),
});

/**
 * What a token's link turns off (or, undone, back on), and whether that mail is on now (for the digest:
 * whether it is daily or weekly rather than off).
 */
export const unsubscribeStateSchema = z
  .object({ kind: z.enum(UNSUBSCRIBE_KINDS), label: z.string(), mail: z.boolean() })
  .meta({ id: 'UnsubscribeState' });
export type UnsubscribeState = z.infer<typeof unsubscribeStateSchema>;

/** One of the member's notifications, read or not; anything else (another member's, or not a uuid) is not found. */
export const NOTIFICATION_NOT_FOUND = /*i18n*/ 'This notification does not exist.';

/** What a person reads when a mailed link cannot be used. */
export const UNSUBSCRIBE_MESSAGES = {
  malformed: /*i18n*/ 'This unsubscribe link is not complete. Copy the whole link from the mail, or change your mail settings on the site.',
  forged: /*i18n*/ 'This unsubscribe link was not made by this site. Change your mail settings on the site instead.',
  expired: /*i18n*/ 'This unsubscribe link has expired. Change your mail settings on the site instead.',
  /** The account the link was mailed to has been deleted: it gets no mail at all. */
  gone: /*i18n*/ 'This account no longer exists; nothing more will be sent to it.',
} as const;
