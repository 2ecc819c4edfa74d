import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';

export type SiteConfig = { donateUrl: string };

export const siteQueryOptions = queryOptions({
  queryKey: ['site'] as const,
  queryFn: ({ signal }) => api.get<SiteConfig>('/api/site', { signal }),
  staleTime: Infinity,
});

export function useSite(): SiteConfig | undefined {
  return useQuery(siteQueryOptions).data;
}
