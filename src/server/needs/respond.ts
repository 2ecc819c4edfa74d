import { and, eq, isNull, sql } from 'drizzle-orm';
import { displayNameOf } from '../../shared/member-name';
import { NEED_RESPONSE_MESSAGES, type NeedCommitmentInput, type NeedCommitted } from '../../shared/need-responses';
import { NEED_ITEM_FULL, NEED_NOT_FOUND, NEED_NOT_OPEN } from '../../shared/needs';
import { churchById, isPointPerson } from '../churches';
import type { Tx } from '../db/client';
import { caseworker, church, churchMember, need, needCommitment, needItem, profile, user } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import type { Locale } from '../../shared/i18n/locale';
import type { SessionUser } from '../http/session';
import { i18nFor, isLocale, localeOfUser, localesOf, type I18n } from '../i18n';
import { MAIL_FORMS, renderMail } from '../mail';
import { committedLine, hello, NO_FIRST_NAME } from './mail-words';
import { itemsOf, lockNeed, NEEDS_TOPIC, totalsOf, type NeedRow } from './store';

// Responding to a need (issue 26): a member commits units of an item (a point person may do it for their
// church) or promises to pray, and may withdraw while the need is open. The need's row is locked for the whole
// change, so two people after the last unit at once take turns: the second finds it taken and is told, and
// nothing is ever committed beyond what was asked. Each change is announced on NEEDS_TOPIC, so every open page
// and the board update at once; the asker and the responder reach each other by replying to the mail, never
// through an address shown on the site.

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'logger' | 'outbox' | 'live'>;

/** What a responder's mail and the asker's say of a person. */
type Person = { uid: string; email: string; firstName: string; name: string };

export const EMAIL_UNCONFIRMED_TO_COMMIT = /*i18n*/ 'You can commit to needs once you confirm your email address.';

/** A member who may respond: a confirmed address, a saved profile (their name goes to the asker), not suspended. */
async function responderOf(deps: Pick<Deps, 'database'>, who: SessionUser): Promise<Person> {
  const [row] = await deps.database.db
    .select({ savedAt: profile.savedAt, suspendedAt: profile.suspendedAt, firstName: profile.firstName, lastName: profile.lastName })
    .from(profile)
    .where(eq(profile.uid, who.id));
  if (row?.suspendedAt) throw new AppError('ACCOUNT_SUSPENDED');
  if (!row?.savedAt) throw new AppError('NEEDS_PROFILE');
  if (!who.emailVerified) throw new AppError('EMAIL_UNVERIFIED', EMAIL_UNCONFIRMED_TO_COMMIT);
  return { uid: who.id, email: who.email.toLowerCase(), ...namesOf(row) };
}

/** A caseworker's application name ("Casey Jordan") as a profile's first and last names. */
function caseworkerNames(name: string) {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') || null };
}

function namesOf(row: { firstName: string | null; lastName: string | null }) {
  return { firstName: row.firstName?.trim() || NO_FIRST_NAME, name: displayNameOf({ isDeleted: false, ...row }).name };
}

/** The asker's account, to mail (null once their account is gone: their needs are closed then). */
export async function askerOf(db: Tx, row: Pick<NeedRow, 'askerUid'>): Promise<Person | null> {
  if (!row.askerUid) return null;
  const [found] = await db
    .select({ email: user.email, firstName: profile.firstName, lastName: profile.lastName, caseworkerName: caseworker.name })
    .from(user)
    .leftJoin(profile, eq(profile.uid, user.id))
    .leftJoin(caseworker, eq(caseworker.uid, user.id))
    .where(eq(user.id, row.askerUid));
  if (!found) return null;
  // A caseworker needs no profile: their application's name stands for it, as on the need's page.
  const names = found.firstName?.trim() || !found.caseworkerName ? found : caseworkerNames(found.caseworkerName);
  return { uid: row.askerUid, email: found.email.toLowerCase(), ...namesOf(names) };
}

