import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { queryKeyOf } from '../../../shared/live-event';
import type { CaseworkerStatus } from '../../../shared/needs';
import { call, client } from '../../lib/api-client';
import { useFeatureMutation, type MutationCallbacks } from '../../lib/feature-mutation';

// The admin area's needs (issue 26): the caseworkers and the queue of requests waiting for approval. The keys
// start with their live topics ('caseworkers', 'need-reviews'), so a decision in another tab, or a new
// request, refetches them.

const CASEWORKERS = 'caseworkers';
const NEED_REVIEWS = 'need-reviews';

export const needAdminKeys = {
  caseworkers: (status: CaseworkerStatus | '') => [...queryKeyOf(CASEWORKERS), 'admin', status] as const,
  queue: () => [...queryKeyOf(NEED_REVIEWS), 'admin', 'queue'] as const,
};

export function caseworkersQueryOptions(status: CaseworkerStatus | '') {
  return queryOptions({
    queryKey: needAdminKeys.caseworkers(status),
    queryFn: ({ signal }) => call(client.admin.caseworkers.$get({ query: { status: status || undefined } }, { init: { signal } })),
  });
}

const refetchCaseworkers = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: queryKeyOf(CASEWORKERS) });

export function useApproveCaseworker(uid: string) {
  return useFeatureMutation(() => call(client.admin.caseworkers[':uid'].approve.$post({ param: { uid } })), refetchCaseworkers);
}

export function useDeclineCaseworker(uid: string, callbacks?: MutationCallbacks<unknown, string>) {
  return useFeatureMutation(
    (reason: string) => call(client.admin.caseworkers[':uid'].decline.$post({ param: { uid }, json: { reason } })),
    refetchCaseworkers,
    callbacks,
  );
}

export const needQueueQueryOptions = queryOptions({
  queryKey: needAdminKeys.queue(),
  queryFn: ({ signal }) => call(client.admin.needs.queue.$get(undefined, { init: { signal } })),
});

const refetchQueue = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: queryKeyOf(NEED_REVIEWS) });
const needParam = (id: number) => ({ id: String(id) });

export function useApproveNeed(id: number) {
  return useFeatureMutation(() => call(client.admin.needs[':id'].approve.$post({ param: needParam(id) })), refetchQueue);
}

export function useDeclineNeed(id: number, callbacks?: MutationCallbacks<unknown, string>) {
  return useFeatureMutation(
    (reason: string) => call(client.admin.needs[':id'].decline.$post({ param: needParam(id), json: { reason } })),
    refetchQueue,
    callbacks,
  );
}
