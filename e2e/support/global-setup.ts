import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { demoServerRecordFile, type DemoServerRecord } from './demo-server-record';
import { startMailbox } from './mailbox-server';
import { unhandledErrorsIn } from './server-log';
import { startServerProcess } from '../../src/server/testing/server-process';
import { startOidcProvider } from '../../src/server/testing/oidc-provider';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailboxDir: string;
    serverLog: string;
    dataDir: string;
    /** The OpenID Connect provider standing in for Google (see consentBrowserCookie). */
    googleIssuerUrl: string;
  }
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
  const google = await startOidcProvider();
  const log = path.join(root, 'server.log');
  const dataDir = path.join(root, 'data');
  const env: NodeJS.ProcessEnv = {
    DATABASE_URL: undefined,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
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
    // "Sign in with Google" against the local provider, through the same discovery as Google's.
    GOOGLE_CLIENT_ID: google.config.clientId,
    GOOGLE_CLIENT_SECRET: google.config.clientSecret,
    GOOGLE_ISSUER_URL: google.config.issuerUrl,
  };
  const server = await startServerProcess({ name: 'The server', log, env });

  project.provide('baseUrl', server.url);
  project.provide('mailboxDir', mailbox.dir);
  project.provide('serverLog', log);
  project.provide('dataDir', dataDir);
  project.provide('googleIssuerUrl', google.issuerUrl);

  return async () => {
    await server.stop();
    await mailbox.close();
    await google.stop();
    const demo = await stopDemoServer(root);
    // A 500 is always our bug: the run fails if a server logged one, whichever journey caused it.
    const unhandled = [log, ...(demo ? [demo.log] : [])].flatMap(unhandledErrorsIn);
    if (process.env.KEEP_E2E_DATA || unhandled.length) process.stdout.write(`e2e data kept in ${root}\n`);
    else {
      fs.rmSync(root, { recursive: true, force: true });
      if (demo) fs.rmSync(demo.root, { recursive: true, force: true });
    }
    if (unhandled.length) throw new Error(`The server logged ${unhandled.length} unhandled error(s):\n${unhandled.join('\n')}`);
  };
}

/** Stops the demo server a journey started (support/demo-server.ts), if one did; answers its record. */
async function stopDemoServer(root: string): Promise<DemoServerRecord | null> {
  const file = demoServerRecordFile(root);
  if (!fs.existsSync(file)) return null;
  const demo = JSON.parse(fs.readFileSync(file, 'utf8')) as DemoServerRecord;
  const alive = () => {
    try {
      process.kill(demo.pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (alive()) process.kill(demo.pid, 'SIGTERM');
  for (let waited = 0; alive() && waited < 10_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
  if (alive()) process.kill(demo.pid, 'SIGKILL');
  return demo;
}
