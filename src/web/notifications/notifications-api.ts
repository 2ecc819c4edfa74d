import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { NotificationPreferences } from '../../shared/notifications';
import { call, client } from '../lib/api-client';

export const preferencesQueryKey = ['notifications', 'preferences'] as const;

export function readPreferences() {
  return call(client.notifications.preferences.$get());
}

export function savePreferences(change: Partial<NotificationPreferences>) {
  return call(client.notifications.preferences.$put({ json: change }));
}

/** What a mailed unsubscribe link turns off; changes nothing (link scanners open links too). */
export function readUnsubscribe(token: string) {
  return call(client.notifications.unsubscribe.$get({ query: { token } }));
}

/** Turns the kind of mail the link names off, or with `undo` back on. */
export function unsubscribe(token: string, undo: boolean) {
  return call(client.notifications.unsubscribe.$post({ query: undo ? { token, undo: '1' } : { token } }));
}

// The member's notifications: keys start with their live topic ('notifications:<uid>' →
// ['notifications', uid]), so the stream refetches them when one is created or read (src/shared/live.ts).

export function unreadCountQueryOptions(uid: string) {
  return queryOptions({
    queryKey: ['notifications', uid, 'unread'],
    queryFn: ({ signal }) => call(client.notifications['unread-count'].$get(undefined, { init: { signal } })),
  });
}

export function notificationListQueryOptions(uid: string) {
  return infiniteQueryOptions({
    queryKey: ['notifications', uid, 'list'],
    queryFn: ({ signal, pageParam }) =>
      call(client.notifications.$get({ query: pageParam ? { before: pageParam } : {} }, { init: { signal } })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function markNotificationRead(id: string) {
  return call(client.notifications[':id'].read.$post({ param: { id } }));
}

export function markAllNotificationsRead() {
  return call(client.notifications['read-all'].$post());
}

// Following: a post's state lives under its live topic ('post:<id>'), so a response of the member's own
// (which follows the post) refreshes it.

export function postFollowQueryOptions(postId: number) {
  return queryOptions({
    queryKey: ['post', String(postId), 'follow'],
    queryFn: ({ signal }) => call(client.posts[':id'].follow.$get({ param: { id: String(postId) } }, { init: { signal } })),
  });
}

export function setPostFollow(postId: number, following: boolean) {
  const param = { param: { id: String(postId) } };
  return call(following ? client.posts[':id'].follow.$put(param) : client.posts[':id'].follow.$delete(param));
}

export function categoryFollowsQueryOptions(uid: string) {
  return queryOptions({
    queryKey: ['follows', uid, 'categories'],
    queryFn: ({ signal }) => call(client['post-categories'].follows.$get(undefined, { init: { signal } })),
  });
}

export function setCategoryFollow(categoryId: number, following: boolean) {
  const param = { param: { id: String(categoryId) } };
  return call(following ? client['post-categories'][':id'].follow.$put(param) : client['post-categories'][':id'].follow.$delete(param));
}
