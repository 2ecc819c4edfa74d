import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { BackupConfig } from '../config';
import { pgliteDir, type Database } from '../db/client';
import { backupRun } from '../db/schema';
import { errorMessage, type Logger } from '../logger';
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

/**
 * Takes a backup once in each period of `intervalHours` (periods start at midnight UTC, 1970) into `dir`, and
 * keeps the newest `keep` archives there. Every instance runs one; the first to insert the period's
 * `backup_run` row takes that period's backup, so with several instances on one database exactly one does.
 * A period whose row exists is done, however it went: a failure is logged and recorded in the row, and the
 * next period tries again. Nothing here throws into the server. Times come from the injected clock.
 */
export class BackupSchedule {
  readonly instance = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly intervalMs: number;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<unknown> | undefined;

  constructor(
    private readonly deps: { database: Database; storage: FileStorage; clock: Clock; logger: Logger; dataDir: string },
    private readonly config: BackupConfig,
    /** How often to look whether a new period has begun. */
    private readonly checkEveryMs = 60_000,
  ) {
    this.intervalMs = config.intervalHours * 3_600_000;
  }

  /** Looks at once, then every minute. Says in the log when backups cannot work here (no pg_dump). */
  start(): void {
    if (this.deps.database.kind === 'postgres') {
      try {
        findClientProgram('pg_dump');
      } catch (err) {
        this.deps.logger.error('scheduled backups cannot run', { err });
      }
    }
    const tick = () => {
      void this.runDue();
      this.timer = setTimeout(tick, this.checkEveryMs);
      this.timer.unref();
    };
    tick();
  }

  /** Stops looking, and waits for a backup under way to finish. */
  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.inFlight;
  }

  /** The start of the period `at` falls in. */
  slotOf(at: Date): Date {
    return new Date(Math.floor(at.getTime() / this.intervalMs) * this.intervalMs);
  }

  /**
   * Takes this period's backup if no instance has claimed it yet: the archive's result, or undefined when
   * there was nothing to do or it failed (logged). Runs one at a time.
   */
  runDue(): Promise<BackupResult | undefined> {
    const run = (this.inFlight ?? Promise.resolve()).then(() => this.runOnce());
    this.inFlight = run.catch(() => undefined);
    return run;
  }

  private async runOnce(): Promise<BackupResult | undefined> {
    const { database, clock, logger } = this.deps;
    const now = clock.now();
    const slot = this.slotOf(now);
    let claimed;
    try {
      claimed = await database.db
        .insert(backupRun)
        .values({ slot, instance: this.instance, startedAt: now })
        .onConflictDoNothing()
        .returning({ slot: backupRun.slot });
    } catch (err) {
      logger.error('scheduled backup: could not claim the period', { err });
      return undefined;
    }
    if (!claimed.length) return undefined;

    const file = path.join(this.config.dir, archiveName(now));
    try {
      const source =
        database.kind === 'pglite' ? pgliteSource(database.pglite!, pgliteDir(this.deps.dataDir)) : postgresSource(database.url!);
      const result = await createBackup({ file, database: source, storage: this.deps.storage, clock });
      await database.db
        .update(backupRun)
        .set({ finishedAt: clock.now(), file: path.basename(file), bytes: result.bytes, sha256: result.sha256 })
        .where(eq(backupRun.slot, slot));
      let removed: string[] = [];
      try {
        removed = this.prune();
      } catch (err) {
        logger.warn('scheduled backup: could not remove older archives', { err, dir: this.config.dir });
      }
      logger.info('scheduled backup written', { file, bytes: result.bytes, sha256: result.sha256, removed });
      return result;
    } catch (err) {
      logger.error('scheduled backup failed', { err, file });
      const message = errorMessage(err);
      await database.db
        .update(backupRun)
        .set({ finishedAt: clock.now(), error: message.slice(0, 2000) })
        .where(eq(backupRun.slot, slot))
        .catch((e: unknown) => logger.error('scheduled backup: could not record the failure', { err: e }));
      return undefined;
    }
  }

  /** Removes the scheduled archives (and their checksums) beyond the newest `keep`; nothing else in the folder. */
  private prune(): string[] {
    const names = fs
      .readdirSync(this.config.dir)
      .filter((name) => ARCHIVE_NAME.test(name))
      .sort()
      .reverse();
    const removed = names.slice(this.config.keep);
    for (const name of removed) {
      const file = path.join(this.config.dir, name);
      fs.rmSync(file, { force: true });
      fs.rmSync(checksumFile(file), { force: true });
    }
    return removed;
  }
}
