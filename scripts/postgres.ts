import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../src/server/testing/free-port';

/** The newest installed PostgreSQL's bin folder (Debian layout), or undefined. */
export function postgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return undefined;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : undefined;
}

export type ThrowawayPostgres = {
  url: string;
  /** Stops it at once and removes its data folder. */
  stop(): void;
  /** Stops it cleanly, copies its data folder to `dest` (for startThrowawayPostgres's `copyOf`), starts it again. */
  copyTo(dest: string): void;
  /**
   * Stops it and keeps its data (the fault drills' outage): `immediate` ends every connection at once, as a
   * crash or a lost network would; `fast` as an administrator's shutdown does. `resume()` starts it again on
   * the same port and data.
   */
  halt(mode?: 'immediate' | 'fast'): void;
  resume(): void;
};

/**
 * A throw-away PostgreSQL server for tests and benchmarks: its own data folder and port, durability
 * off (unless `durable`), removed by stop(). PostgreSQL refuses to run as root, so as root it runs as the postgres user.
 * With `copyOf` it starts on a copy of a data folder that copyTo saved (a benchmark's seeded database).
 */
export async function startThrowawayPostgres(opts: { copyOf?: string; durable?: boolean } = {}): Promise<ThrowawayPostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fn-pg-'));
  const dataDir = path.join(dir, 'data');
  const isRoot = process.getuid?.() === 0;
  const as = (cmd: string, args: string[]) =>
    isRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { encoding: 'utf8' })
      : spawnSync(cmd, args, { encoding: 'utf8' });
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
  fs.chmodSync(dir, 0o700);
  if (opts.copyOf) {
    // cp -a keeps the owner (postgres) and the modes PostgreSQL insists on.
    execFileSync('cp', ['-a', opts.copyOf, dataDir]);
  } else {
    const init = as(path.join(bin, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  }
  const port = await freePort();
  // Durability off for speed, except with `durable` (the fault drills stop it as a crash would): then a commit
  // it acknowledged survives the stop. fsync stays off either way: the machine itself does not crash.
  const commits = opts.durable ? '' : ' -c synchronous_commit=off';
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off${commits} -c full_page_writes=off -c max_connections=200`;
  const pgCtl = (...args: string[]) => as(path.join(bin, 'pg_ctl'), ['-D', dataDir, ...args]);
  const start = () => {
    const started = pgCtl('-o', settings, '-l', path.join(dir, 'log'), '-w', 'start');
    if (started.status !== 0)
      throw new Error(`PostgreSQL did not start: ${started.stderr}\n${fs.readFileSync(path.join(dir, 'log'), 'utf8')}`);
  };
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      pgCtl('-m', 'immediate', '-w', 'stop');
      fs.rmSync(dir, { recursive: true, force: true });
    },
    halt(mode = 'immediate') {
      const stopped = pgCtl('-m', mode, '-w', 'stop');
      if (stopped.status !== 0) throw new Error(`PostgreSQL did not stop: ${stopped.stderr}`);
    },
    resume() {
      start();
    },
    copyTo(dest) {
      const stopped = pgCtl('-m', 'fast', '-w', 'stop');
      if (stopped.status !== 0) throw new Error(`PostgreSQL did not stop: ${stopped.stderr}`);
      execFileSync('cp', ['-a', dataDir, dest]);
      start();
    },
  };
}
