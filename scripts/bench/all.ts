/**
 * One command for the performance figures (issue 14): `npm run bench`. At each size (members, with 5 posts
 * and 20 responses each) and on each database, through the real server in production mode:
 *   - start-up: a new data folder (a new database on PostgreSQL) until /healthz answers; the seeded data,
 *     first start and a restart;
 *   - the reads that touch the database under load (reads.ts's routes): req/s, p50/p99, share of /healthz;
 *     /healthz as a share of a bare node:http server answering "ok", loaded just before (request-cost.ts);
 *   - how their cost grows with the data, one request at a time: new directory searches, forum list pages
 *     at random depths, new forum keyword searches, new church finder searches (ZIP + 25 and 100 miles, among
 *     10,000 churches at every size) (p50/p95; each answer is new, so none comes from memory);
 *   - live: a member's new post through the API until an open /api/live?topics=posts stream sees it;
 *   - a new visitor while the database is saturated (accept.ts): 100 connections of new searches, a new
 *     connection every 100 ms timed to its answer's first byte (p50/p99), and the searches' req/s;
 *   - memory: the server's resident memory after start and after the load;
 * then prints one Markdown table, also written to bench-results/latest.md (and a dated copy).
 *
 *   npm run bench -- [--sizes 1000,10000,100000] [--db pglite|postgres|both] [--seconds 5] [--connections 50]
 *                    [--requests 200] [--changes 50] [--accept-seconds 10] [--reseed]
 *
 * Seeded databases are kept under the OS's temporary folder (seeded.ts) and copied for each run; --reseed
 * seeds afresh. Goals: public reads ≥ 50% of /healthz with p99 < 50 ms, member reads ≥ 25% with p99 < 50 ms,
 * one-at-a-time reads p95 < 50 ms, live p95 < 200 ms, memory ≤ 256 MB after start on PGlite, a new connection's
 * first byte p99 < 1 s while saturated.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PostListResponse } from '../../src/shared/forum';
import { PG_INT_MAX } from '../../src/shared/text';
import { vocabulary } from './forum-seed';
import { measureAccept, type AcceptResult } from './accept';
import { finderRoutes } from './churches';
import { BENCH_CHURCHES, newChurchSearches, seedChurches } from './churches-seed';
import { measureLive, type LiveResult } from './live';
import { boardRoutes } from './needs';
import { BENCH_NEEDS, newNeedSearches, seedNeeds } from './needs-seed';
import { percentileOf } from './new-connections';
import {
  loadRoutes,
  newDirectorySearches,
  postsFor,
  readRoutes,
  seedMembersAndForum,
  settle,
  verdictOf,
  type RouteResult,
} from './read-routes';
import { bareServerRps, GOAL_SHARE_OF_BARE } from './request-cost';
import { SEED_CACHE_DIR, seededDatabase, type DatabaseKind } from './seeded';
import { flag, option, progress, residentMb, runBench, startServer, statsOf, textOption, timedGet, type Stats } from './support';

const SIZES = textOption('sizes', '1000,10000,100000')
  .split(',')
  .map((s) => Number(s.trim()));
const DB = textOption('db', 'both');
const SECONDS = option('seconds', 5, 120);
const CONNECTIONS = option('connections', 50, 1000);
const REQUESTS = option('requests', 200, 10_000);
const CHANGES = option('changes', 50, 1000);
const ACCEPT_SECONDS = option('accept-seconds', 10, 600);
const ACCEPT_CONNECTIONS = 100;
const GOAL_FIRST_BYTE_MS = 1_000;
const RESEED = flag('reseed');
const OUT = 'bench-results/latest.md';

const GOAL_ONE_AT_A_TIME_MS = 50;
const GOAL_LIVE_MS = 200;
const GOAL_MEMORY_MB = 256;
const NAMES: Record<DatabaseKind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };
/** How a server is timed at start: until /healthz answers, asked every 10 ms. */
const READY = { readyPath: '/healthz', pollMs: 10 };

type Column = {
  kind: DatabaseKind;
  members: number;
  seedSeconds?: number;
  fromCache?: boolean;
  startEmptyMs?: number;
  startSeededMs?: number;
  restartMs?: number;
  memoryStartMb?: number;
  memoryAfterMb?: number;
  routes?: RouteResult[];
  /** A bare node:http server's req/s, loaded just before the routes. */
  bareRps?: number;
  directorySearch?: Stats;
  forumPages?: Stats;
  forumSearch?: Stats;
  /** New church finder searches (a ZIP code nobody searched from yet), one at a time. */
  churchNear25?: Stats;
  churchNear100?: Stats;
  needNear30?: Stats;
  live?: LiveResult;
  accept?: AcceptResult;
  error?: string;
};

