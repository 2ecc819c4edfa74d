import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  CLEARANCES_LIVE_TOPIC,
  myCareTeamsTopic,
  type adminClearanceQuerySchema,
  type ClearanceRecordInput,
  type ClearanceRequirementInput,
  type ClearanceRequirementPatch,
  type ClearanceStatus,
} from '../../shared/clearances';
import { queryKeyOf } from '../../shared/live-event';
import { call, client } from '../lib/api-client';
import { useFeatureMutation, type MutationCallbacks } from '../lib/feature-mutation';

// Clearances' data (issue 27). The admins' keys start with their live topic ('clearances'); the member's own with
// their teams' topic ('care-teams:<uid>'), which the server also announces a change of their clearances on; a
// church's list with 'clearances' too, refreshed after its point person records something.

export type AdminClearanceSearch = { q: string; status: ClearanceStatus | ''; page: number };

export const clearanceKeys = {
  all: () => queryKeyOf(CLEARANCES_LIVE_TOPIC),
  requirements: () => [...queryKeyOf(CLEARANCES_LIVE_TOPIC), 'requirements'] as const,
  members: (search: AdminClearanceSearch) => [...queryKeyOf(CLEARANCES_LIVE_TOPIC), 'members', search] as const,
  church: (id: number) => [...queryKeyOf(CLEARANCES_LIVE_TOPIC), 'church', id] as const,
  mine: (uid: string) => [...queryKeyOf(myCareTeamsTopic(uid)), 'clearances'] as const,
};

export const requirementsOptions = queryOptions({
  queryKey: clearanceKeys.requirements(),
  queryFn: ({ signal }) => call(client.admin.clearances.requirements.$get(undefined, { init: { signal } })),
});

export function memberClearancesOptions(search: AdminClearanceSearch) {
  const query: z.input<typeof adminClearanceQuerySchema> = {};
  if (search.q) query.q = search.q;
  if (search.status) query.status = search.status;
  if (search.page > 1) query.page = search.page;
  return queryOptions({
    queryKey: clearanceKeys.members(search),
    queryFn: ({ signal }) =>
      call(
        client.admin.clearances.$get(
          { query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) },
          { init: { signal } },
        ),
      ),
    retry: false,
  });
}

export function churchClearancesOptions(id: number) {
  return queryOptions({
    queryKey: clearanceKeys.church(id),
    queryFn: ({ signal }) => call(client.churches[':id'].clearances.$get({ param: { id: String(id) } }, { init: { signal } })),
    retry: false,
  });
}

export function myClearancesOptions(uid: string) {
  return queryOptions({
    queryKey: clearanceKeys.mine(uid),
    queryFn: ({ signal }) => call(client.me.clearances.$get(undefined, { init: { signal } })),
    staleTime: 0,
  });
}

const refreshAll = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: clearanceKeys.all() });

export function useCreateRequirement(callbacks?: MutationCallbacks<unknown, ClearanceRequirementInput>) {
  return useFeatureMutation(
    (input: ClearanceRequirementInput) => call(client.admin.clearances.requirements.$post({ json: input })),
    refreshAll,
    callbacks,
  );
}

type RequirementChange = { id: number; input: ClearanceRequirementPatch };
export function useUpdateRequirement(callbacks?: MutationCallbacks<unknown, RequirementChange>) {
  return useFeatureMutation(
    ({ id, input }: RequirementChange) =>
      call(client.admin.clearances.requirements[':id'].$patch({ param: { id: String(id) }, json: input })),
    refreshAll,
    callbacks,
  );
}

type RecordChange = { uid: string; requirementId: number; input: ClearanceRecordInput };
const recordParam = (uid: string, requirementId: number) => ({ uid, requirementId: String(requirementId) });

/** Records a member's clearance (an admin, or a point person of the member's church). */
export function useRecordClearance(callbacks?: MutationCallbacks<unknown, RecordChange>) {
  return useFeatureMutation(
    ({ uid, requirementId, input }: RecordChange) =>
      call(client.clearances[':uid'][':requirementId'].$put({ param: recordParam(uid, requirementId), json: input })),
    refreshAll,
    callbacks,
  );
}

type RecordRemoval = { uid: string; requirementId: number };
export function useRemoveClearance(callbacks?: MutationCallbacks<unknown, RecordRemoval>) {
  return useFeatureMutation(
    ({ uid, requirementId }: RecordRemoval) =>
      call(client.clearances[':uid'][':requirementId'].$delete({ param: recordParam(uid, requirementId) })),
    refreshAll,
    callbacks,
  );
}

/** The member accepts the confidentiality agreement; the answer is their page as it is now. */
export function useAcceptAgreement(uid: string, callbacks?: MutationCallbacks<unknown, void>) {
  return useFeatureMutation(
    () => call(client.me.clearances.agreement.$post({ json: { agree: true } })),
    (queryClient, data) => queryClient.setQueryData(clearanceKeys.mine(uid), data),
    callbacks,
  );
}
