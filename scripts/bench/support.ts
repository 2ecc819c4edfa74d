// What the benchmarks share: command-line options, a progress bar, percentiles, seeded databases with the
// real server on them as a child process, members signed up through it, timed GETs and a short load test.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { simpleParser } from 'mailparser';
import { fromPostgres, migrateDatabase, openDatabase, type Database } from '../../src/server/db/client';
import { startServerProcess, type ServerProcess } from '../../src/server/testing/server-process';
import { startThrowawayPostgres } from '../postgres';

// ---- Options ------------------------------------------------------------------------------------------

const args = process.argv.slice(2);

/** `--name 123`: a whole number from 1 to max, or the fallback. */
export function option(name: string, fallback: number, max: number): number {
  const i = args.indexOf(`--${name}`);
  const value = i >= 0 ? Number(args[i + 1]) : fallback;
  return Math.min(max, Math.max(1, Number.isFinite(value) ? Math.floor(value) : fallback));
}

export function textOption(name: string, fallback: string): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
}

/** `--name`, given or not. */
export const flag = (name: string): boolean => args.includes(`--${name}`);

// ---- Output -----------------------------------------------------------------------------------------

import { progress } from '../progress';

export { progress };

export type Stats = { n: number; p50: number; p95: number; max: number };
export function statsOf(xs: number[]): Stats {
  const sorted = [...xs].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;
  return { n: xs.length, p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? NaN };
}
export const f = (ms: number) => `${ms.toFixed(1).padStart(7)} ms`;
export function row(label: string, s: Stats, goal?: number) {
  const verdict = goal === undefined ? '' : s.p95 < goal ? `  ok (< ${goal} ms)` : `  OVER ${goal} ms`;
  process.stdout.write(`  ${label.padEnd(44)} p50 ${f(s.p50)}  p95 ${f(s.p95)}  max ${f(s.max)}  (n=${s.n})${verdict}\n`);
}

// ---- Server processes -------------------------------------------------------------------------------

/** A server process and its data folder (where it writes mail, as `.eml` files, without SMTP). */
export type Server = ServerProcess & { dataDir: string };

/**
 * The real server in production mode, in a child process on a free loopback port; its log goes to root.
 * `readyPath` and `pollMs` as startServerProcess has them (a start-up time is measured to `pollMs`); `entry`, a
 * server built from another commit (buildAt).
 */
export async function startServer(
  name: string,
  root: string,
  env: Record<string, string>,
  ready: { readyPath?: string; pollMs?: number; nodeArgs?: string[]; entry?: string } = {},
): Promise<Server> {
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  const server = await startServerProcess({
    name,
    log: path.join(root, `${name}.log`),
    timeoutMs: 300_000,
    ...ready,
    env: {
      NODE_ENV: 'production',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: '',
      STAFF_EMAIL: 'team@bench.example.org',
      // Each bench member poses as its own client (X-Forwarded-For), as people behind a proxy would.
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  return { ...server, dataDir };
}

// ---- Requests ---------------------------------------------------------------------------------------

/** One GET, timed from sending to the whole JSON body read; anything but 200 stops the bench. */
export async function timedGet(url: string, headers: Record<string, string> = {}): Promise<{ ms: number; body: unknown }> {
  const started = performance.now();
  const res = await fetch(url, { headers });
  const body: unknown = await res.json();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`GET ${url} → ${res.status} ${JSON.stringify(body)}`);
  return { ms, body };
}

/** Times `count` GETs round the URLs, after a warm-up of (at most) ten. */
export async function measure(urls: string[], count: number, headers: Record<string, string> = {}): Promise<Stats> {
  for (const u of urls.slice(0, 10)) await timedGet(u, headers);
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push((await timedGet(urls[i % urls.length]!, headers)).ms);
  return statsOf(times);
}

/** A short load test with autocannon: 10 connections for `seconds`, GETs round the paths; prints one row. */
export async function loadTest(label: string, base: string, seconds: number, paths: string[], headers?: Record<string, string>) {
  const requests = paths.map((p) => ({ method: 'GET' as const, path: p }));
  const result = await autocannon({ url: base, connections: 10, duration: seconds, headers, requests });
  process.stdout.write(
    `  ${label.padEnd(44)} ${Math.round(result.requests.average).toString().padStart(5)} req/s  p50 ${f(result.latency.p50)}  p97.5 ${f(result.latency.p97_5)}  p99 ${f(result.latency.p99)}  errors ${result.errors + result.non2xx}\n`,
  );
}

/**
 * A member signed up through the API, posing as their own client (X-Forwarded-For) as people behind a proxy
 * would, who confirmed their address with the mailed link and saved a profile: their session cookie, and
 * the headers that send a JSON request as them. `servers` are those sharing the database: any of them may
 * send the mail (written under its data folder, as no SMTP server is set).
 */
export async function signUpBenchMember(
  base: string,
  member: { email: string; ip: string; profile: Record<string, string> },
  servers: Server[],
): Promise<{ cookie: string; headers: Record<string, string> }> {
  const headers = { origin: base, 'x-forwarded-for': member.ip, 'content-type': 'application/json' };
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: member.email, password: 'bench password 1', name: '' }),
  });
  if (res.status !== 200) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  // A sign-up gives no session (decision 029): the member signs in with the password, as a person does.
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: member.email, password: 'bench password 1' }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const token = await mailedLinkToken(member.email, servers);
  const confirmed = await fetch(`${base}/api/account/verify-email`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ token }),
  });
  if (confirmed.status !== 200) throw new Error(`confirming the address: ${confirmed.status} ${await confirmed.text()}`);
  const saved = await fetch(`${base}/api/profile`, {
    method: 'PUT',
    headers: { ...headers, cookie },
    body: JSON.stringify(member.profile),
  });
  if (saved.status !== 200) throw new Error(`profile: ${saved.status} ${await saved.text()}`);
  return { cookie, headers: { ...headers, cookie } };
}

