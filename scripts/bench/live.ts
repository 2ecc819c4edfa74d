// How fast a change reaches an open page: members create posts through the API while an event stream
// (/api/live?topics=posts, what a browser on the forum keeps open) notes when each change arrives. Used by
// forum.ts (also across two instances) and all.ts.
import type { PostListResponse } from '../../src/shared/forum';
import { signUpBenchMember, statsOf, timedGet, type Server, type Stats } from './support';

/** Posts a member may create in a row: the forum's limit is five every ten minutes. */
const POSTS_PER_MEMBER = 5;

/** An event-stream client that notes when each created post's change arrives. */
export async function openPostsStream(base: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/live?topics=posts`, { signal: controller.signal });
  if (!res.ok || !res.body) throw new Error(`live stream: ${res.status}`);
  const arrivals = new Map<string, number>();
  const waiters = new Map<string, () => void>();
  let isReady = false;
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event === 'ready') isReady = true;
          if (event !== 'change' || !data) continue;
          const change = JSON.parse(data) as { kind: string; id?: string };
          if (change.kind !== 'created' || !change.id) continue;
          arrivals.set(change.id, performance.now());
          waiters.get(change.id)?.();
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  while (!isReady) await new Promise((r) => setTimeout(r, 10));
  return {
    arrival(id: string, timeoutMs = 5000): Promise<number> {
      const seen = arrivals.get(id);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no live event for post ${id}`)), timeoutMs);
        waiters.set(id, () => {
          clearTimeout(timer);
          resolve(arrivals.get(id)!);
        });
      });
    },
    close: () => controller.abort(),
  };
}

export type LiveResult = {
  /** From sending the POST until the stream received the change. */
  toEvent: Stats;
  /** From sending the POST until a refetched list (what a browser does next) showed the post. */
  toList: Stats;
};

/**
 * `changes` new posts, one at a time, by members signed up (and confirmed) for it through `writeBase`
 * (five posts each, the forum's limit), while a stream from `readBase` waits for each. `servers` are
 * those sharing the database (for the confirmation mail); `ipPrefix` (as "198.18.20") gives each member
 * its own client address, so reruns on one server stay within the sign-up limits.
 */
export async function measureLive(opts: {
  writeBase: string;
  readBase: string;
  servers: Server[];
  changes: number;
  ipPrefix?: string;
  onProgress?: (done: number, total: number) => void;
}): Promise<LiveResult> {
  const { writeBase, readBase, changes } = opts;
  const prefix = opts.ipPrefix ?? '198.18.20';
  const run = Date.now().toString(36);
  const members = [];
  for (let i = 0; i < Math.ceil(changes / POSTS_PER_MEMBER); i++) {
    const email = `bench.live.${i}.${run}@bench.example.org`;
    const profile = { firstName: 'Live', lastName: `Bench ${i}`, phone: '4175550100', state: 'MO' };
    members.push(await signUpBenchMember(writeBase, { email, ip: `${prefix}.${i + 1}`, profile }, opts.servers));
  }
  const stream = await openPostsStream(readBase);
  const toEvent: number[] = [];
  const toList: number[] = [];
  try {
    for (let i = 0; i < changes; i++) {
      const member = members[Math.floor(i / POSTS_PER_MEMBER)]!;
      const started = performance.now();
      const res = await fetch(`${writeBase}/api/posts`, {
        method: 'POST',
        headers: member.headers,
        body: JSON.stringify({ category: 'General', title: `Live bench ${i}`, body: 'Measuring how fast a change travels.' }),
      });
      if (res.status !== 201) throw new Error(`post: ${res.status} ${await res.text()}`);
      const { id } = (await res.json()) as { id: number };
      toEvent.push((await stream.arrival(String(id))) - started);
      const list = (await timedGet(`${readBase}/api/posts`)).body as PostListResponse;
      if (!list.posts.some((p) => p.id === id)) throw new Error(`post ${id} not in the refetched list`);
      toList.push(performance.now() - started);
      opts.onProgress?.(i + 1, changes);
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    stream.close();
  }
  return { toEvent: statsOf(toEvent), toList: statsOf(toList) };
}
