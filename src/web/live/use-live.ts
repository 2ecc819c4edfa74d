import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { queryKeyOf, type LiveEvent } from '../../shared/live';

/**
 * Keeps the queries of these topics fresh while the page is open: the server streams each committed
 * change (GET /api/live) and the matching queries are refetched. EventSource reconnects by itself; the
 * server's `ready` event on every (re)connect refetches everything, so nothing missed meanwhile is lost.
 */
export function useLive(topics: string[], onChange?: (event: LiveEvent) => void) {
  const queryClient = useQueryClient();
  const key = [...topics].sort().join(',');
  const onEvent = useEffectEvent((event: LiveEvent) => onChange?.(event));

  useEffect(() => {
    if (!key) return;
    const wanted = key.split(',');
    const refetchAll = () => {
      for (const topic of wanted) void queryClient.invalidateQueries({ queryKey: queryKeyOf(topic) });
    };
    const source = new EventSource(`/api/live?topics=${encodeURIComponent(key)}`);
    source.addEventListener('ready', refetchAll);
    source.addEventListener('change', (message) => {
      const event = JSON.parse((message as MessageEvent<string>).data) as LiveEvent;
      if (event.topic === '*') refetchAll();
      else void queryClient.invalidateQueries({ queryKey: queryKeyOf(event.topic) });
      onEvent(event);
    });
    return () => source.close();
  }, [key, queryClient]);
}
