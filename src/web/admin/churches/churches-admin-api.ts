import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ChurchFieldsInput, ChurchStatus } from '../../../shared/churches';
import { queryKeyOf } from '../../../shared/live-event';
import type { StateCode } from '../../../shared/states';
import { call, client } from '../../lib/api-client';
import { useFeatureMutation, type MutationCallbacks } from '../../lib/feature-mutation';

// The admin area's churches: its query keys start with the live topic 'churches', so any change of a church
// (here, by a point person, or by a member's claim) refetches them.

export type AdminChurchFilter = { q: string; status: ChurchStatus | ''; state: StateCode | '' };

const CHURCHES = 'churches';
const unlessEmpty = <T extends string>(value: T): T | undefined => value || undefined;

export const churchAdminKeys = {
  all: () => [...queryKeyOf(CHURCHES), 'admin'] as const,
  list: (filter: AdminChurchFilter) => [...churchAdminKeys.all(), 'list', filter] as const,
  suggestions: () => [...churchAdminKeys.all(), 'link-suggestions'] as const,
};

export const CHURCHES_CSV_URL = '/api/admin/churches.csv';

export function adminChurchListQueryOptions(filter: AdminChurchFilter) {
  return infiniteQueryOptions({
    queryKey: churchAdminKeys.list(filter),
    queryFn: ({ signal, pageParam }) => {
      const query = {
        q: unlessEmpty(filter.q),
        status: unlessEmpty(filter.status),
        state: unlessEmpty(filter.state),
        after: pageParam ?? undefined,
      };
      return call(client.admin.churches.$get({ query }, { init: { signal } }));
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export const linkSuggestionsQueryOptions = queryOptions({
  queryKey: churchAdminKeys.suggestions(),
  queryFn: ({ signal }) => call(client.admin.churches['link-suggestions'].$get(undefined, { init: { signal } })),
});

const param = (id: number) => ({ id: String(id) });
/** Every change refetches the admin's lists before the page says it is done (the live event follows for the others). */
const refetch = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: churchAdminKeys.all() });

export function useCreateChurch(callbacks?: MutationCallbacks<unknown, ChurchFieldsInput>) {
  return useFeatureMutation((json: ChurchFieldsInput) => call(client.admin.churches.$post({ json })), refetch, callbacks);
}

export function useUpdateChurch(id: number, callbacks?: MutationCallbacks<unknown, ChurchFieldsInput>) {
  return useFeatureMutation(
    (json: ChurchFieldsInput) => call(client.admin.churches[':id'].$put({ param: param(id), json })),
    refetch,
    callbacks,
  );
}

export function useApproveChurch(id: number, callbacks?: MutationCallbacks<unknown, ChurchFieldsInput | undefined>) {
  return useFeatureMutation(
    (fields: ChurchFieldsInput | undefined) => call(client.admin.churches[':id'].approve.$post({ param: param(id), json: { fields } })),
    refetch,
    callbacks,
  );
}

export function useDeclineChurch(id: number, callbacks?: MutationCallbacks<unknown, string>) {
  return useFeatureMutation(
    (reason: string) => call(client.admin.churches[':id'].decline.$post({ param: param(id), json: { reason } })),
    refetch,
    callbacks,
  );
}

export function useMergeChurch(id: number, callbacks?: MutationCallbacks<unknown, number>) {
  return useFeatureMutation(
    (into: number) => call(client.admin.churches[':id'].merge.$post({ param: param(id), json: { into } })),
    refetch,
    callbacks,
  );
}

export function useArchiveChurch(id: number) {
  return useFeatureMutation(() => call(client.admin.churches[':id'].archive.$post({ param: param(id) })), refetch);
}

export function useRestoreChurch(id: number) {
  return useFeatureMutation(() => call(client.admin.churches[':id'].restore.$post({ param: param(id) })), refetch);
}

export function useSetPointPersons(id: number, callbacks?: MutationCallbacks<unknown, string[]>) {
  return useFeatureMutation(
    (uids: string[]) => call(client.admin.churches[':id']['point-persons'].$put({ param: param(id), json: { uids } })),
    refetch,
    callbacks,
  );
}

export function useLinkMember(callbacks?: MutationCallbacks<unknown, { id: number; uid: string }>) {
  return useFeatureMutation(
    ({ id, uid }: { id: number; uid: string }) => call(client.admin.churches[':id'].link.$post({ param: param(id), json: { uid } })),
    refetch,
    callbacks,
  );
}

/** Members found by name or address, to make point persons of (the admin's profile search). */
export function memberSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['users', 'church-point-person-search', q] as const,
    queryFn: ({ signal }) => call(client.admin.profiles.$get({ query: { q, sort: 'name', dir: 'asc', page: '1' } }, { init: { signal } })),
    enabled: q.trim().length >= 2,
  });
}
