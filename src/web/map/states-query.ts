import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, client } from '../lib/api-client';

/** The per-state counts and the network's own figures; the server lets the browser cache them a minute. */
export const statesQueryOptions = queryOptions({
  queryKey: ['states'] as const,
  queryFn: ({ signal }) => call(client.states.$get(undefined, { init: { signal } })),
  staleTime: 60_000,
});

export function useStates() {
  return useQuery(statesQueryOptions);
}
