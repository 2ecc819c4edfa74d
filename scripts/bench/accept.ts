/**
 * A new visitor's first answer while the database is saturated (issue 24, decision 031): `--connections`
 * keep-alive connections send searches nobody made before (directory searches as a member, forum keyword
 * searches), so no answer comes from memory and every request queries the database; meanwhile a new
 * connection every 100 ms asks for `/api/states` (kept in memory, so its time is the server's rather than a
 * query's; `--probe` asks for another), timed from opening the connection to the answer's first byte. The
 * probes start once the load's own connections were all accepted. Prints that time's p50/p95/p99/max, the accept queue's largest length, and the searches'
 * requests per second at saturation, on PGlite and PostgreSQL.
 *
 *   node --import tsx scripts/bench/accept.ts [--db pglite|postgres|both] [--members 10000] [--seconds 20]
 *                                             [--connections 100] [--baseline main] [--repeat 1]
 *
 * `--baseline <commit>` also builds the server at that commit and measures it in the same run, alternating
 * with the working tree's `--repeat` times, and prints the ratios: a before and after on the same machine at
 * the same time. Goal: new-connection first byte p99 < 1 s on both databases, and the searches' req/s not
 * below the baseline's.
 */
import autocannon from 'autocannon';
import { vocabulary } from './forum-seed';
import { newDirectorySearch, seedMembersAndForum, settle } from './read-routes';
import { seededDatabase, type DatabaseKind } from './seeded';
import { buildAt, option, runBench, signUpBenchMember, startServer, textOption } from './support';
import { acceptQueue, describeFirstBytes, percentileOf, probeNewConnections, type NewConnectionResult } from './new-connections';

const DB = textOption('db', 'both');
const MEMBERS = option('members', 10_000, 1_000_000);
const SECONDS = option('seconds', 20, 600);
const CONNECTIONS = option('connections', 100, 2000);
const REPEAT = option('repeat', 1, 20);
const BASELINE = textOption('baseline', '');
/** A new visitor's first request: a public answer kept in memory, so that its time is the server's, not a query's. */
const PROBE_PATH = textOption('probe', '/api/states');
const GOAL_P99_MS = 1_000;
/** Load before the probes start, so they meet a saturated server. */
const WARM_UP_MS = 2_000;

export type AcceptResult = NewConnectionResult & { rps: number; searchP99: number; errors: number };

/** A search nobody made: a directory search (as the member) or a forum keyword search, half and half. */
function newSearch(words: string[]): string {
  if (Math.random() < 0.5) return newDirectorySearch();
  const pick = (limit: number) => words[Math.floor(Math.random() * Math.min(limit, words.length))]!;
  return `/api/posts?q=${encodeURIComponent(`${pick(100)} ${pick(words.length)}`)}`;
}

/**
 * Saturates the server at `base` with new searches from `connections` connections for `seconds`, probing new
 * connections meanwhile (after a warm-up); `member` are the headers of a signed-in member.
 */
export async function measureAccept(
  base: string,
  member: Record<string, string>,
  opts: { connections: number; seconds: number },
): Promise<AcceptResult> {
  const words = vocabulary();
  const load = autocannon({
    url: base,
    connections: opts.connections,
    duration: opts.seconds,
    headers: member,
    requests: [{ method: 'GET' as const, setupRequest: (request) => ({ ...request, path: newSearch(words) }) }],
  });
  const started = performance.now();
  const end = started + opts.seconds * 1000;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
  // The load's own connections first: they are accepted one a loop turn too, and probes behind them would
  // time the start of the load rather than a saturated server.
  await sleep(Math.min(WARM_UP_MS, (end - started) / 4));
  const port = Number(new URL(base).port);
  while (acceptQueue(port) > 0 && performance.now() < started + (end - started) / 2) await sleep(50);
  const probe = probeNewConnections(base, { path: PROBE_PATH });
  // The probes stop a little before the load does, so that none meets a server no longer loaded.
  await sleep(end - 500 - performance.now());
  const probed = await probe.stop();
  const result = await load;
  return { ...probed, rps: result.requests.average, searchP99: result.latency.p99, errors: result.errors + result.non2xx };
}

type Variant = { label: string; entry?: string };

const ms = (x: number) => `${Math.round(x)} ms`;

