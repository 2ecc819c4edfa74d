import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startMailbox } from './mailbox-server';
import { freePort } from '../../src/server/testing/free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailboxDir: string;
    serverLog: string;
    dataDir: string;
  }
}


async function waitReady(url: string, child: ChildProcess, log: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}). Log:\n${fs.readFileSync(log, 'utf8')}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not become ready. Log:\n${fs.readFileSync(log, 'utf8')}`);
}

/**
 * Starts a real SMTP server (messages land as files the tests read) and the real built server on the
 * embedded database, as `npm start` would, on a free port with a throw-away data folder.
 */
export default async function setup(project: TestProject) {
  const dist = process.env.WEB_DIST_DIR ?? 'dist';
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`Build the front end first: npm run build (looked in ${dist})`);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fn-e2e-'));
  const mailbox = await startMailbox(path.join(root, 'mailbox'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const log = path.join(root, 'server.log');
  const out = fs.openSync(log, 'a');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: path.join(root, 'data'),
    SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
    MAIL_FROM: 'Foster Care Network <no-reply@network.test>',
    STAFF_EMAIL: 'team@network.test',
    DONATE_URL: 'https://give.network.test/',
    ADMIN_EMAILS: 'admin@network.test',
    // Each browser context poses as its own client through X-Forwarded-For (see openSite), so the
    // real per-client rate limits stay on without one test's sign-ups counting against another's.
    TRUST_PROXY: 'true',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: ['ignore', out, out] });
  await waitReady(baseUrl, child, log);

  project.provide('baseUrl', baseUrl);
  project.provide('mailboxDir', mailbox.dir);
  project.provide('serverLog', log);
  project.provide('dataDir', env.DATA_DIR!);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await mailbox.close();
    if (process.env.KEEP_E2E_DATA) process.stdout.write(`e2e data kept in ${root}\n`);
    else fs.rmSync(root, { recursive: true, force: true });
  };
}
