import { infiniteQueryOptions } from '@tanstack/react-query';
import { directoryFilterToParams, type DirectoryFilter, type DirectoryPage } from '../../shared/directory';
import { api } from '../lib/api';

export function directoryQueryOptions(filter: DirectoryFilter) {
  return infiniteQueryOptions({
    queryKey: ['directory', 'list', filter],
    queryFn: ({ signal, pageParam }) => {
      const params = directoryFilterToParams(filter);
      if (pageParam) params.set('after', pageParam);
      const query = params.toString();
      return api.get<DirectoryPage>(`/api/directory${query ? `?${query}` : ''}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The server composes the mail and knows the address; the browser sends the words only. */
export function sendMemberMessage(uid: string, message: string) {
  return api.post<{ ok: true }>(`/api/directory/${encodeURIComponent(uid)}/message`, { message });
}
