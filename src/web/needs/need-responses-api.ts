import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { queryKeyOf } from '../../shared/live-event';
import type { NeedCloseInput, NeedCommitmentInput, NeedCommitted } from '../../shared/need-responses';
import { call, client } from '../lib/api-client';
import { useFeatureMutation, type MutationCallbacks } from '../lib/feature-mutation';

// Responding to a need and closing it (issue 26). Every change is announced on the 'needs' live topic, so the
// need's page refetches in every open browser; here the member's own browser refetches at once after a change,
// without waiting for the event.

/** Every query of the needs board (its key starts with the live topic). */
const allNeeds = () => queryKeyOf('needs');

/** The churches the member keeps (for "for my church"), under the churches' topic so a change refreshes it. */
export const keptChurchesOptions = queryOptions({
  queryKey: [...queryKeyOf('churches'), 'me'],
  queryFn: ({ signal }) => call(client.me.church.$get(undefined, { init: { signal } })),
  select: (mine) => mine.keeps.filter((c) => c.status === 'active'),
  staleTime: 60_000,
});

const refreshNeeds = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: allNeeds() });

export function useCommitToNeed(id: number, callbacks?: MutationCallbacks<NeedCommitted, NeedCommitmentInput>) {
  return useFeatureMutation(
    (input: NeedCommitmentInput) => call(client.needs[':id'].commitments.$post({ param: { id: String(id) }, json: input })),
    refreshNeeds,
    callbacks,
  );
}

export function useWithdrawCommitment(id: number, callbacks?: MutationCallbacks<unknown, number>) {
  return useFeatureMutation(
    (commitmentId: number) =>
      call(client.needs[':id'].commitments[':commitmentId'].$delete({ param: { id: String(id), commitmentId: String(commitmentId) } })),
    refreshNeeds,
    callbacks,
  );
}

export function useCloseNeed(id: number, callbacks?: MutationCallbacks<unknown, NeedCloseInput>) {
  return useFeatureMutation(
    (input: NeedCloseInput) => call(client.needs[':id'].close.$post({ param: { id: String(id) }, json: input })),
    refreshNeeds,
    callbacks,
  );
}
