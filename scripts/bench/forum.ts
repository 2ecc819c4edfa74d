/**
 * How fast the forum is with a large history (issue 6): seeds 50,000 posts and 200,000 responses, then
 * measures through the real HTTP server (a separate process, loopback only):
 *   - reading: the list (first and deep pages, a category), the categories, one post, keyword searches;
 *     sequential requests, p50/p95/max, then a short load test with autocannon;
 *   - live: from a POST through one connection until an event-stream client receives the change, and until
 *     that client's refetched list shows the post. On PostgreSQL the post goes to one instance and the
 *     stream comes from another, as behind a load balancer.
 *
 *   node --import tsx scripts/bench/forum.ts [--db postgres|pglite|both] [--posts 50000] [--responses 200000]
 *                                           [--requests 200] [--changes 100] [--seconds 5]
 *
 * Goals: list and search p95 < 50 ms; a change reaches another browser p95 < 200 ms.
 */
import os from 'node:os';
import type { Database } from '../../src/server/db/client';
import type { PostListResponse } from '../../src/shared/forum';
import { seedForum, vocabulary } from './forum-seed';
import {
  loadTest,
  measure,
  migrateAndSeed,
  onEachDatabase,
  option,
  row,
  runBench,
  signUpBenchMember,
  statsOf,
  timedGet,
  type Stats,
} from './support';

const POSTS = option('posts', 50_000, 1_000_000);
const RESPONSES = option('responses', 200_000, 5_000_000);
const REQUESTS = option('requests', 200, 10_000);
const CHANGES = option('changes', 100, 1000);
const SECONDS = option('seconds', 5, 60);
const GOAL_READ_MS = 50;
const GOAL_LIVE_MS = 200;

// ---- Reading --------------------------------------------------------------------------------------

async function benchReading(base: string) {
  const vocab = vocabulary();
  const first = (await timedGet(`${base}/api/posts`)).body as PostListResponse;
  // Deep pages: follow the list 50 pages (1,000 posts) down, then time pages from there.
  let cursor = first.nextCursor;
  const deep: string[] = [];
  for (let i = 0; i < 50 && cursor; i++) {
    const page = (await timedGet(`${base}/api/posts?before=${cursor}`)).body as PostListResponse;
    if (i >= 40) deep.push(`${base}/api/posts?before=${cursor}`);
    cursor = page.nextCursor;
  }
  const cats = (await timedGet(`${base}/api/post-categories`)).body as { categories: Array<{ name: string }> };
  const ids = first.posts.map((p) => p.id);
  const maxId = Math.max(...ids);

  const searches: Array<[string, string]> = [
    ['a word in most posts ("foster")', 'foster'],
    ['a common word ("training")', 'training'],
    ['a word prefix ("fost")', 'fost'],
    ['two words ("respite church")', 'respite church'],
    ['a mid-frequency word', vocab[400]!],
    ['a rare word', vocab[3900]!],
    ['a rare and a common word', `${vocab[3800]!} foster`],
    ['two uncommon words together', `${vocab[700]!} ${vocab[1500]!}`],
    ['a two-letter prefix ("pr")', 'pr'],
    ['three common words', 'foster family church'],
    ['no match', 'zzqxjv'],
  ];

  process.stdout.write('\n  Reading, one request at a time:\n');
  const results: Array<[string, Stats, number?]> = [];
  results.push(['list, first page', await measure([`${base}/api/posts`], REQUESTS), GOAL_READ_MS]);
  results.push(['list, pages 41–50 (posts 800–1,000)', await measure(deep, REQUESTS), GOAL_READ_MS]);
  results.push([
    'list, one category',
    await measure(
      cats.categories.map((c) => `${base}/api/posts?category=${encodeURIComponent(c.name)}`),
      REQUESTS,
    ),
    GOAL_READ_MS,
  ]);
  results.push(['categories with counts', await measure([`${base}/api/post-categories`], REQUESTS)]);
  results.push([
    'one post with its responses',
    await measure(
      Array.from({ length: 50 }, (_, i) => `${base}/api/posts/${1 + ((i * 7919) % maxId)}`),
      REQUESTS,
    ),
  ]);
  const allSearch: number[] = [];
  const perSearch: Array<[string, Stats]> = [];
  for (const [label, q] of searches) {
    const url = `${base}/api/posts?q=${encodeURIComponent(q)}`;
    for (let i = 0; i < 5; i++) await timedGet(url);
    const times: number[] = [];
    for (let i = 0; i < Math.max(20, Math.ceil(REQUESTS / searches.length)); i++) times.push((await timedGet(url)).ms);
    allSearch.push(...times);
    perSearch.push([`  search: ${label}`, statsOf(times)]);
  }
  results.push(['keyword search, all kinds together', statsOf(allSearch), GOAL_READ_MS]);
  for (const [label, s, goal] of results) row(label, s, goal);
  for (const [label, s] of perSearch) row(label, s);

  process.stdout.write(`\n  Under load (autocannon, 10 connections, ${SECONDS} s each):\n`);
  const load = (label: string, paths: string[]) => loadTest(label, base, SECONDS, paths);
  await load('list, first page', ['/api/posts']);
  await load(
    'keyword search (the mix above)',
    searches.map(([, q]) => `/api/posts?q=${encodeURIComponent(q)}`),
  );
  return results;
}

