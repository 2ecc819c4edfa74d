import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '../../shared/boot';
import { api } from '../lib/api';

export type { SiteConfig };

export const SITE_QUERY_KEY = ['site'] as const;

export const siteQueryOptions = queryOptions({
  queryKey: SITE_QUERY_KEY,
  queryFn: ({ signal }) => api.get<SiteConfig>('/api/site', { signal }),
  staleTime: Infinity,
});

export function useSite(): SiteConfig | undefined {
  return useQuery(siteQueryOptions).data;
}
