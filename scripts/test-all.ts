// Runs every part of the test suite in order and ends with one line: "Tests: N passed, N failed".
// Called by scripts/test.sh (npm test), which installs what is needed first.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startThrowawayPostgres } from './postgres';

type Counts = { passed: number; failed: number; skipped: number };
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const failures: string[] = [];
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'fn-reports-'));
const started = Date.now();
const only = process.argv.slice(2);
const STEPS = ['typecheck', 'format', 'lint', 'build', 'faults', 'api-pglite', 'api-postgres', 'e2e'] as const;
type Step = (typeof STEPS)[number];
const steps = STEPS.filter((s) => only.length === 0 || only.includes(s));
/**
 * Lanes that run side by side, each lane's steps in turn. The type check (then Prettier's check) and ESLint each
 * keep one core busy, and the fault drills mostly wait (for a server to notice an outage, a restart, a timeout;
 * they need the build, for the landing page through the proxy): on CI's two cores the three lanes take about as
 * long as ESLint alone. Every other step fills both cores (vitest's two workers, Chromium) and runs alone.
 */
const TOGETHER: Step[][][] = [[['typecheck', 'format'], ['lint'], ['build', 'faults']]];

function elapsed() {
  return `${((Date.now() - started) / 1000).toFixed(0)}s`;
}

/** Where a step's output goes while it runs beside others: printed whole when it ends, so logs don't interleave. */
let captureTo: ((step: string) => string | undefined) | undefined;

async function run(step: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<boolean> {
  const t0 = Date.now();
  const header = `\n▶ [${steps.indexOf(step as Step) + 1}/${steps.length}] ${step} (at ${elapsed()})\n`;
  const logFile = captureTo?.(step);
  if (!logFile) process.stdout.write(header);
  const out = logFile ? fs.openSync(logFile, 'w') : 'inherit';
  const child = spawn(cmd, args, { stdio: ['ignore', out, out], env: { ...process.env, ...env } });
  const status = await new Promise<number | null>((resolve) => {
    child.on('error', () => resolve(null));
    child.on('exit', (code) => resolve(code));
  });
  if (logFile) {
    fs.closeSync(out as number);
    process.stdout.write(header);
    process.stdout.write(fs.readFileSync(logFile));
  }
  const ok = status === 0;
  process.stdout.write(`${ok ? '✔' : '✘'} ${step} ${ok ? 'passed' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)}s\n`);
  if (!ok) failures.push(step);
  return ok;
}

/** Adds up a vitest JSON report. */
function count(file: string, step: string) {
  if (!fs.existsSync(file)) {
    total.failed++;
    return;
  }
  const r = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    numFailedTestSuites: number;
  };
  total.passed += r.numPassedTests;
  total.failed += r.numFailedTests + (r.numFailedTests === 0 ? r.numFailedTestSuites : 0);
  total.skipped += r.numPendingTests + r.numTodoTests;
  if (r.numPassedTests === 0 && !failures.includes(step)) {
    failures.push(`${step} (ran no test)`);
    total.failed++;
  }
}

async function vitest(step: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const out = path.join(reports, `${step}.json`);
  await run(
    step,
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    env,
  );
  count(out, step);
}

async function runStep(step: Step) {
  if (step === 'typecheck') {
    if (!(await run(step, process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', '.']))) total.failed++;
  } else if (step === 'format') {
    // Prettier's check of the format (after the type check, in its lane: ESLint's lane is the longest).
    if (!(await run(step, process.execPath, ['node_modules/prettier/bin/prettier.cjs', '--check', '--log-level', 'warn', '.'])))
      total.failed++;
  } else if (step === 'lint') {
    // ESLint: the import boundaries of docs/architecture.md, hooks, a11y, typed rules.
    if (!(await run(step, process.execPath, ['node_modules/eslint/bin/eslint.js', '.']))) total.failed++;
  } else if (step === 'api-pglite') {
    await vitest(step, [], { DATABASE_URL: '' });
  } else if (step === 'api-postgres') {
    const pg = await startThrowawayPostgres();
    try {
      // The component tests (project 'web') touch no database: they run once, with the PGlite step.
      await vitest(step, ['--project', 'api'], { DATABASE_URL: pg.url });
    } finally {
      pg.stop();
    }
  } else if (step === 'build') {
    if (!(await run(step, process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']))) total.failed++;
  } else if (step === 'faults') {
    // The fault drills' short forms (issue 15, docs/faults.md): real server processes, a throw-away PostgreSQL
    // stopped and started, an SMTP server taken down, kill -9. Each drill counts as one test.
    const out = path.join(reports, 'faults.json');
    await run(step, process.execPath, ['--import', 'tsx', 'scripts/faults/all.ts', '--short', '--report', out]);
    if (fs.existsSync(out)) {
      const r = JSON.parse(fs.readFileSync(out, 'utf8')) as { passed: number; failed: number };
      total.passed += r.passed;
      total.failed += r.failed;
    } else total.failed++;
  } else if (step === 'e2e') {
    await vitest(step, ['-c', 'e2e/vitest.config.ts']);
  }
}

async function main() {
  const logs = fs.mkdtempSync(path.join(os.tmpdir(), 'fn-logs-'));
  const done = new Set<Step>();
  for (const step of steps) {
    if (done.has(step)) continue;
    const lanes = (TOGETHER.find((g) => g.flat().includes(step)) ?? [[step]])
      .map((lane) => lane.filter((s) => steps.includes(s)))
      .filter((lane) => lane.length > 0);
    captureTo = lanes.length > 1 ? (s) => path.join(logs, `${s}.log`) : undefined;
    await Promise.all(
      lanes.map(async (lane) => {
        for (const s of lane) await runStep(s);
      }),
    );
    lanes.flat().forEach((s) => done.add(s));
  }
  captureTo = undefined;
  fs.rmSync(logs, { recursive: true, force: true });
  fs.rmSync(reports, { recursive: true, force: true });
  process.stdout.write(`\nWhole suite took ${elapsed()}${failures.length ? `; failed: ${failures.join(', ')}` : ''}\n`);
  process.stdout.write(`Tests: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}\n`);
  process.exit(failures.length || total.failed ? 1 : 0);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.stdout.write(`Tests: ${total.passed} passed, ${total.failed + 1} failed\n`);
  process.exit(1);
});
