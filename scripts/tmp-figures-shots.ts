// Temporary: screenshots of the pages this branch changes (deleted before committing).
import { chromium } from 'playwright-core';
import { totpCodeFor, currentTotpPeriod } from '../src/server/testing/totp';

const BASE = 'http://localhost:3413';
const OUT = '/tmp/figures-shots';
const key = process.env.ADMIN_KEY ?? '';
const browser = await chromium.launch({
  executablePath: '/usr/lib/chromium/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const only = process.argv[2];
let adminState: Awaited<ReturnType<import('playwright-core').BrowserContext['storageState']>> | undefined;
if (key && (!only || only === 'admin')) {
  const c = await browser.newContext();
  const headers = { origin: BASE };
  const r = await c.request.post(`${BASE}/api/auth/sign-in/email`, { data: { email: 'admin@demo.example.org', password: 'demo-admin-2026' }, headers });
  if (r.status() !== 200) console.log('sign-in', r.status(), await r.text());
  const v = await c.request.post(`${BASE}/api/auth/two-factor/verify-totp`, { data: { code: await totpCodeFor(key, currentTotpPeriod()) }, headers });
  if (v.status() !== 200) console.log('totp', v.status(), await v.text());
  adminState = await c.storageState();
  await c.close();
}
for (const lang of ['en', 'es']) {
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale: lang === 'es' ? 'es-US' : 'en-US' });
    await context.addCookies([{ name: 'lang', value: lang, url: BASE }]);
    const page = await context.newPage();
    if (!only || only === 'landing') {
      await page.goto(`${BASE}/`);
      await page.waitForSelector('[data-testid="network-churches"]');
      await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="network-churches"]')?.textContent ?? ''));
      await page.evaluate(() => window.scrollTo(0, 300));
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${OUT}/landing-top-${lang}-${width}.png` });
      await page.locator('#map-title').scrollIntoViewIfNeeded();
      await page.getByRole('group').first().waitFor({ timeout: 15000 }).catch(() => {});
      await page.waitForSelector('[data-testid="map-count"]', { timeout: 15000 });
      await page.locator('#map-details').scrollIntoViewIfNeeded();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${OUT}/landing-map-${lang}-${width}.png` });
    }
    if (!only || only === 'resources') {
      await page.goto(`${BASE}/resources`);
      await page.waitForSelector('img');
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `${OUT}/resources-${lang}-${width}.png`, fullPage: true });
    }
    if ((!only || only === 'admin') && adminState) {
      const admin = await browser.newContext({ viewport: { width, height: 900 }, storageState: adminState });
      await admin.addCookies([{ name: 'lang', value: lang, url: BASE }]);
      const ap = await admin.newPage();
      await ap.goto(`${BASE}/admin/states`);
      await ap.waitForSelector('tr[data-state="WY"]', { timeout: 20000 });
      await ap.waitForTimeout(500);
      await ap.screenshot({ path: `${OUT}/admin-states-${lang}-${width}.png` });
      await ap.locator('tr[data-state="WY"] button').click();
      await ap.getByRole('dialog').waitFor();
      await ap.waitForTimeout(500);
      await ap.screenshot({ path: `${OUT}/admin-edit-${lang}-${width}.png` });
      await admin.close();
    }
    await context.close();
  }
}
await browser.close();
