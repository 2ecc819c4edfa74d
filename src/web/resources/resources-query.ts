import { queryOptions } from '@tanstack/react-query';
import { call, client } from '../lib/api-client';

export const resourcesQueryOptions = queryOptions({
  queryKey: ['resources'] as const,
  queryFn: ({ signal }) => call(client.resources.$get(undefined, { init: { signal } })),
  staleTime: 5 * 60_000,
});
