import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { systemClock, type Clock } from '../clock';
import type { Db } from '../db/client';
import { mail, mailEvent } from '../db/schema';
import type { LivePublisher } from '../live';
import { createLogger, type Logger } from '../logger';
import { announceMail, type DeliveryState, type MailItem } from './outbox';
import type { MailTransport, SendResult } from './transport';

export type MailWorkerOptions = {
  db: Db;
  transport: MailTransport;
  clock?: Clock;
  logger?: Logger;
  /** How often to look for due items when nobody calls wake(). */
  pollMs?: number;
  /** Attempts before an item is given up as ERROR. */
  maxAttempts?: number;
  /** Wait after the first failed attempt; doubled after each further one, up to backoffMaxMs. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /**
   * How long an item may stay PROCESSING before it is taken to belong to a crashed worker. Keep it longer
   * than the longest send (see the SMTP timeouts in transport.ts), or a slow send gets delivered twice.
   */
  leaseMs?: number;
  /**
   * Items claimed at once; they are sent concurrently, so keep it at most the SMTP pool's connections (5):
   * a claimed item waiting for a connection would spend its lease waiting.
   */
  batchSize?: number;
  /** Written to `lockedBy`; unique per process so a crashed worker's items can be told apart. */
  workerId?: string;
  /** Announces every state change to the admin's open mail log. */
  live?: LivePublisher;
};

export type MailRunSummary = { recovered: number; sent: number; retried: number; failed: number };

type Outcome = 'sent' | 'retried' | 'failed' | 'lost';

const MAX_ERROR_LENGTH = 2000;

/**
 * Delivers the outbox. Any number of workers (one per app instance) may share one database: items are
 * claimed with FOR UPDATE SKIP LOCKED, so each attempt belongs to exactly one worker. Delivery is
 * at-least-once: a worker that dies after sending but before recording success leaves the item
 * PROCESSING, and it is sent again once its lease expires (with the same Message-ID).
 *
 * All timestamps it writes and compares come from the injected clock, so tests can move time.
 */
export class MailWorker {
  readonly workerId: string;
  private readonly db: Db;
  private readonly transport: MailTransport;
  private readonly clock: Clock;
  private readonly logger: Logger;
  private readonly pollMs: number;
  private readonly maxAttempts: number;
  private readonly backoffBaseMs: number;
  private readonly backoffMaxMs: number;
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly live: LivePublisher | undefined;

  private isStarted = false;
  private isHalting = false;
  private isTicking = false;
  private isWakeRequested = false;
  private timer: NodeJS.Timeout | undefined;
  /** The run in progress (settled, never rejects), so runs never overlap and stop() can wait for it. */
  private inFlight: Promise<void> | undefined;

  constructor(options: MailWorkerOptions) {
    this.db = options.db;
    this.transport = options.transport;
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger ?? createLogger('info');
    this.pollMs = options.pollMs ?? 5_000;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.backoffBaseMs = options.backoffBaseMs ?? 30_000;
    this.backoffMaxMs = options.backoffMaxMs ?? 60 * 60_000;
    this.leaseMs = options.leaseMs ?? 2 * 60_000;
    this.batchSize = options.batchSize ?? 5;
    this.live = options.live;
    this.workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    if (this.maxAttempts < 1) throw new Error('maxAttempts must be at least 1');
  }

  /** Starts polling; the first run happens at once. */
  start(): void {
    if (this.isStarted) return;
    this.isStarted = true;
    this.schedule(0);
  }

  /** Stops polling and resolves once the run in flight (and the sends in it) has finished. Idempotent. */
  async stop(): Promise<void> {
    this.isStarted = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    // Stop claiming more batches; the items already claimed are still sent and recorded.
    this.isHalting = true;
    try {
      while (this.inFlight) await this.inFlight;
    } finally {
      this.isHalting = false;
    }
  }

  /** Asks for a run now, e.g. right after an item was enqueued, instead of waiting for the next poll. */
  wake(): void {
    if (!this.isStarted) return;
    if (this.isTicking) {
      // The tick in flight may have looked for due items before this one was committed: run again after it.
      this.isWakeRequested = true;
      return;
    }
    this.schedule(0);
  }

