/**
 * Page speed of the landing page, as most visitors get it: builds the front end, starts the real server
 * (production mode, embedded database in a throw-away folder, loopback only), runs Lighthouse with its
 * default mobile settings (simulated slow 4G, 4× CPU slowdown) in Debian's Chromium, and prints the
 * performance score, Largest Contentful Paint and the bytes of JavaScript and CSS the landing route loads.
 *
 *   node --import tsx scripts/bench/landing-lighthouse.ts [--runs 3] [--dist dist-bench] [--skip-build]
 *
 * Goals: score ≥ 95 and LCP < 2 s (issue 3); at most 100 KB of script, gzipped, on a first visit until the
 * network is idle (issue 29): above it the bench exits with code 1.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium';
import { checkLandingBudget } from './landing-budget';
import { startServer } from './start-server';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const RUNS = Math.min(10, Math.max(1, Number(option('runs', '3'))));
const DIST = path.resolve(option('dist', 'dist-bench'));
const SKIP_BUILD = args.includes('--skip-build');

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

type NetworkRequest = { url: string; resourceType?: string; transferSize?: number; resourceSize?: number };

async function main() {
  if (!SKIP_BUILD) {
    process.stdout.write(`Building the front end into ${path.relative(process.cwd(), DIST)}/ ...\n`);
    const build = spawnSync('npx', ['vite', 'build', '--outDir', DIST, '--logLevel', 'warn'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the build failed');
  }

  const server = await startServer({ distDir: DIST });
  const { url } = server;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: chromiumPath(),
      chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    });

    const scores: number[] = [];
    const lcps: number[] = [];
    let requests: NetworkRequest[] = [];
    let metrics: Record<string, number> = {};
    // One unmeasured request first, so the server has read index.html and warmed its database.
    await fetch(`${url}/`);
    for (let run = 1; run <= RUNS; run++) {
      const result = await lighthouse(`${url}/`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      if (!result) throw new Error('Lighthouse returned nothing');
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
      const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
      const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? NaN;
      scores.push(score);
      lcps.push(lcp);
      metrics = Object.fromEntries(
        ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map(
          (id) => [id, lhr.audits[id]?.numericValue ?? NaN],
        ),
      );
      requests = (lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? [];
      process.stdout.write(`  run ${run}: performance ${score}, LCP ${(lcp / 1000).toFixed(2)} s\n`);
    }

    // What the landing route loads: every script and style sheet the page requested.
    const assets = requests.filter((r) => (r.resourceType === 'Script' || r.resourceType === 'Stylesheet') && r.url.startsWith(url));
    let jsRaw = 0;
    let jsGzip = 0;
    let cssRaw = 0;
    let cssGzip = 0;
    const rows: string[] = [];
    for (const asset of assets) {
      const file = path.join(DIST, new URL(asset.url).pathname);
      const bytes = fs.readFileSync(file);
      const gz = gzipSync(bytes, { level: 9 }).length;
      if (asset.resourceType === 'Script') {
        jsRaw += bytes.length;
        jsGzip += gz;
      } else {
        cssRaw += bytes.length;
        cssGzip += gz;
      }
      rows.push(
        `    ${new URL(asset.url).pathname.padEnd(52)} ${kb(bytes.length).padStart(10)} ${kb(gz).padStart(10)} gzipped   (sent: ${kb(asset.transferSize ?? 0)})`,
      );
    }

    process.stdout.write(
      [
        '',
        `Landing page ${url}/ — Lighthouse ${RUNS} run(s), mobile (simulated slow 4G, 4× CPU)`,
        `  performance score (median): ${median(scores)}   [${scores.join(', ')}]`,
        `  Largest Contentful Paint (median): ${(median(lcps) / 1000).toFixed(2)} s   [${lcps.map((v) => (v / 1000).toFixed(2)).join(', ')}]`,
        `  last run: FCP ${(metrics['first-contentful-paint']! / 1000).toFixed(2)} s, TBT ${Math.round(metrics['total-blocking-time']!)} ms, CLS ${metrics['cumulative-layout-shift']!.toFixed(3)}, Speed Index ${(metrics['speed-index']! / 1000).toFixed(2)} s`,
        `  JavaScript: ${kb(jsGzip)} gzipped (${kb(jsRaw)} raw) in ${assets.filter((a) => a.resourceType === 'Script').length} files`,
        `  CSS:        ${kb(cssGzip)} gzipped (${kb(cssRaw)} raw) in ${assets.filter((a) => a.resourceType === 'Stylesheet').length} files`,
        ...rows,
        `  goal: score ≥ 95 and LCP < 2 s: ${median(scores) >= 95 && median(lcps) < 2000 ? 'met' : 'NOT met'}`,
        '',
      ].join('\n'),
    );
    // Lighthouse lets the page load until the network is idle, without interacting: every script it asked for.
    checkLandingBudget('script of a first visit, until the network is idle', jsGzip);
  } finally {
    chrome?.kill();
    await server.stop();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
