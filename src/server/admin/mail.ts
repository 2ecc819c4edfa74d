import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  ADMIN_ACTIONS,
  ADMIN_MAIL_PAGE_SIZE,
  MAIL_NOT_FOUND,
  type AdminMailDetail,
  type AdminMailListResponse,
  type AdminMailSummary,
  type MailFormsResponse,
} from '../../shared/admin';
import type { Db } from '../db/client';
import { cursorOf, olderThan, pageOf } from '../db/keyset';
import { mail, mailEvent } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { later } from '../i18n';
import { announceMail } from '../mail';
import { recordActivity, type Actor } from '../activity';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'live' | 'outbox' | 'logger'>;

const summaryColumns = {
  id: mail.id,
  form: mail.form,
  date: mail.date,
  to: mail.to,
  replyTo: mail.replyTo,
  subject: sql<string>`${mail.message}->>'subject'`,
  state: mail.state,
  attempts: mail.attempts,
  startTime: mail.startTime,
  endTime: mail.endTime,
  error: mail.error,
};

type SummaryRow = {
  [K in keyof typeof summaryColumns]: K extends 'subject' ? string : (typeof mail.$inferSelect)[Exclude<K, 'subject'>];
};

function toSummary(row: SummaryRow): AdminMailSummary {
  return {
    id: row.id,
    form: row.form,
    date: row.date.toISOString(),
    to: row.to,
    replyTo: row.replyTo,
    subject: row.subject,
    state: row.state,
    attempts: row.attempts,
    startTime: row.startTime?.toISOString() ?? null,
    endTime: row.endTime?.toISOString() ?? null,
    error: row.error,
  };
}

/** Every mail item, newest first, a page at a time; optionally one form and one delivery state. */
export async function listMail(
  db: Db,
  filter: { form?: string | undefined; state?: AdminMailSummary['state'] | undefined; before?: string | undefined },
): Promise<AdminMailListResponse> {
  const rows = await db
    .select({ ...summaryColumns, cursor: cursorOf(mail.date) })
    .from(mail)
    .where(
      and(
        filter.form ? eq(mail.form, filter.form) : undefined,
        filter.state ? eq(mail.state, filter.state) : undefined,
        filter.before ? olderThan(mail.date, mail.id, filter.before) : undefined,
      ),
    )
    .orderBy(desc(mail.date), desc(mail.id))
    .limit(ADMIN_MAIL_PAGE_SIZE + 1);
  const { page, nextCursor } = pageOf(rows, ADMIN_MAIL_PAGE_SIZE);
  return { items: page.map(toSummary), nextCursor };
}

/** The forms that have mail, for the filter, with how many items each. */
export async function listMailForms(db: Db): Promise<MailFormsResponse> {
  const rows = await db.select({ form: mail.form, count: count() }).from(mail).groupBy(mail.form).orderBy(asc(mail.form));
  return { forms: rows };
}

/**
 * Events written in the same millisecond keep the order they happen in within an attempt: queued, claimed,
 * its outcome, then an admin's retry of a failed attempt.
 */
const EVENT_ORDER = sql`case ${mailEvent.state} when 'PENDING' then 0 when 'PROCESSING' then 1 when 'RETRY' then 3 else 2 end`;

/**
 * A password-reset link in the log would let whoever reads it take over the member's account for an hour.
 * The admin's view shows such links with the token hidden; the stored message (which the worker sends, and
 * a retry sends again) keeps it.
 */
export function hideTokens(text: string): string {
  return text.replace(/((?:\?|&amp;|&)token=)[^\s&"'<>#]+/gi, '$1[hidden]');
}

/** One item with its text, its HTML part (secret tokens hidden) and the history of its delivery. */
export async function getMail(db: Db, { id }: { id: string }): Promise<AdminMailDetail> {
  const [row] = await db
    .select({ ...summaryColumns, message: mail.message })
    .from(mail)
    .where(eq(mail.id, id));
  if (!row) throw new AppError('NOT_FOUND', MAIL_NOT_FOUND);
  const events = await db
    .select({ at: mailEvent.at, state: mailEvent.state, attempt: mailEvent.attempt, detail: mailEvent.detail })
    .from(mailEvent)
    .where(eq(mailEvent.mailId, id))
    .orderBy(asc(mailEvent.at), asc(mailEvent.attempt), EVENT_ORDER);
  return {
    ...toSummary(row),
    text: hideTokens(row.message.text),
    html: hideTokens(row.message.html),
    events: events.map((e) => ({ ...e, at: e.at.toISOString() })),
  };
}

/**
 * product.md §3.17: delete a mail item. Whatever its state: deleting a PENDING item cancels it; a worker sending it
 * right now finds it gone when it records the outcome (and logs that). Logged with what the item was.
 */
export async function deleteMail(deps: Deps, { actor, id }: { actor: Actor; id: string }): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(mail)
      .where(eq(mail.id, id))
      .returning({ form: mail.form, to: mail.to, state: mail.state, subject: sql<string>`${mail.message}->>'subject'` });
    if (!gone) throw new AppError('NOT_FOUND', MAIL_NOT_FOUND);
    await recordActivity(
      { db: tx, live: deps.live },
      {
        actor,
        action: ADMIN_ACTIONS.mailDeleted,
        target: id,
        details: gone,
        at: deps.clock.now(),
      },
    );
    await announceMail(deps.live, tx, 'deleted', id);
  });
  deps.logger.info('mail item deleted', { mailId: id, by: actor.uid });
}

/**
 * Puts a failed (ERROR) item back in line for one more attempt, due at once, and wakes the worker. Attempts
 * keep counting, so the worker gives it exactly one attempt: a failure shows as ERROR again at once rather
 * than after hours of backoff. Other states are refused: they are delivered, or being delivered.
 */
export async function retryMail(deps: Deps, { actor, id }: { actor: Actor; id: string }): Promise<AdminMailSummary> {
  const now = deps.clock.now();
  const row = await deps.database.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(mail)
      .set({ state: 'RETRY', nextAttemptAt: now, endTime: null, lockedBy: null })
      .where(and(eq(mail.id, id), eq(mail.state, 'ERROR')))
      .returning(summaryColumns);
    if (!updated) {
      const [existing] = await tx.select({ state: mail.state }).from(mail).where(eq(mail.id, id));
      if (!existing) throw new AppError('NOT_FOUND', MAIL_NOT_FOUND);
      throw new AppError(
        'CONFLICT',
        later(/*i18n*/ 'Only a failed (ERROR) item can be retried; this one is {state}.', { state: existing.state }),
      );
    }
    await tx.insert(mailEvent).values({
      mailId: id,
      at: now,
      state: 'RETRY',
      attempt: updated.attempts,
      detail: `retry asked by ${actor.email ?? 'the command line'}`,
    });
    await recordActivity(
      { db: tx, live: deps.live },
      {
        actor,
        action: ADMIN_ACTIONS.mailRetried,
        target: id,
        details: { form: updated.form, to: updated.to, subject: updated.subject, attempts: updated.attempts },
        at: now,
      },
    );
    await announceMail(deps.live, tx, 'updated', id);
    return updated;
  });
  deps.outbox.wake();
  deps.logger.info('mail item retried', { mailId: id, by: actor.uid });
  return toSummary(row);
}
