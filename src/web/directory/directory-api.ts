import { infiniteQueryOptions } from '@tanstack/react-query';
import type { DirectoryFilter } from '../../shared/directory';
import { call, client } from '../lib/api-client';

export const directoryKeys = {
  all: () => ['directory'] as const,
  list: (filter: DirectoryFilter) => [...directoryKeys.all(), 'list', filter] as const,
};

export function directoryQueryOptions(filter: DirectoryFilter) {
  return infiniteQueryOptions({
    queryKey: directoryKeys.list(filter),
    queryFn: ({ signal, pageParam }) => {
      const q = filter.q.trim();
      const on = (flag: boolean) => (flag ? ('1' as const) : undefined);
      const query = {
        q: q || undefined,
        foster: on(filter.foster),
        credentialed: on(filter.credentialed),
        state: filter.state || undefined,
        after: pageParam ?? undefined,
      };
      return call(client.directory.$get({ query }, { init: { signal } }));
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/**
 * The server composes the mail and knows the address; the browser sends the words only. (The client puts
 * path params in as they are, hence the encoding.)
 */
export function sendMemberMessage(uid: string, message: string) {
  return call(client.directory[':uid'].message.$post({ param: { uid: encodeURIComponent(uid) }, json: { message } }));
}
