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
  statsOf,
  timedGet,
  type Server,
  type Stats,
} from './support';
import { measureLive } from './live';

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
  // Deep pages: follow the list 50 pages (1,000 posts) down, then time pages from there (with fewer posts,
  // the last ten pages there are; with one page only, none).
  let cursor = first.nextCursor;
  const pages: string[] = [];
  for (let i = 0; i < 50 && cursor; i++) {
    pages.push(`${base}/api/posts?before=${cursor}`);
    cursor = ((await timedGet(pages.at(-1)!)).body as PostListResponse).nextCursor;
  }
  const deep = pages.slice(-10);
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
  if (deep.length) {
    const from = pages.length - deep.length + 2;
    results.push([`list, pages ${from}–${pages.length + 1}`, await measure(deep, REQUESTS), GOAL_READ_MS]);
  }
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

async function benchLive(writeBase: string, readBase: string, servers: Server[]) {
  const { toEvent, toList } = await measureLive({ writeBase, readBase, servers, changes: CHANGES });
  const where = writeBase === readBase ? 'same instance' : 'posted to one instance, streamed from the other';
  process.stdout.write(`\n  Live (${CHANGES} new posts, ${where}):\n`);
  row('POST sent → change received on the stream', toEvent, GOAL_LIVE_MS);
  row('POST sent → refetched list shows it', toList, GOAL_LIVE_MS);
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
  await onEachDatabase({ name: 'forum', seed, postgresInstances: 2 }, async ([writeUrl, readUrl = writeUrl], servers) => {
    await benchReading(writeUrl!);
    await benchLive(writeUrl!, readUrl!, servers);
  });
}

runBench(main);
