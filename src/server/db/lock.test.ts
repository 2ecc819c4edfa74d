import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireLock, DataDirLockedError } from './lock';

const tmp = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fn-lock-')), 'pglite.lock');

describe('data folder lock', () => {
  it('refuses a second holder while the first lives, and frees on release', () => {
    const file = tmp();
    const release = acquireLock(file);
    expect(() => acquireLock(file)).toThrow(DataDirLockedError);
    release();
    expect(fs.existsSync(file)).toBe(false);
    acquireLock(file)();
  });

  it('refuses when another live process holds it', async () => {
    const file = tmp();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      fs.writeFileSync(file, JSON.stringify({ pid: child.pid, startedAt: new Date().toISOString() }));
      expect(() => acquireLock(file)).toThrow(/in use by another process/);
    } finally {
      child.kill();
    }
  });

  it('takes over a lock whose process is gone', async () => {
    const file = tmp();
    const child = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => child.once('exit', r));
    fs.writeFileSync(file, JSON.stringify({ pid: child.pid, startedAt: new Date().toISOString() }));
    const release = acquireLock(file);
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).pid).toBe(process.pid);
    release();
  });
});
