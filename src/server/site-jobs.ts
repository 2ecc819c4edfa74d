import path from 'node:path';
import type { BackupConfig } from './config';
import type { AppDeps } from './deps';
import { BACKUP_JOB, backupPeriod, takeScheduledBackup } from './backup';
import type { ResponseCache } from './http/response-cache';
import { defineJob, type Job } from './jobs';
import type { Logger } from './logger';
import type { MailWorker } from './mail/worker';
import { expireSupervisorRequests } from './needs/supervisor';
import { announceDueNeeds, expireOldNeeds, remindAskers, widenQuietNeeds, type RoutingDeps } from './needs/routing';
import { makeDueDigests } from './notifications';
import { askAnniversaries } from './care/anniversary';
import { sendClearanceNotices } from './care/clearance-notices';
import { remindClaimers, reofferOpenOccurrences, type CareClockDeps } from './care/reminders';
import { sendWeekSummaries } from './care/summary';
import type { RateLimiter } from './rate-limit/rate-limit';
import type { ResourceLibrary } from './resources/library';

// The site's background work, declared once (decision 030): each job's name, how often it looks, and what
// it does. buildApp gives them to the app's runner; main.ts starts it and stops it on shutdown.

/** The jobs' names: their metrics' label, their claims' key, and how the admin's panel finds them. */
export const JOBS = {
  mailDelivery: 'mail-delivery',
  mailClaims: 'mail-claims',
  digest: 'digest',
  backup: BACKUP_JOB,
  rateLimitPrune: 'rate-limit-prune',
  responseCacheSweep: 'response-cache-sweep',
  needSupervisorExpiry: 'need-supervisor-expiry',
  needAnnounce: 'need-announce',
  needWiden: 'need-widen',
  needExpire: 'need-expire',
  needRemind: 'need-remind',
  careRemind: 'care-remind',
  careReoffer: 'care-reoffer',
  careSummary: 'care-summary',
  clearanceNotices: 'clearance-notices',
  careAnniversary: 'care-anniversary',
  resourceThumbnails: 'resource-thumbnails',
} as const;

/** How often each instance looks at the care calendar's clock (reminders, offers again, summaries, notices). */
export const CARE_CLOCK_EVERY_MS = 5 * 60_000;

/** How often each instance looks for needs to announce (a need's change also triggers it: app.ts), and for the board's clock. */
export const NEED_ANNOUNCE_EVERY_MS = 60_000;
export const NEED_CLOCK_EVERY_MS = 5 * 60_000;

/**
 * The mail worker's two jobs: delivering what is due every `pollMs` (and at once when the outbox wakes it:
 * the runner's trigger), and renewing the claims it holds while it sends them. Every instance runs them;
 * items are claimed with FOR UPDATE SKIP LOCKED, so each is sent by one.
 */
export function mailJobs(worker: MailWorker, logger: Logger): Job[] {
  return [
    defineJob({
      name: JOBS.mailDelivery,
      title: /*i18n*/ 'Sends the mail waiting in the outbox',
      everyMs: worker.pollMs,
      run: async ({ signal, runAgainIn }) => {
        const summary = await worker.runOnce(signal);
        if (summary.recovered + summary.sent + summary.retried + summary.failed > 0) logger.debug('mail run', { ...summary });
        // The SMTP server was out of reach: look again after the pause (1 s, doubling to 8 s), not the poll.
        const paused = worker.pausedMs();
        if (paused > 0) runAgainIn(paused);
        return summary;
      },
    }),
    defineJob({
      name: JOBS.mailClaims,
      title: /*i18n*/ 'Keeps the claims on mail being sent from running out',
      everyMs: worker.renewEveryMs,
      run: () => worker.renewClaims(),
    }),
  ];
}

/**
 * The digest (decision 026): every instance looks every DIGEST_CHECK_MINUTES; each member's period is
 * claimed in `digest_run` with the mail it queues, so the job needs no claim of its own. A run that stopped
 * (5 members failed in a row) counts as failed.
 */
export function digestJob(
  deps: Pick<AppDeps, 'config' | 'database' | 'clock' | 'logger' | 'outbox'>,
  options: { everyMs: number; batchSize?: number },
): Job {
  return defineJob({
    name: JOBS.digest,
    title: /*i18n*/ 'Makes the daily and weekly digests that are due',
    everyMs: options.everyMs,
    run: async ({ instance }) => {
      const summary = await makeDueDigests(deps, { instance, batchSize: options.batchSize });
      if (summary.stopped) throw new Error(`the digest run stopped after ${summary.failed} failures`);
      return summary;
    },
  });
}

