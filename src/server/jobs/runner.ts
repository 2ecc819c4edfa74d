import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { jobRun } from '../db/schema';
import { storedErrorMessage, type Logger } from '../logger';
import type { Period } from './period';

// Background work (decision 030): each job is declared once (its name, how often it looks, what it does) and
// one runner per instance starts and stops them all. A job runs one at a time on an instance: a tick that
// comes while its run is still going is skipped, not queued. Work that must happen once per period across
// instances claims the period in `job_run` first, and holds it while it runs: an instance that stops mid-run
// (killed, or its machine gone) stops renewing its hold, and once the hold has passed another instance takes the
// period over. A failed run is logged and counted, and the next tick (for a claimed job, the next period) tries
// again; the other jobs go on.

/** How long a claim is held without renewal: long enough for a busy instance to renew it, short enough for a backup's period. */
export const CLAIM_HOLD_MS = 2 * 60_000;
/** How often a running instance renews its holds (real time): four times within a hold. */
const RENEW_EVERY_MS = CLAIM_HOLD_MS / 4;

/** What a run is given. */
export type JobContext = {
  /** When the run started, by the injected clock. */
  now: Date;
  /** This instance, as written into what it claims. */
  instance: string;
  /** The start of the period claimed, for a job claimed once per period. */
  period: Date | undefined;
  /** Aborted when the runner stops: a long run may end early between two steps that each complete. */
  signal: AbortSignal;
  /** Looks again after `ms` instead of waiting for the next tick (the mail worker, after the SMTP server was out of reach). */
  runAgainIn: (ms: number) => void;
};

export type Job<R = unknown> = {
  /** Unique; the metrics' label and the claim's key ('mail-delivery', 'backup'). */
  name: string;
  /** What it does, in words an admin understands ("Sends the mail in the outbox"). */
  title: string;
  /** How often this instance looks, in real milliseconds. */
  everyMs: number;
  /** Work done once per period across all instances: the period is claimed in `job_run` before it runs. */
  oncePer?: Period;
  run: (ctx: JobContext) => Promise<R>;
  /** What of a claimed run's result its `job_run` row keeps. */
  record?: (result: R) => Record<string, unknown>;
};

/** Declares a job, keeping its result's type for `record` while the runner holds jobs of any result. */
export function defineJob<R>(job: Job<R>): Job {
  const { record } = job;
  return { ...job, record: record ? (result) => record(result as R) : undefined };
}

export type RunOutcome =
  | { status: 'done'; result: unknown }
  | { status: 'failed'; error: unknown }
  /** running: this instance's run of it is still going; claimed: another run (here or elsewhere) has its period. */
  | { status: 'skipped'; reason: 'running' | 'claimed' };

/** What an instance knows of one of its jobs, since it started. */
export type JobStatus = {
  name: string;
  title: string;
  everyMs: number;
  /** The period's description, for a job claimed once per period. */
  oncePer: string | undefined;
  isRunning: boolean;
  /** Runs that did the work (or failed at it); a tick skipped, or a period another instance had, is not one. */
  runs: number;
  failures: number;
  /** Ticks that came while a run was still going. */
  skipped: number;
  lastSuccessAt: Date | undefined;
  lastFailureAt: Date | undefined;
  lastError: string | undefined;
  lastDurationMs: number | undefined;
};

/** Told of each run's end, for the metrics. */
export type RunObserver = (run: { job: string; outcome: 'success' | 'failure' | 'skipped'; seconds: number; at: Date }) => void;

type Entry = {
  job: Job;
  status: JobStatus;
  timer: NodeJS.Timeout | undefined;
  inFlight: Promise<RunOutcome> | undefined;
  /** Asked to run while running: run again as soon as it ends (the mail queued meanwhile). */
  isTriggered: boolean;
  /** Asked by the run itself to look again sooner. */
  againInMs: number | undefined;
};

