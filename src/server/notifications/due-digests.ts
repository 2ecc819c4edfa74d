import type { AppDeps } from '../deps';
import { dueMembers, makeDigest, pruneEmptyRuns, startRun, type DigestOutcome } from './digest';

export type DigestRunSummary = { [K in DigestOutcome | 'failed']: number } & { stopped: boolean };

export type DueDigestsOptions = {
  /** Written into each digest_run row this run makes: the runner's instance (decision 030). */
  instance: string;
  /** Members read at a time; each member's digest is its own transaction. */
  batchSize?: number;
};

/** A run gives up after this many members failed in a row (the database is away, most likely): the next look tries again. */
const FAILURES_IN_A_ROW = 5;

/**
 * Makes every digest due now that no instance has made yet (decision 026): the digest job's work, which
 * every instance runs every DIGEST_CHECK_MINUTES (src/server/site-jobs.ts). Each member's period is claimed
 * in the database with the mail it queues, so with several instances each member still gets one digest per
 * period. A member whose digest fails is logged and tried again at the next look, and the others go on;
 * after FAILURES_IN_A_ROW the run stops (`stopped`). It never throws. Times come from the injected clock.
 */
export async function makeDueDigests(
  deps: Pick<AppDeps, 'config' | 'database' | 'clock' | 'logger' | 'outbox'>,
  options: DueDigestsOptions,
): Promise<DigestRunSummary> {
  const { database, clock, logger, outbox } = deps;
  const batchSize = options.batchSize ?? 200;
  const started = performance.now();
  const run = startRun(clock.now(), options.instance);
  const summary: DigestRunSummary = { sent: 0, empty: 0, skipped: 0, failed: 0, stopped: false };
  let after = '';
  let failuresInARow = 0;
  try {
    for (;;) {
      const batch = await dueMembers(database.db, run, { after, limit: batchSize });
      if (batch.length === 0) break;
      const sentBefore = summary.sent;
      for (const member of batch) {
        after = member.uid;
        try {
          summary[await makeDigest(deps, run, member)] += 1;
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