/**
 * Scheduled backups (decision 023): every instance looks every `everyMs` (a minute); the one that claims
 * the period of BACKUP_INTERVAL_HOURS in `job_run` takes its backup, whose name, size and SHA-256 the row keeps.
 */
export function backupJob(
  deps: Pick<AppDeps, 'database' | 'storage' | 'clock' | 'logger' | 'config'>,
  config: BackupConfig,
  everyMs = 60_000,
): Job {
  return defineJob({
    name: JOBS.backup,
    title: /*i18n*/ 'Takes the scheduled backup',
    everyMs,
    oncePer: backupPeriod(config),
    run: () => takeScheduledBackup({ ...deps, dataDir: deps.config.dataDir }, config),
    record: (result) => ({ file: path.basename(result.file), bytes: result.bytes, sha256: result.sha256 }),
  });
}

/**
 * The rate limits' old windows (issue 23: the table kept a row for every client and address ever counted).
 * Every instance may prune: deleting what another already deleted costs nothing.
 */
export function rateLimitPruneJob(limiter: Pick<RateLimiter, 'prune'>, logger: Logger, everyMs: number): Job {
  return defineJob({
    name: JOBS.rateLimitPrune,
    title: /*i18n*/ 'Drops the rate limits’ old counts',
    everyMs,
    run: async () => {
      const removed = await limiter.prune();
      if (removed > 0) logger.debug('old rate-limit windows pruned', { removed });
      return removed;
    },
  });
}

/** The answers kept in memory (issue 14): those past their age, and changes that never came back, let go. */
export function responseCacheSweepJob(answers: Pick<ResponseCache, 'sweep'>, everyMs = 60_000): Job {
  return defineJob({
    name: JOBS.responseCacheSweep,
    title: /*i18n*/ 'Lets go of answers kept in memory that are past their age',
    everyMs,
    run: async () => answers.sweep(),
  });
}

/**
 * The printables' thumbnails (issue 29): drawn at start (the runner's first look) unless kept in the file storage
 * from an earlier run, so the resources page does not wait for pdf.js; a daily look draws any that failed.
 */
export function resourceThumbnailsJob(resources: Pick<ResourceLibrary, 'prepareThumbnails'>, everyMs = 24 * 3_600_000): Job {
  return defineJob({
    name: JOBS.resourceThumbnails,
    title: /*i18n*/ 'Draws the first page of each printable for the resources page',
    everyMs,
    run: () => resources.prepareThumbnails(),
  });
}

/**
 * The needs board (issue 26): caseworkers' requests whose supervisor's link ran out expire, and the caseworker
 * is told. Every instance may look: each request is locked (SKIP LOCKED) and changed only while it still waits.
 */
export function needSupervisorExpiryJob(
  deps: Pick<AppDeps, 'config' | 'database' | 'clock' | 'live' | 'outbox' | 'logger'>,
  everyMs = NEED_CLOCK_EVERY_MS,
): Job {
  return defineJob({
    name: JOBS.needSupervisorExpiry,
    title: /*i18n*/ 'Expires the requests their supervisor did not answer in time',
    everyMs,
    run: () => expireSupervisorRequests(deps),
  });
}

/**
 * The needs board's routing and clock (issue 26, decision 039): announcing open needs near churches and
 * members' alerts, widening those nobody committed to, reminding askers, and closing needs after
 * NEED_EXPIRE_DAYS. Every instance runs them; each need is claimed by the row lock or the statement that
 * changes it, so none is announced, widened, reminded or closed twice.
 */
