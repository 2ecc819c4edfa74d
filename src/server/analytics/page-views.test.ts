import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PAGE_VIEW_PATH_MAX } from '../../shared/page-view';
import type { PageViewSummary } from '../../shared/page-view';
import { analyticsSalt, pageView, rateLimit } from '../db/schema';
import { testClock, useTestApp } from '../testing/app';
import { signedInAdmin, uniqueEmail } from '../testing/factories';
import { PAGE_VIEW_RATE } from '../rate-limit/rules';

const clock = testClock(new Date('2026-05-04T10:00:00Z'));
const t = useTestApp({ clock, config: { adminEmails: ['views.admin@example.org'] } });
beforeEach(async () => {
  clock.set(new Date('2026-05-04T10:00:00Z'));
  await t.db.delete(pageView);
});

const UA = 'Mozilla/5.0 (X11; Linux x86_64) TestBrowser/1.0';

function visitor(ip?: string) {
  const c = t.client(ip);
  return {
    ip,
    view: (body: unknown, headers: Record<string, string> = {}) => c.post('/api/page-views', body, { 'user-agent': UA, ...headers }),
  };
}

async function allViews() {
  return t.db.select().from(pageView).orderBy(pageView.at);
}

describe('POST /api/page-views', () => {
  it('stores the path, the referrer, the time and a visitor key, and answers 204', async () => {
    const v = visitor('203.0.113.7');
    const res = await v.view({ path: '/', referrer: 'https://www.example.com/some/page?q=secret#x' });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toBeNull();
    clock.advance(1000);
    expect((await v.view({ path: '/contact', referrer: '/' })).status).toBe(204);

    const rows = await allViews();
    expect(rows.map((r) => [r.path, r.referrer])).toEqual([
      ['/', 'https://www.example.com/some/page'],
      ['/contact', '/'],
    ]);
    expect(rows[0]!.at.toISOString()).toBe('2026-05-04T10:00:00.000Z');
    // Same browser, same day: same key.
    expect(rows[0]!.visitorKey).toBe(rows[1]!.visitorKey);
    expect(rows[0]!.visitorKey).toMatch(/^[\w-]{32}$/);
  });

  it('keeps no address: not in the row, not in the key, not in the rate-limit counters', async () => {
    const ip = '203.0.113.99';
    await visitor(ip).view({ path: '/resources' });
    const [row] = await allViews();
    expect(JSON.stringify(row)).not.toContain(ip);
    expect(row!.visitorKey).not.toContain(ip);
    const counters = await t.db.select().from(rateLimit);
    expect(counters.some((r) => r.key.includes(ip))).toBe(false);
    expect(counters.some((r) => r.key.startsWith('page-view:'))).toBe(true);
  });

  it('cuts the query string and fragment off the path', async () => {
    await visitor().view({ path: '/reset-password?token=abc123#top' });
    const [row] = await allViews();
    expect(row!.path).toBe('/reset-password');
  });

  it("keeps no link's secret: a supervisor's link and a care team's invitation are stored without their token", async () => {
    const token = 'Zq3'.repeat(14) + 'x';
    await visitor().view({ path: `/care/join/${token}`, referrer: `/needs/approve/${token}` });
    const [row] = await allViews();
    expect(row!.path).toBe('/care/join/:token');
    expect(row!.referrer).toBe('/needs/approve/:token');
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('gives different browsers different keys, and the same browser a new key the next day', async () => {
    await visitor('203.0.113.1').view({ path: '/' });
    await visitor('203.0.113.2').view({ path: '/' });
    await visitor('203.0.113.1').view({ path: '/' }, { 'user-agent': 'Another Browser/2.0' });
    clock.advance(24 * 60 * 60 * 1000);
    await visitor('203.0.113.1').view({ path: '/' });
    const keys = (await allViews()).map((r) => r.visitorKey);
    expect(new Set(keys).size).toBe(4);
  });

  it("keeps only the current day's salt", async () => {
    await visitor().view({ path: '/' });
    clock.advance(24 * 60 * 60 * 1000);
    await visitor().view({ path: '/' });
    clock.advance(2 * 24 * 60 * 60 * 1000);
    await visitor().view({ path: '/' });
    const salts = await t.db.select().from(analyticsSalt);
    expect(salts.map((s) => s.day)).toEqual(['2026-05-07']);
  });

  it('records nothing when the browser sends Do-Not-Track or Global Privacy Control', async () => {
    expect((await visitor().view({ path: '/dnt' }, { dnt: '1' })).status).toBe(204);
    expect((await visitor().view({ path: '/gpc' }, { 'sec-gpc': '1' })).status).toBe(204);
    expect(await allViews()).toEqual([]);
    // DNT: 0 means the visitor allows it.
    await visitor().view({ path: '/allowed' }, { dnt: '0' });
    expect((await allViews()).map((r) => r.path)).toEqual(['/allowed']);
  });

  it('refuses bad input with a 4xx and stores nothing', async () => {
    const v = visitor();
    const bad: unknown[] = [
      {},
      { path: '' },
      { path: 'contact' },
      { path: 'https://evil.example/' },
      { path: '//evil.example/x' },
      { path: `/${'a'.repeat(PAGE_VIEW_PATH_MAX)}` },
      { path: '/ok\nInjected: yes' },
      { path: 42 },
      { path: '/', referrer: 'javascript:alert(1)' },
      { path: '/', referrer: 'not a url' },
      { path: '/', referrer: `https://example.com/${'r'.repeat(2000)}` },
      [],
    ];
    for (const body of bad) {
      const res = await v.view(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((await res.json()).code).toBe('VALIDATION');
    }
    expect((await v.view('{"path":')).status).toBe(400);
    expect((await v.view('path=/', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect(await allViews()).toEqual([]);
  });

  it('limits how many views one client records per minute', async () => {
    const v = visitor('203.0.113.200');
    for (let i = 0; i < PAGE_VIEW_RATE.limit; i++) expect((await v.view({ path: `/p${i}` })).status).toBe(204);
    const over = await v.view({ path: '/one-too-many' });
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBeTruthy();
    expect((await visitor('203.0.113.201').view({ path: '/someone-else' })).status).toBe(204);
    clock.advance(PAGE_VIEW_RATE.windowMs);
    expect((await v.view({ path: '/a-minute-later' })).status).toBe(204);
    const [{ n }] = (await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(pageView)
      .where(eq(pageView.path, '/one-too-many'))) as [{ n: number }];
    expect(n).toBe(0);
  });
});

describe('GET /api/admin/page-views/summary', () => {
  it('refuses visitors (401) and members who are not admins (403)', async () => {
    expect((await t.client().get('/api/admin/page-views/summary')).status).toBe(401);
    const member = t.client();
    await member.signUp(uniqueEmail());
    expect((await member.get('/api/admin/page-views/summary')).status).toBe(403);
  });

  it('counts views and daily visitors, by path and by day', async () => {
    await visitor('203.0.113.10').view({ path: '/' });
    await visitor('203.0.113.10').view({ path: '/contact' });
    await visitor('203.0.113.11').view({ path: '/' });
    clock.advance(24 * 60 * 60 * 1000);
    await visitor('203.0.113.10').view({ path: '/' });

    const { c: admin } = await signedInAdmin(t, { email: 'views.admin@example.org', profile: null });
    const res = await admin.get('/api/admin/page-views/summary?days=7');
    expect(res.status).toBe(200);
    const summary = (await res.json()) as PageViewSummary;
    expect(summary).toMatchObject({ days: 7, views: 4, visitors: 3 });
    expect(summary.byPath).toEqual([
      { path: '/', views: 3, visitors: 3 },
      { path: '/contact', views: 1, visitors: 1 },
    ]);
    expect(summary.byDay).toEqual([
      { day: '2026-05-04', views: 3, visitors: 2 },
      { day: '2026-05-05', views: 1, visitors: 1 },
    ]);
    const oneDay = (await (await admin.get('/api/admin/page-views/summary?days=1')).json()) as PageViewSummary;
    expect(oneDay.views).toBe(1);
    expect((await admin.get('/api/admin/page-views/summary?days=0')).status).toBe(400);
    expect((await admin.get('/api/admin/page-views/summary?days=lots')).status).toBe(400);
  });
});
