// Notifications (issue 16, decision 025): following posts and categories, a member's notifications, and
// their mail preferences.

import { z } from 'zod';

/** What a notification says happened. Each kind has its own mail preference and unsubscribe link. */
export const NOTIFICATION_KINDS = ['response', 'followed_response'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How each kind is named to a member (the preferences, the unsubscribe confirmation). */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  response: 'Responses to your posts',
  followed_response: 'Responses in posts you follow',
};

export const DIGEST_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

/** Whether the member follows a post, and the post's category. */
export const followStateSchema = z
  .object({
    postId: z.number().int(),
    /** Follows the post itself (wrote it, responded, or chose to), or through its category without having unfollowed it. */
    following: z.boolean(),
    categoryId: z.number().int(),
    categoryFollowing: z.boolean(),
  })
  .meta({ id: 'FollowState' });
export type FollowState = z.infer<typeof followStateSchema>;

export const categoryFollowStateSchema = z.object({ categoryId: z.number().int(), following: z.boolean() });
export type CategoryFollowState = z.infer<typeof categoryFollowStateSchema>;

/** The live topic of one member's notifications: only that member may follow it. */
export const NOTIFICATIONS_TOPIC_FAMILY = 'notifications';
export function notificationsTopic(uid: string): string {
  return `${NOTIFICATIONS_TOPIC_FAMILY}:${uid}`;
}
