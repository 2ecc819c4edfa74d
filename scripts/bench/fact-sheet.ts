/**
 * How fast the state fact sheets are: rendering alone (in this process), then over HTTP against the real
 * server (production mode, throw-away embedded database, loopback only): the first request of every
 * sheet (made and cached), repeats (from the cache), revalidations (304) and a short load test.
 *
 *   node --import tsx scripts/bench/fact-sheet.ts [--seconds 5] [--connections 10]
 *
 * Goal (issue 3): well under a second per sheet.
 */
import autocannon from 'autocannon';
import { networkTarget, US_STATES } from '../../src/shared/states';
import type { StateStat } from '../../src/shared/state-stat';
import { renderFactSheet } from '../../src/server/states/fact-sheet';
import { startServer } from './start-server';

const args = process.argv.slice(2);
const option = (name: string, fallback: number, max: number) => {
  const i = args.indexOf(`--${name}`);
  const value = i >= 0 ? Number(args[i + 1]) : fallback;
  return Math.min(max, Math.max(1, Number.isFinite(value) ? value : fallback));
};
const SECONDS = option('seconds', 5, 60);
const CONNECTIONS = option('connections', 10, 100);
const CODES = ['US', ...US_STATES.map((s) => s.code)];

const ms = (n: number) => `${n.toFixed(1)} ms`;
function stats(xs: number[]) {
  const sorted = [...xs].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return `median ${ms(at(0.5))}, p95 ${ms(at(0.95))}, max ${ms(sorted[sorted.length - 1]!)} (${xs.length} sheets)`;
}

async function timed(url: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const res = await fetch(url, { headers });
  const body = await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status, bytes: body.byteLength, etag: res.headers.get('etag') };
}

async function main() {
  // 1. Rendering alone: the PDF library's share, without HTTP or the database.
  const stat: StateStat = {
    code: 'NH',
    name: 'New Hampshire',
    count: 1211,
    target: networkTarget(1211),
    sourceUrl: 'https://www.casey.org/media/new-hampshire-fact-sheet-2021.pdf',
    countSource: 'AFCARS',
    countYear: 2021,
    updatedAt: new Date().toISOString(),
    network: { members: 12, fosterFamilies: 5, fosterChildren: 9 },
    churches: 4,
  };
  // In each language (issue 28), and a sheet without a count (DC), whose note makes it too long for its page at
  // full size: it is set again in smaller type (src/server/pdf), which costs a render or two more.
  const noCount: StateStat = { ...stat, code: 'DC', name: 'District of Columbia', count: null, target: null, sourceUrl: null };
  const medians = new Map<string, number>();
  for (const [label, sheet] of [
    ['New Hampshire', stat],
    ['District of Columbia', noCount],
  ] as const) {
    for (const locale of ['en', 'es'] as const) {
      const renders: number[] = [];
      let size = 0;
      for (let i = 0; i < 100; i++) {
        const started = performance.now();
        const pdf = await renderFactSheet({
          stat: sheet,
          isEdited: false,
          locale,
          date: new Date(),
          source: 'Casey Family Programs',
          publicUrl: 'http://localhost',
        });
        renders.push(performance.now() - started);
        size = pdf.length;
      }
      const rest = renders.slice(1).sort((x, y) => x - y);
      medians.set(`${label} ${locale}`, rest[Math.floor(rest.length / 2)]!);
      process.stdout.write(
        `Render only (100 × ${label}, ${locale}, ${(size / 1024).toFixed(1)} KB each): first ${ms(renders[0]!)}; then ${stats(renders.slice(1))}\n`,
      );
    }
  }
  const ratio = (a: string, b: string) => (medians.get(a)! / medians.get(b)!).toFixed(2);
  process.stdout.write(
    `Median ratios: Spanish/English ${ratio('New Hampshire es', 'New Hampshire en')} (New Hampshire), ` +
      `${ratio('District of Columbia es', 'District of Columbia en')} (DC); DC/New Hampshire in English ${ratio('District of Columbia en', 'New Hampshire en')}\n`,
  );

  // 2. Over HTTP against the real server.
  const server = await startServer();
  try {
    const url = (code: string) => `${server.url}/api/states/${code}/fact-sheet.pdf`;
    const first: number[] = [];
    const repeat: number[] = [];
    const revalidate: number[] = [];
    for (const code of CODES) {
      const made = await timed(url(code));
      if (made.status !== 200) throw new Error(`${code}: ${made.status}`);
      first.push(made.ms);
      repeat.push((await timed(url(code))).ms);
      const notModified = await timed(url(code), { 'if-none-match': made.etag ?? '' });
      if (notModified.status !== 304) throw new Error(`${code}: expected 304, got ${notModified.status}`);
      revalidate.push(notModified.ms);
    }
    process.stdout.write(`HTTP, first request of each sheet (made, then cached): ${stats(first)}\n`);
    process.stdout.write(`HTTP, repeat request (from the cache):               ${stats(repeat)}\n`);
    process.stdout.write(`HTTP, revalidation with If-None-Match (304):         ${stats(revalidate)}\n`);

    const result = await autocannon({ url: url('NH'), connections: CONNECTIONS, duration: SECONDS });
    process.stdout.write(
      `Load, ${CONNECTIONS} connections for ${SECONDS} s on one sheet: ${Math.round(result.requests.average)} req/s, ` +
        `latency median ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx, ${result.errors} errors\n`,
    );
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
