/**
 * The landing page's JavaScript, gzipped, in each language it is prerendered in (issue 28: Spanish may add
 * at most 3 KB): starts the real server on each built front end given, opens the landing page in Debian's
 * Chromium with the browser asking for English, then Spanish, and adds up the scripts it fetched before the
 * page was hydrated and by the time the network went quiet. Also lists React's warnings, a hydration
 * mismatch among them. Compare two builds (another commit's, built in a worktree of its own) in one run:
 *
 *   node --import tsx scripts/bench/landing-script.ts --dist dist [--dist ../other/dist]
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { APP_READY_ATTRIBUTE } from '../../src/shared/boot';
import { CHROMIUM_PLAYWRIGHT_ARGS, chromiumPath } from '../chromium';
import { checkLandingBudget } from './landing-budget';
import { startServer } from './start-server';

const args = process.argv.slice(2);
const dists = args.flatMap((arg, i) => (args[i - 1] === '--dist' ? [path.resolve(arg)] : []));
if (dists.length === 0) dists.push(path.resolve('dist'));

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

type Measure = { hydrated: number; settled: number; files: number; warnings: string[]; list: string[] };

async function measure(dist: string, locale: string): Promise<Measure> {
  const server = await startServer({ distDir: dist });
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_PLAYWRIGHT_ARGS });
  try {
    const context = await browser.newContext({ locale, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const scripts: { file: string; at: number }[] = [];
    const warnings: string[] = [];
    // What hydrating needs: the scripts asked for until the page's entry (landing-*.js, whose imports
    // landing.html preloads) has arrived (and, in a build from before the landing page carried its messages,
    // the language's frame catalog, frame-*.js, which it imported first); the map is asked for once the page
    // is hydrated and the map near, and (since issue 29) the language's catalog only when the visitor heads for
    // another page.
    let entryArrived = Infinity;
    page.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning') warnings.push(msg.text().slice(0, 200));
    });
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === server.url && request.resourceType() === 'script') scripts.push({ file: url.pathname, at: performance.now() });
    });
    page.on('requestfinished', (request) => {
      if (/\/(frame|landing)-[^/]+\.js$/.test(request.url())) entryArrived = performance.now();
    });
    await page.goto(`${server.url}/`);
    await page.waitForSelector(`html[${APP_READY_ATTRIBUTE}]`, { state: 'attached' });
    const cutoff = entryArrived;
    await page.waitForLoadState('networkidle');
    const isBeforeReady = (s: { at: number }) => s.at <= cutoff;
    const gz = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
    const sum = (list: typeof scripts) => list.reduce((total, s) => total + gz(s.file), 0);
    return {
      hydrated: sum(scripts.filter(isBeforeReady)),
      settled: sum(scripts),
      files: scripts.length,
      warnings,
      list: scripts.map((s) => `${isBeforeReady(s) ? '*' : ' '} ${s.file} ${kb(gz(s.file))}`),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

const rows: string[] = [];
const firsts: number[] = [];
const settled: [string, number][] = [];
for (const dist of dists) {
  const locales = fs.existsSync(path.join(dist, 'landing.es.html')) ? ['en-US', 'es-US'] : ['en-US'];
  for (const locale of locales) {
    const m = await measure(dist, locale);
    if (locale === 'en-US') firsts.push(m.hydrated);
    settled.push([`${path.relative(process.cwd(), dist) || '.'} ${locale}, once settled`, m.settled]);
    rows.push(
      `  ${path.relative(process.cwd(), dist) || '.'} ${locale}: ${kb(m.hydrated)} until hydrated, ${kb(m.settled)} once settled (${m.files} files)` +
        (m.warnings.length ? `\n    warnings: ${m.warnings.join(' | ')}` : '') +
        (args.includes('--files') ? `\n    ${m.list.join('\n    ')}` : ''),
    );
  }
}
process.stdout.write(`Landing page JavaScript, gzipped:\n${rows.join('\n')}\n`);
if (firsts.length === 2)
  process.stdout.write(`  English, until hydrated: ${kb(firsts[1]! - firsts[0]!)} more in the second build than the first\n`);
for (const [label, bytes] of settled) checkLandingBudget(label, bytes);
