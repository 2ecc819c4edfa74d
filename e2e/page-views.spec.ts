import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import type { PageViewSummary } from '../src/shared/page-view';
import { clientAddress, openSite, useBrowser } from './support/browser';
import { expectNoPageErrors, openPage } from './support/journey';
import { openAdminApi } from './support/members';

const browser = useBrowser();
let admin: APIRequestContext;

async function summary(): Promise<PageViewSummary> {
  const res = await admin.get('/api/admin/page-views/summary?days=1');
  expect(res.status()).toBe(200);
  return (await res.json()) as PageViewSummary;
}

const viewsOf = (s: PageViewSummary, path: string) => s.byPath.find((p) => p.path === path)?.views ?? 0;

/** Home, then three client-side navigations through the menu: four pages. */
async function browseFourPages(page: Page) {
  await openPage(page, '/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Contact' }).click();
  await page.waitForURL('**/contact');
  await nav.getByRole('link', { name: 'Sign In' }).click();
  await page.waitForURL('**/signin');
  await nav.getByRole('link', { name: 'Home' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

beforeAll(async () => {
  admin = await openAdminApi();
});
afterAll(() => admin.dispose());

describe('page views', () => {
  it('records one view per navigation, first load and each route change, with no cookie', async () => {
    const before = await summary();
    const { page, context, errors } = await openSite(browser());
    const sent: Array<{ path: string; referrer: string | null; cookie: string | undefined }> = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/page-views')) {
        sent.push({ ...(JSON.parse(req.postData() ?? '{}') as { path: string; referrer: string | null }), cookie: req.headers().cookie });
      }
    });
    await browseFourPages(page);

    await expect.poll(async () => (await summary()).views).toBe(before.views + 4);
    const after = await summary();
    expect(viewsOf(after, '/') - viewsOf(before, '/')).toBe(2);
    expect(viewsOf(after, '/contact') - viewsOf(before, '/contact')).toBe(1);
    expect(viewsOf(after, '/signin') - viewsOf(before, '/signin')).toBe(1);
    // One browser: one visitor key for the four views.
    expect(after.visitors - before.visitors).toBe(1);

    expect(sent.map((s) => [s.path, s.referrer])).toEqual([
      ['/', null],
      ['/contact', '/'],
      ['/signin', '/contact'],
      ['/', '/signin'],
    ]);
    expect(sent.every((s) => s.cookie === undefined)).toBe(true);
    expect((await context.cookies()).length).toBe(0);
    expectNoPageErrors(errors);
  });

  it('records nothing when the browser sends Do-Not-Track, and the page does not even ask with Global Privacy Control', async () => {
    const before = await summary();

    // Do-Not-Track header: whatever the page sends, the server keeps nothing.
    const dnt = await openSite(browser());
    await dnt.context.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress(), dnt: '1' });
    await browseFourPages(dnt.page);

    // Global Privacy Control seen by the page: it sends nothing at all.
    const gpc = await openSite(browser());
    await gpc.context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true });
    });
    let gpcRequests = 0;
    gpc.page.on('request', (req) => {
      if (req.url().endsWith('/api/page-views')) gpcRequests++;
    });
    await browseFourPages(gpc.page);

    // A visitor without either, last: once their view is stored, the others' would have been too.
    const plain = await openSite(browser());
    await plain.page.goto('/resources');
    await expect.poll(async () => (await summary()).views).toBe(before.views + 1);
    await new Promise((r) => setTimeout(r, 500));
    const after = await summary();
    expect(after.views).toBe(before.views + 1);
    expect(viewsOf(after, '/resources') - viewsOf(before, '/resources')).toBe(1);
    expect(gpcRequests).toBe(0);
    expectNoPageErrors([...dnt.errors, ...gpc.errors, ...plain.errors]);
  });
});