/** The church a responder stands for: the one they commit for, or else the active church that confirmed them. */
async function churchNameOf(db: Tx, uid: string, churchId: number | null): Promise<string | null> {
  if (churchId !== null) return (await churchById(db, churchId)).name;
  const [row] = await db
    .select({ name: church.name })
    .from(churchMember)
    .innerJoin(church, eq(church.id, churchMember.churchId))
    .where(and(eq(churchMember.uid, uid), eq(churchMember.status, 'confirmed'), eq(church.status, 'active')));
  return row?.name ?? null;
}

/** An open need, locked for the change; 404 for one that is not on the board, 409 once it closed. */
async function openNeedForChange(tx: Tx, id: number): Promise<NeedRow> {
  const row = await lockNeed(tx, id);
  if (row.status === 'closed') throw new AppError('CONFLICT', NEED_NOT_OPEN);
  if (row.status !== 'open') throw new AppError('NOT_FOUND', NEED_NOT_FOUND);
  return row;
}

const needUrl = (deps: Pick<Deps, 'config'>, id: number) => `${deps.config.publicUrl}/needs/${id}`;

/**
 * Commits units of an item (or a promise to pray) to an open need. Never more than is still needed: the need's
 * row is locked first, so a second commitment to the last unit waits, finds it taken and gets 409 NEED_ITEM_FULL.
 */
export async function commitToNeed(
  deps: Deps,
  { who, needId, input }: { who: SessionUser; needId: number; input: NeedCommitmentInput },
): Promise<NeedCommitted> {
  const responder = await responderOf(deps, who);
  const churchId = input.churchId ?? null;
  if (churchId !== null) {
    const db = deps.database.db;
    const row = await churchById(db, churchId);
    if (row.status !== 'active' || !(await isPointPerson(db, churchId, who.id)))
      throw new AppError('FORBIDDEN', NEED_RESPONSE_MESSAGES.notPointPerson);
  }
  const now = deps.clock.now();
  const answer = await deps.database.db.transaction(async (tx) => {
    const row = await openNeedForChange(tx, needId);
    if (row.askerUid === who.id) throw new AppError('FORBIDDEN', NEED_RESPONSE_MESSAGES.ownNeed);
    if (input.prayer) return pray(deps, tx, { row, uid: who.id, churchId, now });

    const [item] = await tx
      .select()
      .from(needItem)
      .where(and(eq(needItem.id, input.itemId ?? 0), eq(needItem.needId, needId)));
    if (!item) throw new AppError('VALIDATION', undefined, { itemId: /*i18n*/ 'Choose an item of this need' });
    const quantity = input.quantity ?? 0;
    const committed = (await itemsOf(tx, [needId])).get(needId)?.find((i) => i.id === item.id)?.committed ?? 0;
    const left = item.quantity - committed;
    if (left <= 0) throw new AppError('CONFLICT', NEED_ITEM_FULL);
    if (quantity > left) {
      const message = NEED_RESPONSE_MESSAGES.tooMany(left);
      throw new AppError('CONFLICT', message, { quantity: message });
    }
    const [made] = await tx
      .insert(needCommitment)
      .values({ needId, itemId: item.id, uid: who.id, churchId, quantity, createdAt: now })
      .returning({ id: needCommitment.id });
    const totals = totalsOf((await itemsOf(tx, [needId])).get(needId) ?? []);
    await recordProgress(tx, row, { now, fullyCommitted: totals.committedUnits === totals.totalUnits });
    await deps.live.publish(tx, { topic: NEEDS_TOPIC, kind: 'updated', id: String(needId) });

    const asker = await askerOf(tx, row);
    const churchName = await churchNameOf(tx, who.id, churchId);
    const from = churchName ? `${responder.name} (${churchName})` : responder.name;
    // Each person's mail in their own language, whoever's action sends it.
    const locales = await localesOf(tx, [who.id, ...(asker ? [asker.uid] : [])]);
    if (asker) {
      const i18n = i18nFor(locales.get(asker.uid));
      await deps.outbox.add(
        {
          form: MAIL_FORMS.needCommitment,
          to: asker.email,
          replyTo: responder.email,
          ...renderMail({
            locale: i18n.locale as Locale,
            subject: i18n._('{from} committed to your request “{title}”', { from, title: row.title }),
            paragraphs: [
              hello(i18n, asker.firstName),
              churchId !== null
                ? i18n._('{from} committed to your request on the Foster Care Network’s needs board, for their church:', { from })
                : i18n._('{from} committed to your request on the Foster Care Network’s needs board:', { from }),
              { quote: `${row.title}\n${committedLine(i18n, item, quantity, item.quantity)}` },
              i18n._(
                'To arrange it, reply to this email: your reply goes to {name} alone. Neither of your addresses is shown on the site.',
                { name: responder.firstName },
              ),
              { action: needUrl(deps, needId), label: i18n._('See the need and what is committed') },
            ],
          }),
        },
        tx,
      );
    }
    await deps.outbox.add(
      {
        form: MAIL_FORMS.needCommitmentConfirmation,
        to: responder.email,
        ...(asker ? { replyTo: asker.email } : {}),
        ...renderMail(
          responderMail(i18nFor(locales.get(who.id)), {
            responder,
            asker,
            row,
            churchName: churchId !== null ? churchName : null,
            item,
            quantity,
            url: needUrl(deps, needId),
          }),
        ),
      },
      tx,
    );
    return { id: made!.id, itemId: item.id, quantity, committed: committed + quantity, asked: item.quantity };
  });
  deps.outbox.wake();
  deps.logger.info('need commitment', { needId, uid: who.id, itemId: answer.itemId, quantity: answer.quantity });
  return answer;
}

