import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { jobRun } from '../db/schema';
import { fromPostgres } from '../db/client';
import { createTestApp, testClock } from '../testing/app';
import { createTestDatabaseIn } from '../testing/db';
import { useShared } from '../testing/shared';
import { archiveName, BACKUP_JOB, backupPeriod, readArchive } from '.';
import type { BackupConfig } from '../config';
import type { Database } from '../db/client';
import { createJobRunner } from '../jobs';
import type { Logger } from '../logger';
import { backupJob } from '../site-jobs';
import { recordingLogger } from '../testing/recording-logger';

// Scheduled backups with the test clock, on the run's database (PGlite, or PostgreSQL with DATABASE_URL): one
// archive per period whichever instance looks first, the newest BACKUP_KEEP kept, failures logged and recorded.

const clock = testClock(new Date('2031-03-04T10:15:00Z'));
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fn-schedule-test-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true })); // after the app's own (hooks after tests run last first)
// The site's data folder, with the embedded database in it as the server keeps it.
const dataDir = fs.mkdtempSync(path.join(root, 'site-'));
const t = useShared(
  async () => createTestApp({ clock, database: await createTestDatabaseIn(dataDir), config: { dataDir } }),
  (app) => app.close(),
);

const DAY = 24 * 3_600_000;

const archivesIn = (dir: string) => fs.readdirSync(dir).sort();

/** One instance's runner with the backup job, as buildApp makes it (src/server/site-jobs.ts). */
function instance(name: string, config: BackupConfig, logger: Logger, database: Database = t.database) {
  const jobs = createJobRunner({ db: database.db, clock, logger, instance: name });
  jobs.add(backupJob({ database, storage: t.deps.storage, clock, logger, config: t.config }, config));
  /** The backup it took, undefined when there was nothing to do here or it failed. */
  const runDue = async () => {
    const outcome = await jobs.runNow(BACKUP_JOB);
    return outcome.status === 'done' ? (outcome.result as { sha256: string }) : undefined;
  };
  return { jobs, runDue, instance: name };
}
const backupRows = () => t.db.select().from(jobRun).where(eq(jobRun.job, BACKUP_JOB));

describe('scheduled backups', () => {
  it('takes one backup per period, whichever instance looks first, and keeps the newest BACKUP_KEEP', async () => {
    const dir = path.join(root, 'backups');
    const config = { dir, keep: 1, intervalHours: 24 };
    const one = recordingLogger();
    const two = recordingLogger();
    // The second instance: its own connection on PostgreSQL, the same embedded database otherwise.
    const otherDatabase = t.database.url ? fromPostgres(t.database.url, 2) : t.database;
    const first = instance('first', config, one.logger);
    const second = instance('second', config, two.logger, otherDatabase);
    try {
      const [a, b] = await Promise.all([first.runDue(), second.runDue()]);
      expect([a, b].filter(Boolean)).toHaveLength(1);
      const taken = (a ?? b)!;
      expect(archivesIn(dir)).toEqual(['foster-network-20310304-101500Z.tar.gz', 'foster-network-20310304-101500Z.tar.gz.sha256']);
      const [row] = await backupRows();
      expect(row).toMatchObject({
        period: new Date('2031-03-04T00:00:00Z'),
        instance: a ? first.instance : second.instance,
        result: {
          file: 'foster-network-20310304-101500Z.tar.gz',
          bytes: fs.statSync(path.join(dir, 'foster-network-20310304-101500Z.tar.gz')).size,
          sha256: taken.sha256,
        },
        error: null,
      });
      expect(row!.finishedAt).not.toBeNull();
      expect([...one.lines, ...two.lines].filter((l) => l.level === 'error')).toEqual([]);
      expect([...one.lines, ...two.lines].filter((l) => l.msg === 'scheduled backup written')).toHaveLength(1);

      // Later the same day: that period is done.
      clock.advance(3 * 3_600_000);
      expect(await first.runDue()).toBeUndefined();
      expect(await second.runDue()).toBeUndefined();

      // Archives of other names are never removed.
      fs.writeFileSync(path.join(dir, 'notes.txt'), 'mine');
      fs.writeFileSync(path.join(dir, 'foster-network-by-hand.tar.gz'), 'mine too');
      for (let day = 1; day <= 2; day++) {
        clock.advance(DAY);
        expect(await (day % 2 ? second : first).runDue()).toBeDefined();
      }
      expect(archivesIn(dir)).toEqual([
        'foster-network-20310306-131500Z.tar.gz',
        'foster-network-20310306-131500Z.tar.gz.sha256',
        'foster-network-by-hand.tar.gz',
        'notes.txt',
      ]);
      expect(await backupRows()).toHaveLength(3);
      // What is kept is a whole backup.
      const staging = fs.mkdtempSync(path.join(root, 'staging-'));
      const checked = await readArchive(path.join(dir, 'foster-network-20310306-131500Z.tar.gz'), staging);
      expect(checked.manifest.createdAt).toBe('2031-03-06T13:15:00.000Z');
    } finally {
      if (otherDatabase !== t.database) await otherDatabase.close();
    }
  });

  it('logs and records a failure without throwing, and tries again in the next period', async () => {
    const dir = path.join(root, 'not-a-folder');
    fs.writeFileSync(dir, 'a file where the folder should be');
    const { logger, lines } = recordingLogger();
    const config = { dir, keep: 3, intervalHours: 6 };
    const schedule = instance('failing', config, logger);
    clock.advance(DAY);
    const slot = backupPeriod(config).startOf(clock.now());
    expect(await schedule.runDue()).toBeUndefined();
    expect(lines.filter((l) => l.level === 'error').map((l) => l.msg)).toEqual(['scheduled backup failed']);
    expect(schedule.jobs.status(BACKUP_JOB)).toMatchObject({ runs: 1, failures: 1 });
    const [failed] = await t.db
      .select()
      .from(jobRun)
      .where(and(eq(jobRun.job, BACKUP_JOB), eq(jobRun.period, slot)));
    expect(failed).toMatchObject({
      result: null,
      error: expect.stringMatching(/EEXIST|ENOTDIR|not a directory|file already exists/i),
    });

    fs.rmSync(dir);
    expect(await schedule.runDue()).toBeUndefined(); // that period is done, however it went
    clock.advance(6 * 3_600_000);
    expect(await schedule.runDue()).toBeDefined();
    expect(archivesIn(dir)).toEqual([archiveName(clock.now()), `${archiveName(clock.now())}.sha256`]);
  });

  it('takes the period’s backup when started, and stop waits for it', async () => {
    const dir = path.join(root, 'started');
    const { logger } = recordingLogger();
    const { jobs } = instance('started', { dir, keep: 3, intervalHours: 1 }, logger);
    clock.advance(3_600_000);
    jobs.start();
    await jobs.stop();
    expect(archivesIn(dir)).toEqual([archiveName(clock.now()), `${archiveName(clock.now())}.sha256`]);
  });
});
