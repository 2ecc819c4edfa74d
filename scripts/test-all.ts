// Runs every part of the test suite in order and ends with one line: "Tests: N passed, N failed".
// Called by scripts/test.sh (npm test), which installs what is needed first.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testsThatReachTheDatabase } from './database-tests';
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
 * What runs at once (decision 052). The journeys (e2e) keep Chromium, the server and vitest taking turns on one
 * request at a time: about 70% of CI's two cores busy for a quarter of an hour, the rest idle. The type check,
 * Prettier's check and ESLint need nothing but CPU and have no clock to beat, so they run beside the journeys at the
 * lowest priority and take only what the journeys leave idle. The fault drills mostly wait (for a server to notice
 * an outage, a restart, a timeout) and need the build, as the journeys do: they run beside the journeys at normal
 * priority, as they used to run beside ESLint. The API runs keep both cores busy by themselves and run alone after.
 */
const PHASES: Step[][][] = [[['build', 'e2e'], ['build', 'faults'], ['typecheck', 'format'], ['lint']], [['api-pglite', 'api-postgres']]];
/** Steps that only take what the others leave idle. */
const IDLE_PRIORITY = new Set<Step>(['typecheck', 'format', 'lint']);

function elapsed() {
  return `${((Date.now() - started) / 1000).toFixed(0)}s`;
}

/** Where a step's output goes while it runs beside others: printed whole when it ends, so logs don't interleave. */
let captureTo: ((step: string) => string | undefined) | undefined;

async function run(step: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<boolean> {
  const t0 = Date.now();
  const header = `\n▶ [${steps.indexOf(step as Step) + 1}/${steps.length}] ${step} (at ${elapsed()})\n`;
  const logFile = captureTo?.(step);
  const idle = IDLE_PRIORITY.has(step as Step);
  process.stdout.write(
    logFile ? `· ${step} started at ${elapsed()}${idle ? ', at idle priority' : ''}; its output follows when it ends\n` : header,
  );
  const out = logFile ? fs.openSync(logFile, 'w') : 'inherit';
  const child = spawn(cmd, args, { stdio: ['ignore', out, out], env: { ...process.env, ...env } });
  // The lowest priority (nice 19): the kernel gives it a core only when no other step wants it.
  if (idle && child.pid) os.setPriority(child.pid, 19);
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
      // The fuzz suite's inputs are drawn anew each run and checked by code that does not depend on the database: on
      // PostgreSQL a third of its cases per route (10) see each route through PostgreSQL's driver and transactions.
      // Files that never reach the database run the same code on both runs: PGlite's run has them (decision 053).
      const files = testsThatReachTheDatabase();
      await vitest(step, ['--project', 'api', ...files], { DATABASE_URL: pg.url, FUZZ_RUNS: process.env.FUZZ_RUNS ?? '10' });
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
  // Which Node runs the suite: npm puts the project's own (node_modules/.bin/node, decision 054) first on PATH.
  process.stdout.write(`Node ${process.version} (${process.execPath})\n`);
  const logs = fs.mkdtempSync(path.join(os.tmpdir(), 'fn-logs-'));
  for (const phase of PHASES) {
    const lanes = phase.map((lane) => lane.filter((s) => steps.includes(s))).filter((lane) => lane.length > 0);
    if (lanes.length === 0) continue;
    captureTo = lanes.length > 1 ? (s) => path.join(logs, `${s}.log`) : undefined;
    // A step named in two lanes (the build) runs once; the second lane waits for it.
    const runs = new Map<Step, Promise<void>>();
    const once = (s: Step) => runs.get(s) ?? runs.set(s, runStep(s)).get(s)!;
    await Promise.all(
      lanes.map(async (lane) => {
        for (const s of lane) await once(s);
      }),
    );
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