/** The responder's copy of their commitment, in their language. */
function responderMail(
  i18n: I18n,
  m: {
    responder: Person;
    asker: Person | null;
    row: NeedRow;
    churchName: string | null;
    item: { name: string; quantity: number };
    quantity: number;
    url: string;
  },
) {
  const where = { city: m.row.city, state: m.row.state };
  return {
    locale: i18n.locale as Locale,
    subject: i18n._('You committed to “{title}”', { title: m.row.title }),
    paragraphs: [
      hello(i18n, m.responder.firstName),
      m.churchName
        ? i18n._('Thank you. You committed for {church} to this request in {city}, {state}:', {
            church: m.churchName,
            city: where.city,
            state: where.state,
          })
        : i18n._('Thank you. You committed to this request in {city}, {state}:', where),
      { quote: `${m.row.title}\n${committedLine(i18n, m.item, m.quantity, m.item.quantity)}` },
      m.asker
        ? i18n._(
            'To arrange it, reply to this email: your reply goes to {name}, who asked. Neither of your addresses is shown on the site.',
            { name: m.asker.firstName },
          )
        : i18n._('The person who asked will write to you.'),
      i18n._('If you cannot do it after all, withdraw your commitment on the need’s page, so that someone else can.'),
      { action: m.url, label: i18n._('The need') },
    ],
  };
}

/** A promise to pray: once per person and need (promising again answers the first one); nobody is mailed. */
async function pray(
  deps: Pick<Deps, 'live'>,
  tx: Tx,
  { row, uid, churchId, now }: { row: NeedRow; uid: string; churchId: number | null; now: Date },
): Promise<NeedCommitted> {
  const [already] = await tx
    .select({ id: needCommitment.id })
    .from(needCommitment)
    .where(
      and(
        eq(needCommitment.needId, row.id),
        eq(needCommitment.uid, uid),
        isNull(needCommitment.itemId),
        isNull(needCommitment.withdrawnAt),
      ),
    );
  if (already) return { id: already.id, itemId: null, quantity: 0, committed: null, asked: null };
  const [made] = await tx
    .insert(needCommitment)
    .values({ needId: row.id, itemId: null, uid, churchId, quantity: 0, createdAt: now })
    .returning({ id: needCommitment.id });
  await deps.live.publish(tx, { topic: NEEDS_TOPIC, kind: 'updated', id: String(row.id) });
  return { id: made!.id, itemId: null, quantity: 0, committed: null, asked: null };
}

/**
 * The need's clock for the figures (the time from approval to the first commitment, and to every unit
 * committed): the first commitment is kept for good; "fully committed" holds only while it is true.
 */
async function recordProgress(tx: Tx, row: NeedRow, { now, fullyCommitted }: { now: Date; fullyCommitted: boolean }) {
  await tx
    .update(need)
    .set({
      firstCommitmentAt: row.firstCommitmentAt ?? now,
      fullyCommittedAt: fullyCommitted ? (row.fullyCommittedAt ?? now) : null,
      updatedAt: now,
    })
    .where(eq(need.id, row.id));
}