const n = (x: number) => Math.round(x).toLocaleString('en-US');
const ms = (x: number) => (x < 10 ? x.toFixed(1) : n(x));
const s = (seconds: number) => (seconds < 10 ? seconds.toFixed(1) : n(seconds));
const mark = (ok: boolean) => (ok ? '✓' : '✗');

/** Each path once, in order, after five others to warm up: p50/p95 of what a new answer costs. */
async function eachOnce(label: string, base: string, paths: string[], headers: Record<string, string> = {}): Promise<Stats> {
  const started = Date.now();
  for (const p of paths.slice(0, 5)) await timedGet(`${base}${p}`, headers);
  const timed = paths.slice(5);
  const times: number[] = [];
  for (const [i, p] of timed.entries()) {
    if (i % 10 === 0) progress(label, i, timed.length, started);
    times.push((await timedGet(`${base}${p}`, headers)).ms);
  }
  progress(label, timed.length, timed.length, started);
  return statsOf(times);
}

/** Forum list pages from random depths (any list position is a valid `before`), and new keyword searches. */
async function forumPaths(base: string, members: number) {
  const first = (await timedGet(`${base}/api/posts`)).body as PostListResponse;
  const newest = Date.parse(first.posts[0]?.postDate ?? new Date().toISOString());
  // The seed dates its posts ten minutes apart, the newest last.
  const span = postsFor(members).posts * 10 * 60_000;
  const count = REQUESTS + 5;
  const pages = Array.from(
    { length: count },
    () => `/api/posts?before=${Math.floor((newest - Math.random() * span) * 1000)}.${PG_INT_MAX}`,
  );
  const words = vocabulary();
  const pick = (limit: number) => words[Math.floor(Math.random() * Math.min(limit, words.length))]!;
  // A frequent word and any word: a pair nobody searched for before.
  const searches = Array.from({ length: count }, () => `/api/posts?q=${encodeURIComponent(`${pick(100)} ${pick(words.length)}`)}`);
  return { pages, searches };
}

