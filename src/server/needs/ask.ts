import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { NEED_NOT_FOUND, type NeedAskedAs, type NeedFields, type NeedInput, type NeedPage, type NeedStatus } from '../../shared/needs';
import {
  NEED_ASK_FORBIDDEN,
  NEED_CHURCH_NOT_KEPT,
  NEED_ITEM_UNKNOWN,
  NEED_NOT_EDITABLE,
  NEED_PROFILE_REQUIRED,
  needItemHasCommitments,
  needQuantityBelowCommitted,
  type MyNeed,
  type NeedEdit,
} from '../../shared/needs-board';
import { churchById, isPointPerson, locationColumns, placeOfZip } from '../churches';
import type { AppDeps } from '../deps';
import type { Tx } from '../db/client';
import { need, needCommitment, needItem, profile } from '../db/schema';
import { AppError, type ErrorWords } from '../http/errors';
import type { SessionUser } from '../http/session';
import { MAIL_FORMS, renderMail } from '../mail';
import { localeOfUser, type Locale } from '../i18n';
import { isEditableNeed, keepsNeed, myNeeds, needPage, type Reader } from './board';
import { caseworkerOf, NEED_REVIEWS_TOPIC, NEEDS_TOPIC, newSupervisorLink, openNeed, supervisorLinkPath, supervisorMail } from './store';

// Asking for a need and editing it (issue 26, product.md §13). Who asks decides where the request waits: an
// admin's goes on the board at once, a caseworker's to their supervisor's mail, a family's or a point person's
// to the admins' queue. Nothing is public before approval.

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'logger' | 'outbox' | 'live'>;
type Asker = { who: SessionUser; asAdmin: boolean };

/** Suspended accounts, and accounts whose address is not confirmed, cannot ask (nor respond). */
async function requireAsker(deps: Deps, who: SessionUser) {
  if (!who.emailVerified) throw new AppError('EMAIL_UNVERIFIED');
  const [row] = await deps.database.db
    .select({ savedAt: profile.savedAt, suspendedAt: profile.suspendedAt })
    .from(profile)
    .where(eq(profile.uid, who.id));
  if (row?.suspendedAt) throw new AppError('ACCOUNT_SUSPENDED');
  return { hasProfile: Boolean(row?.savedAt) };
}

type Route = {
  askedAs: NeedAskedAs;
  status: NeedStatus;
  churchId: number | null;
  caseworker?: { name: string; agency: string; supervisorName: string; supervisorEmail: string };
};

/**
 * Where a request goes, by who asks: a point person naming their church asks for it; an admin's request opens at
 * once; an approved caseworker's waits for the supervisor; a member with a saved profile asks as a family.
 */
async function routeOf(deps: Deps, { who, asAdmin }: Asker, churchId: number | null | undefined): Promise<Route> {
  const { db } = deps.database;
  const { hasProfile } = await requireAsker(deps, who);
  if (churchId !== undefined && churchId !== null) {
    const kept = await churchById(db, churchId).then(
      (row) => row.status === 'active',
      () => false,
    );
    if (!kept || !(await isPointPerson(db, churchId, who.id)))
      throw new AppError('FORBIDDEN', NEED_CHURCH_NOT_KEPT, { churchId: NEED_CHURCH_NOT_KEPT });
    return { askedAs: 'church', status: asAdmin ? 'open' : 'review', churchId };
  }
  if (asAdmin) return { askedAs: 'admin', status: 'open', churchId: null };
  const worker = await caseworkerOf(db, who.id);
  if (worker?.status === 'approved') {
    const { name, agency, supervisorName, supervisorEmail } = worker;
    return { askedAs: 'caseworker', status: 'supervisor', churchId: null, caseworker: { name, agency, supervisorName, supervisorEmail } };
  }
  if (!hasProfile) throw new AppError('NEEDS_PROFILE', NEED_PROFILE_REQUIRED);
  return { askedAs: 'family', status: 'review', churchId: null };
}

/** The columns a need's fields write, asking or editing: its ZIP code decides where it is. */
function fieldColumns(input: Omit<NeedFields, 'items'>, place: ReturnType<typeof placeOfZip>) {
  const { kind, title, description, city, state, urgency } = input;
  return { kind, title, description, city, state, zip: place.zip, ...locationColumns(place), urgency };
}

async function insertItems(tx: Tx, needId: number, items: NeedInput['items'], from = 0) {
  if (items.length === 0) return;
  await tx.insert(needItem).values(
    items.map((item, i) => ({
      needId,
      position: from + i,
      name: item.name,
      quantity: item.quantity,
      unitValue: item.unitValue,
      note: item.note ?? null,
    })),
  );
}

/**
 * POST /api/needs. The request is written with the family's consent time, in the language its asker chose or
 * else the one they use the site in; a caseworker's supervisor gets the single-use link by mail (Reply-To the
 * caseworker), and the admins' queue or the board hears of it at once.
 */
