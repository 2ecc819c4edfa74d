/**
 * What our stack costs on every request (issue 24): the trivial route, /healthz, of the built server against a
 * bare `node:http` server answering "ok", both loaded in the same run with the same settings (autocannon,
 * 50 connections). Each round loads the bare server, then ours, back to back, so that both see the same
 * machine; the ratio of each round is printed, and its range over the rounds. Goal: ours ≥ 40% of the bare one.
 *
 *   node --import tsx scripts/bench/request-cost.ts [--seconds 5] [--connections 50] [--rounds 3]
 *                          [--path /healthz] [--metrics] [--cpu-prof DIR] [--compare OTHER/dist-server/main.js]
 *
 * Before loading, one request goes through Better Auth, as some always has on a server in use: its
 * AsyncLocalStorage then stays enabled, and with it a hook on every promise the process makes.
 * --metrics sets a metrics token, as a deployment that is scraped runs (decision 022). --cpu-prof writes a CPU
 * profile of our server (one more round, alone) into DIR, to open in Chrome's DevTools or speedscope.
 * --compare loads another build too (another checkout's, built with scripts/build-server.ts), in the same
 * rounds: a change measured before and after on the same machine at the same time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SERVER_NODE_ARGS } from '../build-server';
import { flag, option, runBench, textOption } from './support';
import { startServer } from './start-server';

const SECONDS = option('seconds', 5, 120);
const CONNECTIONS = option('connections', 50, 1000);
const ROUNDS = option('rounds', 3, 20);
const PATH = textOption('path', '/healthz');
const METRICS = flag('metrics');
const PROFILE_DIR = textOption('cpu-prof', '');
const COMPARE = textOption('compare', '');
/** Ours as a share of the bare server's requests per second. */
export const GOAL_SHARE_OF_BARE = 0.4;

/** The least a Node server can do for a request: answer "ok", in a process of its own as ours runs. */
const BARE_SERVER = `
const server = require('node:http').createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end('ok');
});
server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));
process.on('SIGTERM', () => process.exit(0));
`;

/** The bare server in a child process with the same Node options as ours; answers its address. */
export async function startBareServer(): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_ARGS, '-e', BARE_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  return {
    url: `http://127.0.0.1:${line.toString().trim()}`,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Seconds of CPU a process has used so far (Linux: /proc; clock ticks of 1/100 s), or NaN elsewhere. */
function cpuSeconds(pid: number | undefined): number {
  try {
    // The fields after the command's name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

export type Load = { rps: number; cpuUsPerRequest: number };

/**
 * Requests per second at `url` (autocannon with the bench's settings), and the CPU the serving process `pid`
 * spent per request meanwhile: on a busy machine requests per second follow what others run, CPU per request
 * much less. Anything but 2xx stops the bench.
 */
export async function load(url: string, pid: number | undefined, seconds: number, connections = CONNECTIONS): Promise<Load> {
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({ url, connections, duration: seconds });
  const cpu = cpuSeconds(pid) - cpuBefore;
  if (result.errors + result.non2xx > 0) throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} answers not 2xx`);
  return { rps: result.requests.average, cpuUsPerRequest: (cpu * 1e6) / result.requests.total };
}

/**
 * A bare node:http server's requests per second with these settings (after a 2 s warm-up), then stopped: what
 * the other benches print their trivial route against.
 */
export async function bareServerRps(seconds: number, connections: number): Promise<number> {
  const bare = await startBareServer();
  try {
    await load(`${bare.url}/`, bare.child.pid, 2, connections);
    return (await load(`${bare.url}/`, bare.child.pid, seconds, connections)).rps;
  } finally {
    await bare.stop();
  }
}

const n = (rps: number) => Math.round(rps).toLocaleString('en-US').padStart(7);
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const us = (x: number) => `${x.toFixed(0).padStart(4)} µs`;
const range = (xs: number[], f: (x: number) => string) => `${f(Math.min(...xs))}–${f(Math.max(...xs))}`;

async function main() {
  const bare = await startBareServer();
  const env: Record<string, string> = METRICS ? { METRICS_TOKEN: 'bench-metrics-token-0123456789abcdef' } : {};
  const servers = [{ name: 'ours', server: await startServer({ env }) }];
  if (COMPARE) servers.push({ name: 'other', server: await startServer({ env, entry: path.resolve(COMPARE) }) });
  try {
    process.stdout.write(
      `\n  GET ${PATH} on the built server (PGlite) against a bare node:http server answering "ok"${METRICS ? ', metrics on' : ''}\n` +
        `  autocannon, ${CONNECTIONS} connections, ${SECONDS} s each, ${ROUNDS} rounds (bare, then ${servers.map((s) => s.name).join(', then ')})\n` +
        (COMPARE ? `  other: ${COMPARE}\n` : '') +
        "  each: req/s (share of the bare server's), and CPU time the server spent per request\n\n",
    );
    // All warm up (JIT, the first connections) before anything counts; Better Auth answers once.
    await load(`${bare.url}/`, bare.child.pid, 2);
    for (const { server } of servers) {
      await fetch(`${server.url}/api/auth/get-session`);
      await load(`${server.url}${PATH}`, server.child.pid, 2);
    }
    const shares = new Map<string, number[]>(servers.map((s) => [s.name, []]));
    const cpuShares = new Map<string, number[]>(servers.map((s) => [s.name, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      const b = await load(`${bare.url}/`, bare.child.pid, SECONDS);
      let line = `  round ${round}: bare ${n(b.rps)} req/s ${us(b.cpuUsPerRequest)}`;
      for (const { name, server } of servers) {
        const r = await load(`${server.url}${PATH}`, server.child.pid, SECONDS);
        shares.get(name)!.push(r.rps / b.rps);
        cpuShares.get(name)!.push(b.cpuUsPerRequest / r.cpuUsPerRequest);
        line += `   ${name} ${n(r.rps)} req/s (${pct(r.rps / b.rps)}) ${us(r.cpuUsPerRequest)}`;
      }
      process.stdout.write(`${line}\n`);
    }
    process.stdout.write('\n');
    for (const { name } of servers) {
      const of = shares.get(name)!;
      const verdict = Math.min(...of) >= GOAL_SHARE_OF_BARE ? 'ok' : 'MISSED';
      process.stdout.write(
        `  ${name}/bare: req/s ${range(of, pct)} ${verdict} (goal ≥ ${pct(GOAL_SHARE_OF_BARE)}); ` +
          `bare's CPU per request / ours ${range(cpuShares.get(name)!, pct)}\n`,
      );
    }
  } finally {
    for (const { server } of servers) await server.stop();
    await bare.stop();
  }
  if (PROFILE_DIR) await profile(path.resolve(PROFILE_DIR), env);
}

/** One more server, under --cpu-prof, loaded alone for the bench's seconds; its profile is written as it stops. */
async function profile(dir: string, env: Record<string, string>) {
  fs.mkdirSync(dir, { recursive: true });
  const server = await startServer({ env, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
  try {
    await fetch(`${server.url}/api/auth/get-session`);
    await load(`${server.url}${PATH}`, server.child.pid, 2);
    const { rps } = await load(`${server.url}${PATH}`, server.child.pid, SECONDS);
    process.stdout.write(`  profiled: ${n(rps)} req/s (the profiler slows it); the profile is in ${dir}\n`);
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) runBench(main);