// ---- Live -------------------------------------------------------------------------------------------

/** An event-stream client that notes when each change arrives. */
async function openStream(base: string) {
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

function signUpMember(base: string, i: number) {
  const ip = `198.18.${Math.floor(i / 200)}.${(i % 200) + 1}`;
  const email = `bench.live.${i}.${Date.now().toString(36)}@bench.example.org`;
  return signUpBenchMember(base, { email, ip, profile: { firstName: 'Live', lastName: `Bench ${i}`, phone: '4175550100', state: 'MO' } });
}

async function benchLive(writeBase: string, readBase: string) {
  // Five posts per member stay within the posting limit of five every ten minutes.
  const members = [];
  for (let i = 0; i < Math.ceil(CHANGES / 5); i++) members.push(await signUpMember(writeBase, i));
  const stream = await openStream(readBase);
  const toEvent: number[] = [];
  const toList: number[] = [];
  try {
    for (let i = 0; i < CHANGES; i++) {
      const member = members[i % members.length]!;
      const started = performance.now();
      const res = await fetch(`${writeBase}/api/posts`, {
        method: 'POST',
        headers: member.headers,
        body: JSON.stringify({ category: 'General', title: `Live bench ${i}`, body: 'Measuring how fast a change travels.' }),
      });
      if (res.status !== 201) throw new Error(`post: ${res.status} ${await res.text()}`);
      const { id } = (await res.json()) as { id: number };
      const arrived = await stream.arrival(String(id));
      toEvent.push(arrived - started);
      // What a browser does next: refetch the list, which then shows the post.
      const list = (await timedGet(`${readBase}/api/posts`)).body as PostListResponse;
      if (!list.posts.some((p) => p.id === id)) throw new Error(`post ${id} not in the refetched list`);
      toList.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    stream.close();
  }
  const where = writeBase === readBase ? 'same instance' : 'posted to one instance, streamed from the other';
  process.stdout.write(`\n  Live (${CHANGES} new posts, ${where}):\n`);
  row('POST sent → change received on the stream', statsOf(toEvent), GOAL_LIVE_MS);
  row('POST sent → refetched list shows it', statsOf(toList), GOAL_LIVE_MS);
}

// ---- Runs -------------------------------------------------------------------------------------------

function seed(database: Database) {
  const what = `${POSTS.toLocaleString('en-US')} posts and ${RESPONSES.toLocaleString('en-US')} responses`;
  return migrateAndSeed(database, what, (onProgress) => seedForum(database.db, { posts: POSTS, responses: RESPONSES, onProgress }));
}

async function main() {
  process.stdout.write(
    `Forum bench: ${POSTS.toLocaleString('en-US')} posts, ${RESPONSES.toLocaleString('en-US')} responses, ${REQUESTS} requests per measure, ${CHANGES} live changes (${os.cpus().length} CPUs, Node ${process.version})\n`,
  );
  await onEachDatabase({ name: 'forum', seed, postgresInstances: 2 }, async ([writeUrl, readUrl = writeUrl]) => {
    await benchReading(writeUrl!);
    await benchLive(writeUrl!, readUrl!);
  });
}

runBench(main);