export function needJobs(deps: RoutingDeps & Pick<AppDeps, 'clock'>): Job[] {
  const now = () => deps.clock.now();
  return [
    defineJob({
      name: JOBS.needAnnounce,
      title: /*i18n*/ 'Tells churches and members of the open needs near them',
      everyMs: NEED_ANNOUNCE_EVERY_MS,
      run: () => announceDueNeeds(deps, { now: now() }),
    }),
    defineJob({
      name: JOBS.needWiden,
      title: /*i18n*/ 'Widens the needs nobody has committed to yet',
      everyMs: NEED_CLOCK_EVERY_MS,
      run: async () => ({ widened: await widenQuietNeeds(deps, { now: now() }) }),
    }),
    defineJob({
      name: JOBS.needRemind,
      title: /*i18n*/ 'Reminds askers to record how their need went',
      everyMs: NEED_CLOCK_EVERY_MS,
      run: async () => ({ reminded: await remindAskers(deps, { now: now() }) }),
    }),
    defineJob({
      name: JOBS.needExpire,
      title: /*i18n*/ 'Closes the needs open longer than the board keeps them',
      everyMs: NEED_CLOCK_EVERY_MS,
      run: async () => ({ closed: await expireOldNeeds(deps, { now: now() }) }),
    }),
  ];
}

/**
 * Care teams' clock (issue 27): the day-before reminders, unclaimed occurrences offered again, the family's
 * Sunday summary, clearances' notices and the anniversary question. Every instance runs them; each mail is
 * claimed by the row written with it (a care_notice row, or the team's or record's column that says it was
 * sent), so none goes twice.
 */
export function careJobs(deps: CareClockDeps & Pick<AppDeps, 'clock'>, everyMs = CARE_CLOCK_EVERY_MS): Job[] {
  const now = () => deps.clock.now();
  return [
    defineJob({
      name: JOBS.careRemind,
      title: /*i18n*/ 'Reminds care team members of what they claimed for tomorrow',
      everyMs,
      run: () => remindClaimers(deps, { now: now() }),
    }),
    defineJob({
      name: JOBS.careReoffer,
      title: /*i18n*/ 'Offers care tasks nobody has claimed to the team again',
      everyMs,
      run: () => reofferOpenOccurrences(deps, { now: now() }),
    }),
    defineJob({
      name: JOBS.careSummary,
      title: /*i18n*/ 'Mails each foster family its coming week on Sundays',
      everyMs,
      run: async () => ({ summaries: (await sendWeekSummaries(deps, { now: now() })).length }),
    }),
    defineJob({
      name: JOBS.clearanceNotices,
      title: /*i18n*/ 'Tells members and their point persons of clearances about to expire or expired',
      everyMs,
      run: () => sendClearanceNotices(deps, { now: now() }),
    }),
    defineJob({
      name: JOBS.careAnniversary,
      title: /*i18n*/ 'Asks families a year into their care team whether they are still fostering',
      everyMs,
      run: async () => ({ asked: (await askAnniversaries(deps, { now: now() })).length }),
    }),
  ];
}

/** What the jobs work on: the app's dependencies, and the parts buildApp and main.ts make. */
export type SiteJobParts = {
  deps: AppDeps;
  limiter: Pick<RateLimiter, 'prune'>;
  answers: Pick<ResponseCache, 'sweep'>;
  resources: Pick<ResourceLibrary, 'prepareThumbnails'>;
  /** The server's mail worker; tests of the API alone have none. */
  mailWorker?: MailWorker;
};

/** Every job of the site that the configuration turns on (a variable at 0, or unset, turns its job off here). */
export function siteJobs({ deps, limiter, answers, resources, mailWorker }: SiteJobParts): Job[] {
  const { config, logger } = deps;
  const jobs: Job[] = [];
  if (mailWorker) jobs.push(...mailJobs(mailWorker, logger.child({ part: 'mail' })));
  if (config.digestCheckMinutes > 0) {
    jobs.push(digestJob({ ...deps, logger: logger.child({ part: 'digest' }) }, { everyMs: config.digestCheckMinutes * 60_000 }));
  }
  if (config.backup) jobs.push(backupJob({ ...deps, logger: logger.child({ part: 'backup' }) }, config.backup));
  if (config.rateLimitPruneMinutes > 0) {
    jobs.push(rateLimitPruneJob(limiter, logger.child({ part: 'rate-limit' }), config.rateLimitPruneMinutes * 60_000));
  }
  jobs.push(...needJobs(deps));
  jobs.push(needSupervisorExpiryJob({ ...deps, logger: logger.child({ part: 'needs' }) }));
  jobs.push(...careJobs(deps));
  jobs.push(responseCacheSweepJob(answers));
  jobs.push(resourceThumbnailsJob(resources));
  return jobs;
}
