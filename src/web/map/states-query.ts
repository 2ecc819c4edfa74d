import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeyOf } from '../../shared/live-event';
import { STATES_TOPIC } from '../../shared/states';
import { call, client } from '../lib/api-client';

/** The map's figures start with the live topic 'states', as the admin's State data page's do. */
export const stateKeys = { all: () => queryKeyOf(STATES_TOPIC) };

/** The per-state counts and the network's own figures; the server lets the browser cache them a minute. */
export const statesQueryOptions = queryOptions({
  queryKey: stateKeys.all(),
  queryFn: ({ signal }) => call(client.states.$get(undefined, { init: { signal } })),
  staleTime: 60_000,
});

export function useStates() {
  return useQuery(statesQueryOptions);
}
