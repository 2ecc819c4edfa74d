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

    // Other journeys browse the same server at the same time, so the server's counts grow by at least these; the
    // page's own requests below are exactly one per navigation.
    await expect.poll(async () => (await summary()).views - before.views).toBeGreaterThanOrEqual(4);
    const after = await summary();
    expect(viewsOf(after, '/') - viewsOf(before, '/')).toBeGreaterThanOrEqual(2);
    expect(viewsOf(after, '/contact') - viewsOf(before, '/contact')).toBeGreaterThanOrEqual(1);
    expect(viewsOf(after, '/signin') - viewsOf(before, '/signin')).toBeGreaterThanOrEqual(1);
    expect(after.visitors - before.visitors).toBeGreaterThanOrEqual(1);

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

  it('sends Do-Not-Track with each view a browser asks to keep, and asks nothing at all with Global Privacy Control', async () => {
    // Do-Not-Track: the page still posts its views, each carrying the header, and the server keeps none of them
    // (src/server/analytics/page-views.test.ts proves that on the same route; here other journeys browse the
    // shared server at the same time, so its counts cannot single out this browser's views).
    const dnt = await openSite(browser());
    await dnt.context.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress(), dnt: '1' });
    const dntHeaders: Array<string | undefined> = [];
    dnt.page.on('request', (req) => {
      if (req.url().endsWith('/api/page-views')) dntHeaders.push(req.headers().dnt);
    });
    const answered: number[] = [];
    dnt.page.on('response', (res) => {
      if (res.url().endsWith('/api/page-views')) answered.push(res.status());
    });
    await browseFourPages(dnt.page);
    await expect.poll(() => answered.length).toBe(4);
    expect(dntHeaders).toEqual(['1', '1', '1', '1']);
    expect(answered).toEqual([204, 204, 204, 204]);

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
    await gpc.page.waitForTimeout(500);
    expect(gpcRequests).toBe(0);
    expectNoPageErrors([...dnt.errors, ...gpc.errors]);
  });
});
