/**
 * Throughput of the reads that touch the database, each as a share of the trivial route measured in the same
 * run (issue 14), and of a bare node:http server answering "ok" loaded just before them (issue 24,
 * request-cost.ts): public reads (states, forum list, a category, a post, categories) and member reads
 * (directory, a directory search, /api/me, /api/profile), at 50 connections, on a seeded database.
 *
 *   node --import tsx scripts/bench/reads.ts [--db postgres|pglite|both] [--members 10000] [--seconds 10]
 *                                            [--connections 50]
 *
 * Posts and responses are seeded in proportion: 5 posts and 20 responses per member (10,000 members:
 * 50,000 posts and 200,000 responses). Goals: public reads ≥ 50% of /healthz with p99 < 50 ms, member
 * reads ≥ 25% with p99 < 50 ms; /healthz ≥ 40% of the bare server. `npm run bench` (all.ts) loads the same
 * routes at several sizes.
 */
import type { Database } from '../../src/server/db/client';
import { loadRoutes, readRoutes, seedMembersAndForum, verdictOf } from './read-routes';
import { bareServerRps, GOAL_SHARE_OF_BARE } from './request-cost';
import { onEachDatabase, option, residentMb, runBench, type Server } from './support';

const MEMBERS = option('members', 10_000, 1_000_000);
const SECONDS = option('seconds', 10, 120);
const CONNECTIONS = option('connections', 50, 1000);

const seed = (database: Database) => seedMembersAndForum(database, MEMBERS);

async function benchReads([base]: string[], servers: Server[]) {
  const url = base!;
  const server = servers[0]!;
  const { routes } = await readRoutes(url, servers, { members: MEMBERS });
  const memoryAtStart = residentMb(server);

  process.stdout.write(`\n  Under load (autocannon, ${CONNECTIONS} connections, ${SECONDS} s each):\n`);
  const bareRps = await bareServerRps(SECONDS, CONNECTIONS);
  const results = await loadRoutes(url, routes, { connections: CONNECTIONS, seconds: SECONDS });
  const ceiling = results[0]!.rps;
  const memoryAfter = residentMb(server);
  process.stdout.write(
    `\n  ${'route'.padEnd(34)} ${'req/s'.padStart(7)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'share'.padStart(6)} ${'bare'.padStart(6)}  errors  goal\n`,
  );
  for (const r of results) {
    const { share, ok, goal } = verdictOf(r, ceiling);
    const verdict = goal ? `${ok ? 'ok' : 'MISSED'} (${goal})` : '';
    process.stdout.write(
      `  ${r.label.padEnd(34)} ${Math.round(r.rps).toString().padStart(7)} ${`${r.p50} ms`.padStart(7)} ${`${r.p99} ms`.padStart(7)} ${`${(share * 100).toFixed(1)}%`.padStart(6)} ${`${((r.rps / bareRps) * 100).toFixed(1)}%`.padStart(6)}  ${String(r.errors).padStart(6)}  ${verdict}\n`,
    );
  }
  const healthz = ceiling / bareRps;
  process.stdout.write(
    `\n  share: of /healthz; bare: of a bare node:http server answering "ok" (${Math.round(bareRps)} req/s, same settings, ` +
      `loaded just before). /healthz at ${(healthz * 100).toFixed(1)}% of it: ${healthz >= GOAL_SHARE_OF_BARE ? 'ok' : 'MISSED'} ` +
      `(goal ≥ ${GOAL_SHARE_OF_BARE * 100}%)\n`,
  );
  process.stdout.write(
    `\n  Server memory (resident): ${memoryAtStart.toFixed(0)} MB after start and sign-up, ${memoryAfter.toFixed(0)} MB after the load (goal ≤ 256 MB)\n`,
  );
}

runBench(() => onEachDatabase({ name: 'reads', seed }, benchReads));
