import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtServer, SERVER_ENV, SERVER_NODE_ARGS, serveCommand } from '../../scripts/build-server';
import { openPgliteTemplateIn } from './testing/db';
import { freePort } from './testing/free-port';

// The real start-up script as an operator runs it (the build `npm run serve` runs): configuration errors,
// the data-folder lock, the control file for the admin command line, and a clean stop on SIGTERM.
// The server runs on its embedded database in every run (DATABASE_URL is taken out of its environment), so the
// PostgreSQL run of the suite would repeat the PGlite run's test exactly: it skips the file (decision 053).
const onPostgresRun = Boolean(process.env.DATABASE_URL);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fn-main-'));
const children: ChildProcess[] = [];
let entry: string;
beforeAll(async () => {
  if (!onPostgresRun) entry = await builtServer();
}, 60_000);
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function env(extra: Record<string, string>) {
  const e: NodeJS.ProcessEnv = {
    ...SERVER_ENV,
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    ...extra,
  };
  delete e.DATABASE_URL;
  return e;
}

function start(port: number) {
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, entry], { env: env({ PORT: String(port) }) });
  children.push(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitReady(port: number) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server not ready');
}

describe.skipIf(onPostgresRun)('npm run serve', () => {
  it('builds the server, then runs the build with the settings that keep its memory small', () => {
    const { scripts } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.serve).toBe(`node --import tsx scripts/build-server.ts && ${serveCommand()}`);
    // `npm start` installs and builds first (scripts/start.mjs, which builds the server too), then runs the same on the
    // project's Node: `hash -r` forgets the machine's node, which sh found for start.mjs before npm installed ours.
    expect(scripts.start).toBe(`node scripts/start.mjs && hash -r && ${serveCommand()}`);
  });

  it('stops at once with the list of bad variables', () => {
    const res = spawnSync(process.execPath, [...SERVER_NODE_ARGS, entry], {
      env: env({ PORT: 'abc', SMTP_URL: 'ftp://x', ADMIN_EMAILS: 'not-an-email' }),
      encoding: 'utf8',
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('Invalid configuration');
    for (const name of ['PORT', 'SMTP_URL', 'ADMIN_EMAILS']) expect(res.stderr).toContain(name);
  });

  it('stops at once, saying why, when the bucket of STORAGE_URL cannot be used', async () => {
    const closedPort = await freePort();
    const storageUrl = `s3://photos?endpoint=http://127.0.0.1:${closedPort}&forcePathStyle=true`;
    const run = (extra: Record<string, string>) => {
      const e = env({ STORAGE_URL: storageUrl });
      delete e.AWS_ACCESS_KEY_ID;
      delete e.AWS_SECRET_ACCESS_KEY;
      // No credentials must not send the SDK to the EC2 metadata address, off this machine.
      e.AWS_EC2_METADATA_DISABLED = 'true';
      return spawnSync(process.execPath, [...SERVER_NODE_ARGS, entry], { env: { ...e, ...extra }, encoding: 'utf8' });
    };
    const unreachable = run({ AWS_ACCESS_KEY_ID: 'key-id', AWS_SECRET_ACCESS_KEY: 'a-secret-never-logged' });
    expect(unreachable.status).toBe(1);
    expect(unreachable.stdout + unreachable.stderr).toMatch(
      /The bucket s3:\/\/photos\/ at http:\/\/127\.0\.0\.1:\d+ could not be reached: ECONNREFUSED/,
    );
    expect(unreachable.stdout + unreachable.stderr).not.toContain('a-secret-never-logged');
    const noCredentials = run({ HOME: dataDir });
    expect(noCredentials.status).toBe(1);
    expect(noCredentials.stdout + noCredentials.stderr).toMatch(
      /No credentials for the bucket s3:\/\/photos\/.*set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/,
    );
    // Nothing else was opened: the embedded database was not created.
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });

  it('holds the embedded database alone, publishes its control address, and stops cleanly on SIGTERM', async () => {
    // The run's migrated template, as backup-process.test.ts places it: the server opens it instead of creating a
    // database (seconds of CPU). A first start on an empty data folder is every end-to-end run's.
    await (await openPgliteTemplateIn(dataDir)).close();
    const port = await freePort();
    const first = start(port);
    await waitReady(port);
    expect(first.output()).toContain(`"msg":"file storage ready","where":${JSON.stringify(path.join(dataDir, 'files'))}`);
    const control = JSON.parse(fs.readFileSync(path.join(dataDir, 'control.json'), 'utf8'));
    expect(control.port).toBe(port);
    expect(fs.statSync(path.join(dataDir, 'control.json')).mode & 0o077).toBe(0);

    const second = start(await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another process/);

    // An open event stream must not hold the shutdown up.
    const stream = await fetch(`http://127.0.0.1:${port}/api/live?topics=posts`);
    expect(stream.status).toBe(200);
    const reading = stream.body!.getReader();
    await reading.read();

    const stopAsked = Date.now();
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(Date.now() - stopAsked).toBeLessThan(5000);
    expect(first.output()).toMatch(/"msg":"stopped"/);
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'control.json'))).toBe(false);
  }, 60_000);
});
