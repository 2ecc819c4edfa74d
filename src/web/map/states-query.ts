import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StatesResponse } from '../../shared/states';
import { api } from '../lib/api';

/** The per-state counts and the network's own figures; the server lets the browser cache them a minute. */
export const statesQueryOptions = queryOptions({
  queryKey: ['states'] as const,
  queryFn: ({ signal }) => api.get<StatesResponse>('/api/states', { signal }),
  staleTime: 60_000,
});

export function useStates() {
  return useQuery(statesQueryOptions);
}