  /**
   * Recovers expired leases, then delivers every item that is due now, batch after batch. Runs are
   * serialized: a call made during another run starts when that one ends.
   */
  runOnce(): Promise<MailRunSummary> {
    const run = (this.inFlight ?? Promise.resolve()).then(() => this.processDue());
    const settled: Promise<void> = run.then(
      () => this.clearInFlight(settled),
      () => this.clearInFlight(settled),
    );
    this.inFlight = settled;
    return run;
  }

  private clearInFlight(run: Promise<void>) {
    if (this.inFlight === run) this.inFlight = undefined;
  }

  private schedule(delayMs: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    // The worker alone must not keep a process (a CLI, a test) alive.
    this.timer.unref();
  }

  private async tick() {
    this.timer = undefined;
    this.isTicking = true;
    this.isWakeRequested = false;
    try {
      const summary = await this.runOnce();
      if (summary.recovered + summary.sent + summary.retried + summary.failed > 0) {
        this.logger.debug('mail run', { ...summary });
      }
    } catch (err) {
      // A database hiccup: the items stay where they are and the next poll tries again.
      this.logger.error('mail worker run failed', { err });
    } finally {
      this.isTicking = false;
    }
    if (!this.isStarted) return;
    this.schedule(this.isWakeRequested ? 0 : this.pollMs);
  }

  private async processDue(): Promise<MailRunSummary> {
    const summary: MailRunSummary = { recovered: await this.recoverExpired(), sent: 0, retried: 0, failed: 0 };
    while (!this.isHalting) {
      const batch = await this.claim();
      if (batch.length === 0) break;
      const results = await Promise.allSettled(batch.map((item) => this.deliver(item)));
      let firstError: Error | undefined;
      for (const result of results) {
        if (result.status === 'rejected') firstError ??= result.reason instanceof Error ? result.reason : new Error(String(result.reason));
        else if (result.value !== 'lost') summary[result.value] += 1;
      }
      // Only recording can throw (the database is unreachable): stop here, the next run resumes.
      if (firstError !== undefined) throw firstError;
    }
    return summary;
  }

  /** Moves up to batchSize due items to PROCESSING for this worker, oldest first. */
  private async claim(): Promise<MailItem[]> {
    const now = this.clock.now();
    const claimed = await this.db.transaction(async (tx) => {
      const due = tx
        .select({ id: mail.id })
        .from(mail)
        .where(and(inArray(mail.state, ['PENDING', 'RETRY']), lte(mail.nextAttemptAt, now)))
        .orderBy(asc(mail.date))
        .limit(this.batchSize)
        .for('update', { skipLocked: true });
      const items = await tx
        .update(mail)
        .set({
          state: 'PROCESSING',
          attempts: sql`${mail.attempts} + 1`,
          startTime: now,
          endTime: null,
          lockedBy: this.workerId,
        })
        .where(inArray(mail.id, due))
        .returning();
      if (items.length > 0) {
        await tx.insert(mailEvent).values(
          items.map((item) => ({
            mailId: item.id,
            at: now,
            state: 'PROCESSING' as const,
            attempt: item.attempts,
            detail: `claimed by ${this.workerId}`,
          })),
        );
        for (const item of items) await announceMail(this.live, tx, 'updated', item.id);
      }
      return items;
    });
    return claimed.sort((a, b) => a.date.getTime() - b.date.getTime());
  }

  private async deliver(item: MailItem): Promise<Outcome> {
    let result: SendResult;
    try {
      result = await this.transport.send(item);
    } catch (err) {
      return this.fail(item, describeError(err));
    }
    // A failure to record from here on must not turn into a RETRY: the message has been sent.
    const isRecorded = await this.record(item, 'SUCCESS', {
      patch: { endTime: this.clock.now(), error: null, info: { messageId: result.messageId, ...result.info } },
      detail: `sent as ${result.messageId}`,
    });
    if (!isRecorded) return 'lost';
    this.logger.info('mail sent', { mailId: item.id, form: item.form, attempt: item.attempts });
    return 'sent';
  }

