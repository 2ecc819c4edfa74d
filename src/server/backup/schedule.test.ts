import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { backupRun } from '../db/schema';
import { fromPostgres } from '../db/client';
import { createTestApp, testClock } from '../testing/app';
import { createTestDatabaseIn } from '../testing/db';
import { useShared } from '../testing/shared';
import { archiveName, BackupSchedule, readArchive } from '.';
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

describe('scheduled backups', () => {
  it('takes one backup per period, whichever instance looks first, and keeps the newest BACKUP_KEEP', async () => {
    const dir = path.join(root, 'backups');
    const config = { dir, keep: 1, intervalHours: 24 };
    const one = recordingLogger();
    const two = recordingLogger();
    // The second instance: its own connection on PostgreSQL, the same embedded database otherwise.
    const otherDatabase = t.database.url ? fromPostgres(t.database.url, 2) : t.database;
    const first = new BackupSchedule({ database: t.database, storage: t.deps.storage, clock, logger: one.logger, dataDir }, config);
    const second = new BackupSchedule({ database: otherDatabase, storage: t.deps.storage, clock, logger: two.logger, dataDir }, config);
    try {
      const [a, b] = await Promise.all([first.runDue(), second.runDue()]);
      expect([a, b].filter(Boolean)).toHaveLength(1);
      const taken = (a ?? b)!;
      expect(archivesIn(dir)).toEqual(['foster-network-20310304-101500Z.tar.gz', 'foster-network-20310304-101500Z.tar.gz.sha256']);
      const [row] = await t.db.select().from(backupRun);
      expect(row).toMatchObject({
        slot: new Date('2031-03-04T00:00:00Z'),
        instance: a ? first.instance : second.instance,
        file: 'foster-network-20310304-101500Z.tar.gz',
        bytes: fs.statSync(path.join(dir, 'foster-network-20310304-101500Z.tar.gz')).size,
        sha256: taken.sha256,
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
      expect(await t.db.select({ slot: backupRun.slot }).from(backupRun)).toHaveLength(3);
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
    const schedule = new BackupSchedule(
      { database: t.database, storage: t.deps.storage, clock, logger, dataDir },
      { dir, keep: 3, intervalHours: 6 },
    );
    clock.advance(DAY);
    const slot = schedule.slotOf(clock.now());
    expect(await schedule.runDue()).toBeUndefined();
    expect(lines.filter((l) => l.level === 'error').map((l) => l.msg)).toEqual(['scheduled backup failed']);
    const [failed] = await t.db.select().from(backupRun).where(eq(backupRun.slot, slot));
    expect(failed).toMatchObject({
      file: null,
      sha256: null,
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
    const schedule = new BackupSchedule(
      { database: t.database, storage: t.deps.storage, clock, logger, dataDir },
      { dir, keep: 3, intervalHours: 1 },
    );
    clock.advance(3_600_000);
    schedule.start();
    await schedule.stop();
    expect(archivesIn(dir)).toEqual([archiveName(clock.now()), `${archiveName(clock.now())}.sha256`]);
  });
});
