import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';
const base = 'http://localhost:3402';
const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
for (const [w, h] of [[390, 844], [1280, 900]] as const) {
  const ctx = await browser.newContext({ locale: 'es-US', viewport: { width: w, height: h } });
  const page = await ctx.newPage();
  for (const p of ['/', '/needs', '/churches']) {
    await page.goto(base + p);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shot-${p.replace(/\//g, '_') || 'home'}-${w}.png` });
  }
  await ctx.request.post(base + '/api/auth/sign-in/email', { data: { email: 'grace.miller@demo.example.org', password: 'demo-member-2026' }, headers: { origin: base } });
  for (const p of ['/dashboard', '/care', '/discuss']) {
    await page.goto(base + p);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shot-${p.replace(/\//g, '_')}-${w}.png` });
  }
  await ctx.close();
}
await browser.close();
