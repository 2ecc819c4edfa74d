import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeyOf } from '../../shared/live-event';
import { call, client } from '../lib/api-client';

// The needs board's public figures (issue 26): the map's "Open needs" layer and the landing page's band read
// the same answer. Its key starts with the live topic 'needs', as every need query does.

export const needFigureKeys = { figures: () => [...queryKeyOf('needs'), 'figures'] };

const needFiguresQueryOptions = queryOptions({
  queryKey: needFigureKeys.figures(),
  // Revalidated with the server each time (a 304 when nothing changed): a live event must not be answered from
  // the browser's copy, which the server lets it keep a minute.
  queryFn: ({ signal }) => call(client.needs.figures.$get(undefined, { init: { signal, cache: 'no-cache' } })),
  staleTime: 60_000,
});

/** The figures; `enabled` false waits (the map asks only once a visitor chooses the layer). */
export function useNeedFigures(enabled = true) {
  return useQuery({ ...needFiguresQueryOptions, enabled });
}
