import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BackupError } from './manifest';

// PostgreSQL's own client programs (pg_dump, psql) dump and restore a PostgreSQL database. Debian installs each
// major version's under /usr/lib/postgresql/<major>/bin (postgresql-client-<major>); elsewhere they are on PATH.

export type ClientProgram = { path: string; major: number };

const DEBIAN_BASE = '/usr/lib/postgresql';

function versionOf(program: string): number | undefined {
  const res = spawnSync(program, ['--version'], { encoding: 'utf8' });
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(res.stdout ?? '');
  return match ? Number(match[1]) : undefined;
}

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * The newest installed `name` (Debian's layout first, then PATH). With `serverMajor`, it must be at least that
 * version: pg_dump refuses a server newer than itself.
 */
export function findClientProgram(name: 'pg_dump' | 'psql', serverMajor?: number): ClientProgram {
  const found: ClientProgram[] = [];
  if (fs.existsSync(DEBIAN_BASE)) {
    for (const version of fs.readdirSync(DEBIAN_BASE)) {
      const program = path.join(DEBIAN_BASE, version, 'bin', name);
      if (/^\d+$/.test(version) && fs.existsSync(program)) found.push({ path: program, major: Number(version) });
    }
  }
  if (!found.length) {
    const program = onPath(name);
    const major = program ? versionOf(program) : undefined;
    if (program && major) found.push({ path: program, major });
  }
  found.sort((a, b) => b.major - a.major);
  const newest = found[0];
  if (!newest) {
    throw new BackupError(
      `${name} was not found. It comes with PostgreSQL's client programs: on Debian, apt-get install postgresql-client.`,
    );
  }
  if (serverMajor !== undefined && newest.major < serverMajor) {
    throw new BackupError(
      `The database runs PostgreSQL ${serverMajor}, and the newest ${name} here is version ${newest.major} (${newest.path}), ` +
        `which cannot read it. Install version ${serverMajor}'s client: on Debian, apt-get install postgresql-client-${serverMajor}.`,
    );
  }
  return newest;
}

/**
 * A connection string for libpq without its password, and the environment that carries the password: a
 * password on the command line would show in every process list on the machine.
 */
export function libpqConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return {
    dbname: u.toString(),
    env: {
      ...process.env,
      PGAPPNAME: 'foster-network-backup',
      PGOPTIONS: '-c client_min_messages=warning',
      ...(password ? { PGPASSWORD: password } : {}),
    },
  };
}

export type RunResult = { code: number | null; stderr: string };

/**
 * Runs a client program to its end; `onStderrLine` sees each line of its messages as they come (pg_dump's
 * --verbose progress), and `input` (when given) is written to its standard input.
 */
export function runClientProgram(
  program: ClientProgram,
  args: string[],
  env: NodeJS.ProcessEnv,
  opts: { onStderrLine?: (line: string) => void; input?: AsyncIterable<Buffer | string> } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(program.path, args, { env, stdio: [opts.input ? 'pipe' : 'ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let partial = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      // Kept short: only the last messages explain a failure.
      stderr = (stderr + chunk).slice(-20_000);
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) opts.onStderrLine?.(line);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
    if (opts.input && child.stdin) {
      const stdin = child.stdin;
      // The program may stop reading (it met an error and exits): its own message says why.
      stdin.on('error', () => undefined);
      void (async () => {
        try {
          for await (const chunk of opts.input!) {
            if (!stdin.write(chunk)) {
              await new Promise<void>((resolve) => {
                const go = () => {
                  stdin.off('drain', go).off('close', go);
                  resolve();
                };
                stdin.on('drain', go).on('close', go);
              });
            }
            if (stdin.destroyed) return;
          }
        } catch (err) {
          child.kill();
          reject(err instanceof Error ? err : new Error(String(err)));
        } finally {
          stdin.end();
        }
      })();
    }
  });
}

/** The lines of a program's messages that say what went wrong (not pg_dump's --verbose progress). */
export function problemLines(stderr: string): string {
  const lines = stderr.split('\n').filter((line) => line.trim());
  const problems = lines.filter((line) => /error|fatal|detail|hint|could not|warning/i.test(line));
  return (problems.length ? problems : lines).slice(-8).join('\n');
}
