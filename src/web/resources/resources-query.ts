import { queryOptions } from '@tanstack/react-query';
import { call, client } from '../lib/api-client';

export const resourceKeys = { all: () => ['resources'] as const };

export const resourcesQueryOptions = queryOptions({
  queryKey: resourceKeys.all(),
  queryFn: ({ signal }) => call(client.resources.$get(undefined, { init: { signal } })),
  staleTime: 5 * 60_000,
});