/** Withdraws the responder's own commitment while the need is open; the asker is told (not for a prayer). */
export async function withdrawCommitment(
  deps: Deps,
  { who, needId, commitmentId }: { who: SessionUser; needId: number; commitmentId: number },
): Promise<void> {
  const now = deps.clock.now();
  await deps.database.db.transaction(async (tx) => {
    const row = await lockNeed(tx, needId);
    const [found] = await tx
      .select({ commitment: needCommitment, item: needItem })
      .from(needCommitment)
      .leftJoin(needItem, eq(needItem.id, needCommitment.itemId))
      .where(and(eq(needCommitment.id, commitmentId), eq(needCommitment.needId, needId)));
    if (!found || (row.status !== 'open' && row.status !== 'closed'))
      throw new AppError('NOT_FOUND', NEED_RESPONSE_MESSAGES.commitmentNotFound);
    const { commitment, item } = found;
    if (commitment.uid !== who.id) throw new AppError('FORBIDDEN', NEED_RESPONSE_MESSAGES.notResponder);
    if (commitment.withdrawnAt) throw new AppError('CONFLICT', NEED_RESPONSE_MESSAGES.alreadyWithdrawn);
    if (row.status !== 'open') throw new AppError('CONFLICT', NEED_NOT_OPEN);
    await tx.update(needCommitment).set({ withdrawnAt: now }).where(eq(needCommitment.id, commitmentId));
    if (item) await recordProgress(tx, row, { now, fullyCommitted: false });
    await deps.live.publish(tx, { topic: NEEDS_TOPIC, kind: 'updated', id: String(needId) });
    const asker = item ? await askerOf(tx, row) : null;
    if (!item || !asker) return;
    const [names] = await tx
      .select({ firstName: profile.firstName, lastName: profile.lastName })
      .from(profile)
      .where(eq(profile.uid, who.id));
    const responder = namesOf(names ?? { firstName: null, lastName: null });
    const i18n = i18nFor(await localeOfUser(tx, asker.uid));
    await deps.outbox.add(
      {
        form: MAIL_FORMS.needCommitmentWithdrawn,
        to: asker.email,
        replyTo: who.email.toLowerCase(),
        ...renderMail({
          locale: i18n.locale as Locale,
          subject: i18n._('{name} withdrew a commitment to “{title}”', { name: responder.name, title: row.title }),
          paragraphs: [
            hello(i18n, asker.firstName),
            i18n._('{name} can no longer do what they committed to for your request, and withdrew it:', { name: responder.name }),
            { quote: `${row.title}\n${committedLine(i18n, item, commitment.quantity, item.quantity)}` },
            i18n._('It is needed again on the board, so someone else can commit to it. To ask them why, reply to this email.'),
            { action: needUrl(deps, needId), label: i18n._('See the need') },
          ],
        }),
      },
      tx,
    );
  });
  deps.outbox.wake();
  deps.logger.info('need commitment withdrawn', { needId, commitmentId, uid: who.id });
}

/** The units every item still needs, for a closing need's outcome when nobody recorded one. */
export async function unitsOf(db: Tx, needId: number) {
  return totalsOf((await itemsOf(db, [needId])).get(needId) ?? []);
}

/** Active commitments' responders of a need (each once), to tell them it closed. */
export async function respondersOf(db: Tx, needId: number): Promise<Array<{ email: string; firstName: string; locale: Locale }>> {
  const rows = await db
    .selectDistinct({ email: user.email, firstName: profile.firstName, locale: user.locale })
    .from(needCommitment)
    .innerJoin(user, eq(user.id, needCommitment.uid))
    .leftJoin(profile, eq(profile.uid, user.id))
    .where(and(eq(needCommitment.needId, needId), isNull(needCommitment.withdrawnAt), sql`${needCommitment.itemId} is not null`));
  return rows.map((r) => ({
    email: r.email.toLowerCase(),
    firstName: r.firstName?.trim() || NO_FIRST_NAME,
    locale: isLocale(r.locale) ? r.locale : 'en',
  }));
}
