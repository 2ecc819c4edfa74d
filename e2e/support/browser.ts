import { randomBytes } from 'node:crypto';
import { chromium, request, type APIRequestContext, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { CHROMIUM_PLAYWRIGHT_ARGS, chromiumPath } from '../../scripts/chromium';

type ApiStorageState = NonNullable<Parameters<typeof request.newContext>[0]>['storageState'];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_PLAYWRIGHT_ARGS,
  });
}

let shared: Promise<Browser> | undefined;

/**
 * The run's one browser: journey files run one after another in one process (e2e/vitest.config.ts), and each
 * file's work is in browser contexts of its own, so they share the browser rather than each launching one
 * (about 0.6 s of CPU a launch). A browser that closed or crashed is launched again.
 */
function sharedBrowser(): Promise<Browser> {
  if (!shared) {
    shared = launchBrowser().then((browser) => {
      browser.on('disconnected', () => (shared = undefined));
      return browser;
    });
    shared.catch(() => (shared = undefined));
  }
  return shared;
}

/**
 * The browser for a spec file's tests: call once at the top of the file, then `browser()` in its tests and later
 * hooks. After the file's tests, every context it opened is closed (its pages, their live streams and cookies), so
 * the next file starts with none.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    if (browser?.isConnected()) await Promise.all(browser.contexts().map((context) => context.close()));
  });
  return () => {
    if (!browser) throw new Error('No browser yet: useBrowser() launches it before the tests');
    return browser;
  };
}

export type Session = { context: BrowserContext; page: Page; errors: string[] };

/**
 * A fresh browser profile on the site. Errors the page throws are collected so a journey can assert
 * there were none.
 */
export async function openSite(
  browser: Browser,
  opts: {
    viewport?: { width: number; height: number };
    /** A server of the journey's own (support/own-server.ts). */ baseURL?: string;
    /** The browser's language (navigator.language and Accept-Language), 'es-US' for one that prefers Spanish. */
    locale?: string;
  } = {},
): Promise<Session> {
  const context = await browser.newContext({
    baseURL: opts.baseURL ?? inject('baseUrl'),
    viewport: opts.viewport ?? { width: 1280, height: 900 },
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
    ...(opts.locale ? { locale: opts.locale } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/status of 40[0-9]/.test(msg.text())) errors.push(msg.text());
  });
  return { context, page, errors };
}

/**
 * An API client on the site from an address of its own, as a script would call it (no browser). Dispose of it.
 * `storageState` carries a session made before.
 */
export function openApi(storageState?: ApiStorageState): Promise<APIRequestContext> {
  const baseURL = inject('baseUrl');
  return request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL, 'x-forwarded-for': clientAddress() }, storageState });
}

let clients = 0;
const processPart = (process.pid & 0xffff).toString(16);
const hostPart = randomBytes(2).toString('hex');
/**
 * A distinct client address per browser context or API client, across every test process of a run
 * (IPv6 documentation range, never routed): rate limits and daily visitor keys count each one apart.
 * The server counts an IPv6 client as its /64, so process and client both sit in the first 64 bits.
 */
export function clientAddress() {
  clients++;
  return `2001:db8:${processPart}:${clients.toString(16)}::${hostPart}`;
}
