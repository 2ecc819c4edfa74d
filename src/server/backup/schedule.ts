import fs from 'node:fs';
import path from 'node:path';
import type { Clock } from '../clock';
import type { BackupConfig } from '../config';
import { pgliteDir, type Database } from '../db/client';
import { everyHours } from '../jobs';
import type { Logger } from '../logger';
import type { FileStorage } from '../storage/storage';
import { checksumFile } from './archive';
import { createBackup, pgliteSource, postgresSource, type BackupResult } from './backup';
import { findClientProgram } from './pg-tools';

/** Scheduled archives are named by the time they were taken, so the names sort by age. */
const ARCHIVE_NAME = /^foster-network-\d{8}-\d{6}Z\.tar\.gz$/;

export function archiveName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll('-', '')
    .replaceAll(':', '')
    .replace('T', '-');
  return `foster-network-${stamp}.tar.gz`;
}

/** The scheduled backups' job: its name in `job_run`, where each period's backup is claimed and recorded. */
export const BACKUP_JOB = 'backup';

/** What a scheduled backup needs: the site's database and files, where the embedded database lives, and the log. */
export type ScheduledBackupDeps = { database: Database; storage: FileStorage; clock: Clock; logger: Logger; dataDir: string };

/** The periods of BACKUP_INTERVAL_HOURS: from midnight UTC when they divide a day (decision 023). */
export const backupPeriod = (config: Pick<BackupConfig, 'intervalHours'>) => everyHours(config.intervalHours);

/** Says in the log, at start, when scheduled backups cannot work here (PostgreSQL without pg_dump). */
export function checkScheduledBackups(deps: Pick<ScheduledBackupDeps, 'database' | 'logger'>): void {
  if (deps.database.kind !== 'postgres') return;
  try {
    findClientProgram('pg_dump');
  } catch (err) {
    deps.logger.error('scheduled backups cannot run', { err });
  }
}

/**
 * Takes a scheduled backup into `config.dir` now, and keeps the newest `config.keep` archives there: the
 * backup job's work (src/server/site-jobs.ts), which claims each period of `intervalHours` for one instance
 * in `job_run` first (decision 030), so with several instances on one database exactly one takes it. A
 * failure is logged and thrown: the runner records it in the period's row, and the next period tries again.
 */
export async function takeScheduledBackup(deps: ScheduledBackupDeps, config: BackupConfig): Promise<BackupResult> {
  const { database, clock, logger } = deps;
  const file = path.join(config.dir, archiveName(clock.now()));
  let result: BackupResult;
  try {
    const source = database.kind === 'pglite' ? pgliteSource(database.pglite!, pgliteDir(deps.dataDir)) : postgresSource(database.url!);
    result = await createBackup({ file, database: source, storage: deps.storage, clock });
  } catch (err) {
    logger.error('scheduled backup failed', { err, file });
    throw err;
  }
  let removed: string[] = [];
  try {
    removed = pruneArchives(config);
  } catch (err) {
    logger.warn('scheduled backup: could not remove older archives', { err, dir: config.dir });
  }
  logger.info('scheduled backup written', { file, bytes: result.bytes, sha256: result.sha256, removed });
  return result;
}

/** Removes the scheduled archives (and their checksums) beyond the newest `keep`; nothing else in the folder. */
function pruneArchives(config: BackupConfig): string[] {
  const names = fs
    .readdirSync(config.dir)
    .filter((name) => ARCHIVE_NAME.test(name))
    .sort()
    .reverse();
  const removed = names.slice(config.keep);
  for (const name of removed) {
    const file = path.join(config.dir, name);
    fs.rmSync(file, { force: true });
    fs.rmSync(checksumFile(file), { force: true });
  }
  return removed;
}
