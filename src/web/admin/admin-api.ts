import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  ActivityListResponse,
  AdminAccess,
  AdminMailDetail,
  AdminMailListResponse,
  AdminMailSummary,
  AdminOverview,
  AdminProfileListResponse,
  AdminStatesResponse,
  DeliveryState,
  MailFormsResponse,
  ProfileSort,
  SortDirection,
} from '../../shared/admin';
import type { PageViewSummary } from '../../shared/page-view';
import type { StateStat } from '../../shared/states';
import type { StateStatUpdate } from '../../shared/state-stat';
import { api } from '../lib/api';

// Query keys start with the live topic that changes them ('mail', 'users', 'activity'), so useLive refetches
// exactly them (src/shared/live.ts); the State data page's key starts with 'states', the landing map's, so a
// saved figure refreshes both.

/** SPEC §9: the admin check is retried after 2000 ms while it cannot be answered. */
export const ADMIN_CHECK_RETRY_MS = 2000;

function withQuery(path: string, params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export const adminAccessQueryOptions = queryOptions({
  queryKey: ['users', 'admin-access'],
  queryFn: ({ signal }) => api.get<AdminAccess>('/api/admin/access', { signal }),
});

export function overviewQueryOptions(days: number) {
  return queryOptions({
    queryKey: ['users', 'overview', days],
    queryFn: ({ signal }) => api.get<AdminOverview>(withQuery('/api/admin/overview', { days }), { signal }),
  });
}

export function pageViewsQueryOptions(days: number) {
  return queryOptions({
    queryKey: ['page-views', days],
    queryFn: ({ signal }) => api.get<PageViewSummary>(withQuery('/api/admin/page-views/summary', { days }), { signal }),
  });
}

// ---- All sent mail ----

export type MailFilter = { form: string; state: DeliveryState | '' };

export function mailListQueryOptions(filter: MailFilter) {
  return infiniteQueryOptions({
    queryKey: ['mail', 'list', filter],
    queryFn: ({ signal, pageParam }) =>
      api.get<AdminMailListResponse>(withQuery('/api/admin/mail', { ...filter, before: pageParam }), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export const mailFormsQueryOptions = queryOptions({
  queryKey: ['mail', 'forms'],
  queryFn: ({ signal }) => api.get<MailFormsResponse>('/api/admin/mail/forms', { signal }),
});

export function mailDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['mail', 'detail', id],
    queryFn: ({ signal }) => api.get<AdminMailDetail>(`/api/admin/mail/${encodeURIComponent(id)}`, { signal }),
  });
}

export function deleteMail(id: string) {
  return api.delete<{ ok: true }>(`/api/admin/mail/${encodeURIComponent(id)}`);
}

export function retryMail(id: string) {
  return api.post<AdminMailSummary>(`/api/admin/mail/${encodeURIComponent(id)}/retry`);
}

// ---- All profiles ----

export type ProfileQuery = { q: string; sort: ProfileSort; dir: SortDirection; page: number };

export function profileListQueryOptions(query: ProfileQuery) {
  return queryOptions({
    queryKey: ['users', 'list', query],
    queryFn: ({ signal }) => api.get<AdminProfileListResponse>(withQuery('/api/admin/profiles', query), { signal }),
  });
}

export const PROFILES_CSV_URL = '/api/admin/profiles.csv';

export function changeRole(uid: string, isAdmin: boolean) {
  return api.put<{ email: string; isAdmin: boolean }>(`/api/admin/profiles/${encodeURIComponent(uid)}/role`, { isAdmin });
}

export function suspendMember(uid: string, reason: string) {
  return api.put<{ uid: string; suspendedAt: string }>(`/api/admin/profiles/${encodeURIComponent(uid)}/suspension`, { reason });
}

export function liftSuspension(uid: string) {
  return api.delete<{ uid: string; suspendedAt: null }>(`/api/admin/profiles/${encodeURIComponent(uid)}/suspension`);
}

// ---- State data ----

export const adminStatesQueryOptions = queryOptions({
  queryKey: ['states', 'admin'],
  queryFn: ({ signal }) => api.get<AdminStatesResponse>('/api/admin/states', { signal }),
});

export function updateState(code: string, input: StateStatUpdate) {
  return api.put<StateStat>(`/api/admin/states/${encodeURIComponent(code)}`, input);
}

// ---- Activity log ----

export const activityQueryOptions = infiniteQueryOptions({
  queryKey: ['activity', 'list'],
  queryFn: ({ signal, pageParam }) =>
    api.get<ActivityListResponse>(withQuery('/api/admin/activity', { before: pageParam }), { signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});
