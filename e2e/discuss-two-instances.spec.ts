import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest, type APIRequestContext } from 'playwright-core';
import { startThrowawayPostgres } from '../scripts/postgres';
import { startServerProcess, type ServerProcess } from '../src/server/testing/server-process';
import { useBrowser } from './support/browser';
import { uniqueEmail } from './support/members';
import { expectNoPageErrors, PASSWORD } from './support/journey';

// Two app instances on one PostgreSQL, as behind a load balancer: a change made through one reaches the
// live pages served by the other (LISTEN/NOTIFY → Server-Sent Events). Each has its own address, so a
// member signs in on each separately.

const LIVE_MS = 2000;

type Instance = ServerProcess;

let pg: Awaited<ReturnType<typeof startThrowawayPostgres>>;
const browser = useBrowser();
let root: string;
const instances: Instance[] = [];

function startInstance(name: string, databaseUrl: string): Promise<Instance> {
  return startServerProcess({
    name,
    log: path.join(root, `${name}.log`),
    timeoutMs: 90_000,
    env: {
      SMTP_URL: undefined,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(root, name),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      STAFF_EMAIL: 'team@network.test',
    },
  });
}

/** An API client on one instance, keeping its own cookies, posing as a browser of that instance's page. */
async function apiOn(instance: Instance): Promise<APIRequestContext> {
  return httpRequest.newContext({ baseURL: instance.url, extraHTTPHeaders: { origin: instance.url } });
}

/**
 * The instances have no SMTP server: whichever delivered the confirmation mail wrote it as a file in its
 * data folder. Opens its link as the /verify-email page would.
 */
async function confirmThroughMailFolders(api: APIRequestContext, email: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    for (const name of ['one', 'two']) {
      const dir = path.join(root, name, 'mail');
      for (const file of fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : []) {
        const parsed = await simpleParser(fs.readFileSync(path.join(dir, file)));
        const token = parsed.text?.match(/\/verify-email\?token=([A-Za-z0-9_-]+)/)?.[1];
        if (!token || !parsed.to || !JSON.stringify(parsed.to).includes(email)) continue;
        const res = await api.post('/api/account/verify-email', { data: { token } });
        expect(res.status(), await res.text()).toBe(200);
        return;
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No confirmation mail for ${email}`);
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'fn-two-'));
  pg = await startThrowawayPostgres();
  // Both start at once, as a rolling deployment would: migrations wait for each other (advisory lock).
  instances.push(...(await Promise.all([startInstance('one', pg.url), startInstance('two', pg.url)])));
}, 180_000);

afterAll(async () => {
  for (const instance of instances) await instance.stop();
  pg?.stop();
  if (process.env.KEEP_E2E_DATA) process.stdout.write(`two-instance logs kept in ${root}\n`);
  else fs.rmSync(root, { recursive: true, force: true });
}, 60_000);

describe('discuss on two app instances sharing one PostgreSQL', () => {
  it('a post and a response made through one instance appear live in a browser on the other', async () => {
    const [one, two] = instances as [Instance, Instance];
    const email = uniqueEmail('two');

    // The author writes through instance one.
    const author = await apiOn(one);
    expect((await author.post('/api/auth/sign-up/email', { data: { email, password: PASSWORD, name: '' } })).status()).toBe(200);
    expect((await author.post('/api/auth/sign-in/email', { data: { email, password: PASSWORD } })).status()).toBe(200);
    await confirmThroughMailFolders(author, email);
    const profile = await author.put('/api/profile', {
      data: { firstName: 'Twin', lastName: 'Instance', phone: '4175550100', state: 'MO' },
    });
    expect(profile.status(), await profile.text()).toBe(200);

    // The reader's browser is on instance two, signed in there.
    const context = await browser().newContext({ baseURL: two.url, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const signIn = await page.request.post('/api/auth/sign-in/email', {
      data: { email, password: PASSWORD },
      headers: { origin: two.url },
    });
    expect(signIn.status()).toBe(200);
    await page.goto('/discuss');
    await page.getByRole('heading', { name: 'Posts' }).waitFor();
    // The event stream is open before the change is made.
    await page.waitForTimeout(300);

    const title = `Across instances ${Date.now().toString(36)}`;
    const created = await author.post('/api/posts', { data: { category: 'General', title, body: 'Sent through one.' } });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const started = Date.now();
    await page.getByRole('article', { name: title }).waitFor({ timeout: LIVE_MS });
    const listMs = Date.now() - started;

    await page.getByRole('article', { name: title }).getByRole('link', { name: /^More/ }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.waitForTimeout(300);
    expect((await author.post(`/api/posts/${id}/responses`, { data: { body: 'Answered through one.' } })).status()).toBe(201);
    await page.getByText('Answered through one.').waitFor({ timeout: LIVE_MS });
    // Signed in on two as the author, the browser may edit what was written through one.
    await expect.poll(() => page.getByRole('button', { name: 'Edit Post', exact: true }).isVisible()).toBe(true);

    process.stdout.write(`  post through one → list on two: ${listMs} ms\n`);
    expectNoPageErrors(errors);
    await author.dispose();
    await context.close();
  });
});
