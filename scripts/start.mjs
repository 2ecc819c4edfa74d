// The steps of `npm start` before the server runs: install the packages, build the pages, build the server.
// On a fresh clone the install alone takes minutes, and npm at its quiet log level prints nothing meanwhile:
// this says what each step is doing and how far it has got, so nobody thinks it hung.
//
//   node scripts/start.mjs        (package.json's "start" runs it, then the server)
//
// It runs before node_modules exists, so it is plain JavaScript on Node's own modules: no TypeScript, no packages.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const isTty = Boolean(process.stdout.isTTY);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const STEPS = [
  {
    title: 'Installing packages with npm (a few minutes the first time, seconds after)',
    command: npm,
    args: ['install', '--no-audit', '--no-fund', '--loglevel=error'],
    progress: installedPackages,
  },
  {
    title: 'Building the pages (Vite)',
    command: process.execPath,
    args: [path.join('node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
  },
  {
    title: 'Building the server',
    command: process.execPath,
    args: ['--import', 'tsx', path.join('scripts', 'build-server.ts')],
  },
];

/**
 * How many of the packages the lock file lists are in node_modules so far ("312 of 1,031 packages"). Optional
 * packages are left out of both counts: most are for other systems and never arrive.
 */
function installedPackages() {
  let lock;
  try {
    lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
  } catch {
    return undefined;
  }
  const wanted = Object.entries(lock.packages ?? {}).filter(([where, p]) => where.startsWith('node_modules/') && !p.optional);
  const present = wanted.filter(([where]) => fs.existsSync(path.join(ROOT, where, 'package.json'))).length;
  return `${present.toLocaleString('en-US')} of ${wanted.length.toLocaleString('en-US')} packages`;
}

function seconds(since) {
  return `${Math.round((Date.now() - since) / 1000)} s`;
}

/** Runs one step with its output held back (shown only when it fails), and a line that says how it goes. */
function run(step, index) {
  const label = `  [${index + 1}/${STEPS.length}] ${step.title}`;
  const started = Date.now();
  const status = () => [seconds(started), step.progress?.()].filter(Boolean).join(', ');
  const output = [];
  // On a terminal the line is redrawn each second; in a log (CI, a file) a line every 15 s is enough.
  if (!isTty) process.stdout.write(`${label}…\n`);
  const timer = setInterval(
    () => process.stdout.write(isTty ? `\r\x1b[K${label}… ${status()}` : `${label}: ${status()}\n`),
    isTty ? 1000 : 15_000,
  );
  if (isTty) process.stdout.write(`${label}…`);
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { cwd: ROOT, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (err) => output.push(Buffer.from(`${err.message}\n`)));
    child.on('close', (code) => {
      clearInterval(timer);
      const ok = code === 0;
      const end = `${label}: ${ok ? 'done' : 'failed'} (${seconds(started)})`;
      process.stdout.write(isTty ? `\r\x1b[K${end}\n` : `${end}\n`);
      if (!ok) process.stderr.write(Buffer.concat(output));
      else if (output.length) process.stdout.write(Buffer.concat(output)); // warnings the step printed
      resolve(ok);
    });
  });
}

process.stdout.write('\nPreparing Foster Care Network: three steps, then the server starts.\n');
for (const [index, step] of STEPS.entries()) {
  if (!(await run(step, index))) {
    process.stderr.write(`\nStep ${index + 1} failed (its output is above); nothing was started.\n`);
    process.exit(1);
  }
}
process.stdout.write('  Starting the server (it prints where to open the site and the demo accounts when ready)…\n\n');
