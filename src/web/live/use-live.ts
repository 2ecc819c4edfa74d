import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { queryKeyOf, type LiveEvent } from '../../shared/live-event';

type Listener = { topics: string[]; onEvent: (event: LiveEvent) => void };

/**
 * The page's one event stream (GET /api/live), carrying the topics of every useLive mounted: the header's
 * bell and the page's own topics share it. Over HTTP/1.1 a browser keeps at most six connections to a site,
 * so a stream per hook would let a few open tabs stall every other request; the server also counts streams
 * per client. When the set of topics changes (another page), the stream is replaced by one for the new set.
 * Every stream's `ready` event (its first connect and each reconnect) refetches all its topics, so nothing
 * that changed while no stream carried a topic is missed.
 */
class LiveStream {
  private readonly listeners = new Set<Listener>();
  private source: EventSource | null = null;
  private key = '';
  private isScheduled = false;

  constructor(private readonly queryClient: QueryClient) {}

  add(listener: Listener): () => void {
    this.listeners.add(listener);
    this.schedule();
    return () => {
      this.listeners.delete(listener);
      this.schedule();
    };
  }

  /** After the current commit: a page that leaves and the one that comes change the topics once, not twice. */
  private schedule() {
    if (this.isScheduled) return;
    this.isScheduled = true;
    queueMicrotask(() => {
      this.isScheduled = false;
      this.connect();
    });
  }

  private connect() {
    const topics = [...new Set([...this.listeners].flatMap((l) => l.topics))].sort();
    const key = topics.join(',');
    if (key === this.key) return;
    this.source?.close();
    this.source = null;
    this.key = key;
    if (!key) return;
    const refetch = (which: string[]) => {
      for (const topic of which) void this.queryClient.invalidateQueries({ queryKey: queryKeyOf(topic) });
    };
    const source = new EventSource(`/api/live?topics=${encodeURIComponent(key)}`);
    source.addEventListener('ready', () => refetch(topics));
    source.addEventListener('change', (message) => {
      const event = JSON.parse((message as MessageEvent<string>).data) as LiveEvent;
      const isForAll = event.topic === '*';
      refetch(isForAll ? topics : [event.topic]);
      for (const listener of this.listeners) if (isForAll || listener.topics.includes(event.topic)) listener.onEvent(event);
    });
    this.source = source;
  }
}

const streams = new WeakMap<QueryClient, LiveStream>();

function streamOf(queryClient: QueryClient): LiveStream {
  let stream = streams.get(queryClient);
  if (!stream) {
    stream = new LiveStream(queryClient);
    streams.set(queryClient, stream);
  }
  return stream;
}

/**
 * Keeps the queries of these topics fresh while the component is mounted: the server streams each committed
 * change and the queries whose key starts with the topic's parts are refetched (`onChange` hears each event
 * too). Each feature's key factory (its `*-api.ts`) builds its keys from the same `queryKeyOf(topic)`, so a
 * topic reaches exactly the queries it changes. EventSource reconnects by itself, and every (re)connect
 * refetches everything it carries.
 */
export function useLive(topics: string[], onChange?: (event: LiveEvent) => void) {
  const queryClient = useQueryClient();
  const key = [...topics].sort().join(',');
  const onEvent = useEffectEvent((event: LiveEvent) => onChange?.(event));

  useEffect(() => {
    if (!key) return;
    return streamOf(queryClient).add({ topics: key.split(','), onEvent: (event) => onEvent(event) });
  }, [key, queryClient]);
}
