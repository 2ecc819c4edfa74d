import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Me, MeResponse } from '../../shared/account';
import { call, client } from './api-client';

export const ME_QUERY_KEY = ['me'] as const;

export type { MeResponse };

export const meQueryOptions = queryOptions({
  queryKey: ME_QUERY_KEY,
  queryFn: ({ signal }) => call(client.me.$get(undefined, { init: { signal } })),
});

/**
 * The signed-in member, or null. The app shell renders nothing until the first answer arrives,
 * so below the shell this is always settled. A session that still owes its second factor (decision 028)
 * is nobody here: the shell asks for the code instead of showing the page (RootLayout).
 */
export function useMe(): Me | null {
  const { data } = useQuery(meQueryOptions);
  return data?.user && !data.user.secondFactorNeeded ? data.user : null;
}

/** Waits for the fresh sign-in state, so a guarded page we navigate to next sees the new session. */
export async function refreshMe(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }, { throwOnError: false });
}

/** After a change of the account: its answer carries the member as they are now, so there is nothing to fetch. */
export function showMe(queryClient: QueryClient, user: MeResponse['user']): void {
  queryClient.setQueryData<MeResponse>(ME_QUERY_KEY, { user });
}

/** After sign-out or account deletion: nobody is signed in, and nothing cached for the member may linger. */
export function forgetMember(queryClient: QueryClient): void {
  queryClient.setQueryData<MeResponse>(ME_QUERY_KEY, { user: null });
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] && query.queryKey[0] !== 'site',
  });
  void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
}
