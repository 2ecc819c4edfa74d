import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { builtServer, SERVER_ENV, SERVER_NODE_ARGS } from '../../../scripts/build-server';
import { freePort } from './free-port';

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  log: string;
  /** From spawning the process until it first answered `readyPath` (start-up time, to `pollMs`). */
  readyAfterMs: number;
  stop(): Promise<void>;
};

type Options = {
  /** How errors name it ("The server", "instance one"). */
  name: string;
  /** Its output is appended here. */
  log: string;
  /** Its settings, over the parent's environment; where it listens (PORT, HOST, PUBLIC_URL) is set here. */
  env: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /** Asked until it answers 200: `/readyz` (the database answers) unless told; every `pollMs` (200). */
  readyPath?: string;
  pollMs?: number;
  /** Run src/server/main.ts through tsx instead of the build `npm run serve` runs (benchmarks compare them). */
  fromSource?: boolean;
  /** A server built elsewhere (a benchmark's baseline, built from an earlier commit) instead of this one's build. */
  entry?: string;
  /** Options for Node before the script (a benchmark's memory probe). */
  nodeArgs?: string[];
};

/**
 * The real server in a child process on a free loopback port, answered once `/readyz` says its database
 * answers: built as `npm run serve` builds it (dist-server/main.js, once per process) and run by plain Node.
 * End-to-end journeys and benchmarks all start it this way.
 */
export async function startServerProcess({
  name,
  log,
  env,
  timeoutMs = 60_000,
  readyPath = '/readyz',
  pollMs = 200,
  fromSource,
  entry,
  nodeArgs = [],
}: Options): Promise<ServerProcess> {
  const script = fromSource ? ['--import', 'tsx', 'src/server/main.ts'] : [...SERVER_NODE_ARGS, entry ?? (await builtServer())];
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const out = fs.openSync(log, 'a');
  const childEnv = { ...(fromSource ? {} : SERVER_ENV), ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url };
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, ...script], { env: childEnv, stdio: ['ignore', out, out] });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}). Log:\n${fs.readFileSync(log, 'utf8')}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not become ready within ${timeoutMs / 1000} s. Log:\n${fs.readFileSync(log, 'utf8')}`);
    }
    try {
      if ((await fetch(`${url}${readyPath}`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
  return {
    url,
    child,
    log,
    readyAfterMs: performance.now() - spawnedAt,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
