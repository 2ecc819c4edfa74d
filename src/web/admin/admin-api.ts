import { infiniteQueryOptions, queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ADMIN_TOPICS, type DeliveryState, type ProfileSort, type SortDirection } from '../../shared/admin';
import { queryKeyOf } from '../../shared/live-event';
import type { StateStatUpdate } from '../../shared/state-stat';
import { STATES_TOPIC } from '../../shared/states';
import { call, client } from '../lib/api-client';
import { useFeatureMutation, type MutationCallbacks } from '../lib/feature-mutation';
import { useLive } from '../live';

/** product.md §5.7: the admin check is retried after 2000 ms while it cannot be answered. */
export const ADMIN_CHECK_RETRY_MS = 2000;

/** A path parameter as it goes in the address (the client puts it there as given). */
const segment = (value: string) => encodeURIComponent(value);
/** A filter left empty is not sent. */
const unlessEmpty = <T extends string>(value: T): T | undefined => value || undefined;

export type MailFilter = { form: string; state: DeliveryState | '' };
export type ProfileQuery = { q: string; sort: ProfileSort; dir: SortDirection; page: number };

/**
 * The admin area's query keys. Each starts with the live topic that changes it ('users', 'mail',
 * 'activity'), so useLive refetches exactly them (src/shared/live.ts); the State data page's starts with
 * 'states', as the landing map's does, so a saved figure refreshes both.
 */
export const adminKeys = {
  /** Whether the signed-in member may open the admin area (a change of roles is a 'users' change). */
  access: () => [...queryKeyOf(ADMIN_TOPICS.users), 'admin-access'] as const,
  /** The overview of every period. */
  overviews: () => [...queryKeyOf(ADMIN_TOPICS.users), 'overview'] as const,
  overview: (days: number) => [...adminKeys.overviews(), days] as const,
  pageViews: (days: number) => ['page-views', days] as const,
  mailList: (filter: MailFilter) => [...queryKeyOf(ADMIN_TOPICS.mail), 'list', filter] as const,
  mailForms: () => [...queryKeyOf(ADMIN_TOPICS.mail), 'forms'] as const,
  mailDetail: (id: string) => [...queryKeyOf(ADMIN_TOPICS.mail), 'detail', id] as const,
  /** The overview's "Background work": the mail waiting moves with the mail topic. */
  backgroundWork: () => [...queryKeyOf(ADMIN_TOPICS.mail), 'background-work'] as const,
  profiles: (query: ProfileQuery) => [...queryKeyOf(ADMIN_TOPICS.users), 'list', query] as const,
  /** Every figure of the states: the landing map's and the State data page's. */
  allStates: () => queryKeyOf(STATES_TOPIC),
  states: () => [...adminKeys.allStates(), 'admin'] as const,
  activity: () => [...queryKeyOf(ADMIN_TOPICS.activity), 'list'] as const,
};

export const adminAccessQueryOptions = queryOptions({
  queryKey: adminKeys.access(),
  queryFn: ({ signal }) => call(client.admin.access.$get(undefined, { init: { signal } })),
});

export function overviewQueryOptions(days: number) {
  return queryOptions({
    queryKey: adminKeys.overview(days),
    queryFn: ({ signal }) => call(client.admin.overview.$get({ query: { days: String(days) } }, { init: { signal } })),
  });
}

/** After the second step: the admin check asks again, now that the session has passed it. */
export function refreshAdminAccess(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: adminKeys.access() });
}

/**
 * Keeps the overview live: profile saves and sign-ups refresh it through its key ('users'); mail changes
 * move its mail figures and the needs board's changes its needs figures, so they refresh it too.
 */
export function useLiveOverview() {
  const queryClient = useQueryClient();
  useLive([ADMIN_TOPICS.users, ADMIN_TOPICS.mail, 'needs'], (event) => {
    if (event.topic !== ADMIN_TOPICS.users) void queryClient.invalidateQueries({ queryKey: adminKeys.overviews() });
  });
}

/**
 * The overview's "Background work" panel: refreshed by the mail topic (the queue's age moves with it) and
 * every minute, so its "3 hours ago" stay true while the page is open.
 */
