/**
 * The needs board at 10,000 open needs (issue 26): seeds 10,000 open needs over the US ZIP codes, then, through
 * the real server (a child process, loopback only), on each database:
 *   - one request at a time, every answer new (a ZIP code nobody searched from yet): ZIP + 30 miles and
 *     ZIP + 100 miles, and the newest first in a state; p50/p95/max;
 *   - under load (autocannon, 50 connections): /healthz, the kept answers (the board as most people open it, a
 *     search made before, a need's page) and new searches, each with its share of /healthz in the same run.
 *
 *   node --import tsx scripts/bench/needs.ts [--db postgres|pglite|both] [--requests 200] [--seconds 5]
 *
 * Goal: GET /api/needs p95 < 50 ms on PGlite and PostgreSQL, kept in memory like the other public reads.
 * `npm run bench` measures the same at each of its sizes.
 */
import type { Database } from '../../src/server/db/client';
import { BENCH_NEEDS, newNeedSearch, newNeedSearches, seedNeeds } from './needs-seed';
import { loadRoutes, verdictOf, type Route } from './read-routes';
import { measure, migrateAndSeed, onEachDatabase, option, row, runBench, type Server } from './support';

const REQUESTS = option('requests', 200, 10_000);
const SECONDS = option('seconds', 5, 60);
const CONNECTIONS = option('connections', 50, 1000);
const GOAL_MS = 50;

async function seed(database: Database) {
  await migrateAndSeed(database, `${BENCH_NEEDS.toLocaleString('en-US')} needs`, (onProgress) => seedNeeds(database.db, { onProgress }));
}

/** The board's kept answers (the same searches and pages again) and new searches (another ZIP each time). */
export function boardRoutes(): Route[] {
  return [
    { label: '/api/needs (the board, kept)', paths: ['/api/needs', '/api/needs?page=2'], kind: 'public' },
    {
      label: '/api/needs?zip=…&radius=30 (kept)',
      paths: ['/api/needs?zip=65802&radius=30', '/api/needs?zip=10001&radius=30'],
      kind: 'public',
    },
    {
      label: '/api/needs/:id (50 needs, kept)',
      paths: Array.from({ length: 50 }, (_, i) => `/api/needs/${1 + ((i * 197) % BENCH_NEEDS)}`),
      kind: 'public',
    },
    { label: '/api/needs?zip=…&radius=30 (new searches)', paths: [], next: newNeedSearch(30), kind: 'public' },
    { label: '/api/needs?zip=…&radius=100 (new searches)', paths: [], next: newNeedSearch(100), kind: 'public' },
  ];
}

async function bench(urls: string[], _servers: Server[]) {
  const base = urls[0]!;
  process.stdout.write(`  One request at a time (${REQUESTS} each, every answer new):\n`);
  const at = (paths: string[]) => paths.map((p) => `${base}${p}`);
  row('ZIP + 30 miles, new', await measure(at(newNeedSearches(REQUESTS + 10, 30)), REQUESTS), GOAL_MS);
  row('ZIP + 100 miles, new', await measure(at(newNeedSearches(REQUESTS + 10, 100)), REQUESTS), GOAL_MS);
  row('a state, newest first', await measure(at(['CA', 'TX', 'MO', 'NY', 'VT'].map((s) => `/api/needs?state=${s}`)), 50), GOAL_MS);

  process.stdout.write(`  Under load (autocannon, ${CONNECTIONS} connections, ${SECONDS} s a route):\n`);
  const routes: Route[] = [{ label: '/healthz (the ceiling)', paths: ['/healthz'], kind: 'ceiling' }, ...boardRoutes()];
  const results = await loadRoutes(base, routes, { connections: CONNECTIONS, seconds: SECONDS });
  const ceiling = results[0]!.rps;
  for (const r of results) {
    const { share, ok } = verdictOf(r, ceiling);
    process.stdout.write(
      `    ${r.label.padEnd(46)} ${Math.round(r.rps).toString().padStart(7)} req/s  ${(share * 100).toFixed(1).padStart(5)}%  p50 ${r.p50.toFixed(1).padStart(5)} ms  p99 ${r.p99.toFixed(1).padStart(5)} ms${r.errors ? `  ${r.errors} errors` : ''}${ok === undefined ? '' : ok ? '  ✓' : '  ✗'}\n`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) runBench(() => onEachDatabase({ name: 'needs', seed }, bench));
