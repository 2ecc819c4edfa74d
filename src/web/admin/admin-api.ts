import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { DeliveryState, ProfileSort, SortDirection } from '../../shared/admin';
import type { StateStatUpdate } from '../../shared/state-stat';
import { call, client } from '../lib/api-client';

// Query keys start with the live topic that changes them ('mail', 'users', 'activity'), so useLive refetches
// exactly them (src/shared/live.ts); the State data page's key starts with 'states', the landing map's, so a
// saved figure refreshes both.

/** product.md §5.7: the admin check is retried after 2000 ms while it cannot be answered. */
export const ADMIN_CHECK_RETRY_MS = 2000;

/** A path parameter as it goes in the address (the client puts it there as given). */
const segment = (value: string) => encodeURIComponent(value);
/** A filter left empty is not sent. */
const unlessEmpty = <T extends string>(value: T): T | undefined => value || undefined;

export const adminAccessQueryOptions = queryOptions({
  queryKey: ['users', 'admin-access'],
  queryFn: ({ signal }) => call(client.admin.access.$get(undefined, { init: { signal } })),
});

export function overviewQueryOptions(days: number) {
  return queryOptions({
    queryKey: ['users', 'overview', days],
    queryFn: ({ signal }) => call(client.admin.overview.$get({ query: { days: String(days) } }, { init: { signal } })),
  });
}

export function pageViewsQueryOptions(days: number) {
  return queryOptions({
    queryKey: ['page-views', days],
    queryFn: ({ signal }) => call(client.admin['page-views'].summary.$get({ query: { days: String(days) } }, { init: { signal } })),
  });
}

// ---- All sent mail ----

export type MailFilter = { form: string; state: DeliveryState | '' };

export function mailListQueryOptions(filter: MailFilter) {
  return infiniteQueryOptions({
    queryKey: ['mail', 'list', filter],
    queryFn: ({ signal, pageParam }) => {
      const query = { form: unlessEmpty(filter.form), state: unlessEmpty(filter.state), before: pageParam ?? undefined };
      return call(client.admin.mail.$get({ query }, { init: { signal } }));
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export const mailFormsQueryOptions = queryOptions({
  queryKey: ['mail', 'forms'],
  queryFn: ({ signal }) => call(client.admin.mail.forms.$get(undefined, { init: { signal } })),
});

export function mailDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['mail', 'detail', id],
    queryFn: ({ signal }) => call(client.admin.mail[':id'].$get({ param: { id: segment(id) } }, { init: { signal } })),
  });
}

export function deleteMail(id: string) {
  return call(client.admin.mail[':id'].$delete({ param: { id: segment(id) } }));
}

export function retryMail(id: string) {
  return call(client.admin.mail[':id'].retry.$post({ param: { id: segment(id) } }));
}

// ---- All profiles ----

export type ProfileQuery = { q: string; sort: ProfileSort; dir: SortDirection; page: number };

export function profileListQueryOptions(query: ProfileQuery) {
  return queryOptions({
    queryKey: ['users', 'list', query],
    queryFn: ({ signal }) => {
      const sent = { q: unlessEmpty(query.q), sort: query.sort, dir: query.dir, page: String(query.page) };
      return call(client.admin.profiles.$get({ query: sent }, { init: { signal } }));
    },
  });
}

export const PROFILES_CSV_URL = '/api/admin/profiles.csv';

export function changeRole(uid: string, isAdmin: boolean) {
  return call(client.admin.profiles[':uid'].role.$put({ param: { uid: segment(uid) }, json: { isAdmin } }));
}

export function suspendMember(uid: string, reason: string) {
  return call(client.admin.profiles[':uid'].suspension.$put({ param: { uid: segment(uid) }, json: { reason } }));
}

export function liftSuspension(uid: string) {
  return call(client.admin.profiles[':uid'].suspension.$delete({ param: { uid: segment(uid) } }));
}

// ---- State data ----

export const adminStatesQueryOptions = queryOptions({
  queryKey: ['states', 'admin'],
  queryFn: ({ signal }) => call(client.admin.states.$get(undefined, { init: { signal } })),
});

export function updateState(code: string, input: StateStatUpdate) {
  return call(client.admin.states[':code'].$put({ param: { code: segment(code) }, json: input }));
}

// ---- Activity log ----

export const activityQueryOptions = infiniteQueryOptions({
  queryKey: ['activity', 'list'],
  queryFn: ({ signal, pageParam }) => call(client.admin.activity.$get({ query: { before: pageParam ?? undefined } }, { init: { signal } })),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});
