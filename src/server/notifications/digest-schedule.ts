import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { AppDeps } from '../deps';
import { dueMembers, makeDigest, pruneEmptyRuns, startRun, type DigestOutcome } from './digest';

export type DigestRunSummary = { [K in DigestOutcome | 'failed']: number } & { stopped: boolean };

export type DigestScheduleOptions = {
  /** How often to look for members whose digest is due. */
  checkEveryMs: number;
  /** Members read at a time; each member's digest is its own transaction. */
  batchSize?: number;
};

/** A run gives up after this many members failed in a row (the database is away, most likely): the next look tries again. */
const FAILURES_IN_A_ROW = 5;

/**
 * Makes the digests that are due, every `checkEveryMs` (decision 026). Every instance runs one; each member's
 * period is claimed in the database with the mail it queues, so with several instances each member still gets
 * one digest per period. A member whose digest fails is logged and tried again at the next look, and the
 * others go on. Nothing here throws into the server. Times come from the injected clock.
 */
export class DigestSchedule {
  readonly instance = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<unknown> | undefined;
  private readonly batchSize: number;

  constructor(
    private readonly deps: Pick<AppDeps, 'config' | 'database' | 'clock' | 'logger' | 'outbox'>,
    private readonly options: DigestScheduleOptions,
  ) {
    this.batchSize = options.batchSize ?? 200;
  }

  /** Looks at once, then every `checkEveryMs`; a look while a run is still under way is skipped. */
  start(): void {
    const tick = () => {
      if (!this.inFlight) void this.runDue();
      this.timer = setTimeout(tick, this.options.checkEveryMs);
      this.timer.unref();
    };
    tick();
  }

  /** Stops looking, and waits for a run under way to finish. */
  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.inFlight;
  }

  /** Makes every digest due now that no instance has made yet; runs one at a time. */
  runDue(): Promise<DigestRunSummary> {
    const run = (this.inFlight ?? Promise.resolve()).then(() => this.runOnce());
    const settled: Promise<unknown> = run
      .catch(() => undefined)
      .finally(() => {
        if (this.inFlight === settled) this.inFlight = undefined;
      });
    this.inFlight = settled;
    return run;
  }

  private async runOnce(): Promise<DigestRunSummary> {
    const { database, clock, logger, outbox } = this.deps;
    const started = performance.now();
    const run = startRun(clock.now(), this.instance);
    const summary: DigestRunSummary = { sent: 0, empty: 0, skipped: 0, failed: 0, stopped: false };
    let after = '';
    let failuresInARow = 0;
    try {
      for (;;) {
        const batch = await dueMembers(database.db, run, { after, limit: this.batchSize });
        if (batch.length === 0) break;
        const sentBefore = summary.sent;
        for (const member of batch) {
          after = member.uid;
          try {
            summary[await makeDigest(this.deps, run, member)] += 1;
            failuresInARow = 0;
          } catch (err) {
            summary.failed += 1;
            failuresInARow += 1;
            logger.error('digest failed for a member', { err, uid: member.uid, frequency: member.frequency });
            if (failuresInARow >= FAILURES_IN_A_ROW) throw new Error(`${FAILURES_IN_A_ROW} members' digests failed in a row`);
          }
        }
        // The batch's mail is committed: the local worker may send it now.
        if (summary.sent > sentBefore) outbox.wake();
      }
      if (summary.sent + summary.empty > 0) await pruneEmptyRuns(database.db, run.now);
    } catch (err) {
      summary.stopped = true;
      logger.error('digest run stopped; the next look tries again', { err });
    }
    if (summary.sent + summary.empty + summary.failed > 0) {
      logger.info('digest run', { ...summary, ms: Math.round(performance.now() - started) });
    }
    return summary;
  }
}