/** A name for this process, unique across instances (host:pid:random): what it writes into what it claims. */
export function instanceName(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

export type JobRunnerOptions = {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** Written into claims; unique per process unless told (tests name their instances). */
  instance?: string;
  onRun?: RunObserver;
};

export function createJobRunner({ db, clock, logger, instance, onRun }: JobRunnerOptions) {
  const self = instance ?? instanceName();
  const entries = new Map<string, Entry>();
  let isStarted = false;
  let stopping = new AbortController();

  const entryOf = (name: string) => {
    const entry = entries.get(name);
    if (!entry) throw new Error(`no job is called ${name}`);
    return entry;
  };

  /** The next tick at `delayMs` (real time); a timer alone never keeps the process alive. */
  const schedule = (entry: Entry, delayMs: number) => {
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => tick(entry), delayMs);
    entry.timer.unref();
  };

  /** Ticks keep their pace (every `everyMs`), whatever a run takes: one that finds the job running is skipped. */
  const tick = (entry: Entry) => {
    entry.timer = undefined;
    if (!isStarted) return;
    schedule(entry, entry.job.everyMs);
    void runEntry(entry);
  };

  const afterRun = (entry: Entry) => {
    if (!isStarted) return;
    const again = entry.isTriggered ? 0 : entry.againInMs;
    entry.isTriggered = false;
    entry.againInMs = undefined;
    if (again !== undefined) schedule(entry, again);
  };

  const heldFrom = (at: Date) => new Date(at.getTime() + CLAIM_HOLD_MS);
  /** This instance's unfinished claim of the job's period. */
  const ours = (job: Job, period: Date) =>
    and(eq(jobRun.job, job.name), eq(jobRun.period, period), eq(jobRun.instance, self), isNull(jobRun.finishedAt));

  /**
   * Claims the period, or takes over a claim whose instance stopped renewing it (not finished, hold passed). A
   * finished period (done or failed) and a period held by a live instance are left alone.
   */
  async function claim(job: Job, period: Date, now: Date): Promise<boolean> {
    const [claimed] = await db
      .insert(jobRun)
      .values({ job: job.name, period, instance: self, startedAt: now, heldUntil: heldFrom(now) })
      .onConflictDoUpdate({
        target: [jobRun.job, jobRun.period],
        set: { instance: self, startedAt: now, heldUntil: heldFrom(now) },
        setWhere: and(isNull(jobRun.finishedAt), lt(jobRun.heldUntil, now)),
      })
      // A row inserted has no deleting transaction (xmax 0); one updated over an earlier claim has.
      .returning({ isNew: sql<boolean>`(xmax = 0)` });
    if (claimed && !claimed.isNew) {
      logger.warn('took over a claimed period whose instance stopped renewing it', { job: job.name, period, instance: self });
    }
    return claimed !== undefined;
  }

  /** Renews the hold on a claim while its run goes on; a failed renewal is tried again at the next. */
  function holdWhileRunning(job: Job, period: Date): () => void {
    const timer = setInterval(() => {
      db.update(jobRun)
        .set({ heldUntil: heldFrom(clock.now()) })
        .where(ours(job, period))
        .catch((err: unknown) => logger.warn('could not renew the hold on a claimed job', { job: job.name, period, err }));
    }, RENEW_EVERY_MS);
    timer.unref();
    return () => clearInterval(timer);
  }

  async function recordClaim(job: Job, period: Date, end: { result?: Record<string, unknown>; error?: string }) {
    try {
      // Only while the claim is still ours: after a takeover the period's record is the other instance's.
      const recorded = await db
        .update(jobRun)
        .set({ finishedAt: clock.now(), result: end.result ?? null, error: end.error ?? null })
        .where(ours(job, period))
        .returning({ job: jobRun.job });
      if (recorded.length === 0) logger.warn('a claimed run ended after another instance took its period over', { job: job.name, period });
    } catch (err) {
      logger.error('could not record how a claimed job went', { job: job.name, period, err });
    }
  }

  async function execute(entry: Entry): Promise<RunOutcome> {
    const { job, status } = entry;
    const started = performance.now();
    const now = clock.now();
    const period = job.oncePer?.startOf(now);
    const finish = (outcome: 'success' | 'failure') => {
      const seconds = (performance.now() - started) / 1000;
      const at = clock.now();
      status.runs += 1;
      status.lastDurationMs = Math.round(seconds * 1000);
      if (outcome === 'success') status.lastSuccessAt = at;
      else status.failures += 1;
      onRun?.({ job: job.name, outcome, seconds, at });
    };
    const failed = (err: unknown): RunOutcome => {
      status.lastFailureAt = clock.now();
      status.lastError = storedErrorMessage(err);
      finish('failure');
      logger.warn(job.oncePer ? 'job failed; the next period tries again' : 'job failed; the next tick tries again', {
        job: job.name,
        err,
      });
      return { status: 'failed', error: err };
    };

    if (period) {
      try {
        if (!(await claim(job, period, now))) return { status: 'skipped', reason: 'claimed' };
      } catch (err) {
        return failed(err);
      }
    }
    const ctx: JobContext = {
      now,
      instance: self,
      period,
      signal: stopping.signal,
      runAgainIn: (ms) => {
        entry.againInMs = Math.min(ms, entry.againInMs ?? ms);
      },
    };
    // A renewal that comes after the end is recorded changes nothing: it only renews an unfinished claim.
    const release = period ? holdWhileRunning(job, period) : () => undefined;
    try {
      const result = await job.run(ctx);
      finish('success');
      if (period) await recordClaim(job, period, { result: job.record?.(result) });
      return { status: 'done', result };
    } catch (err) {
      const outcome = failed(err);
      if (period) await recordClaim(job, period, { error: storedErrorMessage(err) });
      return outcome;
    } finally {
      release();
    }
  }

  /** Runs the job now unless it is running already (then the tick is skipped). Never throws. */
  function runEntry(entry: Entry): Promise<RunOutcome> {
    if (entry.inFlight) {
      entry.status.skipped += 1;
      onRun?.({ job: entry.job.name, outcome: 'skipped', seconds: 0, at: clock.now() });
      return Promise.resolve({ status: 'skipped', reason: 'running' });
    }
    entry.status.isRunning = true;
    const run = execute(entry)
      .catch((err: unknown): RunOutcome => {
        // Only a bug of the runner itself gets here: the job's own failures are counted above.
        logger.error('job runner failed', { job: entry.job.name, err });
        return { status: 'failed', error: err };
      })
      .finally(() => {
        entry.inFlight = undefined;
        entry.status.isRunning = false;
        afterRun(entry);
      });
    entry.inFlight = run;
    return run;
  }

  return {
    instance: self,

    /** Adds jobs (before or after start: a job added to a started runner starts at once). */
    add(...jobs: Job[]) {
      for (const job of jobs) {
        if (entries.has(job.name)) throw new Error(`a job called ${job.name} exists already`);
        if (!(job.everyMs > 0)) throw new Error(`the job ${job.name} must look at a positive interval`);
        const entry: Entry = {
          job,
          timer: undefined,
          inFlight: undefined,
          isTriggered: false,
          againInMs: undefined,
          status: {
            name: job.name,
            title: job.title,
            everyMs: job.everyMs,
            oncePer: job.oncePer?.describe,
            isRunning: false,
            runs: 0,
            failures: 0,
            skipped: 0,
            lastSuccessAt: undefined,
            lastFailureAt: undefined,
            lastError: undefined,
            lastDurationMs: undefined,
          },
        };
        entries.set(job.name, entry);
        if (isStarted) tick(entry);
      }
      return this;
    },

    /** Starts every job: each looks at once (its first run is under way when this returns), then every `everyMs`. */
    start() {
      if (isStarted) return;
      isStarted = true;
      stopping = new AbortController();
      // The first look happens now, not at the next turn: a start and an immediate stop still see it through.
      for (const entry of entries.values()) tick(entry);
    },

    /** Stops every job's ticks and waits for the runs under way to end (they are told through their signal). */
    async stop() {
      isStarted = false;
      for (const entry of entries.values()) {
        clearTimeout(entry.timer);
        entry.timer = undefined;
      }
      stopping.abort();
      for (;;) {
        const running = [...entries.values()].map((e) => e.inFlight).filter((p) => p !== undefined);
        if (running.length === 0) break;
        await Promise.all(running);
      }
    },

    /** Runs a job now (tests, and the work a caller wants done at once), unless it is running: then skipped. */
    runNow(name: string): Promise<RunOutcome> {
      return runEntry(entryOf(name));
    },

    /**
     * Asks a started job to run as soon as it can: now, or right after the run under way (which may have
     * looked before what the caller just committed). Does nothing while the runner is stopped.
     */
    trigger(name: string) {
      const entry = entries.get(name);
      if (!entry || !isStarted) return;
      if (entry.inFlight) entry.isTriggered = true;
      else schedule(entry, 0);
    },

    /** What this instance knows of each job, in the order they were added. */
    statuses(): JobStatus[] {
      return [...entries.values()].map((e) => ({ ...e.status }));
    },
    status(name: string): JobStatus {
      return { ...entryOf(name).status };
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