async function benchDatabase(kind: DatabaseKind, variants: Variant[]) {
  process.stdout.write(`\n== ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${MEMBERS.toLocaleString('en-US')} members ==\n`);
  const seeded = await seededDatabase({ kind, key: `${MEMBERS}`, seed: (database) => seedMembersAndForum(database, MEMBERS) });
  const results = new Map<string, AcceptResult[]>(variants.map((v) => [v.label, []]));
  try {
    for (let round = 1; round <= REPEAT; round++) {
      for (const [i, variant] of variants.entries()) {
        const server = await startServer(`${variant.label}-${round}`, seeded.root, seeded.env, { entry: variant.entry });
        try {
          const ip = `198.18.${10 + round}.${1 + i}`;
          const email = `bench.accept.${Date.now().toString(36)}.${i}@bench.example.org`;
          const profile = { firstName: 'Bench', lastName: 'Searcher', phone: '4175550100', state: 'MO', agAffiliated: 'Yes' };
          const { cookie } = await signUpBenchMember(server.url, { email, ip, profile }, [server]);
          const result = await measureAccept(server.url, { cookie, 'x-forwarded-for': ip }, { connections: CONNECTIONS, seconds: SECONDS });
          results.get(variant.label)!.push(result);
          process.stdout.write(
            `  ${`${variant.label}, round ${round}`.padEnd(28)} new connection, first byte: ${describeFirstBytes(result)}\n` +
              `  ${''.padEnd(28)} searches: ${Math.round(result.rps)} req/s, p99 ${ms(result.searchP99)}${result.errors ? `, ${result.errors} errors` : ''}\n`,
          );
          await settle(server.url);
        } finally {
          await server.stop();
        }
      }
    }
  } finally {
    seeded.dispose();
  }
  process.stdout.write(`\n  All rounds (first bytes pooled, req/s averaged):\n`);
  const summary = [...results].map(([label, runs]) => {
    const firstByteMs = runs.flatMap((r) => r.firstByteMs);
    const rps = runs.reduce((sum, r) => sum + r.rps, 0) / runs.length;
    const p99 = percentileOf(firstByteMs, 0.99);
    const pooled = {
      firstByteMs,
      failed: runs.reduce((s, r) => s + r.failed, 0),
      acceptQueueMax: Math.max(...runs.map((r) => r.acceptQueueMax)),
    };
    process.stdout.write(
      `  ${label.padEnd(28)} ${describeFirstBytes(pooled)}  ${p99 < GOAL_P99_MS ? 'ok' : 'MISSED'} (p99 < ${GOAL_P99_MS} ms)\n` +
        `  ${''.padEnd(28)} ${Math.round(rps)} req/s (rounds: ${runs.map((r) => Math.round(r.rps)).join(', ')})\n`,
    );
    return { label, p50: percentileOf(firstByteMs, 0.5), p99, rps };
  });
  if (summary.length === 2) {
    const [now, before] = summary as [(typeof summary)[0], (typeof summary)[0]];
    process.stdout.write(
      `  ${now.label} against ${before.label}: first byte p50 ×${(now.p50 / before.p50).toFixed(2)}, p99 ×${(now.p99 / before.p99).toFixed(2)}; ` +
        `req/s ×${(now.rps / before.rps).toFixed(2)}  ${now.rps >= before.rps ? 'ok' : 'BELOW'} (not below the baseline)\n`,
    );
  }
}

async function main() {
  if (!['pglite', 'postgres', 'both'].includes(DB)) throw new Error(`--db takes pglite, postgres or both (got ${DB})`);
  const kinds: DatabaseKind[] = DB === 'both' ? ['pglite', 'postgres'] : [DB as DatabaseKind];
  const baseline = BASELINE ? buildAt(BASELINE) : undefined;
  try {
    const variants: Variant[] = [{ label: 'this tree' }];
    if (baseline) variants.push({ label: `at ${baseline.commit}`, entry: baseline.entry });
    process.stdout.write(
      `New connections under saturating load: ${CONNECTIONS} connections of new searches for ${SECONDS} s, ` +
        `a new connection every 100 ms (after ${WARM_UP_MS / 1000} s); ${REPEAT} round(s)${baseline ? `, alternating with ${baseline.commit}` : ''}\n`,
    );
    for (const kind of kinds) await benchDatabase(kind, variants);
  } finally {
    baseline?.dispose();
  }
}

if (import.meta.filename === process.argv[1]) runBench(main);
