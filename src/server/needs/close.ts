import { and, eq, inArray } from 'drizzle-orm';
import { ADMIN_ACTIONS } from '../../shared/admin';
import { NEED_RESPONSE_MESSAGES, type NeedCloseInput } from '../../shared/need-responses';
import { NEED_NOT_FOUND, needOutcomeLabel, type NeedOutcome } from '../../shared/needs';
import { i18nFor } from '../i18n';
import { hello } from './mail-words';
import { recordActivity } from '../activity';
import type { Tx } from '../db/client';
import { need } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import type { SessionUser } from '../http/session';
import type { LivePublisher } from '../live';
import { MAIL_FORMS, renderMail, type Outbox } from '../mail';
import { respondersOf, unitsOf } from './respond';
import { lockNeed, NEED_REVIEWS_TOPIC, NEEDS_TOPIC, type NeedRow } from './store';

// Closing a need (issue 26): its asker (or an admin) records how it went, how many children it served and a
// thank-you shown on the need (no contact detail in it, as in the rest of the need). Those who committed are
// told. A deleted asker's needs close with their account: nobody is left to receive what was committed.

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'logger' | 'outbox' | 'live'>;

export const NEED_CLOSED_ALREADY = /*i18n*/ 'This need is closed already, or not on the board yet.';

/** Who closes: the signed-in member, and whether their session may act as an admin (past the second factor). */
export type Closer = { who: SessionUser; asAdmin: boolean };

export async function closeNeed(deps: Deps, { who, asAdmin }: Closer, { needId, input }: { needId: number; input: NeedCloseInput }) {
  const now = deps.clock.now();
  const { outcome, childrenServed, thankYou = null } = input;
  await deps.database.db.transaction(async (tx) => {
    const row = await lockNeed(tx, needId);
    const isAsker = row.askerUid === who.id;
    if (!isAsker && !asAdmin) {
      // Only what the board shows may be named: a request not yet (or never) on it is nobody else's business.
      if (row.status !== 'open' && row.status !== 'closed') throw new AppError('NOT_FOUND', NEED_NOT_FOUND);
      throw new AppError('FORBIDDEN', NEED_RESPONSE_MESSAGES.notAsker);
    }
    if (row.status !== 'open') throw new AppError('CONFLICT', NEED_CLOSED_ALREADY);
    await tx
      .update(need)
      .set({
        status: 'closed',
        outcome,
        childrenServed,
        thankYou,
        closeReason: isAsker ? 'asker' : 'admin',
        closedAt: now,
        closedBy: who.id,
        updatedAt: now,
      })
      .where(eq(need.id, needId));
    if (!isAsker) {
      await recordActivity(
        { db: tx, live: deps.live },
        {
          actor: { uid: who.id, email: who.email },
          action: ADMIN_ACTIONS.needClosed,
          target: `${row.title} (${row.city}, ${row.state})`,
          details: { need: row.id, outcome, childrenServed },
          at: now,
        },
      );
    }
    await tellResponders(deps, tx, row, { outcome, thankYou, askerLeft: false });
    await deps.live.publish(tx, { topic: NEEDS_TOPIC, kind: 'updated', id: String(needId) });
  });
  deps.outbox.wake();
  deps.logger.info('need closed', { needId, by: who.id, outcome });
}

/** Mails each person with an active commitment that the need closed, with its outcome and thank-you. */
async function tellResponders(
  deps: Pick<Deps, 'config'> & { outbox: Outbox },
  tx: Tx,
  row: NeedRow,
  { outcome, thankYou, askerLeft }: { outcome: NeedOutcome; thankYou: string | null; askerLeft: boolean },
) {
  const where = { city: row.city, state: row.state };
  for (const r of await respondersOf(tx, row.id)) {
    // Each responder reads it in their own language.
    const i18n = i18nFor(r.locale);
    await deps.outbox.add(
      {
        form: MAIL_FORMS.needClosed,
        to: r.email,
        ...renderMail({
          locale: r.locale,
          subject: i18n._('“{title}” is closed: {outcome, select, met {met} partly_met {partly met} other {not met}}', {
            title: row.title,
            outcome,
          }),
          paragraphs: [
            hello(i18n, r.firstName),
            askerLeft
              ? i18n._(
                  'The request you committed to in {city}, {state} is closed: the person who asked has left the network, so there is nobody to receive it now.',
                  where,
                )
              : i18n._('The request you committed to in {city}, {state} is closed. How it went: {outcome}.', {
                  city: row.city,
                  state: row.state,
                  outcome: i18n._(needOutcomeLabel(outcome)),
                }),
            ...(thankYou ? [i18n._('The person who asked wrote:'), { quote: thankYou }] : []),
            i18n._('Thank you for answering it.'),
            { action: `${deps.config.publicUrl}/needs/${row.id}`, label: i18n._('The need') },
          ],
        }),
      },
      tx,
    );
  }
}

/**
 * When an asker deletes their account (in its transaction): their open needs close (met when every unit was
 * committed, partly met when some were, else not met), and those who committed are told; their requests still
 * waiting for approval expire. The board and the admin's queue hear of it.
 */
export async function closeNeedsOfDeletedAsker(
  deps: Pick<Deps, 'config'> & { outbox: Outbox; live: LivePublisher },
  tx: Tx,
  { uid, now }: { uid: string; now: Date },
): Promise<void> {
  const open = await tx
    .select()
    .from(need)
    .where(and(eq(need.askerUid, uid), eq(need.status, 'open')))
    .for('update');
  for (const row of open) {
    const units = await unitsOf(tx, row.id);
    const outcome: NeedOutcome = units.committedUnits >= units.totalUnits ? 'met' : units.committedUnits > 0 ? 'partly_met' : 'not_met';
    await tx
      .update(need)
      .set({ status: 'closed', outcome, closeReason: 'asker_deleted', closedAt: now, updatedAt: now })
      .where(eq(need.id, row.id));
    await tellResponders(deps, tx, row, {
      outcome,
      thankYou: null,
      askerLeft: true,
    });
  }
  const waiting = await tx
    .update(need)
    .set({ status: 'expired', closeReason: 'asker_deleted', closedAt: now, updatedAt: now, supervisorTokenHash: null })
    .where(and(eq(need.askerUid, uid), inArray(need.status, ['supervisor', 'review'])))
    .returning({ id: need.id });
  if (open.length) await deps.live.publish(tx, { topic: NEEDS_TOPIC, kind: 'updated' });
  if (waiting.length) await deps.live.publish(tx, { topic: NEED_REVIEWS_TOPIC, kind: 'updated' });
}