async function benchColumn(column: Column, index: number, total: number) {
  const { kind, members } = column;
  const { posts, responses } = postsFor(members);
  process.stdout.write(`\n== ${NAMES[kind]}, ${n(members)} members, ${n(posts)} posts, ${n(responses)} responses (${index}/${total}) ==\n`);
  const seeded = await seededDatabase({
    kind,
    key: `${members}-churches-${BENCH_CHURCHES}-needs-${BENCH_NEEDS}`,
    seed: async (database) => {
      await seedMembersAndForum(database, members);
      await seedChurches(database.db);
      await seedNeeds(database.db);
    },
    fresh: RESEED,
  });
  column.seedSeconds = seeded.seedSeconds;
  column.fromCache = seeded.fromCache;
  process.stdout.write(
    seeded.fromCache
      ? `  Seeded data from the cache (seeded in ${s(seeded.seedSeconds)} s), copied in ${s(seeded.copySeconds)} s\n`
      : `  Kept for the next runs in ${seeded.cacheDir}\n`,
  );
  const { root } = seeded;
  try {
    const empty = await startServer('new-data', root, await seeded.emptyEnv('new_data'), READY);
    column.startEmptyMs = empty.readyAfterMs;
    await empty.stop();
    process.stdout.write(`  Start on a new data folder: ${s(empty.readyAfterMs / 1000)} s until /healthz answers\n`);

    const server = await startServer('seeded', root, seeded.env, READY);
    try {
      column.startSeededMs = server.readyAfterMs;
      column.memoryStartMb = residentMb(server);
      process.stdout.write(
        `  Start on the seeded data: ${s(server.readyAfterMs / 1000)} s; memory ${n(column.memoryStartMb)} MB\n` +
          `  Under load (autocannon, ${CONNECTIONS} connections, ${SECONDS} s a route):\n`,
      );
      const read = await readRoutes(server.url, [server], { members });
      const { member } = read;
      // The church finder's kept answers and new searches, after the other public reads (issue 25).
      // And the needs board's (issue 26).
      const routes = [...read.routes, ...finderRoutes(), ...boardRoutes()];
      column.bareRps = await bareServerRps(SECONDS, CONNECTIONS);
      column.routes = await loadRoutes(server.url, routes, { connections: CONNECTIONS, seconds: SECONDS });
      column.memoryAfterMb = residentMb(server);
      const ceiling = column.routes[0]!.rps;
      process.stdout.write(
        `    a bare node:http server: ${n(column.bareRps)} req/s; /healthz ${((ceiling / column.bareRps) * 100).toFixed(1)}% of it\n`,
      );
      for (const r of column.routes) {
        const { share, ok } = verdictOf(r, ceiling);
        process.stdout.write(
          `    ${r.label.padEnd(36)} ${n(r.rps).padStart(7)} req/s  ${(share * 100).toFixed(1).padStart(5)}%  p50 ${ms(r.p50).padStart(5)} ms  p99 ${ms(r.p99).padStart(5)} ms${r.errors ? `  ${r.errors} errors` : ''}${ok === undefined ? '' : `  ${mark(ok)}`}\n`,
        );
      }
      process.stdout.write(`  Memory after the load: ${n(column.memoryAfterMb)} MB\n  One request at a time (${REQUESTS} each):\n`);

      column.directorySearch = await eachOnce('new directory searches', server.url, newDirectorySearches(REQUESTS + 5), member);
      const forum = await forumPaths(server.url, members);
      column.forumPages = await eachOnce('forum pages, random depths', server.url, forum.pages);
      column.forumSearch = await eachOnce('new forum keyword searches', server.url, forum.searches);
      column.churchNear25 = await eachOnce('new church searches, 25 miles', server.url, newChurchSearches(REQUESTS + 5, 25));
      column.churchNear100 = await eachOnce('new church searches, 100 miles', server.url, newChurchSearches(REQUESTS + 5, 100));
      column.needNear30 = await eachOnce('new needs board searches, 30 miles', server.url, newNeedSearches(REQUESTS + 5, 30));
      for (const [label, st] of [
        ['church finder, 25 miles', column.churchNear25],
        ['church finder, 100 miles', column.churchNear100],
        ['needs board, 30 miles', column.needNear30],
        ['directory search', column.directorySearch],
        ['forum list page', column.forumPages],
        ['forum keyword search', column.forumSearch],
      ] as const) {
        process.stdout.write(
          `    ${label.padEnd(24)} p50 ${ms(st.p50).padStart(5)} ms  p95 ${ms(st.p95).padStart(5)} ms  max ${ms(st.max)} ms\n`,
        );
      }

      const liveStarted = Date.now();
      column.live = await measureLive({
        writeBase: server.url,
        readBase: server.url,
        servers: [server],
        changes: CHANGES,
        onProgress: (done, all) => progress('live: new posts', done, all, liveStarted),
      });
      process.stdout.write(
        `  Live, new post → open stream: p50 ${ms(column.live.toEvent.p50)} ms  p95 ${ms(column.live.toEvent.p95)} ms  (→ refetched list p95 ${ms(column.live.toList.p95)} ms)\n`,
      );

      process.stdout.write(`  A new connection every 100 ms while ${ACCEPT_CONNECTIONS} connections search (${ACCEPT_SECONDS} s)…\n`);
      column.accept = await measureAccept(server.url, member, { connections: ACCEPT_CONNECTIONS, seconds: ACCEPT_SECONDS });
      await settle(server.url);
      const first = column.accept.firstByteMs;
      process.stdout.write(
        `  New connection, first byte: p50 ${ms(percentileOf(first, 0.5))} ms  p99 ${ms(percentileOf(first, 0.99))} ms  (accept queue max ${column.accept.acceptQueueMax}); searches ${n(column.accept.rps)} req/s\n`,
      );
    } finally {
      await server.stop();
    }
    const again = await startServer('restart', root, seeded.env, READY);
    column.restartMs = again.readyAfterMs;
    await again.stop();
    process.stdout.write(`  Restart on the seeded data: ${s(again.readyAfterMs / 1000)} s\n`);
  } finally {
    seeded.dispose();
  }
}

// ---- The table ----------------------------------------------------------------------------------------

/** `/api/directory (first page)` → "`/api/directory` (first page)", or "(first page, member)". */
function routeLabel(label: string, asMember: boolean) {
  const [route, ...rest] = label.split(' ');
  const note = rest.join(' ').replace(/^\((.*)\)$/, '$1');
  const notes = [note, asMember ? 'member' : ''].filter(Boolean).join(', ');
  return `\`${route}\`${notes ? ` (${notes})` : ''}`;
}

