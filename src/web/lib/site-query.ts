import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '../../shared/boot';
import { call, client } from './api-client';

export type { SiteConfig };

export const SITE_QUERY_KEY = ['site'] as const;

export const siteQueryOptions = queryOptions({
  queryKey: SITE_QUERY_KEY,
  queryFn: ({ signal }): Promise<SiteConfig> => call(client.site.$get(undefined, { init: { signal } })),
  staleTime: Infinity,
});

export function useSite(): SiteConfig | undefined {
  return useQuery(siteQueryOptions).data;
}
