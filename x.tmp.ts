import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { currentTotpPeriod, totpCodeFor } from './src/server/testing/totp';
const log = fs.readFileSync('/tmp/shotserver.log', 'utf8');
const key = /with the key ([A-Z0-9 ]+)\n/.exec(log)![1]!;
const base = 'http://127.0.0.1:3999';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const width of [1280, 390]) {
  const context = await browser.newContext({ baseURL: base, viewport: { width, height: 900 } });
  const h = { origin: base };
  let r = await context.request.post('/api/auth/sign-in/email', { data: { email: 'admin@demo.example.org', password: 'demo-admin-2026' }, headers: h });
  console.log('signin', r.status());
  const code = await totpCodeFor(key, currentTotpPeriod() + (width === 390 ? 1 : 0));
  r = await context.request.post('/api/auth/two-factor/verify-totp', { data: { code }, headers: h });
  console.log('totp', r.status(), await r.text().then((t) => t.slice(0, 100)));
  const page = await context.newPage();
  await page.goto('/admin');
  const fig = page.locator('figure', { has: page.getByRole('heading', { name: /Notification mail sent/ }) });
  await fig.waitFor();
  await fig.scrollIntoViewIfNeeded();
  await fig.screenshot({ path: `/tmp/overview-notif-${width}.png` });
  console.log(await fig.innerText());
}
await browser.close();
