import { asc, eq, inArray } from 'drizzle-orm';
import { ADMIN_ACTIONS } from '../../shared/admin';
import { HOUR } from '../../shared/durations';
import { SUPERVISOR_LINK_DAYS } from '../../shared/needs';
import { NEED_NOT_WAITING, NEED_QUEUE_MAX, type QueuedNeed } from '../../shared/needs-approvals';
import { recordActivity, type Actor } from '../activity';
import type { Tx } from '../db/client';
import { caseworker, church, need, profile, user } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { i18nFor, isLocale } from '../i18n';
import { MAIL_FORMS, renderMail, type RenderMailInput } from '../mail';
import { itemsOf, needById, needFieldsOf, NEED_REVIEWS_TOPIC, NEEDS_TOPIC, openNeed, totalsOf, type NeedRow } from './store';

// The admin's queue (issue 26): requests by members and point persons wait here for an admin to approve,
// edit (the asker's edit page) or decline with a reason the asker is sent. A caseworker's request waits for
// their supervisor's link, and shows here too, so the team sees it and may still decide on it.

type Deps = Pick<AppDeps, 'config' | 'database' | 'clock' | 'live' | 'outbox' | 'logger'>;
const WAITING = ['review', 'supervisor'] as const;

/** Requests waiting for approval, oldest first, with who asked and how long they have waited. */
export async function needQueue(deps: Pick<AppDeps, 'database' | 'clock'>): Promise<QueuedNeed[]> {
  const { db } = deps.database;
  const rows = await db
    .select({
      row: need,
      email: user.email,
      firstName: profile.firstName,
      lastName: profile.lastName,
      caseworkerName: caseworker.name,
      churchName: church.name,
    })
    .from(need)
    .leftJoin(user, eq(user.id, need.askerUid))
    .leftJoin(profile, eq(profile.uid, need.askerUid))
    // A caseworker may have no profile: their application's name stands for it.
    .leftJoin(caseworker, eq(caseworker.uid, need.askerUid))
    .leftJoin(church, eq(church.id, need.churchId))
    .where(inArray(need.status, WAITING))
    .orderBy(asc(need.createdAt), asc(need.id))
    .limit(NEED_QUEUE_MAX);
  const items = await itemsOf(
    db,
    rows.map((r) => r.row.id),
  );
  const now = deps.clock.now().getTime();
  return rows.map(({ row, email, firstName, lastName, caseworkerName, churchName }) => {
    const its = items.get(row.id) ?? [];
    const name = [firstName, lastName].filter(Boolean).join(' ').trim() || caseworkerName;
    return {
      id: row.id,
      ...needFieldsOf(row),
      status: row.status,
      askedAs: row.askedAs,
      items: its,
      totalValue: totalsOf(its).totalValue,
      asker: row.askerUid && email ? { uid: row.askerUid, name: name || email, email } : null,
      church: row.churchId && churchName ? { id: row.churchId, name: churchName } : null,
      agency: row.agency,
      supervisorName: row.supervisorName,
      createdAt: row.createdAt.toISOString(),
      waitingHours: Math.max(0, Math.floor((now - row.createdAt.getTime()) / HOUR)),
    };
  });
}

/** A waiting need, locked for the decision; 404 if there is none, 409 once it stopped waiting. */
async function waitingNeed(tx: Tx, id: number): Promise<NeedRow> {
  const [row] = await tx.select().from(need).where(eq(need.id, id)).for('update');
  if (!row) return needById(tx, id);
  if (!(WAITING as readonly string[]).includes(row.status)) throw new AppError('CONFLICT', NEED_NOT_WAITING);
  return row;
}

/** What the asker of a request is told once it is decided, or once it ran out. */
export type Answer =
  { to: 'open'; by: 'admin' | 'supervisor' } | { to: 'declined'; by: 'admin' | 'supervisor'; reason: string } | { to: 'expired' };

/**
 * Queues the mail that tells the asker what became of their request (nothing when their account is gone). In
 * the transaction of the change, so the mail goes exactly when the change happened.
 */
