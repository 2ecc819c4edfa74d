// The live topic of one member's notifications, without zod: the header's bell names it on every page a
// member opens, and zod stays out of that first load (the notifications' schemas are in notifications.ts).

export const NOTIFICATIONS_TOPIC_FAMILY = 'notifications';

/** Only that member may follow it. */
export function notificationsTopic(uid: string): string {
  return `${NOTIFICATIONS_TOPIC_FAMILY}:${uid}`;
}
