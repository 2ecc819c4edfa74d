import { randomBytes } from 'node:crypto';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

export type Session = { context: BrowserContext; page: Page; errors: string[] };

/**
 * A fresh browser profile on the site. Errors the page throws are collected so a journey can assert
 * there were none.
 */
export async function openSite(browser: Browser, opts: { viewport?: { width: number; height: number } } = {}): Promise<Session> {
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    viewport: opts.viewport ?? { width: 1280, height: 900 },
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/status of 40[0-9]/.test(msg.text())) errors.push(msg.text());
  });
  return { context, page, errors };
}

let counter = 0;
let clients = 0;
const processPart = `${randomBytes(2).toString('hex')}:${(process.pid & 0xffff).toString(16)}`;
/**
 * A distinct client address per browser context or API client, across every test process of a run
 * (IPv6 documentation range, never routed): rate limits and daily visitor keys count each one apart.
 */
export function clientAddress() {
  clients++;
  return `2001:db8:${processPart}::${clients.toString(16)}`;
}

export function uniqueEmail(prefix = 'e2e') {
  return `${prefix}.${Date.now().toString(36)}.${process.pid}.${++counter}@example.org`;
}
