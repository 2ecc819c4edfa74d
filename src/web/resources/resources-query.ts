import { queryOptions } from '@tanstack/react-query';
import type { ResourcesResponse } from '../../shared/resources';
import { api } from '../lib/api';

export const resourcesQueryOptions = queryOptions({
  queryKey: ['resources'] as const,
  queryFn: ({ signal }) => api.get<ResourcesResponse>('/api/resources', { signal }),
  staleTime: 5 * 60_000,
});
