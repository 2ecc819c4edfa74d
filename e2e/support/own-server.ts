import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { expect } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServerProcess, type ServerProcess } from '../../src/server/testing/server-process';
import { clientAddress } from './browser';

// Journeys with a server of their own: its database is written before it starts (as the site's demo content is),
// so a journey needs none of the pages that would make what it starts from. The server sends no mail out: it
// writes each message as a file in its data folder.

/** Starts the server on the data folder `<root>/data`, which the journey has filled. */
export function startOwnServer(root: string, name: string): Promise<ServerProcess> {
  return startServerProcess({
    name,
    log: path.join(root, 'server.log'),
    timeoutMs: 90_000,
    env: {
      SMTP_URL: undefined,
      DATABASE_URL: undefined,
      NODE_ENV: 'test',
      DATA_DIR: path.join(root, 'data'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      STAFF_EMAIL: 'team@network.test',
      TRUST_PROXY: 'true',
    },
  });
}

/** A page on the server at this size, with the errors it logs (a 40x answer a page expects is not one). */
export async function openOn(browser: Browser, server: ServerProcess, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ baseURL: server.url, viewport, extraHTTPHeaders: { 'x-forwarded-for': clientAddress() } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/status of 40[0-9]/.test(msg.text())) errors.push(msg.text());
  });
  return { page, errors };
}

/** The first message to `to` that `where` accepts, among those the server wrote in `<root>/data/mail`. */
export async function mailFileTo(root: string, to: string, where: (m: ParsedMail) => boolean): Promise<ParsedMail> {
  const dir = path.join(root, 'data', 'mail');
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    for (const file of fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : []) {
      const parsed = await simpleParser(fs.readFileSync(path.join(dir, file)));
      if (JSON.stringify(parsed.to).includes(to) && where(parsed)) return parsed;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail for ${to}`);
}

/** Stops the server, removes its folder, and fails the journey if the server logged an unhandled error. */
export async function stopOwnServer(server: ServerProcess | undefined, root: string): Promise<void> {
  await server?.stop();
  const log = fs.existsSync(path.join(root, 'server.log')) ? fs.readFileSync(path.join(root, 'server.log'), 'utf8') : '';
  fs.rmSync(root, { recursive: true, force: true });
  expect(log).not.toContain('"msg":"unhandled error"');
}
