/**
 * The server's resident memory on the embedded database (issue 14: ≤ 256 MB after start, and no growth under
 * load): after start on a fresh data folder, after start on a seeded one, then after each round of the read
 * load of scripts/bench/reads.ts (every route in turn), with where the memory is.
 *
 *   node --import tsx scripts/bench/memory.ts [--members 10000] [--seconds 5] [--connections 50] [--rounds 2]
 *                                             [--seed-cache DIR] [--from-source]
 *
 * --seed-cache DIR keeps the seeded data folder in DIR and copies it on later runs instead of seeding again
 * (seeding 10,000 members takes over a minute). --from-source runs the server through tsx, as before decision 019.
 *
 * Where the memory is, read in the server by a probe (memory-probe.ts) and from /proc:
 *   code      Node's binary and the shared libraries, as far as they were read in (RssFile)
 *   JS heap   V8's heap as committed (heapTotal), of which `used` holds live objects and garbage not yet
 *             collected; `young` is its young generation, sized by --max-semi-space-size
 *   PGlite    the resident part of the embedded database's WebAssembly memory, then the size that memory
 *             has grown to (it never shrinks: a query that once needed much keeps it)
 *   other     the rest: compiled code (PGlite's WebAssembly among it), native allocations, buffers
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import * as esbuild from 'esbuild';
import { openDatabase } from '../../src/server/db/client';
import { seedDirectory } from './directory-seed';
import { seedForum } from './forum-seed';
import type { ProbeReport } from './memory-probe';
import { readRoutes } from './read-routes';
import { FROM_SOURCE, migrateAndSeed, option, runBench, startServer, textOption, type Server } from './support';

const MEMBERS = option('members', 10_000, 1_000_000);
const SECONDS = option('seconds', 5, 120);
const CONNECTIONS = option('connections', 50, 1000);
const ROUNDS = option('rounds', 2, 20);
const SEED_CACHE = textOption('seed-cache', '');
const GOAL_MB = 256;

type Sample = { label: string; rss: number; file: number; probe: ProbeReport };

const MB = 1024 * 1024;
const mb = (bytes: number) => Math.round(bytes / MB);

/** The probe as plain JavaScript, so that measuring adds no TypeScript loader to the server. */
async function buildProbe(dir: string): Promise<string> {
  const outfile = path.join(dir, 'memory-probe.mjs');
  await esbuild.build({
    entryPoints: [path.join(import.meta.dirname, 'memory-probe.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'warning',
  });
  return outfile;
}

function procStatus(pid: number): { rss: number; file: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]) * 1024;
  return { rss: kb('VmRSS'), file: kb('RssFile') };
}

async function sample(label: string, server: Server, probeFile: string): Promise<Sample> {
  const pid = server.child.pid!;
  // Let the start's or the load's last work settle (timers, the mail worker's first pass).
  await new Promise((r) => setTimeout(r, 2000));
  const { rss, file } = procStatus(pid);
  fs.rmSync(probeFile, { force: true });
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 10_000;
  while (!fs.existsSync(probeFile)) {
    if (Date.now() > deadline) throw new Error('The memory probe did not answer (is the server running on Linux?)');
    await new Promise((r) => setTimeout(r, 50));
  }
  const probe = JSON.parse(fs.readFileSync(probeFile, 'utf8')) as ProbeReport;
  const s: Sample = { label, rss, file, probe };
  printSample(s);
  return s;
}

function printHeader() {
  process.stdout.write(
    `\n  ${'when'.padEnd(34)} ${'RSS'.padStart(5)} ${'code'.padStart(5)} ${'JS heap (used, live, young)'.padStart(26)} ${'PGlite (of size)'.padStart(17)} ${'other'.padStart(6)}   MB\n`,
  );
}

