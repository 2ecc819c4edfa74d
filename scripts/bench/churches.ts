/**
 * The church finder at 10,000 churches (issue 25): seeds 10,000 active churches over the US ZIP codes, then,
 * through the real server (a child process, loopback only), on each database:
 *   - one request at a time, every answer new (a ZIP code nobody searched from yet): ZIP + 25 miles and
 *     ZIP + 100 miles, and a state's list; p50/p95/max;
 *   - under load (autocannon, 50 connections): /healthz, the kept answers (a search made before, a church's
 *     page) and new searches, each with its share of /healthz in the same run.
 *
 *   node --import tsx scripts/bench/churches.ts [--db postgres|pglite|both] [--requests 200] [--seconds 5]
 *
 * Goal: a ZIP and radius search p95 < 50 ms on PGlite and PostgreSQL. `npm run bench` measures the same at each
 * of its sizes.
 */
import type { Database } from '../../src/server/db/client';
import { BENCH_CHURCHES, newChurchSearch, newChurchSearches, seedChurches } from './churches-seed';
import { loadRoutes, verdictOf, type Route } from './read-routes';
import { measure, migrateAndSeed, onEachDatabase, option, row, runBench, type Server } from './support';

const REQUESTS = option('requests', 200, 10_000);
const SECONDS = option('seconds', 5, 60);
const CONNECTIONS = option('connections', 50, 1000);
const GOAL_MS = 50;

async function seed(database: Database) {
  await migrateAndSeed(database, `${BENCH_CHURCHES.toLocaleString('en-US')} churches`, (onProgress) =>
    seedChurches(database.db, { onProgress }),
  );
}

/** The routes of the finder to load, the ceiling first. */
export function churchRoutes(): Route[] {
  return [{ label: '/healthz (the ceiling)', paths: ['/healthz'], kind: 'ceiling' }, ...finderRoutes()];
}

/** The finder's kept answers (the same searches and pages again) and new searches (another ZIP each time). */
export function finderRoutes(): Route[] {
  return [
    {
      label: '/api/churches?zip=…&radius=25 (kept)',
      paths: ['/api/churches?zip=65802&radius=25', '/api/churches?zip=10001&radius=25'],
      kind: 'public',
    },
    { label: '/api/churches?zip=…&radius=100 (kept)', paths: ['/api/churches?zip=65802&radius=100'], kind: 'public' },
    {
      label: '/api/churches/:id (50 churches, kept)',
      paths: Array.from({ length: 50 }, (_, i) => `/api/churches/${1 + ((i * 197) % BENCH_CHURCHES)}`),
      kind: 'public',
    },
    { label: '/api/churches?zip=…&radius=25 (new searches)', paths: [], next: newChurchSearch(25), kind: 'public' },
    { label: '/api/churches?zip=…&radius=100 (new searches)', paths: [], next: newChurchSearch(100), kind: 'public' },
  ];
}

async function bench(urls: string[], _servers: Server[]) {
  const base = urls[0]!;
  process.stdout.write(`  One request at a time (${REQUESTS} each, every answer new):\n`);
  const at = (paths: string[]) => paths.map((p) => `${base}${p}`);
  row('ZIP + 25 miles, new', await measure(at(newChurchSearches(REQUESTS + 10, 25)), REQUESTS), GOAL_MS);
  row('ZIP + 100 miles, new', await measure(at(newChurchSearches(REQUESTS + 10, 100)), REQUESTS), GOAL_MS);
  row('a state, by name', await measure(at(['CA', 'TX', 'MO', 'NY', 'VT'].map((s) => `/api/churches?state=${s}`)), 50));

  process.stdout.write(`  Under load (autocannon, ${CONNECTIONS} connections, ${SECONDS} s a route):\n`);
  const results = await loadRoutes(base, churchRoutes(), { connections: CONNECTIONS, seconds: SECONDS });
  const ceiling = results[0]!.rps;
  for (const r of results) {
    const { share, ok } = verdictOf(r, ceiling);
    process.stdout.write(
      `    ${r.label.padEnd(46)} ${Math.round(r.rps).toString().padStart(7)} req/s  ${(share * 100).toFixed(1).padStart(5)}%  p50 ${r.p50.toFixed(1).padStart(5)} ms  p99 ${r.p99.toFixed(1).padStart(5)} ms${r.errors ? `  ${r.errors} errors` : ''}${ok === undefined ? '' : ok ? '  ✓' : '  ✗'}\n`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) runBench(() => onEachDatabase({ name: 'churches', seed }, bench));
