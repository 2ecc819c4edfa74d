import { chromium } from 'playwright-core';
const base = 'http://localhost:3414';
const browser = await chromium.launch({
  executablePath: '/usr/lib/chromium/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const lang = process.argv[2] ?? 'en';
for (const width of [390, 1280]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-US' });
  const page = await ctx.newPage();
  await page.goto(base + '/signin');
  await page.getByLabel(/Email|Correo/).first().fill('grace.miller@demo.example.org');
  await page.locator('input[type=password]').first().fill('demo-member-2026');
  await page.locator('main form button[type=submit]').click();
  await page.waitForTimeout(3000);
  await page.screenshot({ path: `/tmp/wt-home-after-signin-${width}.png` });
  if (lang === 'es') await page.request.put(base + '/api/locale', { data: { locale: 'es' }, headers: { origin: base } });
  await page.goto(base + '/dashboard');
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/wt-home-dash-${lang}-${width}.png`, fullPage: true });
  await page.goto(base + '/update-profile');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/wt-home-profile-${lang}-${width}.png`, fullPage: false });
  await ctx.close();
}
await browser.close();