  private async fail(item: MailItem, error: string): Promise<Outcome> {
    if (item.attempts >= this.maxAttempts) {
      const isRecorded = await this.record(item, 'ERROR', { patch: { endTime: this.clock.now(), error }, detail: error });
      if (!isRecorded) return 'lost';
      this.logger.error('mail gave up', { mailId: item.id, form: item.form, attempt: item.attempts, error });
      return 'failed';
    }
    const nextAttemptAt = new Date(this.clock.now().getTime() + this.backoffMs(item.attempts));
    const isRecorded = await this.record(item, 'RETRY', {
      patch: { nextAttemptAt, error },
      detail: `${error} (next attempt at ${nextAttemptAt.toISOString()})`,
    });
    if (!isRecorded) return 'lost';
    this.logger.warn('mail will be retried', { mailId: item.id, attempt: item.attempts, error });
    return 'retried';
  }

  /** Wait before the attempt after `attempt` failed ones: base, 2×base, 4×base, … capped. */
  private backoffMs(attempt: number): number {
    return Math.min(this.backoffBaseMs * 2 ** Math.max(0, attempt - 1), this.backoffMaxMs);
  }

  /**
   * Ends this worker's attempt on an item. Only when the item is still ours: if our lease expired and another
   * worker recovered it, its record wins and ours is dropped (returns false).
   */
  private async record(
    item: MailItem,
    state: Extract<DeliveryState, 'SUCCESS' | 'RETRY' | 'ERROR'>,
    { patch, detail }: { patch: Partial<typeof mail.$inferInsert>; detail: string },
  ): Promise<boolean> {
    const now = this.clock.now();
    const isRecorded = await this.db.transaction(async (tx) => {
      const updated = await tx
        .update(mail)
        .set({ ...patch, state, lockedBy: null })
        .where(and(eq(mail.id, item.id), eq(mail.state, 'PROCESSING'), eq(mail.lockedBy, this.workerId), eq(mail.attempts, item.attempts)))
        .returning({ id: mail.id });
      if (updated.length === 0) return false;
      await tx.insert(mailEvent).values({ mailId: item.id, at: now, state, attempt: item.attempts, detail });
      await announceMail(this.live, tx, 'updated', item.id);
      return true;
    });
    if (!isRecorded) {
      this.logger.warn('mail item was taken over before its attempt was recorded', {
        mailId: item.id,
        attempt: item.attempts,
        state,
      });
    }
    return isRecorded;
  }

  /**
   * Puts items whose worker stopped answering (PROCESSING past the lease) back in line. The interrupted
   * attempt counts against maxAttempts: a message that crashes the worker every time it is sent must end
   * as ERROR instead of taking the worker down forever. It is retried at once, since it already waited a lease.
   */
  private async recoverExpired(): Promise<number> {
    const now = this.clock.now();
    const expiredBefore = new Date(now.getTime() - this.leaseMs);
    return this.db.transaction(async (tx) => {
      const stale = await tx
        .select({ id: mail.id, attempts: mail.attempts, lockedBy: mail.lockedBy })
        .from(mail)
        .where(and(eq(mail.state, 'PROCESSING'), lt(mail.startTime, expiredBefore)))
        .for('update', { skipLocked: true });
      for (const item of stale) {
        const error = `worker ${item.lockedBy ?? 'unknown'} did not finish attempt ${item.attempts} within ${this.leaseMs} ms`;
        const isFinal = item.attempts >= this.maxAttempts;
        const state = isFinal ? 'ERROR' : 'RETRY';
        await tx
          .update(mail)
          .set(isFinal ? { state, error, lockedBy: null, endTime: now } : { state, error, lockedBy: null, nextAttemptAt: now })
          .where(eq(mail.id, item.id));
        await tx.insert(mailEvent).values({ mailId: item.id, at: now, state, attempt: item.attempts, detail: error });
        await announceMail(this.live, tx, 'updated', item.id);
        this.logger.warn('mail lease expired', { mailId: item.id, attempt: item.attempts, lockedBy: item.lockedBy });
      }
      return stale.length;
    });
  }
}

/** Creates a worker and starts it. */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const worker = new MailWorker(options);
  worker.start();
  return worker;
}

function describeError(err: unknown): string {
  const text = err instanceof Error ? err.message || err.name : String(err);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH)}…` : text;
}
