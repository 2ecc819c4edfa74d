/**
 * Runs every fault drill (issue 15), one after the other, each in its own process, and ends with one line
 * per drill and the tally. `npm run faults` runs the full forms (the figures of docs/faults.md, ~6 minutes);
 * `--short` the forms CI runs (scripts/test-all.ts, its `faults` step). `--report <file>` writes the tally as
 * JSON for the test runner.
 *
 *   node --import tsx scripts/faults/all.ts [--short] [--report file.json]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DRILLS = ['kill-during-writes', 'smtp-outage', 'postgres-outage', 'three-instances', 'deployment-guide'] as const;
const args = process.argv.slice(2);
const isShort = args.includes('--short');
const reportAt = args.indexOf('--report');
const here = path.dirname(fileURLToPath(import.meta.url));

const results: Array<{ drill: string; ok: boolean; seconds: number }> = [];
for (const drill of DRILLS) {
  const started = Date.now();
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, `${drill}.ts`), ...(isShort ? ['--short'] : [])], {
    stdio: 'inherit',
  });
  results.push({ drill, ok: res.status === 0, seconds: (Date.now() - started) / 1000 });
}

process.stdout.write('\nFault drills:\n');
for (const r of results) process.stdout.write(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.drill.padEnd(20)} ${r.seconds.toFixed(1)} s\n`);
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
process.stdout.write(`Drills: ${passed} passed, ${failed} failed\n`);
if (reportAt >= 0 && args[reportAt + 1]) fs.writeFileSync(args[reportAt + 1]!, JSON.stringify({ passed, failed, results }));
process.exit(failed ? 1 : 0);