export async function askNeed(deps: Deps, asker: Asker, input: NeedInput & { familyConsent: true }, locale: Locale): Promise<MyNeed> {
  const route = await routeOf(deps, asker, input.churchId);
  const place = placeOfZip(input.zip, input.state);
  const now = deps.clock.now();
  const link = route.caseworker ? newSupervisorLink(now) : null;
  const id = await deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(need)
      .values({
        askerUid: asker.who.id,
        askedAs: route.askedAs,
        churchId: route.churchId,
        agency: route.caseworker?.agency ?? null,
        supervisorName: route.caseworker?.supervisorName ?? null,
        supervisorEmail: route.caseworker?.supervisorEmail ?? null,
        supervisorTokenHash: link?.tokenHash ?? null,
        supervisorLinkExpiresAt: link?.expiresAt ?? null,
        ...fieldColumns(input, place),
        language: input.language ?? locale,
        status: route.status === 'open' ? 'review' : route.status,
        familyConsentAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: need.id });
    const needId = row!.id;
    await insertItems(tx, needId, input.items);
    if (route.status === 'open') {
      await openNeed(tx, deps.live, { id: needId, now, approvedBy: asker.who.id });
    } else {
      await deps.live.publish(tx, { topic: NEED_REVIEWS_TOPIC, kind: 'created', id: String(needId) });
    }
    if (route.caseworker && link) {
      const { name, agency, supervisorName, supervisorEmail } = route.caseworker;
      const mail = supervisorMail(
        input,
        input.items,
        { caseworkerName: name, agency, supervisorName },
        `${deps.config.publicUrl}${supervisorLinkPath(link.token)}`,
        await localeOfUser(tx, asker.who.id),
      );
      await deps.outbox.add({ form: MAIL_FORMS.needSupervisor, to: supervisorEmail, replyTo: asker.who.email, ...renderMail(mail) }, tx);
    }
    return needId;
  });
  if (route.caseworker) deps.outbox.wake();
  deps.logger.info('need asked', { needId: id, askedAs: route.askedAs, status: route.status });
  const mine = await myNeeds(deps.database.db, asker.who.id);
  return mine.find((n) => n.id === id)!;
}

/** The need, locked for this edit: nobody commits to an item while its quantity is being lowered. */
async function needToEdit(tx: Tx, id: number, reader: Reader) {
  const [row] = await tx.select().from(need).where(eq(need.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', NEED_NOT_FOUND);
  if (!keepsNeed(row, reader)) {
    // Someone who cannot even see it learns nothing of it.
    if (row.status !== 'open' && row.status !== 'closed') throw new AppError('NOT_FOUND', NEED_NOT_FOUND);
    throw new AppError('FORBIDDEN', NEED_ASK_FORBIDDEN);
  }
  if (!isEditableNeed(row)) throw new AppError('CONFLICT', NEED_NOT_EDITABLE);
  return row;
}

/** Units committed to each of the need's items by commitments not withdrawn. */
async function committedUnits(tx: Tx, needId: number): Promise<Map<number, number>> {
  const rows = await tx
    .select({ itemId: needCommitment.itemId, units: sql<number>`sum(${needCommitment.quantity})::int` })
    .from(needCommitment)
    .where(and(eq(needCommitment.needId, needId), isNull(needCommitment.withdrawnAt)))
    .groupBy(needCommitment.itemId);
  return new Map(rows.flatMap((r) => (r.itemId === null ? [] : [[r.itemId, r.units] as const])));
}

/**
 * PATCH /api/needs/{id}: the asker or an admin rewrites the fields while the need has not closed. Items sent with
 * their id are kept (never below what is committed to them), new ones are added, and those left out are removed
 * unless someone committed to them; each refusal names the field.
 */
export async function editNeed(deps: Deps, reader: Reader, id: number, input: NeedEdit): Promise<NeedPage> {
  const place = placeOfZip(input.zip, input.state);
  const now = deps.clock.now();
  await deps.database.db.transaction(async (tx) => {
    const row = await needToEdit(tx, id, reader);
    const existing = await tx.select().from(needItem).where(eq(needItem.needId, id));
    const committed = await committedUnits(tx, id);
    const known = new Map(existing.map((i) => [i.id, i]));
    const fieldErrors: Record<string, ErrorWords> = {};
    input.items.forEach((item, i) => {
      if (item.id === undefined) return;
      if (!known.has(item.id)) fieldErrors[`items.${i}.id`] = NEED_ITEM_UNKNOWN;
      else if (item.quantity < (committed.get(item.id) ?? 0))
        fieldErrors[`items.${i}.quantity`] = needQuantityBelowCommitted(committed.get(item.id)!);
    });
    const kept = new Set(input.items.flatMap((i) => (i.id === undefined ? [] : [i.id])));
    const removed = existing.filter((i) => !kept.has(i.id));
    const stuck = removed.find((i) => (committed.get(i.id) ?? 0) > 0);
    if (stuck) fieldErrors.items = needItemHasCommitments(stuck.name);
    const first = Object.values(fieldErrors)[0];
    if (first) throw new AppError('VALIDATION', first, fieldErrors);

    await tx
      .update(need)
      .set({
        ...fieldColumns(input, place),
        // Without a language the need keeps its own: an admin tidying a Spanish need does not make it English.
        language: input.language ?? row.language,
        updatedAt: now,
      })
      .where(eq(need.id, id));
    if (removed.length > 0)
      await tx.delete(needItem).where(
        inArray(
          needItem.id,
          removed.map((i) => i.id),
        ),
      );
    // Positions follow the order sent: kept items move, new ones are written where they stand.
    for (const [position, item] of input.items.entries()) {
      if (item.id === undefined) await insertItems(tx, id, [item], position);
      else
        await tx
          .update(needItem)
          .set({ position, name: item.name, quantity: item.quantity, unitValue: item.unitValue, note: item.note ?? null })
          .where(eq(needItem.id, item.id));
    }
    await deps.live.publish(tx, { topic: NEEDS_TOPIC, kind: 'updated', id: String(id) });
    if (row.status === 'review' || row.status === 'supervisor')
      await deps.live.publish(tx, { topic: NEED_REVIEWS_TOPIC, kind: 'updated', id: String(id) });
  });
  deps.logger.info('need edited', { needId: id, byAdmin: reader.asAdmin });
  return needPage(deps.database.db, id, reader);
}
