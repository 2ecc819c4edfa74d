import { queryOptions } from '@tanstack/react-query';
import type { CaseworkerApplicationInput, SupervisorDecisionInput } from '../../shared/needs-approvals';
import { call, client } from '../lib/api-client';
import { useFeatureMutation, type MutationCallbacks } from '../lib/feature-mutation';

// Approving on the needs board (issue 26): a caseworker's own application, and the supervisor's link. Its
// answers are one person's: nothing live here (an admin's decision is mailed).

export const approvalKeys = {
  mine: () => ['me', 'caseworker'] as const,
  supervisor: (token: string) => ['needs', 'approve', token] as const,
};

export const myCaseworkerQueryOptions = queryOptions({
  queryKey: approvalKeys.mine(),
  queryFn: ({ signal }) => call(client.me.caseworker.$get(undefined, { init: { signal } })),
});

export function useApplyAsCaseworker(callbacks?: MutationCallbacks<unknown, CaseworkerApplicationInput>) {
  return useFeatureMutation(
    (json: CaseworkerApplicationInput) => call(client.caseworkers.apply.$post({ json })),
    (queryClient) => queryClient.invalidateQueries({ queryKey: approvalKeys.mine() }),
    callbacks,
  );
}

export function supervisorRequestQueryOptions(token: string) {
  return queryOptions({
    queryKey: approvalKeys.supervisor(token),
    queryFn: ({ signal }) => call(client.needs.approve[':token'].$get({ param: { token } }, { init: { signal } })),
    // A used or expired link stays so: asking again changes nothing.
    retry: false,
    enabled: token !== '',
  });
}

export function useSupervisorDecision(
  token: string,
  callbacks?: MutationCallbacks<{ status: 'open' | 'declined' }, SupervisorDecisionInput>,
) {
  return useFeatureMutation(
    (json: SupervisorDecisionInput) => call(client.needs.approve[':token'].$post({ param: { token }, json })),
    null,
    callbacks,
  );
}
