import fs from 'node:fs';
import path from 'node:path';
import type { RouteObject } from 'react-router';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { landingFileOf, PRERENDERED_ATTRIBUTE } from '../src/shared/boot';
import { LOCALE_COOKIE, LOCALES, type Locale } from '../src/shared/i18n/locale';
import { DEMO_MEMBER_PASSWORD } from '../src/server/demo/seed';
import { unusedTotpCode } from '../src/server/testing/totp';
import { RequireAuth } from '../src/web/app/require-auth';
import { routes } from '../src/web/routes';
import { openSite, useBrowser } from './support/browser';
import { invalidities } from './support/html-validity';
import { openPage } from './support/journey';
import { DEMO_ADMIN, useDemoServer } from './support/demo-server';

// Issue 29: every page valid HTML (html-validate's recommended rules, e2e/support/html-validity.ts), as Chromium
// holds it once the page has settled, for a visitor, a member and an admin; and the prerendered landing page as
// built. The pages come from the router's table (src/web/routes.tsx), so a new page is validated without being
// listed here; a page with a parameter in its path needs an example below. The demo content (`npm start`'s) fills
// the pages, on the run's demo server (support/demo-server.ts).

const browser = useBrowser();
const demoServer = useDemoServer();
const demo = (name: string) => `${name}@demo.example.org`;
/** The member whose pages are validated: she leads a care team and is a church's point person. */
const MEMBER = demo('grace.miller');
/** A demo member the demo server makes an admin (ADMIN_EMAILS), so the test sets up his second factor itself. */
const ADMIN = DEMO_ADMIN;
/** A page for a path nothing matches. */
const MISSING_PAGE = '/no/such/page';

type Audience = 'visitor' | 'member' | 'admin';
type PagePattern = { pattern: string; audience: Audience };

/** Every page of the router's table, and who it is for: behind RequireAuth for members, under /admin for admins. */
function pagesOf(table: RouteObject[], parent = '', guarded = false): PagePattern[] {
  return table.flatMap((route) => {
    const where =
      route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    const isMembers = guarded || route.Component === RequireAuth;
    const own: PagePattern[] =
      route.index || (route.path !== undefined && !route.children)
        ? [{ pattern: where || '/', audience: where.startsWith('/admin') ? 'admin' : isMembers ? 'member' : 'visitor' }]
        : [];
    return [...own, ...pagesOf(route.children ?? [], where, isMembers)];
  });
}

/** The demo's records that pages with a parameter in their path show: a path for each such page. */
type Examples = Record<string, string>;

async function examplesFor(member: Page): Promise<Examples> {
  const get = async <T>(url: string): Promise<T> => {
    const res = await member.request.get(url);
    expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
    return (await res.json()) as T;
  };
  const { posts } = await get<{ posts: { id: number }[] }>('/api/posts');
  const { churches } = await get<{ churches: { id: number; name: string }[] }>('/api/churches?state=MO');
  const { needs } = await get<{ needs: { id: number }[] }>('/api/needs');
  const { teams } = await get<{ teams: { id: number }[] }>('/api/me/care-teams');
  // The church she is the point person of, so its manage page shows its tools.
  const church = churches.find((c) => c.name.startsWith('Central Assembly')) ?? churches[0];
  const [post, need, team] = [posts[0], needs[0], teams[0]];
  if (!post || !church || !need || !team) throw new Error('The demo content lacks a post, a church, a need or a care team');
  return {
    // The finder with its results, not only its form.
    '/churches': '/churches?state=MO',
    '/discuss/:id': `/discuss/${post.id}`,
    '/churches/:id': `/churches/${church.id}`,
    '/churches/:id/manage': `/churches/${church.id}/manage`,
    '/needs/:id': `/needs/${need.id}`,
    '/needs/:id/edit': `/needs/${need.id}/edit`,
    '/care/:id': `/care/${team.id}`,
    '/care/:id/calendar': `/care/${team.id}/calendar`,
    '/care/:id/space': `/care/${team.id}/space`,
    // Mailed links' pages, with a token that is not one: they say so.
    '/needs/approve/:token': '/needs/approve/not-a-token',
    '/care/join/:token': '/care/join/not-a-token',
    '/*': MISSING_PAGE,
  };
}

/** The path to open for a page of the table: its example, or itself when it needs none. */
function pathOf(pattern: string, examples: Examples): string {
  const example = examples[pattern];
  if (example) return example;
  if (!pattern.includes(':') && !pattern.includes('*')) return pattern;
  throw new Error(`No example for the page ${pattern}: add one to examplesFor() in e2e/valid-pages.spec.ts`);
}

/** How long a page must stay unchanged, with nothing loading, to count as settled. */
const QUIET_MS = 250;

/**
 * Walks a browser page through the site's pages, each one settled: nothing loading (a live stream aside) and
 * nothing on it changing for QUIET_MS. After the first page, the app's router goes from page to page, as a link
 * would (much quicker than loading the app again for each); the prerendered landing page has no router.
 */