function table(columns: Column[]): string {
  const rows: string[][] = [];
  /** A row; a cell without its figure says – (or "failed", when that size failed). */
  const add = (label: string, goal: string, cell: (c: Column) => string | false | undefined) =>
    rows.push([label, goal, ...columns.map((c) => cell(c) || (c.error ? 'failed' : '–'))]);
  const p50p95 = (st: Stats | undefined, goal: number) => st && `${ms(st.p50)} / ${ms(st.p95)} ms ${mark(st.p95 < goal)}`;

  add('seeding', '', (c) => c.seedSeconds !== undefined && `${s(c.seedSeconds)} s${c.fromCache ? ' (cached)' : ''}`);
  add('start, new data folder → `/healthz`', '', (c) => c.startEmptyMs !== undefined && `${s(c.startEmptyMs / 1000)} s`);
  add(
    'start on the seeded data: first / restart',
    '',
    (c) => c.startSeededMs !== undefined && `${s(c.startSeededMs / 1000)} / ${c.restartMs === undefined ? '–' : s(c.restartMs / 1000)} s`,
  );
  add(
    'memory (RSS) after start',
    `≤ ${GOAL_MEMORY_MB} MB (PGlite)`,
    (c) =>
      c.memoryStartMb !== undefined &&
      `${n(c.memoryStartMb)} MB${c.kind === 'pglite' ? ` ${mark(c.memoryStartMb <= GOAL_MEMORY_MB)}` : ''}`,
  );
  add('memory (RSS) after the load', '', (c) => c.memoryAfterMb !== undefined && `${n(c.memoryAfterMb)} MB`);
  const labels = columns.find((c) => c.routes)?.routes ?? [];
  for (const [i, route] of labels.entries()) {
    const goal =
      route.kind === 'ceiling' ? `the ceiling; ≥ ${GOAL_SHARE_OF_BARE * 100}% of bare node:http` : (verdictOf(route, 1).goal ?? '');
    add(routeLabel(route.label.replace(' (the ceiling)', ''), route.kind === 'member'), goal, (c) => {
      const r = c.routes?.[i];
      if (!r) return undefined;
      const { share, ok } = verdictOf(r, c.routes![0]!.rps);
      const errors = r.errors ? ` (${n(r.errors)} errors)` : '';
      const head = `${n(r.rps)}/s`;
      const tail = `${ms(r.p50)} / ${ms(r.p99)} ms${errors}`;
      if (ok !== undefined) return `${head} · **${(share * 100).toFixed(1)}%** · ${tail} ${mark(ok)}`;
      // The ceiling itself, as a share of the bare server.
      const ofBare = c.bareRps ? r.rps / c.bareRps : undefined;
      return ofBare === undefined
        ? `${head} · ${tail}`
        : `${head} · **${(ofBare * 100).toFixed(1)}% of bare** · ${tail} ${mark(ofBare >= GOAL_SHARE_OF_BARE)}`;
    });
  }
  const one = `p95 < ${GOAL_ONE_AT_A_TIME_MS} ms`;
  add('directory search, new, one at a time: p50 / p95', one, (c) => p50p95(c.directorySearch, GOAL_ONE_AT_A_TIME_MS));
  add('forum list, page at a random depth: p50 / p95', one, (c) => p50p95(c.forumPages, GOAL_ONE_AT_A_TIME_MS));
  add('forum keyword search, new: p50 / p95', one, (c) => p50p95(c.forumSearch, GOAL_ONE_AT_A_TIME_MS));
  add(`church finder, ZIP + 25 miles, new (${n(BENCH_CHURCHES)} churches): p50 / p95`, one, (c) =>
    p50p95(c.churchNear25, GOAL_ONE_AT_A_TIME_MS),
  );
  add(`church finder, ZIP + 100 miles, new (${n(BENCH_CHURCHES)} churches): p50 / p95`, one, (c) =>
    p50p95(c.churchNear100, GOAL_ONE_AT_A_TIME_MS),
  );
  add(`needs board, ZIP + 30 miles, new (${n(BENCH_NEEDS)} open needs): p50 / p95`, one, (c) =>
    p50p95(c.needNear30, GOAL_ONE_AT_A_TIME_MS),
  );
  add(`live: new post → open stream (${CHANGES} posts): p50 / p95`, `p95 < ${GOAL_LIVE_MS} ms`, (c) =>
    p50p95(c.live?.toEvent, GOAL_LIVE_MS),
  );
  add(
    `new connection while ${ACCEPT_CONNECTIONS} connections search: first byte p50 / p99; searches/s`,
    `p99 < ${n(GOAL_FIRST_BYTE_MS)} ms`,
    (c) => {
      if (!c.accept) return undefined;
      const p99 = percentileOf(c.accept.firstByteMs, 0.99);
      return `${ms(percentileOf(c.accept.firstByteMs, 0.5))} / ${ms(p99)} ms ${mark(p99 < GOAL_FIRST_BYTE_MS && !c.accept.failed)}; ${n(c.accept.rps)}/s`;
    },
  );

  const head = ['', 'goal', ...columns.map((c) => `${NAMES[c.kind]}, ${n(c.members)}`)];
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

function machine(): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.trim() ?? 'unknown CPU';
  return `${cpus.length} CPUs (${model}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
}

function commit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { encoding: 'utf8' }).trim() ? ' with uncommitted changes' : '';
    return `${head}${dirty}`;
  } catch {
    return 'unknown';
  }
}

function report(columns: Column[], startedAt: Date, elapsedMs: number, done: boolean): string {
  const sizes = [...new Set(columns.map((c) => c.members))];
  const failed = columns.filter((c) => c.error);
  return [
    `### ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, \`npm run bench\`${process.argv.length > 2 ? ` ${process.argv.slice(2).join(' ')}` : ''}`,
    '',
    `Machine: ${machine()}. Commit ${commit()}.`,
    `Sizes: ${sizes.map((m) => `${n(m)} members (${n(postsFor(m).posts)} posts, ${n(postsFor(m).responses)} responses)`).join(', ')}.`,
    `Under load: autocannon in the same process, ${CONNECTIONS} connections, ${SECONDS} s a route; a cell is req/s · share of \`/healthz\` · p50 / p99.`,
    `One at a time: ${REQUESTS} requests each, every answer new (none from memory). Live: ${CHANGES} new posts, one at a time.`,
    `${done ? 'Whole run' : 'So far (still running)'}: ${s(elapsedMs / 60_000)} min. ✓ goal met, ✗ missed.`,
    '',
    table(columns),
    ...(failed.length ? ['', ...failed.map((c) => `- ${NAMES[c.kind]}, ${n(c.members)} failed: ${c.error}`)] : []),
    '',
  ].join('\n');
}

