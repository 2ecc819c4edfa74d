/**
 * The server's resident memory on the embedded database (issue 14: ≤ 256 MB after start, and no growth under
 * load): after start on a new data folder, after start on a seeded one, then after each round of the read
 * load of `npm run bench` (every read route in turn), with where the memory is.
 *
 *   node --import tsx scripts/bench/memory.ts [--members 10000] [--seconds 5] [--connections 50] [--rounds 2]
 *
 * The seeded data comes from the same cache as `npm run bench` (seeded.ts), so it is seeded once.
 *
 * Where the memory is, read in the server by a probe (memory-probe.ts) and from /proc:
 *   code      Node's binary and the shared libraries, as far as they were read in (RssFile)
 *   JS heap   V8's heap as committed (heapTotal), of which `used` holds live objects and garbage not yet
 *             collected; `live` is what is left after a full collection; `young` is its young generation,
 *             sized by --max-semi-space-size
 *   PGlite    the resident part of the embedded database's WebAssembly memory, then the size that memory
 *             has grown to (it never shrinks: a query that once needed much keeps it)
 *   other     the rest: compiled code (PGlite's WebAssembly among it), native allocations, buffers
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { ProbeReport } from './memory-probe';
import { loadRoutes, readRoutes, seedMembersAndForum } from './read-routes';
import { seededDatabase } from './seeded';
import { option, runBench, startServer, type Server } from './support';

const MEMBERS = option('members', 10_000, 1_000_000);
const SECONDS = option('seconds', 5, 120);
const CONNECTIONS = option('connections', 50, 1000);
const ROUNDS = option('rounds', 2, 20);
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
    `\n  ${'when'.padEnd(38)} ${'RSS'.padStart(5)} ${'code'.padStart(5)} ${'JS heap (used, live, young)'.padStart(26)} ${'PGlite (of size)'.padStart(17)} ${'other'.padStart(6)}   MB\n`,
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
    `  ${label.padEnd(38)} ${String(mb(rss)).padStart(5)} ${String(mb(file)).padStart(5)} ${heapText.padStart(26)} ${wasmText.padStart(17)} ${String(mb(other)).padStart(6)}${mb(rss) > GOAL_MB ? `   over ${GOAL_MB}` : ''}\n`,
  );
}

async function main() {
  if (process.platform !== 'linux') throw new Error('This benchmark reads /proc: run it on Linux.');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fn-bench-memory-'));
  const seeded = await seededDatabase({ kind: 'pglite', key: `${MEMBERS}`, seed: (database) => seedMembersAndForum(database, MEMBERS) });
  try {
    const probe = await buildProbe(root);
    const probeFile = path.join(root, 'probe.json');
    const withProbe = { nodeArgs: ['--import', probe] };
    const env = (e: Record<string, string>) => ({ ...e, MEMORY_PROBE_FILE: probeFile });
    process.stdout.write('\n== Server memory, embedded database ==\n');

    const fresh = await startServer('fresh', root, env(await seeded.emptyEnv('fresh')), withProbe);
    printHeader();
    try {
      await sample('new data folder, after start', fresh, probeFile);
    } finally {
      await fresh.stop();
    }

    const server = await startServer('seeded', root, env(seeded.env), withProbe);
    const samples: Sample[] = [];
    try {
      printHeader();
      samples.push(await sample(`${MEMBERS.toLocaleString('en-US')} members, after start`, server, probeFile));
      const { routes } = await readRoutes(server.url, [server], { members: MEMBERS });
      for (let round = 1; round <= ROUNDS; round++) {
        process.stdout.write(`  Load round ${round} of ${ROUNDS}: ${routes.length} routes × ${SECONDS} s\n`);
        const results = await loadRoutes(server.url, routes, { connections: CONNECTIONS, seconds: SECONDS });
        const ceiling = results.find((r) => r.kind === 'ceiling')?.rps ?? 0;
        samples.push(await sample(`after load round ${round} (${Math.round(ceiling)} /healthz/s)`, server, probeFile));
      }
    } finally {
      await server.stop();
    }
    const rounds = samples.slice(1).map((s) => mb(s.rss));
    const growth = rounds.length > 1 ? rounds.at(-1)! - rounds[0]! : 0;
    process.stdout.write(
      `\n  Goal: RSS ≤ ${GOAL_MB} MB after start (${mb(samples[0]!.rss)} MB), and no growth from one load round to the next` +
        ` (${growth >= 0 ? '+' : ''}${growth} MB from the first round to the last).\n`,
    );
  } finally {
    seeded.dispose();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

runBench(main);
