import type { UpdateAccountInput } from '../../shared/account';
import { call, client } from '../lib/api-client';
import { useFeatureMutation, type MutationCallbacks } from '../lib/feature-mutation';
import { showMe } from '../lib/me-query';

// The account's data is the signed-in member ('me', src/web/lib/me-query.ts): changes write the answer there.

function updateAccount(input: UpdateAccountInput) {
  return call(client.account.$patch({ json: input }));
}

type AccountChange = Awaited<ReturnType<typeof updateAccount>>;

export function useUpdateAccount(callbacks?: MutationCallbacks<AccountChange, UpdateAccountInput>) {
  return useFeatureMutation(updateAccount, (queryClient, { user }) => showMe(queryClient, user), callbacks);
}

export function useCancelEmailChange() {
  return useFeatureMutation(
    () => call(client.account['pending-email'].$delete()),
    (queryClient, { user }) => showMe(queryClient, user),
  );
}

export function deleteAccount() {
  return call(client.account.$delete());
}

export function confirmEmail(token: string) {
  return call(client.account['verify-email'].$post({ json: { token } }));
}

export function signOutEverywhere() {
  return call(client.account['sign-out-everywhere'].$post());
}
