import { queryOptions } from '@tanstack/react-query';
import type { NeedAlert, NeedAlertInput } from '../../shared/contracts/need-alerts';
import { call, client } from '../lib/api-client';
import { useFeatureMutation, type MutationCallbacks, type AfterSuccess } from '../lib/feature-mutation';

// "Tell me about needs near me" (issue 26): the member's own alert, on the mail settings page.

export const needAlertKeys = { mine: () => ['need-alert', 'mine'] as const };

export const needAlertQueryOptions = queryOptions({
  queryKey: needAlertKeys.mine(),
  queryFn: ({ signal }) => call(client.me['need-alert'].$get(undefined, { init: { signal } })),
});

const keep: AfterSuccess<NeedAlert, unknown> = (queryClient, now) => queryClient.setQueryData(needAlertKeys.mine(), now);

export function useSaveNeedAlert(callbacks?: MutationCallbacks<NeedAlert, NeedAlertInput>) {
  return useFeatureMutation((input: NeedAlertInput) => call(client.me['need-alert'].$put({ json: input })), keep, callbacks);
}

export function useRemoveNeedAlert(callbacks?: MutationCallbacks<NeedAlert, void>) {
  return useFeatureMutation(() => call(client.me['need-alert'].$delete()), keep, callbacks);
}
