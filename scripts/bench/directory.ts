/**
 * How fast the member directory is with many members (issue 5): seeds 10,000 members, then measures through
 * the real HTTP server (a separate process, loopback only), signed in as an ordinary member and as an admin
 * (whose first pages also count the members):
 *   - the list (first page, a page deep down), each filter, searches by name, church, city and organisation,
 *     searches combined with filters; sequential requests, p50/p95/max;
 *   - then a short load test of the search mix with autocannon.
 *
 *   node --import tsx scripts/bench/directory.ts [--db postgres|pglite|both] [--members 10000]
 *                                                [--requests 200] [--seconds 5]
 *
 * Goal: a directory search answers in under 50 ms at the 95th percentile.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import type { DirectoryPage } from '../../src/shared/directory';
import { CITIES, FIRST_NAMES, LAST_NAMES, seedDirectory } from './directory-seed';
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
  type Server,
  type Stats,
} from './support';

const MEMBERS = option('members', 10_000, 1_000_000);
const REQUESTS = option('requests', 200, 10_000);
const SECONDS = option('seconds', 5, 60);
const GOAL_MS = 50;
const ADMIN_EMAIL = 'bench.admin@bench.example.org';

type Viewer = { label: string; headers: Record<string, string> };

/** A member signed in through the API (their own client address), with a saved, listed profile. */
async function signIn(base: string, servers: Server[], email: string, i: number): Promise<Record<string, string>> {
  const ip = `198.18.7.${i}`;
  const profile = { firstName: 'Bench', lastName: `Viewer ${i}`, phone: '4175550100', state: 'MO', agAffiliated: 'Yes' };
  const { cookie } = await signUpBenchMember(base, { email, ip, profile }, servers);
  return { cookie, 'x-forwarded-for': ip };
}

const measureAs = (base: string, viewer: Viewer, paths: string[], count: number) =>
  measure(
    paths.map((p) => `${base}${p}`),
    count,
    viewer.headers,
  );

const q = (words: string, extra = '') => `/api/directory?q=${encodeURIComponent(words)}${extra}`;

async function benchDirectory(base: string, servers: Server[]) {
  const member: Viewer = { label: 'member', headers: await signIn(base, servers, `bench.viewer.${Date.now()}@bench.example.org`, 1) };
  const admin: Viewer = { label: 'admin', headers: await signIn(base, servers, ADMIN_EMAIL, 2) };

  // A page deep in the list: follow it 20 pages (480 members) down.
  let cursor: string | null = null;
  for (let i = 0; i < 20; i++) {
    const page = (await timedGet(`${base}/api/directory${cursor ? `?after=${cursor}` : ''}`, member.headers)).body as DirectoryPage;
    cursor = page.nextCursor;
  }
  const first = (await timedGet(`${base}/api/directory`, admin.headers)).body as DirectoryPage;
  process.stdout.write(`\n  The directory lists ${first.counts?.total.toLocaleString('en-US')} members.\n`);

  const searches: Array<[string, string[]]> = [
    ['a last name', LAST_NAMES.slice(0, 40).map((n) => q(n))],
    ['a first name', FIRST_NAMES.slice(0, 40).map((n) => q(n))],
    ['first and last name', FIRST_NAMES.slice(0, 20).map((n, i) => q(`${n} ${LAST_NAMES[i * 3]}`))],
    ['a city', CITIES.slice(0, 40).map((n) => q(n))],
    ['a church ("Harbor Assembly")', [q('Harbor Assembly'), q('Calvary Church'), q('Bethel Worship')]],
    ['an organisation ("Hope Family")', [q('Hope Family'), q('Convoy'), q('Evangel University')]],
    ['the start of a word ("mil", "spr")', [q('mil'), q('spr'), q('ga'), q('har')]],
    ['a word in most members ("a")', [q('a'), q('e')]],
    ['no match', [q('zzqxjv'), q('qqqq wwww')]],
  ];
  const filters: Array<[string, string[]]> = [
    ['list, first page', ['/api/directory']],
    ['list, pages 21+ (members 480+)', [`/api/directory?after=${cursor}`]],
    ['Foster Parent', ['/api/directory?foster=1']],
    ['AG Credentialed', ['/api/directory?credentialed=1']],
    ['State (each state)', ['MO', 'TX', 'CA', 'NY', 'OH', 'WY', 'DC', 'FL'].map((s) => `/api/directory?state=${s}`)],
    ['all three filters', ['/api/directory?foster=1&credentialed=1&state=MO', '/api/directory?foster=1&credentialed=1&state=TX']],
    ['search with filters', [q('Miller', '&foster=1'), q('Springfield', '&state=MO'), q('Grace', '&credentialed=1&foster=1')]],
  ];

  for (const viewer of [member, admin]) {
    process.stdout.write(
      `\n  As ${viewer.label === 'admin' ? 'an admin (first pages also count the members)' : 'a member'}, one request at a time:\n`,
    );
    const allSearches: number[] = [];
    const perSearch: Array<[string, Stats]> = [];
    const per = Math.max(20, Math.ceil(REQUESTS / searches.length));
    for (const [label, paths] of searches) {
      const s = await measureAs(base, viewer, paths, per);
      perSearch.push([`  search: ${label}`, s]);
    }
    // All searches together, in one sample: the figure the goal is about.
    for (const [, paths] of searches) {
      for (let i = 0; i < per; i++) allSearches.push((await timedGet(`${base}${paths[i % paths.length]}`, viewer.headers)).ms);
    }
    row('search, all kinds together', statsOf(allSearches), GOAL_MS);
    for (const [label, s] of perSearch) row(label, s);
    for (const [label, paths] of filters) row(label, await measureAs(base, viewer, paths, Math.max(20, Math.ceil(REQUESTS / 4))), GOAL_MS);
  }

  process.stdout.write(`\n  Under load (autocannon, 10 connections, ${SECONDS} s, the search mix, as a member):\n`);
  await loadTest(
    'search mix',
    base,
    SECONDS,
    searches.flatMap(([, paths]) => paths),
    member.headers,
  );
}

function seed(database: Database) {
  return migrateAndSeed(database, `${MEMBERS.toLocaleString('en-US')} members`, async (onProgress) => {
    await seedDirectory(database.db, { members: MEMBERS, onProgress });
    const [row] = (await database.db.execute(sql`select count(*)::int as n from profile where ag_affiliated = 'Yes'`)).rows as Array<{
      n: number;
    }>;
    return `${row?.n.toLocaleString('en-US')} listed`;
  });
}

async function main() {
  process.stdout.write(
    `Directory bench: ${MEMBERS.toLocaleString('en-US')} members, ${REQUESTS} requests per measure (${os.cpus().length} CPUs, Node ${process.version})\n`,
  );
  await onEachDatabase({ name: 'directory', seed, env: { ADMIN_EMAILS: ADMIN_EMAIL } }, ([url], servers) => benchDirectory(url!, servers));
}

runBench(main);
