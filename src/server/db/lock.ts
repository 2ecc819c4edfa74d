import fs from 'node:fs';
import path from 'node:path';

// PGlite takes no lock on its directory, and two processes on one directory silently lose writes.
// We hold an exclusive lock file for as long as the process owns the database. A lock left by a
// process that no longer exists is stale and is taken over.

export type LockInfo = { pid: number; startedAt: string };

export class DataDirLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly holder: LockInfo,
  ) {
    super(
      `The embedded database in ${path.dirname(lockPath)} is in use by another process (pid ${holder.pid}, ` +
        `started ${holder.startedAt}). Stop that process first, or point DATA_DIR elsewhere.`,
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readLock(lockPath: string): LockInfo | undefined {
  try {
    const info = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as LockInfo;
    return typeof info.pid === 'number' && isAlive(info.pid) ? info : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the lock or throws DataDirLockedError. Returns the function that releases it. */
export function acquireLock(lockPath: string): () => void {
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  const info: LockInfo = { pid: process.pid, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(info), { flag: 'wx', mode: 0o600 });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (readLock(lockPath)?.pid === process.pid) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readLock(lockPath);
      if (holder && holder.pid !== process.pid) throw new DataDirLockedError(lockPath, holder);
      if (holder?.pid === process.pid) throw new DataDirLockedError(lockPath, holder);
      fs.rmSync(lockPath, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}
