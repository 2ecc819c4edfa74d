// npm run backup -- <file>
// Writes one archive (gzip'd tar) of the database and every stored file while the site runs, with its SHA-256
// beside it (<file>.sha256). On PostgreSQL the database is dumped with Debian's pg_dump; on the embedded
// database the running server, which alone may open it, copies its folder at one instant, or, when no server
// runs, this command opens it itself. Decision 023; docs/operations.md, "Backups".
import fs from 'node:fs';
import path from 'node:path';
import { type Config } from '../src/server/config';
import { lockPath, openDatabase, pgliteDir } from '../src/server/db/client';
import { DataDirLockedError, readLock } from '../src/server/db/lock';
import { storageFor } from '../src/server/deps';
import { readControl } from '../src/server/control';
import {
  BackupError,
  createBackup,
  describeCounts,
  pgliteDump,
  pgliteSource,
  postgresSource,
  type DatabaseSource,
  type PgliteCopy,
} from '../src/server/backup';
import { errorMessage } from '../src/server/logger';
import { progress } from './progress';
import { checkStorageOrFail, configOrFail, fail } from './cli';

const USAGE = 'Usage: npm run backup -- <file>   (for example: npm run backup -- backups/site-2026-05-01.tar.gz)';

const size = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/**
 * The embedded database, copied by the running server that holds it (through the admin command line's route)
 * into a folder of ours; the archive is written from that copy here.
 */
function viaServer(dataDir: string): DatabaseSource {
  return async (workDir, onProgress) => {
    const control = readControl(dataDir);
    if (!control) {
      throw new BackupError(
        `The site is running (it holds the embedded database in ${dataDir}) but has not published its control address yet. ` +
          'Wait until it has started, then run the backup again.',
      );
    }
    const into = path.join(workDir, 'pglite');
    fs.mkdirSync(into);
    onProgress?.(0, 1);
    const res = await fetch(`http://127.0.0.1:${control.port}/internal/backup/database`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${control.token}` },
      body: JSON.stringify({ into }),
    }).catch((err: Error) => {
      throw new BackupError(`Could not reach the running site on port ${control.port}: ${err.message}`);
    });
    if (!res.ok) throw new BackupError(`The running site did not copy its database (${res.status}): ${await res.text()}`);
    onProgress?.(1, 1);
    return pgliteDump(into, (await res.json()) as PgliteCopy);
  };
}

/** The embedded database opened here, when no server holds it. */
function directly(dataDir: string): DatabaseSource {
  return async (workDir, onProgress) => {
    const database = await openDatabase({ dataDir });
    try {
      return await pgliteSource(database.pglite!, pgliteDir(dataDir))(workDir, onProgress);
    } finally {
      await database.close();
    }
  };
}

function embedded(config: Config): DatabaseSource {
  const dataDir = config.dataDir;
  if (!fs.existsSync(path.join(pgliteDir(dataDir), 'PG_VERSION'))) {
    throw new BackupError(`There is no database in ${dataDir} to back up (DATA_DIR). Point DATA_DIR at the site's data folder.`);
  }
  if (readLock(lockPath(dataDir))) return viaServer(dataDir);
  return async (workDir, onProgress) => {
    try {
      return await directly(dataDir)(workDir, onProgress);
    } catch (err) {
      // The site started between our look and our open: ask it instead (into a clean folder).
      if (!(err instanceof DataDirLockedError)) throw err;
      fs.rmSync(path.join(workDir, 'pglite'), { recursive: true, force: true });
      return viaServer(dataDir)(workDir, onProgress);
    }
  };
}

async function main() {
  const args = process.argv.slice(2);
  if (args.length !== 1 || !args[0] || args[0].startsWith('-')) fail(USAGE);
  const file = path.resolve(args[0]);
  const config = configOrFail();
  const storage = storageFor(config);
  await checkStorageOrFail(storage);
  const started = Date.now();
  const result = await createBackup({
    file,
    database: config.databaseUrl ? postgresSource(config.databaseUrl) : embedded(config),
    storage,
    onProgress: (phase, done, total) => progress(phase === 'database' ? 'database' : 'stored files', done, total, started),
  });
  const { manifest } = result;
  const db = manifest.database;
  process.stdout.write(
    `\nBackup written to ${file} (${size(result.bytes)}) in ${((Date.now() - started) / 1000).toFixed(1)} s.\n` +
      `  Database: ${db.kind === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL'} ${db.serverVersion}, migration ${db.migration.tag ?? 'none'}; ` +
      `${describeCounts(db.counts, manifest.files.length)}.\n` +
      `  SHA-256: ${result.sha256}\n` +
      `  (also in ${file}.sha256; check a copy with: sha256sum -c ${path.basename(file)}.sha256)\n`,
  );
}

main().catch((err) => fail(err instanceof BackupError ? err.message : `The backup failed: ${errorMessage(err)}`));
