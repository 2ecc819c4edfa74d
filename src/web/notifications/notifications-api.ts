import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { queryKeyOf } from '../../shared/live-event';
import { notificationsTopic } from '../../shared/notifications-topic';
import type { NotificationListResponse, NotificationPreferences } from '../../shared/notifications';
import { call, client } from '../lib/api-client';
import { useFeatureMutation, type MutationCallbacks } from '../lib/feature-mutation';

// The header's bell reads this file on every page a member opens: nothing here may bring zod along
// (following, which needs the forum's topics, is in follow-api.ts).

/**
 * The query keys of notifications. A member's notifications start with their live topic
 * ('notifications:<uid>' → ['notifications', uid]), so the stream refetches them when one is created or
 * read (src/shared/live.ts).
 */
export const notificationKeys = {
  /** Everything of one member's notifications: the list and the unread count. */
  member: (uid: string) => queryKeyOf(notificationsTopic(uid)),
  unread: (uid: string) => [...notificationKeys.member(uid), 'unread'] as const,
  list: (uid: string) => [...notificationKeys.member(uid), 'list'] as const,
  preferences: () => ['notifications', 'preferences'] as const,
  unsubscribe: (token: string) => ['notifications', 'unsubscribe', token] as const,
};

// ---- Mail settings ----

export const preferencesQueryOptions = queryOptions({
  queryKey: notificationKeys.preferences(),
  queryFn: () => call(client.notifications.preferences.$get()),
});

export function useSavePreferences(callbacks?: MutationCallbacks<NotificationPreferences, Partial<NotificationPreferences>>) {
  return useFeatureMutation(
    (change: Partial<NotificationPreferences>) => call(client.notifications.preferences.$put({ json: change })),
    (queryClient, now) => queryClient.setQueryData(notificationKeys.preferences(), now),
    callbacks,
  );
}

/** What a mailed unsubscribe link turns off; changes nothing (link scanners open links too). */
export function unsubscribeQueryOptions(token: string) {
  return queryOptions({
    queryKey: notificationKeys.unsubscribe(token),
    queryFn: () => call(client.notifications.unsubscribe.$get({ query: { token } })),
    enabled: token !== '',
    retry: false,
  });
}

/** Turns the kind of mail the link names off, or with `undo` back on; the page shows the answer itself. */
export function useUnsubscribe(token: string) {
  return useMutation({
    mutationFn: (undo: boolean) => call(client.notifications.unsubscribe.$post({ query: undo ? { token, undo: '1' } : { token } })),
  });
}

// ---- The member's notifications ----

export function unreadCountQueryOptions(uid: string) {
  return queryOptions({
    queryKey: notificationKeys.unread(uid),
    queryFn: ({ signal }) => call(client.notifications['unread-count'].$get(undefined, { init: { signal } })),
  });
}

export function notificationListQueryOptions(uid: string) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(uid),
    queryFn: ({ signal, pageParam }) =>
      call(client.notifications.$get({ query: pageParam ? { before: pageParam } : {} }, { init: { signal } })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Shows the notifications as read at once, in the list and the bell's count; the server's answer confirms it. */
function showAsRead(queryClient: QueryClient, uid: string, ids: Set<string> | 'all') {
  const at = new Date().toISOString();
  let marked = 0;
  queryClient.setQueryData<InfiniteData<NotificationListResponse>>(notificationKeys.list(uid), (data) => {
    if (!data) return data;
    const pages = data.pages.map((page) => ({
      ...page,
      notifications: page.notifications.map((n) => {
        if (n.readAt || (ids !== 'all' && !ids.has(n.id))) return n;
        marked++;
        return { ...n, readAt: at };
      }),
    }));
    return { ...data, pages: pages.map((page) => ({ ...page, unread: ids === 'all' ? 0 : Math.max(0, page.unread - marked) })) };
  });
  queryClient.setQueryData(unreadCountQueryOptions(uid).queryKey, (count) =>
    count ? { unread: ids === 'all' ? 0 : Math.max(0, count.unread - marked) } : count,
  );
}

/** Marks one notification read (opening it), or all of them; either way the member's list and count are refetched after. */
export function useMarkRead(uid: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.member(uid) });
  // A refetch under way (a live event just came) would answer with the notifications still unread and undo what is
  // shown: it is called off, and the refetch after the server's answer brings the truth.
  const stopRefetches = () => queryClient.cancelQueries({ queryKey: notificationKeys.member(uid) });
  const one = useMutation({
    mutationFn: (id: string) => call(client.notifications[':id'].read.$post({ param: { id } })),
    onMutate: async (id) => {
      await stopRefetches();
      showAsRead(queryClient, uid, new Set([id]));
    },
    onSettled: refresh,
  });
  const all = useMutation({
    mutationFn: () => call(client.notifications['read-all'].$post()),
    onMutate: async () => {
      await stopRefetches();
      showAsRead(queryClient, uid, 'all');
    },
    onSettled: refresh,
  });
  return { one, all };
}
