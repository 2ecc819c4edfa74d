import { and, asc, eq, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { systemClock, type Clock } from '../clock';
import type { Db } from '../db/client';
import { instanceName } from '../jobs';
import { mail, mailEvent } from '../db/schema';
import type { LivePublisher } from '../live';
import { createLogger, errorMessage, storedErrorMessage, type Logger } from '../logger';
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
   * How long a claim on an item holds unless renewed: a worker renews the claims it holds every third of it
   * while it sends them (and while it waits to record them), so only a worker that died (or lost the database
   * for longer than that) lets its items go back in line once it passes (issue 15: after a kill -9, ~15 s
   * instead of minutes).
   */
  leaseMs?: number;
  /** How often the claims in hand are renewed; a third of the lease unless told. */
  renewEveryMs?: number;
  /** The wait after the SMTP server was out of reach, doubled while it stays so, up to pauseMaxMs. */
  pauseBaseMs?: number;
  pauseMaxMs?: number;
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

type Outcome = 'sent' | 'retried' | 'failed' | 'lost' | 'unreachable' | 'unrecorded';

/** An attempt whose end is known (sent, or refused) but not yet written: the database was away. */
type Unrecorded = { item: MailItem; state: 'SUCCESS' | 'RETRY' | 'ERROR'; patch: Partial<typeof mail.$inferInsert>; detail: string };

/**
 * Delivers the outbox. Any number of workers (one per app instance) may share one database: items are
 * claimed with FOR UPDATE SKIP LOCKED, so each attempt belongs to exactly one worker, for as long as it
 * renews its claim (`nextAttemptAt` of a PROCESSING item is when the claim runs out).
 *
 * Delivery is at-least-once, and exactly once whenever the worker knows what happened (docs/faults.md):
 * - a message sent while the database is away is remembered and recorded as sent once it is back, never
 *   sent again; the worker keeps renewing its claim meanwhile, and other workers wait a whole lease after
 *   they see the database again before they take over claims that ran out (so the owner records first);
 * - an SMTP server out of reach is nobody's message's fault: the items go back in line without using up an
 *   attempt, and the worker pauses (1 s, doubling to 8 s) instead of giving them up;
 * - a worker that dies after the SMTP server accepted a message but before it recorded so leaves the item
 *   PROCESSING; it is sent again once the claim runs out, with the same Message-ID, which lets the
 *   receiving side drop the second copy. No sender can do better over SMTP: the acceptance and our record
 *   of it cannot be one step.
 *
 * All timestamps it writes and compares come from the injected clock, so tests can move time.
 */
export class MailWorker {
  readonly workerId: string;
  private readonly db: Db;
  private readonly transport: MailTransport;
  private readonly clock: Clock;
  private readonly logger: Logger;
  /** How often the mail-delivery job looks for due items when nobody wakes it (src/server/site-jobs.ts). */
  readonly pollMs: number;
  private readonly maxAttempts: number;
  private readonly backoffBaseMs: number;
  private readonly backoffMaxMs: number;
  private readonly leaseMs: number;
  /** How often the mail-claims job renews the claims in hand. */
  readonly renewEveryMs: number;
  private readonly pauseBaseMs: number;
  private readonly pauseMaxMs: number;
  private readonly batchSize: number;
  private readonly live: LivePublisher | undefined;

  /** Items this worker has claimed and not yet recorded the end of (their claims are renewed). */
  private readonly inHand = new Map<string, MailItem>();
  private readonly unrecorded = new Map<string, Unrecorded>();
  /** Since when (clock ms) the database has answered this worker without failing; undefined while it fails. */
  private healthySince: number | undefined;
  private pauseMs: number;
  /** Real time (Date.now()) before which the worker claims nothing: the SMTP server was out of reach. */
  private pausedUntil = 0;

  constructor(options: MailWorkerOptions) {
    this.db = options.db;
    this.transport = options.transport;
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger ?? createLogger('info');
    this.pollMs = options.pollMs ?? 5_000;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.backoffBaseMs = options.backoffBaseMs ?? 30_000;
    this.backoffMaxMs = options.backoffMaxMs ?? 60 * 60_000;
    this.leaseMs = options.leaseMs ?? 15_000;
    this.renewEveryMs = options.renewEveryMs ?? Math.floor(this.leaseMs / 3);
    this.pauseBaseMs = options.pauseBaseMs ?? 1_000;
    this.pauseMaxMs = options.pauseMaxMs ?? 8_000;
    this.pauseMs = this.pauseBaseMs;
    this.batchSize = options.batchSize ?? 5;
    this.live = options.live;
    this.workerId = options.workerId ?? instanceName();
    if (this.maxAttempts < 1) throw new Error('maxAttempts must be at least 1');
    this.healthySince = this.clock.now().getTime();
  }

  /**
   * Recovers expired leases, then delivers every item that is due now, batch after batch, until there are
   * none or `signal` says the server stops (the items already claimed are still sent and recorded). The
   * mail-delivery job runs it (one run at a time), and the outbox's wake() asks that job to run at once.
   * A failure (the database is away) leaves the items where they are, and the next run tries again.
   */
  async runOnce(signal?: AbortSignal): Promise<MailRunSummary> {
    try {
      return await this.processDue(signal);
    } catch (err) {
      this.healthySince = undefined;
      throw err;
    }
  }

  /** How long (real time) the worker waits before it looks again: the SMTP server was out of reach. 0: it does not wait. */
  pausedMs(): number {
    return Math.max(0, this.pausedUntil - Date.now());
  }

  /**
   * Keeps this worker's claims on the items in hand from running out while it sends (or waits to record)
   * them: the mail-claims job, every `renewEveryMs`. Throws when the database is away.
   */
  async renewClaims() {
    const ids = [...new Set([...this.inHand.keys(), ...this.unrecorded.keys()])];
    if (ids.length === 0) return;
    try {
      await this.db
        .update(mail)
        .set({ nextAttemptAt: new Date(this.clock.now().getTime() + this.leaseMs) })
        .where(and(inArray(mail.id, ids), eq(mail.state, 'PROCESSING'), eq(mail.lockedBy, this.workerId)));
    } catch (err) {
      this.healthySince = undefined;
      throw err;
    }
  }

  /** Writes what happened to items whose end the database could not take at the time. Throws while it still cannot. */
  private async recordRemembered(): Promise<Pick<MailRunSummary, 'sent' | 'retried' | 'failed'>> {
    const done = { sent: 0, retried: 0, failed: 0 };
    for (const [id, pending] of this.unrecorded) {
      const isRecorded = await this.record(pending.item, pending.state, pending);
      this.unrecorded.delete(id);
      this.inHand.delete(id);
      if (!isRecorded) continue;
      this.logger.info('mail result recorded once the database was back', { mailId: id, state: pending.state });
      done[pending.state === 'SUCCESS' ? 'sent' : pending.state === 'RETRY' ? 'retried' : 'failed'] += 1;
    }
    return done;
  }

  private async processDue(signal: AbortSignal | undefined): Promise<MailRunSummary> {
    // First what is known but not written: nobody may send those again.
    const remembered = await this.recordRemembered();
    this.healthySince ??= this.clock.now().getTime();
    const summary: MailRunSummary = { recovered: await this.recoverExpired(), ...remembered };
    while (!signal?.aborted) {
      const batch = await this.claim();
      if (batch.length === 0) break;
      const outcomes = await Promise.all(batch.map((item) => this.deliver(item)));
      for (const outcome of outcomes) {
        const key = outcome === 'unreachable' ? 'retried' : outcome;
        if (key in summary) summary[key as keyof MailRunSummary] += 1;
      }
      if (outcomes.includes('sent')) this.pauseMs = this.pauseBaseMs;
      if (outcomes.includes('unreachable')) {
        // The SMTP server is out of reach: wait before claiming more, longer while it stays so.
        this.pausedUntil = Date.now() + this.pauseMs;
        this.pauseMs = Math.min(this.pauseMs * 2, this.pauseMaxMs);
        break;
      }
      // The database went away while recording: stop here; what was sent is remembered, the next run records it.
      if (outcomes.includes('unrecorded')) throw new Error('the database did not take the results of some attempts');
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
          // For a PROCESSING item: when this worker's claim runs out unless renewed.
          nextAttemptAt: new Date(now.getTime() + this.leaseMs),
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
    for (const item of claimed) this.inHand.set(item.id, item);
    return claimed.sort((a, b) => a.date.getTime() - b.date.getTime());
  }

  private async deliver(item: MailItem): Promise<Outcome> {
    let result: SendResult;
    try {
      result = await this.transport.send(item);
    } catch (err) {
      if (isServerUnreachable(err)) return this.putBack(item, storedErrorMessage(err));
      return this.fail(item, storedErrorMessage(err));
    }
    // From here on the message has been sent: a failure to record must never lead to sending it again.
    const outcome = await this.end(item, 'SUCCESS', {
      patch: { endTime: this.clock.now(), error: null, info: { messageId: result.messageId, ...result.info } },
      detail: `sent as ${result.messageId}`,
    });
    if (outcome === 'done') this.logger.info('mail sent', { mailId: item.id, form: item.form, attempt: item.attempts });
    return outcome === 'done' ? 'sent' : outcome;
  }

  private async fail(item: MailItem, error: string): Promise<Outcome> {
    if (item.attempts >= this.maxAttempts) {
      const outcome = await this.end(item, 'ERROR', { patch: { endTime: this.clock.now(), error }, detail: error });
      if (outcome === 'done') this.logger.error('mail gave up', { mailId: item.id, form: item.form, attempt: item.attempts, error });
      return outcome === 'done' ? 'failed' : outcome;
    }
    const nextAttemptAt = new Date(this.clock.now().getTime() + this.backoffMs(item.attempts));
    const outcome = await this.end(item, 'RETRY', {
      patch: { nextAttemptAt, error },
      detail: `${error} (next attempt at ${nextAttemptAt.toISOString()})`,
    });
    if (outcome === 'done') this.logger.warn('mail will be retried', { mailId: item.id, attempt: item.attempts, error });
    return outcome === 'done' ? 'retried' : outcome;
  }

  /**
   * The SMTP server could not be reached: the message was never offered, so the attempt is given back (it
   * does not count towards giving up) and the item waits for the worker's pause.
   */
  private async putBack(item: MailItem, error: string): Promise<Outcome> {
    const nextAttemptAt = new Date(this.clock.now().getTime() + this.pauseMs);
    const outcome = await this.end(item, 'RETRY', {
      patch: { nextAttemptAt, error, attempts: item.attempts - 1 },
      detail: `the SMTP server is out of reach: ${error} (not counted as an attempt; next try at ${nextAttemptAt.toISOString()})`,
    });
    if (outcome === 'done') this.logger.warn('mail server out of reach', { mailId: item.id, error });
    return outcome === 'done' ? 'unreachable' : outcome;
  }

  /**
   * Records the end of this worker's attempt; when the database is away, remembers it (its claim is renewed
   * meanwhile) and records it at the next run, so a message that was sent is never sent again.
   */
  private async end(
    item: MailItem,
    state: Unrecorded['state'],
    what: Omit<Unrecorded, 'item' | 'state'>,
  ): Promise<'done' | 'lost' | 'unrecorded'> {
    try {
      const isRecorded = await this.record(item, state, what);
      this.inHand.delete(item.id);
      return isRecorded ? 'done' : 'lost';
    } catch (err) {
      this.unrecorded.set(item.id, { item, state, ...what });
      this.logger.warn('mail result kept until the database is back', {
        mailId: item.id,
        state,
        err: errorMessage(err),
      });
      return 'unrecorded';
    }
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
   * Puts items whose worker stopped renewing its claim (PROCESSING past `nextAttemptAt`) back in line. Only
   * once this worker itself has had the database answering for a whole lease: after an outage, the owner of
   * a claim that ran out meanwhile gets that long to record what it sent. The interrupted attempt counts
   * against maxAttempts: a message that crashes the worker every time it is sent must end as ERROR instead of
   * taking the worker down forever. It is retried at once, since it already waited a lease.
   */
  private async recoverExpired(): Promise<number> {
    const now = this.clock.now();
    if (this.healthySince === undefined || now.getTime() - this.healthySince < this.leaseMs) return 0;
    return this.db.transaction(async (tx) => {
      const stale = await tx
        .select({ id: mail.id, attempts: mail.attempts, lockedBy: mail.lockedBy })
        .from(mail)
        .where(and(eq(mail.state, 'PROCESSING'), lt(mail.nextAttemptAt, now), or(isNull(mail.lockedBy), ne(mail.lockedBy, this.workerId))))
        .for('update', { skipLocked: true });
      for (const item of stale) {
        const error = `worker ${item.lockedBy ?? 'unknown'} stopped renewing its claim on attempt ${item.attempts} (lease ${this.leaseMs} ms)`;
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

/**
 * Errors that say the SMTP server could not be reached or would not talk (refused, timed out, reset, no such
 * host, 421 "service not available", refused credentials), rather than that it refused this message.
 */
const UNREACHABLE_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'EAUTH',
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
export function isServerUnreachable(err: unknown): boolean {
  const { code, responseCode } = (err ?? {}) as { code?: unknown; responseCode?: unknown };
  if (responseCode === 421) return true;
  if (typeof responseCode === 'number') return false;
  return typeof code === 'string' && UNREACHABLE_CODES.has(code);
}
