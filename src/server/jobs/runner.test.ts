import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPostgres } from '../db/client';
import { jobRun } from '../db/schema';
import { testClock } from '../testing/app';
import { useTestDatabase } from '../testing/db';
import { recordingLogger } from '../testing/recording-logger';
import { cronPeriod, everyHours, fixedPeriod } from './period';
import { CLAIM_HOLD_MS, createJobRunner, defineJob, type JobRunner } from './runner';

// The runner of decision 030 on the run's database (PGlite, or PostgreSQL with DATABASE_URL), with real
// timers for the ticks and the test clock for the periods.

const database = useTestDatabase();
const clock = testClock(new Date('2031-03-04T10:15:00Z'));
const runners: JobRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});

function runner(instance?: string) {
  const { logger, lines } = recordingLogger();
  const r = createJobRunner({ db: database.db, clock, logger, instance });
  runners.push(r);
  return { runner: r, lines };
}

/** A promise the test resolves when it lets a run end. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('the job runner', () => {
  it('runs each job at start and then every tick, each on its own', async () => {
    const { runner: r } = runner();
    const seen: string[] = [];
    r.add(
      defineJob({ name: 'often', title: 'Often', everyMs: 10, run: async () => void seen.push('often') }),
      defineJob({ name: 'rarely', title: 'Rarely', everyMs: 60 * 60_000, run: async () => void seen.push('rarely') }),
    );
    r.start();
    await vi.waitFor(() => expect(r.status('often').runs).toBeGreaterThanOrEqual(3));
    expect(r.status('rarely')).toMatchObject({ runs: 1, failures: 0, lastSuccessAt: clock.now() });
    expect(seen.filter((s) => s === 'rarely')).toHaveLength(1);
  });

  it('skips a tick that comes while the run is still going, instead of queuing it', async () => {
    const { runner: r } = runner();
    const held = gate();
    let started = 0;
    r.add(
      defineJob({
        name: 'slow',
        title: 'Slow',
        everyMs: 5,
        run: async () => {
          started += 1;
          await held.opened;
        },
      }),
    );
    r.start();
    await vi.waitFor(() => expect(r.status('slow').skipped).toBeGreaterThanOrEqual(3));
    expect(started).toBe(1);
    expect(r.status('slow')).toMatchObject({ isRunning: true, runs: 0 });
    expect(await r.runNow('slow')).toEqual({ status: 'skipped', reason: 'running' });
    held.open();
    await vi.waitFor(() => expect(r.status('slow').runs).toBeGreaterThanOrEqual(2));
  });

  it('counts and logs a failed run, tries again at the next tick, and the other jobs go on', async () => {
    const { runner: r, lines } = runner();
    let attempts = 0;
    let others = 0;
    r.add(
      defineJob({
        name: 'flaky',
        title: 'Flaky',
        everyMs: 10,
        run: async () => {
          attempts += 1;
          if (attempts === 1) throw new Error('the database is away');
        },
      }),
      defineJob({ name: 'steady', title: 'Steady', everyMs: 10, run: async () => void (others += 1) }),
    );
    r.start();
    await vi.waitFor(() => expect(r.status('flaky').runs).toBeGreaterThanOrEqual(2));
    expect(r.status('flaky')).toMatchObject({
      failures: 1,
      lastError: 'the database is away',
      lastFailureAt: clock.now(),
      lastSuccessAt: clock.now(),
    });
    expect(others).toBeGreaterThanOrEqual(1);
    expect(lines.filter((l) => l.level === 'warn')).toEqual([
      expect.objectContaining({ msg: 'job failed; the next tick tries again', fields: expect.objectContaining({ job: 'flaky' }) }),
    ]);
    expect(lines.filter((l) => l.level === 'error')).toEqual([]);
  });

  it('stop waits for the run under way, tells it through its signal, and no tick comes after', async () => {
    const { runner: r } = runner();
    const held = gate();
    let aborted = false;
    let runs = 0;
    r.add(
      defineJob({
        name: 'long',
        title: 'Long',
        everyMs: 5,
        run: async ({ signal }) => {
          runs += 1;
          await held.opened;
          aborted = signal.aborted;
        },
      }),
    );
    r.start();
    await vi.waitFor(() => expect(runs).toBe(1));
    let isStopped = false;
    const stopping = r.stop().then(() => {
      isStopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(isStopped).toBe(false);
    held.open();
    await stopping;
    expect(aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs).toBe(1);
    // Stopped, a trigger does nothing; runNow still runs (for tests and the command line).
    r.trigger('long');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runs).toBe(1);
  });

  it('runs a triggered job at once, or right after the run under way', async () => {
    const { runner: r } = runner();
    const held = gate();
    let runs = 0;
    r.add(
      defineJob({
        name: 'outbox',
        title: 'Outbox',
        everyMs: 60 * 60_000,
        run: async () => {
          runs += 1;
          if (runs === 1) await held.opened;
        },
      }),
    );
    r.start();
    await vi.waitFor(() => expect(runs).toBe(1));
    r.trigger('outbox');
    r.trigger('outbox');
    held.open();
    await vi.waitFor(() => expect(runs).toBe(2));
    r.trigger('outbox');
    await vi.waitFor(() => expect(runs).toBe(3));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs).toBe(3);
  });

  it('looks again sooner when a run asks', async () => {
    const { runner: r } = runner();
    let runs = 0;
    r.add(
      defineJob({
        name: 'paused',
        title: 'Paused',
        everyMs: 60 * 60_000,
        run: async ({ runAgainIn }) => {
          runs += 1;
          if (runs < 3) runAgainIn(5);
        },
      }),
    );
    r.start();
    await vi.waitFor(() => expect(runs).toBe(3));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs).toBe(3);
  });

  it('claims work once per period across two instances on one database, and records how it went', async () => {
    // The second instance: its own connection on PostgreSQL, the same embedded database otherwise.
    const otherDatabase = database.url ? fromPostgres(database.url, 2) : database;
    try {
      const made: string[] = [];
      const job = (instance: string) =>
        defineJob({
          name: 'daily-report',
          title: 'Daily report',
          everyMs: 60_000,
          oncePer: cronPeriod('0 13 * * *'),
          run: async ({ period }) => {
            made.push(instance);
            return { period: period!.toISOString(), by: instance };
          },
          record: (result) => ({ by: result.by }),
        });
      const one = createJobRunner({ db: database.db, clock, logger: recordingLogger().logger, instance: 'one' }).add(job('one'));
      const two = createJobRunner({ db: otherDatabase.db, clock, logger: recordingLogger().logger, instance: 'two' }).add(job('two'));
      runners.push(one, two);

      const outcomes = await Promise.all([one.runNow('daily-report'), two.runNow('daily-report')]);
      expect(outcomes.map((o) => o.status).sort()).toEqual(['done', 'skipped']);
      expect(outcomes.find((o) => o.status === 'skipped')).toEqual({ status: 'skipped', reason: 'claimed' });
      expect(made).toHaveLength(1);
      const rows = await database.db.select().from(jobRun).where(eq(jobRun.job, 'daily-report'));
      expect(rows).toEqual([
        expect.objectContaining({
          period: new Date('2031-03-03T13:00:00Z'),
          instance: made[0],
          result: { by: made[0] },
          error: null,
          finishedAt: clock.now(),
        }),
      ]);
      // A skipped period is not a run of the instance that skipped it.
      expect(one.status('daily-report').runs + two.status('daily-report').runs).toBe(1);

      // Later in the same period: done. After 13:00, the next period: one of them again.
      clock.set(new Date('2031-03-04T12:59:59Z'));
      expect((await two.runNow('daily-report')).status).toBe('skipped');
      expect((await one.runNow('daily-report')).status).toBe('skipped');
      clock.set(new Date('2031-03-04T13:00:00Z'));
      expect((await two.runNow('daily-report')).status).toBe('done');
      expect((await one.runNow('daily-report')).status).toBe('skipped');
      expect(made).toHaveLength(2);
    } finally {
      if (otherDatabase !== database) await otherDatabase.close();
    }
  });

  it('records a claimed run that failed, and leaves its period done: the next period tries again', async () => {
    clock.set(new Date('2031-04-01T08:30:00Z'));
    const { runner: r, lines } = runner('solo');
    let failing = true;
    r.add(
      defineJob({
        name: 'hourly-export',
        title: 'Hourly export',
        everyMs: 60_000,
        oncePer: everyHours(1),
        run: async () => {
          if (failing) throw new Error('the disk is full');
          return 'ok';
        },
      }),
    );
    expect(await r.runNow('hourly-export')).toMatchObject({ status: 'failed' });
    const [row] = await database.db.select().from(jobRun).where(eq(jobRun.job, 'hourly-export'));
    expect(row).toMatchObject({ period: new Date('2031-04-01T08:00:00Z'), error: 'the disk is full', result: null });
    expect(lines.map((l) => l.msg)).toEqual(['job failed; the next period tries again']);
    failing = false;
    expect(await r.runNow('hourly-export')).toEqual({ status: 'skipped', reason: 'claimed' });
    clock.advance(60 * 60_000);
    expect(await r.runNow('hourly-export')).toEqual({ status: 'done', result: 'ok' });
    expect(r.status('hourly-export')).toMatchObject({ runs: 2, failures: 1 });
  });
});

describe('a claimed period whose instance stops mid-run', () => {
  const weekly = (instance: string, run: () => Promise<string>) =>
    defineJob({
      name: 'weekly-backup',
      title: 'Weekly backup',
      everyMs: 60_000,
      oncePer: cronPeriod('0 3 * * 1'),
      run,
      record: (by) => ({ by }),
    });

  it('is held while its hold lasts, then taken over by another instance, which records it', async () => {
    clock.set(new Date('2031-05-06T04:00:00Z')); // Tuesday: the period began Monday 03:00
    const stuck = gate();
    const { runner: one } = runner('one');
    one.add(weekly('one', () => stuck.opened.then(() => 'one')));
    const { runner: two, lines } = runner('two');
    two.add(weekly('two', async () => 'two'));

    // One claims the period and then never finishes (as if killed: its process no longer renews the hold).
    const first = one.runNow('weekly-backup');
    await vi.waitFor(async () => expect(await database.db.select().from(jobRun).where(eq(jobRun.job, 'weekly-backup'))).toHaveLength(1));
    const [held] = await database.db.select().from(jobRun).where(eq(jobRun.job, 'weekly-backup'));
    expect(held).toMatchObject({ instance: 'one', heldUntil: new Date(clock.now().getTime() + CLAIM_HOLD_MS), finishedAt: null });

    // Within the hold: the period is still one's.
    clock.advance(CLAIM_HOLD_MS);
    expect(await two.runNow('weekly-backup')).toEqual({ status: 'skipped', reason: 'claimed' });
    // Past it: two takes the period over, runs it, and records it as its own.
    clock.advance(1);
    expect(await two.runNow('weekly-backup')).toEqual({ status: 'done', result: 'two' });
    expect(lines.map((l) => l.msg)).toContain('took over a claimed period whose instance stopped renewing it');
    const [taken] = await database.db.select().from(jobRun).where(eq(jobRun.job, 'weekly-backup'));
    expect(taken).toMatchObject({ instance: 'two', result: { by: 'two' }, error: null, finishedAt: clock.now() });

    // One wakes up after all: its late end does not overwrite two's record, and the period is done for both.
    stuck.open();
    expect(await first).toEqual({ status: 'done', result: 'one' });
    const [after] = await database.db.select().from(jobRun).where(eq(jobRun.job, 'weekly-backup'));
    expect(after).toMatchObject({ instance: 'two', result: { by: 'two' } });
    clock.advance(24 * 60 * 60_000);
    expect(await one.runNow('weekly-backup')).toEqual({ status: 'skipped', reason: 'claimed' });
  });

  it('never takes over a period that ended, even one that failed long ago, nor a claim from before holds', async () => {
    clock.set(new Date('2031-06-03T04:00:00Z'));
    const { runner: r } = runner('late');
    r.add(weekly('late', async () => 'late'));
    const period = new Date('2031-06-02T03:00:00Z');
    await database.db.insert(jobRun).values({
      job: 'weekly-backup',
      period,
      instance: 'gone',
      startedAt: period,
      heldUntil: period,
      finishedAt: period,
      error: 'the disk is full',
    });
    expect(await r.runNow('weekly-backup')).toEqual({ status: 'skipped', reason: 'claimed' });
    await database.db.delete(jobRun).where(eq(jobRun.job, 'weekly-backup'));
    await database.db.insert(jobRun).values({ job: 'weekly-backup', period, instance: 'older', startedAt: period });
    expect(await r.runNow('weekly-backup')).toEqual({ status: 'skipped', reason: 'claimed' });
    expect(await database.db.select().from(jobRun).where(eq(jobRun.job, 'weekly-backup'))).toEqual([
      expect.objectContaining({ instance: 'older', heldUntil: null, finishedAt: null }),
    ]);
  });
});

describe('periods', () => {
  it('start at the latest boundary at or before the time, on the calendar of UTC', () => {
    const mondays = cronPeriod('0 13 * * 1');
    expect(mondays.startOf(new Date('2031-03-03T13:00:00Z'))).toEqual(new Date('2031-03-03T13:00:00Z'));
    expect(mondays.startOf(new Date('2031-03-03T12:59:59.999Z'))).toEqual(new Date('2031-02-24T13:00:00Z'));
    expect(mondays.startOf(new Date('2031-03-09T23:00:00Z'))).toEqual(new Date('2031-03-03T13:00:00Z'));
    expect(mondays.before(new Date('2031-03-03T13:00:00Z'))).toEqual(new Date('2031-02-24T13:00:00Z'));
    // A day of 23 or 25 hours in the US changes nothing here: UTC has none.
    const days = cronPeriod('0 13 * * *');
    expect(days.startOf(new Date('2031-03-09T12:00:00Z'))).toEqual(new Date('2031-03-08T13:00:00Z'));
  });

  it('of a whole number of hours: at midnight UTC when they divide a day, else counted from 1970', () => {
    const at = new Date('2031-03-04T10:15:00Z');
    expect(everyHours(24).startOf(at)).toEqual(new Date('2031-03-04T00:00:00Z'));
    expect(everyHours(6).startOf(at)).toEqual(new Date('2031-03-04T06:00:00Z'));
    expect(everyHours(1).startOf(at)).toEqual(new Date('2031-03-04T10:00:00Z'));
    // 36 hours from 1970: the same periods as before croner.
    const length = 36 * 3_600_000;
    expect(everyHours(36).startOf(at)).toEqual(new Date(Math.floor(at.getTime() / length) * length));
    expect(fixedPeriod(length).before(new Date(length * 10))).toEqual(new Date(length * 9));
    for (const hours of [1, 2, 3, 4, 6, 8, 12, 24]) {
      const length = hours * 3_600_000;
      for (let i = 0; i < 20; i++) {
        const t = new Date(Date.UTC(2030, 0, 1) + i * 7_919_000 * hours);
        expect(everyHours(hours).startOf(t), `${hours} h at ${t.toISOString()}`).toEqual(fixedPeriod(length).startOf(t));
      }
    }
  });
});