/** The token of the confirmation link mailed to this address, from the servers' `.eml` files (15 s at most). */
async function mailedLinkToken(email: string, servers: Server[], timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const seen = new Set<string>();
  while (Date.now() < deadline) {
    for (const server of servers) {
      const dir = path.join(server.dataDir, 'mail');
      // Files are written aside and renamed: an .eml file is whole.
      const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml') && !seen.has(f)) : [];
      for (const file of files) {
        seen.add(file);
        const raw = fs.readFileSync(path.join(dir, file));
        if (!raw.includes(email)) continue;
        const mail = await simpleParser(raw);
        const token = mail.text?.match(/\/verify-email\?token=([A-Za-z0-9_-]+)/)?.[1];
        if (token && mail.to && JSON.stringify(mail.to).includes(email)) return token;
      }
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no confirmation link was mailed to ${email} within ${timeoutMs / 1000} s`);
}

// ---- Databases and runs -------------------------------------------------------------------------------

type Run = (ctx: { root: string; env: Record<string, string> }) => Promise<void>;

/**
 * A throw-away PostgreSQL server, seeded, then `run` with a scratch folder and the environment that points
 * servers at it; everything is removed afterwards. `run` stops the servers it starts.
 */
async function withSeededPostgres(name: string, seed: (database: Database) => Promise<void>, run: Run) {
  const pg = await startThrowawayPostgres();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `fn-bench-${name}-`));
  try {
    const database = fromPostgres(pg.url, 4);
    await seed(database);
    await database.close();
    await run({ root, env: { DATABASE_URL: pg.url } });
  } finally {
    pg.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** The same on an embedded database in a scratch folder (closed before `run`: one process at a time). */
async function withSeededPglite(name: string, seed: (database: Database) => Promise<void>, run: Run) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `fn-bench-${name}-`));
  const dataDir = path.join(root, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    const database = await openDatabase({ dataDir });
    await seed(database);
    await database.close();
    await run({ root, env: { DATA_DIR: dataDir, DATABASE_URL: '' } });
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** Migrates the database, then fills it with a progress bar; `fill` may answer a note for the closing line. */
export async function migrateAndSeed(
  database: Database,
  what: string,
  fill: (onProgress: (phase: string, done: number, total: number) => void) => Promise<string | void>,
) {
  const started = Date.now();
  process.stdout.write(`  Seeding ${what}…\n`);
  await migrateDatabase(database);
  const note = await fill((phase, done, total) => progress(phase, done, total, started));
  process.stdout.write(`  Seeded in ${((Date.now() - started) / 1000).toFixed(0)} s${note ? ` (${note})` : ''}\n`);
}

/**
 * Runs a bench on each database `--db` asks for (postgres, pglite or both, the default): a fresh one filled by
 * `seed`, the real server on it, then `bench` with the servers' URLs; everything is stopped and removed after.
 * On PostgreSQL `postgresInstances` servers share the database, as behind a load balancer (PGlite allows one).
 * `--at <commit>` runs the server built at that commit instead of this tree's.
 */
export async function onEachDatabase(
  run: { name: string; seed: (database: Database) => Promise<void>; env?: Record<string, string>; postgresInstances?: number },
  bench: (urls: string[], servers: Server[]) => Promise<void>,
) {
  const db = textOption('db', 'both');
  const instances = run.postgresInstances ?? 1;
  if (db === 'postgres' || db === 'both') {
    process.stdout.write(`\n== PostgreSQL (throw-away server${instances > 1 ? `, ${instances} app instances` : ''}) ==\n`);
    await withSeededPostgres(run.name, run.seed, ({ root, env }) => {
      const names = Array.from({ length: instances }, (_, i) => `instance-${i + 1}`);
      return withServers(
        root,
        names.map((name) => [name, { ...env, DATA_DIR: path.join(root, name), ...run.env }]),
        bench,
      );
    });
  }
  if (db === 'pglite' || db === 'both') {
    process.stdout.write(`\n== PGlite (the embedded default${instances > 1 ? ', one app instance' : ''}) ==\n`);
    await withSeededPglite(run.name, run.seed, ({ root, env }) => withServers(root, [['embedded', { ...env, ...run.env }]], bench));
  }
}

let builtAt: ReturnType<typeof buildAt> | undefined;

/**
 * `--at <commit>`: the server as built at that commit (buildAt, once a run) instead of this tree's, for the
 * benches run through onEachDatabase (reads, soak, …): the figures from before a change, on this machine.
 */
function serverAtCommit(): string | undefined {
  const ref = textOption('at', '');
  if (!ref) return undefined;
  if (!builtAt) {
    builtAt = buildAt(ref);
    process.stdout.write(`  The server as at ${builtAt.commit} (--at ${ref})\n`);
    process.once('exit', () => builtAt?.dispose());
  }
  return builtAt.entry;
}

/** Servers of these names and environments, for as long as `bench` runs. */
async function withServers(
  root: string,
  servers: Array<[string, Record<string, string>]>,
  bench: (urls: string[], servers: Server[]) => Promise<void>,
) {
  const started: Server[] = [];
  try {
    for (const [name, env] of servers) started.push(await startServer(name, root, env, { entry: serverAtCommit() }));
    await bench(
      started.map((s) => s.url),
      started,
    );
  } finally {
    for (const s of started) await s.stop();
  }
}

/** Runs a bench's main; a failure prints its cause (a failed query's message repeats the whole statement). */
export function runBench(main: () => Promise<void>) {
  warnIfNotTheProjectsNode();
  main().catch((err) => {
    const cause = (err as { cause?: unknown })?.cause;
    process.stderr.write(
      `${cause instanceof Error ? `${cause.message}\n` : ''}${err instanceof Error ? err.stack?.slice(0, 2000) : String(err)}\n`,
    );
    process.exit(1);
  });
}

/**
 * Figures count only on the Node the site runs on: npm installs it as node_modules/.bin/node (decision 054), and
 * `npm run`/`npx` put it first on PATH, but a bench started as `node …` from a shell runs on the machine's own.
 */
function warnIfNotTheProjectsNode() {
  const projectNode = fileURLToPath(new URL('../../node_modules/.bin/node', import.meta.url));
  if (!fs.existsSync(projectNode) || fs.realpathSync(projectNode) === fs.realpathSync(process.execPath)) return;
  process.stderr.write(
    `Note: this runs on Node ${process.version}, not the site's own (node_modules/.bin/node); its figures are not the site's.\n` +
      `      Run it as \`npx node --import tsx ${path.relative(process.cwd(), process.argv[1] ?? '')} …\`.\n`,
  );
}

/** A server process's resident memory in MB (Linux: /proc), or NaN where that cannot be read. */
export function residentMb(server: Server): number {
  try {
    const status = fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return NaN;
  }
}

/**
 * The server as it was at a commit (`main`, a hash), built in a scratch folder beside this one's packages: a
 * baseline measured in the same run as the working tree, on the same machine. Answers its entry (startServer's
 * `entry`), its short hash, and how to remove it.
 */
export function buildAt(ref: string): { entry: string; commit: string; dispose(): void } {
  const commit = execFileSync('git', ['rev-parse', '--short', ref], { encoding: 'utf8' }).trim();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `fn-bench-at-${commit}-`));
  try {
    execFileSync('tar', ['-x', '-C', dir], { input: execFileSync('git', ['archive', '--format=tar', commit], { maxBuffer: 1 << 30 }) });
    fs.symlinkSync(fs.realpathSync('node_modules'), path.join(dir, 'node_modules'));
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], { cwd: dir, stdio: 'inherit' });
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    entry: path.join(dir, 'dist-server', 'main.js'),
    commit,
    dispose: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
