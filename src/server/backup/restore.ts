import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lockPath } from '../db/client';
import { acquireLock, DataDirLockedError } from '../db/lock';
import type { FileStorage } from '../storage/storage';
import { readArchive, type Progress } from './archive';
import { pgliteTargetProblem, postgresTargetProblem, restorePglite, restorePostgres } from './database';
import { BackupError, knownMigrations, POSTGRES_ENTRY, type Manifest } from './manifest';

/** Where a restore goes: an empty data folder (embedded database) or an empty PostgreSQL database. */
export type RestoreTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export type RestoreResult = {
  manifest: Manifest;
  /** The archive's SHA-256. */
  sha256: string;
  /** Mail that was waiting at the backup, now held as not sent (decision 023). */
  heldMail: number;
};

/** Why the stored files cannot take a restore (there are some), or undefined. */
async function storageProblem(storage: FileStorage): Promise<string | undefined> {
  for await (const item of storage.list()) {
    return (
      `The file storage (${storage.where}) already holds files (such as ${item.key}). A restore goes only into empty storage: ` +
      'point DATA_DIR (or STORAGE_URL, for a bucket) at an empty place and run the restore again.'
    );
  }
  return undefined;
}

/**
 * Brings an empty target back to exactly the state of the backup in `file`: refuses a target that is not
 * empty and an archive that does not check out before changing anything; then puts the files and restores
 * the database last, removing the files again if the database fails. The one change to what the backup
 * holds: mail that was still waiting is held, not sent (decision 023).
 */
export async function restoreBackup(opts: {
  file: string;
  target: RestoreTarget;
  storage: FileStorage;
  onProgress?: Progress;
  /** Where a PostgreSQL restore unpacks the archive (the system's temporary folder by default). */
  stagingDir?: string;
}): Promise<RestoreResult> {
  const { file, target, storage, onProgress } = opts;
  let release = () => {};
  if (target.kind === 'pglite') {
    try {
      fs.mkdirSync(target.dataDir, { recursive: true });
      release = acquireLock(lockPath(target.dataDir));
    } catch (err) {
      if (err instanceof DataDirLockedError) {
        throw new BackupError(
          `The site is running on ${target.dataDir} (process ${err.holder.pid}). A restore goes only into an empty data folder ` +
            'that no server uses: point DATA_DIR at a new, empty folder and run the restore again.',
        );
      }
      throw err;
    }
  }
  // Beside the data folder: the embedded database's checked files are moved into place from here.
  const staging = fs.mkdtempSync(path.join(target.kind === 'pglite' ? target.dataDir : (opts.stagingDir ?? os.tmpdir()), '.restore-'));
  try {
    const problem =
      (target.kind === 'pglite' ? pgliteTargetProblem(target.dataDir) : await postgresTargetProblem(target.url)) ??
      (await storageProblem(storage));
    if (problem) throw new BackupError(problem);

    const archive = await readArchive(file, staging, onProgress);
    const { manifest } = archive;
    checkFits(manifest, target);

    const put: string[] = [];
    try {
      onProgress?.('files', 0, archive.files.length);
      for (const f of archive.files) {
        await storage.put(f.key, fs.readFileSync(f.path), f.contentType);
        put.push(f.key);
        onProgress?.('files', put.length, archive.files.length);
      }
      if (target.kind === 'pglite') {
        onProgress?.('database', 0, 1);
        await restorePglite(target.dataDir, staging, manifest, archive.partFile);
        onProgress?.('database', 1, 1);
      } else {
        await restorePostgres(target.url, archive.partFile(POSTGRES_ENTRY), manifest, (done, total) =>
          onProgress?.('database', done, total),
        );
      }
    } catch (err) {
      // The database was not restored: the files go too, so the target is as empty as it was.
      for (const key of put) await storage.delete(key).catch(() => undefined);
      throw err;
    }
    return { manifest, sha256: archive.sha256, heldMail: manifest.database.counts.mailWaiting ?? 0 };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    release();
  }
}

/** Refuses an archive of the other kind of database, or one from a newer version of the site. */
function checkFits(manifest: Manifest, target: RestoreTarget) {
  const { kind, migration } = manifest.database;
  if (kind === 'pglite' && target.kind === 'postgres') {
    throw new BackupError(
      'This backup holds the embedded database (PGlite). It restores with DATABASE_URL unset, into an empty DATA_DIR; ' +
        'a restore does not move a site from the embedded database to PostgreSQL.',
    );
  }
  if (kind === 'postgres' && target.kind === 'pglite') {
    throw new BackupError('This backup holds a PostgreSQL database. Set DATABASE_URL to an empty PostgreSQL database to restore it.');
  }
  if (migration.tag !== null && !knownMigrations().some((m) => m.tag === migration.tag)) {
    throw new BackupError(
      `This backup was made by a newer version of the site: its database is at migration ${migration.tag}, which this version ` +
        'does not know. Restore it with that version of the site or a newer one.',
    );
  }
}