function pageWalker(page: Page) {
  const loading = new Set<Request>();
  let lastChange = 0;
  const changed = () => (lastChange = Date.now());
  page.on('request', (r) => {
    if (r.resourceType() !== 'eventsource') loading.add(r);
    changed();
  });
  const done = (r: Request) => {
    loading.delete(r);
    changed();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  let hasRouter = false;

  async function settle() {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const lastMutation = await page.evaluate(() => (window as { lastMutation?: number }).lastMutation ?? 0);
      const quietSince = Math.max(lastChange, lastMutation);
      if (loading.size === 0 && Date.now() - quietSince >= QUIET_MS) return;
      if (Date.now() > deadline) throw new Error(`${page.url()} did not settle: ${[...loading].map((r) => r.url()).join(', ')}`);
      await page.waitForTimeout(50);
    }
  }

  return async function open(path: string) {
    if (hasRouter) {
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    } else {
      await openPage(page, path);
      hasRouter = !(await page.locator(`#root[${PRERENDERED_ATTRIBUTE}]`).count());
      // When the page last changed, kept by the page itself (the clock is the same machine's).
      await page.evaluate(() => {
        const w = window as { lastMutation?: number };
        w.lastMutation = Date.now();
        new MutationObserver(() => (w.lastMutation = Date.now())).observe(document.documentElement, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
      });
    }
    // The navigation itself counts as a change: the page has QUIET_MS from it to start loading what it shows.
    changed();
    await settle();
  };
}

/** Every invalidity of these pages, `path: rule: message (where)`, each page as it settled. */
async function validate(page: Page, paths: string[]): Promise<string[]> {
  const open = pageWalker(page);
  const found: string[] = [];
  for (const path of paths) {
    await open(path);
    for (const problem of await invalidities(await page.content(), 'browser')) found.push(`${path}: ${problem}`);
  }
  return found;
}

/** Fails listing every message, one a line. */
function expectValid(found: string[], what: string) {
  expect(found, `${what} are not valid HTML:\n${found.join('\n')}\n`).toEqual([]);
}

async function setLanguage(context: BrowserContext, locale: Locale) {
  const url = new URL(demoServer().server.url);
  await context.addCookies([{ name: LOCALE_COOKIE, value: locale, domain: url.hostname, path: '/' }]);
}

async function signIn(page: Page, email: string, password: string) {
  const headers = { origin: demoServer().server.url };
  const res = await page.request.post('/api/auth/sign-in/email', { data: { email, password }, headers });
  expect(res.status(), await res.text()).toBe(200);
}

/** Signs the admin in, setting his second factor up (he is an admin through ADMIN_EMAILS, with none yet). */
async function signInAsAdmin(page: Page) {
  const headers = { origin: demoServer().server.url };
  await signIn(page, ADMIN, DEMO_MEMBER_PASSWORD);
  const enabled = await page.request.post('/api/auth/two-factor/enable', { data: { password: DEMO_MEMBER_PASSWORD }, headers });
  expect(enabled.status(), await enabled.text()).toBe(200);
  const { totpURI } = (await enabled.json()) as { totpURI: string };
  const next = await unusedTotpCode(totpURI, 0);
  const verified = await page.request.post('/api/auth/two-factor/verify-totp', { data: { code: next!.code }, headers });
  expect(verified.status(), await verified.text()).toBe(200);
}

const PAGES = pagesOf(routes);
const patternsFor = (audience: Audience) => PAGES.filter((p) => p.audience === audience).map((p) => p.pattern);
let examples: Examples;

beforeAll(async () => {
  const member = await openSite(browser(), { baseURL: demoServer().server.url });
  await signIn(member.page, MEMBER, DEMO_MEMBER_PASSWORD);
  examples = await examplesFor(member.page);
  await member.context.close();
}, 60_000);

describe('valid pages', () => {
  it('finds the pages of every audience in the router', () => {
    expect(patternsFor('visitor')).toContain('/');
    expect(patternsFor('member')).toContain('/dashboard');
    expect(patternsFor('admin')).toContain('/admin/profiles');
  });

  it('builds a valid prerendered landing page in every language', async () => {
    const dist = process.env.WEB_DIST_DIR ?? 'dist';
    for (const locale of LOCALES) {
      const file = path.join(dist, landingFileOf(locale));
      expectValid(await invalidities(fs.readFileSync(file, 'utf8'), 'file'), file);
    }
  });

  it("renders every visitor's page valid, in both languages", async () => {
    const { page, context } = await openSite(browser(), { baseURL: demoServer().server.url });
    const paths = patternsFor('visitor').map((p) => pathOf(p, examples));
    const found = await validate(page, paths);
    await setLanguage(context, 'es');
    found.push(...(await validate(page, ['/', '/signup', '/churches?state=MO', '/needs', MISSING_PAGE])));
    expectValid(found, "the visitor's pages");
  });

  it("renders every member's page valid, and the public pages as a member sees them", async () => {
    const { page } = await openSite(browser(), { baseURL: demoServer().server.url });
    await signIn(page, MEMBER, DEMO_MEMBER_PASSWORD);
    const paths = [...patternsFor('member'), ...patternsFor('visitor')].map((p) => pathOf(p, examples));
    expectValid(await validate(page, paths), "the member's pages");
  });

  it("renders every admin's page valid", async () => {
    const { page } = await openSite(browser(), { baseURL: demoServer().server.url });
    await signInAsAdmin(page);
    expectValid(await validate(page, patternsFor('admin')), "the admin's pages");
  });
});
