/**
 * What our stack costs on every request (issue 24): the trivial route, /healthz, of the built server against a
 * bare `node:http` server answering "ok", both loaded in the same run with the same settings (autocannon,
 * 50 connections). Each round loads the bare server, then ours, back to back, so that both see the same
 * machine; the ratio of each round is printed, and its range over the rounds. Goal: ours ≥ 40% of the bare one.
 *
 *   node --import tsx scripts/bench/request-cost.ts [--seconds 5] [--connections 50] [--rounds 3]
 *                                                   [--path /healthz] [--metrics] [--cpu-prof DIR]
 *
 * --metrics sets a metrics token, as a deployment that is scraped runs (decision 022). --cpu-prof writes a CPU
 * profile of our server (one more round, alone) into DIR, to open in Chrome's DevTools or speedscope.
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
export async function startBareServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_ARGS, '-e', BARE_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  return {
    url: `http://127.0.0.1:${line.toString().trim()}`,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Requests per second at `url`, autocannon with the bench's settings; anything but 2xx stops the bench. */
export async function requestsPerSecond(url: string, seconds: number, connections = CONNECTIONS): Promise<number> {
  const result = await autocannon({ url, connections, duration: seconds });
  if (result.errors + result.non2xx > 0) throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} answers not 2xx`);
  return result.requests.average;
}

const n = (rps: number) => Math.round(rps).toLocaleString('en-US').padStart(7);
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

async function main() {
  const bare = await startBareServer();
  const env: Record<string, string> = METRICS ? { METRICS_TOKEN: 'bench-metrics-token-0123456789abcdef' } : {};
  const ours = await startServer({ env });
  try {
    process.stdout.write(
      `\n  GET ${PATH} on the built server (PGlite) against a bare node:http server answering "ok"${METRICS ? ', metrics on' : ''}\n` +
        `  autocannon, ${CONNECTIONS} connections, ${SECONDS} s each, ${ROUNDS} rounds (bare, then ours)\n\n`,
    );
    // Both warm up (JIT, the first connections) before anything counts.
    await requestsPerSecond(`${bare.url}/`, 2);
    await requestsPerSecond(`${ours.url}${PATH}`, 2);
    const shares: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const bareRps = await requestsPerSecond(`${bare.url}/`, SECONDS);
      const oursRps = await requestsPerSecond(`${ours.url}${PATH}`, SECONDS);
      shares.push(oursRps / bareRps);
      process.stdout.write(`  round ${round}: bare ${n(bareRps)} req/s   ours ${n(oursRps)} req/s   ours/bare ${pct(oursRps / bareRps)}\n`);
    }
    const low = Math.min(...shares);
    const high = Math.max(...shares);
    const verdict = low >= GOAL_SHARE_OF_BARE ? 'ok' : 'MISSED';
    process.stdout.write(`\n  ours/bare ${pct(low)}–${pct(high)}: ${verdict} (goal ≥ ${pct(GOAL_SHARE_OF_BARE)})\n`);
  } finally {
    await ours.stop();
    await bare.stop();
  }
  if (PROFILE_DIR) await profile(path.resolve(PROFILE_DIR), env);
}

/** One more server, under --cpu-prof, loaded alone for the bench's seconds; its profile is written as it stops. */
async function profile(dir: string, env: Record<string, string>) {
  fs.mkdirSync(dir, { recursive: true });
  const server = await startServer({ env, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
  try {
    await requestsPerSecond(`${server.url}${PATH}`, 2);
    const rps = await requestsPerSecond(`${server.url}${PATH}`, SECONDS);
    process.stdout.write(`  profiled: ${n(rps)} req/s (the profiler slows it); the profile is in ${dir}\n`);
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) runBench(main);
