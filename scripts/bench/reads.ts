/**
 * Throughput of the reads that touch the database, each as a share of the trivial route measured in the same
 * run (issue 14): public reads (states, forum list, a category, a post, categories) and member reads
 * (directory, a directory search, /api/me, /api/profile), at 50 connections, on a seeded database.
 *
 *   node --import tsx scripts/bench/reads.ts [--db postgres|pglite|both] [--members 10000] [--seconds 10]
 *                                            [--connections 50]
 *
 * Posts and responses are seeded in proportion: 5 posts and 20 responses per member (10,000 members:
 * 50,000 posts and 200,000 responses). Goals: public reads ≥ 50% of /healthz with p99 < 50 ms, member
 * reads ≥ 25% with p99 < 50 ms.
 */
import autocannon from 'autocannon';
import type { Database } from '../../src/server/db/client';
import { seedDirectory } from './directory-seed';
import { seedForum } from './forum-seed';
import { readRoutes, type ReadRoute } from './read-routes';
import { migrateAndSeed, onEachDatabase, option, residentMb, runBench, type Server } from './support';

const MEMBERS = option('members', 10_000, 1_000_000);
const SECONDS = option('seconds', 10, 120);
const CONNECTIONS = option('connections', 50, 1000);

type Result = { label: string; kind: ReadRoute['kind']; rps: number; p50: number; p99: number; errors: number };

const GOAL_SHARE = { public: 0.5, member: 0.25 } as const;
const GOAL_P99_MS = 50;

async function seed(database: Database) {
  await migrateAndSeed(
    database,
    `${MEMBERS.toLocaleString('en-US')} members, ${(MEMBERS * 5).toLocaleString('en-US')} posts`,
    async (onProgress) => {
      await seedDirectory(database.db, { members: MEMBERS, onProgress });
      await seedForum(database.db, { posts: MEMBERS * 5, responses: MEMBERS * 20, onProgress });
    },
  );
}

async function load(base: string, route: ReadRoute): Promise<Result> {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: route.headers,
    requests: route.paths.map((path) => ({ method: 'GET' as const, path })),
  });
  return {
    label: route.label,
    kind: route.kind,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function benchReads([base]: string[], [server]: Server[]) {
  const url = base!;
  const memoryAtStart = residentMb(server!);
  const routes = await readRoutes(url, MEMBERS);

  process.stdout.write(`\n  Under load (autocannon, ${CONNECTIONS} connections, ${SECONDS} s each):\n`);
  const results: Result[] = [];
  for (const [i, route] of routes.entries()) {
    process.stdout.write(`  [${i + 1}/${routes.length}] ${route.label}…${process.stdout.isTTY ? '\r' : '\n'}`);
    results.push(await load(url, route));
  }
  const ceiling = results[0]!.rps;
  const memoryAfter = residentMb(server!);
  process.stdout.write(
    `\n  ${'route'.padEnd(34)} ${'req/s'.padStart(7)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'share'.padStart(6)}  errors  goal\n`,
  );
  for (const r of results) {
    const share = r.rps / ceiling;
    const goal =
      r.kind === 'ceiling'
        ? ''
        : share >= GOAL_SHARE[r.kind] && r.p99 < GOAL_P99_MS
          ? `ok (≥ ${GOAL_SHARE[r.kind] * 100}%, p99 < ${GOAL_P99_MS} ms)`
          : `MISSED (≥ ${GOAL_SHARE[r.kind] * 100}%, p99 < ${GOAL_P99_MS} ms)`;
    process.stdout.write(
      `  ${r.label.padEnd(34)} ${Math.round(r.rps).toString().padStart(7)} ${`${r.p50} ms`.padStart(7)} ${`${r.p99} ms`.padStart(7)} ${`${(share * 100).toFixed(1)}%`.padStart(6)}  ${String(r.errors).padStart(6)}  ${goal}\n`,
    );
  }
  process.stdout.write(
    `\n  Server memory (resident): ${memoryAtStart.toFixed(0)} MB after start and sign-up, ${memoryAfter.toFixed(0)} MB after the load (goal ≤ 256 MB)\n`,
  );
}

runBench(() => onEachDatabase({ name: 'reads', seed }, benchReads));