export async function tellAsker(deps: Pick<AppDeps, 'config' | 'outbox'>, tx: Tx, row: NeedRow, answer: Answer): Promise<boolean> {
  if (!row.askerUid) return false;
  const [asker] = await tx
    .select({ email: user.email, firstName: profile.firstName, locale: user.locale })
    .from(user)
    .leftJoin(profile, eq(profile.uid, user.id))
    .where(eq(user.id, row.askerUid));
  if (!asker) return false;
  const home = deps.config.publicUrl;
  // In the asker's language, whoever decided.
  const locale = isLocale(asker.locale) ? asker.locale : 'en';
  const i18n = i18nFor(locale);
  const hello = asker.firstName ? i18n._('Dear {name},', { name: asker.firstName }) : i18n._('Hello,');
  const bySupervisor = answer.to !== 'expired' && answer.by === 'supervisor';
  const supervisor = { name: row.supervisorName ?? '' };
  const quoted = { quote: `${row.title}\n${row.city}, ${row.state}` };
  const title = { title: row.title };
  let message: RenderMailInput;
  let form;
  if (answer.to === 'open') {
    form = MAIL_FORMS.needApproved;
    message = {
      locale,
      subject: i18n._('Your request is on the needs board: {title}', title),
      paragraphs: [
        hello,
        bySupervisor
          ? i18n._('Your supervisor, {name}, approved your request:', supervisor)
          : i18n._('The team of the Foster Care Network approved your request:'),
        quoted,
        i18n._(
          'It now goes to the churches near the family, and further if nobody responds within a few days. You are mailed as soon as someone commits to it.',
        ),
        { action: `${home}/needs/${row.id}`, label: i18n._('Your request on the board') },
      ],
    };
  } else if (answer.to === 'declined') {
    form = MAIL_FORMS.needDeclined;
    message = {
      locale,
      subject: i18n._('About your request: {title}', title),
      paragraphs: [
        hello,
        bySupervisor
          ? i18n._('Your supervisor, {name}, did not put your request on the needs board:', supervisor)
          : i18n._('The team of the Foster Care Network did not put your request on the needs board:'),
        quoted,
        i18n._('The reason given:'),
        { quote: answer.reason },
        i18n._('You can write it again with what was missing:'),
        { action: `${home}/needs/new`, label: i18n._('Ask for a need') },
      ],
    };
  } else {
    form = MAIL_FORMS.needLinkExpired;
    const days = { days: SUPERVISOR_LINK_DAYS };
    message = {
      locale,
      subject: i18n._('Your request expired: {title}', title),
      paragraphs: [
        hello,
        row.supervisorName
          ? i18n._(
              'Your supervisor, {name}, did not answer your request within the {days} days its link works, so it expired and is not on the needs board:',
              { name: supervisor.name, days: SUPERVISOR_LINK_DAYS },
            )
          : i18n._(
              'Your supervisor did not answer your request within the {days} days its link works, so it expired and is not on the needs board:',
              days,
            ),
        quoted,
        i18n._('If the family still needs it, write it again: a new link goes to your supervisor.'),
        { action: `${home}/needs/new`, label: i18n._('Ask for a need') },
      ],
    };
  }
  await deps.outbox.add({ form, to: asker.email.toLowerCase(), ...renderMail(message) }, tx);
  return true;
}

/** An admin approves a waiting request: it goes on the board (openNeed), and the asker is told. */
export async function approveNeed(deps: Deps, { actor, id }: { actor: Actor; id: number }): Promise<void> {
  const now = deps.clock.now();
  await deps.database.db.transaction(async (tx) => {
    const row = await waitingNeed(tx, id);
    await openNeed(tx, deps.live, { id, now, approvedBy: actor.uid });
    await tellAsker(deps, tx, row, { to: 'open', by: 'admin' });
    await recordActivity(
      { db: tx, live: deps.live },
      { actor, action: ADMIN_ACTIONS.needApproved, target: `${row.title} (${row.city}, ${row.state})`, details: { need: id }, at: now },
    );
  });
  deps.outbox.wake();
  deps.logger.info('need approved by an admin', { need: id, by: actor.uid });
}

/** Declines a waiting request (an admin, or the supervisor from the link): the asker is sent the reason. */
export async function markDeclined(
  deps: Pick<AppDeps, 'config' | 'live' | 'outbox'>,
  tx: Tx,
  row: NeedRow,
  { now, reason, by }: { now: Date; reason: string; by: 'admin' | 'supervisor' },
): Promise<void> {
  await tx
    .update(need)
    .set({ status: 'declined', declinedAt: now, declineReason: reason, updatedAt: now, supervisorTokenHash: null })
    .where(eq(need.id, row.id));
  await tellAsker(deps, tx, row, { to: 'declined', by, reason });
  await deps.live.publish(tx, { topic: NEEDS_TOPIC, kind: 'updated', id: String(row.id) });
  await deps.live.publish(tx, { topic: NEED_REVIEWS_TOPIC, kind: 'updated', id: String(row.id) });
}

/** An admin declines a waiting request with a reason; the asker is sent it. */
export async function declineNeed(deps: Deps, { actor, id, reason }: { actor: Actor; id: number; reason: string }): Promise<void> {
  const now = deps.clock.now();
  await deps.database.db.transaction(async (tx) => {
    const row = await waitingNeed(tx, id);
    await markDeclined(deps, tx, row, { now, reason, by: 'admin' });
    await recordActivity(
      { db: tx, live: deps.live },
      {
        actor,
        action: ADMIN_ACTIONS.needDeclined,
        target: `${row.title} (${row.city}, ${row.state})`,
        details: { need: id, reason },
        at: now,
      },
    );
  });
  deps.outbox.wake();
  deps.logger.info('need declined by an admin', { need: id, by: actor.uid });
}
