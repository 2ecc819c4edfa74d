import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { systemClock, type Clock } from '../clock';
import type { FileStorage } from '../storage/storage';
import { writeArchive, type Progress } from './archive';
import { copyPgliteFolder, dumpPostgres, pgliteDump, type DatabaseDump } from './database';
import { BackupError, FILES_PREFIX, type Manifest } from './manifest';

/** Makes the database's dump; `workDir` is a folder of its own for anything it writes (removed after). */
export type DatabaseSource = (workDir: string, onProgress?: (done: number, total: number) => void) => Promise<DatabaseDump>;

/** The embedded database this process holds open on `folder` (the server's, or the command line's when no server runs). */
export function pgliteSource(pglite: PGlite, folder: string): DatabaseSource {
  return async (workDir, onProgress) => {
    onProgress?.(0, 1);
    const into = path.join(workDir, 'pglite');
    fs.mkdirSync(into);
    const copy = await copyPgliteFolder(pglite, folder, into);
    onProgress?.(1, 1);
    return pgliteDump(into, copy);
  };
}

/** A PostgreSQL database, dumped by pg_dump. */
export function postgresSource(url: string): DatabaseSource {
  return (workDir, onProgress) => dumpPostgres(url, path.join(workDir, 'postgres.sql'), onProgress);
}

export type BackupResult = { file: string; bytes: number; sha256: string; manifest: Manifest };

/**
 * Writes one archive of the database and every stored file to `file` (which must not exist), while the site
 * runs. The database is dumped first, at one instant; the files are read right after it, so a photo changed in
 * those seconds can be newer than the database's row for it (decision 023).
 */
export async function createBackup(opts: {
  file: string;
  database: DatabaseSource;
  storage: FileStorage;
  clock?: Clock;
  onProgress?: Progress;
}): Promise<BackupResult> {
  const { file, storage, onProgress } = opts;
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists. Choose a new name: a backup never overwrites a file.`);
  const workDir = `${file}.${randomBytes(4).toString('hex')}.work`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.mkdirSync(workDir, { mode: 0o700 });
  try {
    const createdAt = (opts.clock ?? systemClock).now().toISOString();
    const dump = await opts.database(workDir, (done, total) => onProgress?.('database', done, total));
    const parts: Manifest['database']['parts'] = [];
    const files: Manifest['files'] = [];
    const { bytes, sha256, manifest } = await writeArchive(
      file,
      async (add) => {
        for (const part of dump.parts) parts.push({ name: part.name, size: part.size, sha256: await add(part) });
        const keys: string[] = [];
        for await (const item of storage.list()) keys.push(item.key);
        keys.sort();
        let done = 0;
        onProgress?.('files', 0, keys.length);
        for (const key of keys) {
          const stored = await storage.get(key);
          // Deleted since the listing (a member removed a photo): it is no longer part of the site.
          if (stored) {
            const { data, contentType } = stored;
            const sha = await add({ name: `${FILES_PREFIX}${key}`, size: data.length, read: () => [data] });
            files.push({ key, size: data.length, sha256: sha, contentType });
          }
          onProgress?.('files', ++done, keys.length);
        }
      },
      () => ({ createdAt, database: { ...dump.info, parts, folders: dump.folders ?? [] }, files }),
    );
    return { file, bytes, sha256, manifest };
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}