export const backgroundWorkQueryOptions = queryOptions({
  queryKey: adminKeys.backgroundWork(),
  queryFn: ({ signal }) => call(client.admin['background-work'].$get(undefined, { init: { signal } })),
  refetchInterval: 60_000,
});

export function pageViewsQueryOptions(days: number) {
  return queryOptions({
    queryKey: adminKeys.pageViews(days),
    queryFn: ({ signal }) => call(client.admin['page-views'].summary.$get({ query: { days: String(days) } }, { init: { signal } })),
  });
}

// ---- All sent mail: its changes come back through the live topic 'mail' ----

export function mailListQueryOptions(filter: MailFilter) {
  return infiniteQueryOptions({
    queryKey: adminKeys.mailList(filter),
    queryFn: ({ signal, pageParam }) => {
      const query = { form: unlessEmpty(filter.form), state: unlessEmpty(filter.state), before: pageParam ?? undefined };
      return call(client.admin.mail.$get({ query }, { init: { signal } }));
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export const mailFormsQueryOptions = queryOptions({
  queryKey: adminKeys.mailForms(),
  queryFn: ({ signal }) => call(client.admin.mail.forms.$get(undefined, { init: { signal } })),
});

export function mailDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminKeys.mailDetail(id),
    queryFn: ({ signal }) => call(client.admin.mail[':id'].$get({ param: { id: segment(id) } }, { init: { signal } })),
  });
}

export function useDeleteMail(id: string, callbacks?: MutationCallbacks<unknown, void>) {
  return useFeatureMutation(() => call(client.admin.mail[':id'].$delete({ param: { id: segment(id) } })), null, callbacks);
}

export function useRetryMail(id: string) {
  return useFeatureMutation(() => call(client.admin.mail[':id'].retry.$post({ param: { id: segment(id) } })), null);
}

// ---- All profiles: changes come back through the live topic 'users' ----

export function profileListQueryOptions(query: ProfileQuery) {
  return queryOptions({
    queryKey: adminKeys.profiles(query),
    queryFn: ({ signal }) => {
      const sent = { q: unlessEmpty(query.q), sort: query.sort, dir: query.dir, page: String(query.page) };
      return call(client.admin.profiles.$get({ query: sent }, { init: { signal } }));
    },
  });
}

export const PROFILES_CSV_URL = '/api/admin/profiles.csv';

export function useChangeRole(uid: string, callbacks?: MutationCallbacks<unknown, boolean>) {
  return useFeatureMutation(
    (isAdmin: boolean) => call(client.admin.profiles[':uid'].role.$put({ param: { uid: segment(uid) }, json: { isAdmin } })),
    null,
    callbacks,
  );
}

export function useSuspendMember(uid: string, callbacks?: MutationCallbacks<unknown, string>) {
  return useFeatureMutation(
    (reason: string) => call(client.admin.profiles[':uid'].suspension.$put({ param: { uid: segment(uid) }, json: { reason } })),
    null,
    callbacks,
  );
}

export function useLiftSuspension(uid: string) {
  return useFeatureMutation(() => call(client.admin.profiles[':uid'].suspension.$delete({ param: { uid: segment(uid) } })), null);
}

// ---- State data ----

export const adminStatesQueryOptions = queryOptions({
  queryKey: adminKeys.states(),
  queryFn: ({ signal }) => call(client.admin.states.$get(undefined, { init: { signal } })),
});

/** A saved figure: the map's query and this page's are refetched before the page says it is saved. */
export function useUpdateState(code: string, callbacks?: MutationCallbacks<unknown, StateStatUpdate>) {
  return useFeatureMutation(
    (input: StateStatUpdate) => call(client.admin.states[':code'].$put({ param: { code: segment(code) }, json: input })),
    (queryClient) => queryClient.invalidateQueries({ queryKey: adminKeys.allStates() }),
    callbacks,
  );
}

// ---- Activity log ----

export const activityQueryOptions = infiniteQueryOptions({
  queryKey: adminKeys.activity(),
  queryFn: ({ signal, pageParam }) => call(client.admin.activity.$get({ query: { before: pageParam ?? undefined } }, { init: { signal } })),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});