function printSample({ label, rss, file, probe }: Sample) {
  const heap = probe.usage.heapTotal;
  const young = probe.spaces.new_space ?? 0;
  const wasmSize = probe.wasm.reduce((a, b) => a + b, 0);
  const other = rss - file - heap - probe.wasmResident;
  const heapText = `${mb(heap)} (${mb(probe.usage.heapUsed)}, ${mb(probe.liveHeap)}, ${mb(young)})`;
  const wasmText = `${mb(probe.wasmResident)} (of ${mb(wasmSize)})`;
  process.stdout.write(
    `  ${label.padEnd(34)} ${String(mb(rss)).padStart(5)} ${String(mb(file)).padStart(5)} ${heapText.padStart(26)} ${wasmText.padStart(17)} ${String(mb(other)).padStart(6)}${mb(rss) > GOAL_MB ? `   over ${GOAL_MB}` : ''}\n`,
  );
}

/** A seeded data folder in `dataDir`: copied from the cache when there is one, else seeded (and kept there). */
async function seededDataDir(dataDir: string) {
  const marker = (dir: string) => path.join(dir, `.seeded-${MEMBERS}-members`);
  if (SEED_CACHE && fs.existsSync(marker(SEED_CACHE))) {
    process.stdout.write(`  Copying the seeded data folder from ${SEED_CACHE}…\n`);
    fs.cpSync(SEED_CACHE, dataDir, { recursive: true });
    return;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const database = await openDatabase({ dataDir });
  await migrateAndSeed(
    database,
    `${MEMBERS.toLocaleString('en-US')} members, ${(MEMBERS * 5).toLocaleString('en-US')} posts`,
    async (onProgress) => {
      await seedDirectory(database.db, { members: MEMBERS, onProgress });
      await seedForum(database.db, { posts: MEMBERS * 5, responses: MEMBERS * 20, onProgress });
    },
  );
  await database.close();
  if (SEED_CACHE) {
    fs.rmSync(SEED_CACHE, { recursive: true, force: true });
    fs.cpSync(dataDir, SEED_CACHE, { recursive: true });
    fs.writeFileSync(marker(SEED_CACHE), '');
  }
}

/** Each read route in turn for SECONDS at CONNECTIONS; answers the requests per second of /healthz. */
async function loadRound(base: string, routes: Awaited<ReturnType<typeof readRoutes>>): Promise<number> {
  let ceiling = 0;
  for (const route of routes) {
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: route.headers,
      requests: route.paths.map((p) => ({ method: 'GET' as const, path: p })),
    });
    if (result.errors + result.non2xx) throw new Error(`${route.label}: ${result.errors + result.non2xx} failed requests`);
    if (route.kind === 'ceiling') ceiling = result.requests.average;
  }
  return ceiling;
}

async function main() {
  if (process.platform !== 'linux') throw new Error('This benchmark reads /proc: run it on Linux.');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fn-bench-memory-'));
  try {
    const probe = await buildProbe(root);
    const probeFile = path.join(root, 'probe.json');
    const nodeArgs = ['--import', probe];
    const env = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: '', MEMORY_PROBE_FILE: probeFile });
    process.stdout.write(`\n== Server memory, embedded database (${FROM_SOURCE ? 'run from source through tsx' : 'the build'}) ==\n`);

    const fresh = await startServer('fresh', root, env(path.join(root, 'fresh')), nodeArgs);
    printHeader();
    try {
      await sample('fresh data folder, after start', fresh, probeFile);
    } finally {
      await fresh.stop();
    }

    const seededDir = path.join(root, 'seeded');
    await seededDataDir(seededDir);
    const server = await startServer('seeded', root, env(seededDir), nodeArgs);
    try {
      printHeader();
      await sample(`${MEMBERS.toLocaleString('en-US')} members, after start`, server, probeFile);
      const routes = await readRoutes(server.url, MEMBERS);
      for (let round = 1; round <= ROUNDS; round++) {
        if (process.stdout.isTTY) process.stdout.write(`  (load round ${round}: ${routes.length} routes × ${SECONDS} s each…)\r`);
        const healthz = await loadRound(server.url, routes);
        await sample(`after load round ${round} (${Math.round(healthz)} /healthz/s)`, server, probeFile);
      }
    } finally {
      await server.stop();
    }
    process.stdout.write(`\n  Goal: RSS ≤ ${GOAL_MB} MB after start, and no growth from one load round to the next.\n`);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

runBench(main);