function write(text: string, startedAt: Date) {
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, text);
  fs.writeFileSync(path.join(path.dirname(OUT), `${startedAt.toISOString().slice(0, 16).replace(/[T:]/g, '-')}.md`), text);
}

async function main() {
  if (!SIZES.length || SIZES.some((x) => !Number.isInteger(x) || x < 100 || x > 1_000_000)) {
    throw new Error(`--sizes takes member counts from 100 to 1,000,000, separated by commas (got ${textOption('sizes', '')})`);
  }
  if (!['pglite', 'postgres', 'both'].includes(DB)) throw new Error(`--db takes pglite, postgres or both (got ${DB})`);
  const kinds: DatabaseKind[] = DB === 'both' ? ['pglite', 'postgres'] : [DB as DatabaseKind];
  const columns: Column[] = kinds.flatMap((kind) => SIZES.map((members) => ({ kind, members })));
  const startedAt = new Date();
  const started = performance.now();
  process.stdout.write(
    `Bench, all of it: ${SIZES.map(n).join(', ')} members on ${kinds.map((k) => NAMES[k]).join(' and ')}\n` +
      `${machine()}\nSeeded databases are kept in ${SEED_CACHE_DIR} (--reseed seeds afresh; delete the folder to free the space).\n`,
  );
  for (const [i, column] of columns.entries()) {
    try {
      await benchColumn(column, i + 1, columns.length);
    } catch (err) {
      column.error = err instanceof Error ? err.message.split('\n')[0]! : String(err);
      process.stdout.write(`\n  FAILED: ${err instanceof Error ? err.stack : String(err)}\n`);
    }
    write(report(columns, startedAt, performance.now() - started, false), startedAt);
  }
  const text = report(columns, startedAt, performance.now() - started, true);
  write(text, startedAt);
  process.stdout.write(`\n${text}\nWritten to ${OUT}.\n`);
  if (columns.some((c) => c.error)) process.exitCode = 1;
}

runBench(main);
