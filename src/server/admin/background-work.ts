import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { BackgroundWork } from '../../shared/admin';
import { BACKUP_JOB } from '../backup';
import { digestRun, jobRun } from '../db/schema';
import type { AppDeps } from '../deps';
import type { JobRunner } from '../jobs';
import { outboxDepth } from '../mail';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * The overview's "Background work" panel (decision 030): the last digests made and the last scheduled
 * backup (from the database, so whichever instance made them), the mail still waiting and since when, and
 * what this instance's runner knows of each of its jobs.
 */
export async function getBackgroundWork(deps: Pick<AppDeps, 'database' | 'config' | 'clock'>, jobs: JobRunner): Promise<BackgroundWork> {
  const { db } = deps.database;
  // The latest period some member got a digest for (digest_run_sent_idx), and how many did.
  const sent = sql`${digestRun.postCount} > 0`;
  const [digest] = await db
    .select({ madeAt: sql<Date | null>`max(${digestRun.createdAt})`.mapWith(digestRun.createdAt), count: sql<number>`count(*)::int` })
    .from(digestRun)
    .where(and(sent, sql`${digestRun.periodEnd} = (select max(${digestRun.periodEnd}) from ${digestRun} where ${sent})`));
  const [lastBackup] = await db.select().from(jobRun).where(eq(jobRun.job, BACKUP_JOB)).orderBy(desc(jobRun.period)).limit(1);
  const isGood = (run: typeof lastBackup) => Boolean(run?.finishedAt && !run.error);
  const [lastGood] = isGood(lastBackup)
    ? [lastBackup]
    : await db
        .select({ finishedAt: jobRun.finishedAt })
        .from(jobRun)
        .where(and(eq(jobRun.job, BACKUP_JOB), isNotNull(jobRun.finishedAt), isNull(jobRun.error)))
        .orderBy(desc(jobRun.period))
        .limit(1);
  const outbox = await outboxDepth(db);
  const result = lastBackup?.result ?? {};

  return {
    now: deps.clock.now().toISOString(),
    digest: {
      isOn: deps.config.digestCheckMinutes > 0,
      lastMadeAt: iso(digest?.madeAt),
      lastCount: digest?.madeAt ? digest.count : 0,
    },
    backup: {
      isOn: deps.config.backup !== undefined,
      last: lastBackup
        ? {
            startedAt: lastBackup.startedAt.toISOString(),
            finishedAt: iso(lastBackup.finishedAt),
            file: typeof result.file === 'string' ? result.file : null,
            bytes: typeof result.bytes === 'number' ? result.bytes : null,
            error: lastBackup.error,
          }
        : null,
      lastGoodAt: iso(lastGood?.finishedAt),
    },
    mail: {
      waiting: outbox.byState.PENDING + outbox.byState.PROCESSING + outbox.byState.RETRY,
      oldestWaitingSince: iso(outbox.oldestWaitingSince),
    },
    jobs: jobs.statuses().map((j) => ({
      name: j.name,
      title: j.title,
      everyMs: j.everyMs,
      isRunning: j.isRunning,
      runs: j.runs,
      failures: j.failures,
      lastSuccessAt: iso(j.lastSuccessAt),
      lastFailureAt: iso(j.lastFailureAt),
      lastError: j.lastError ?? null,
    })),
  };
}
