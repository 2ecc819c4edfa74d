import { and, asc, between, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import { NEED_EXPIRE_DAYS, NEED_NAMELESS, NEED_NOT_FOUND, type NeedAsker, type NeedCommitment, type NeedPage } from '../../shared/needs';
import {
  NEED_ASK_FORBIDDEN,
  NEED_BOARD_PAGE_SIZE,
  type MyNeed,
  type NeedBoard,
  type NeedBoardQuery,
  type NeedFieldsAnswer,
} from '../../shared/needs-board';
import { boundingBox, milesBetween, placeOfZip } from '../churches';
import type { Db, Tx } from '../db/client';
import { church, churchMember, need, needCommitment, profile } from '../db/schema';
import { AppError } from '../http/errors';
import type { SessionUser } from '../http/session';
import { caseworkerOf, closesAt, itemsOf, needById, needFieldsOf, toListing, type NeedRow } from './store';

// Reading the needs board (issue 26, product.md §13): the board itself (the same answer for everyone, kept in
// memory by the routes), a need's page (what the reader may see and do), and the asker's own requests.

/** Who reads: a visitor (null), a member, or an admin past the second factor. */
export type Reader = { who: SessionUser | null; asAdmin: boolean };

/** Escapes LIKE's wildcards, so a keyword is matched as written. */
const likeTerm = (q: string) => `%${q.replaceAll(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

function filtersOf(query: NeedBoardQuery): SQL[] {
  const where: SQL[] =
    query.show === 'open'
      ? [eq(need.status, 'open')]
      : // A closed need is public only if it was on the board (a request declined or expired never was).
        [eq(need.status, 'closed'), isNotNull(need.approvedAt)];
  if (query.kind) where.push(eq(need.kind, query.kind));
  if (query.urgency) where.push(eq(need.urgency, query.urgency));
  if (query.q) where.push(or(ilike(need.title, likeTerm(query.q)), ilike(need.description, likeTerm(query.q)))!);
  if (query.language) where.push(eq(need.language, query.language));
  return where;
}

const listingColumns = {
  id: need.id,
  kind: need.kind,
  title: need.title,
  language: need.language,
  city: need.city,
  state: need.state,
  urgency: need.urgency,
  status: need.status,
  outcome: need.outcome,
  approvedAt: need.approvedAt,
  closedAt: need.closedAt,
};
type ListingRow = Parameters<typeof toListing>[0];

async function listingsOf(db: Db, rows: Array<{ row: ListingRow; miles: number | null }>) {
  const items = await itemsOf(
    db,
    rows.map((r) => r.row.id),
  );
  return rows.map(({ row, miles }) => toListing(row, items.get(row.id) ?? [], miles));
}

/**
 * GET /api/needs. Near a ZIP code: the needs in the box around it (open ones read through the partial index on
 * latitude), the exact distance deciding who is within the radius; nearest first, or newest first if asked.
 * Otherwise newest first (the latest approved, or the latest closed), in a state if one is chosen. Twenty a page,
 * with the total; only the page's needs have their items read.
 */
export async function listNeeds(db: Db, query: NeedBoardQuery): Promise<NeedBoard> {
  const pageSize = NEED_BOARD_PAGE_SIZE;
  const offset = (query.page - 1) * pageSize;
  const newest = query.show === 'open' ? [desc(need.approvedAt), desc(need.id)] : [desc(need.closedAt), desc(need.id)];
  if (query.zip !== undefined) {
    const place = placeOfZip(query.zip);
    const box = boundingBox(place, query.radius);
    const sort = query.sort ?? 'nearest';
    const rows = await db
      .select({ ...listingColumns, latitude: need.latitude, longitude: need.longitude })
      .from(need)
      .where(
        and(
          ...filtersOf(query),
          ...(query.state ? [eq(need.state, query.state)] : []),
          between(need.latitude, box.minLatitude, box.maxLatitude),
          between(need.longitude, box.minLongitude, box.maxLongitude),
        ),
      )
      .orderBy(...newest);
    const near = rows.map((row) => ({ row, miles: milesBetween(place, row) })).filter((r) => r.miles <= query.radius);
    // Already newest first; nearest first keeps that order among needs at the same distance (one ZIP code).
    if (sort === 'nearest') near.sort((a, b) => a.miles - b.miles);
    return {
      origin: { zip: place.zip, city: place.city, state: place.state },
      radius: query.radius,
      sort,
      needs: await listingsOf(db, near.slice(offset, offset + pageSize)),
      total: near.length,
      page: query.page,
      pageSize,
    };
  }
  const where = and(...filtersOf(query), ...(query.state ? [eq(need.state, query.state)] : []));
  const [rows, [counted]] = await Promise.all([
    db
      .select(listingColumns)
      .from(need)
      .where(where)
      .orderBy(...newest)
      .limit(pageSize)
      .offset(offset),
    db.select({ n: count() }).from(need).where(where),
  ]);
  return {
    origin: null,
    radius: null,
    sort: 'newest',
    needs: await listingsOf(
      db,
      rows.map((row) => ({ row, miles: null })),
    ),
    total: counted?.n ?? 0,
    page: query.page,
    pageSize,
  };
}

/** Whether the public (and every member) may read this need: it is, or was, on the board. */
export const isPublicNeed = (row: Pick<NeedRow, 'status' | 'approvedAt'>) =>
  row.status === 'open' || (row.status === 'closed' && row.approvedAt !== null);

/** Whether the reader is the need's asker, or an admin: they may see it before approval, edit and close it. */
export const keepsNeed = (row: Pick<NeedRow, 'askerUid'>, reader: Reader) =>
  reader.asAdmin || (reader.who !== null && row.askerUid === reader.who.id);

/** While a need may still be edited: waiting for approval, or on the board. */
export const isEditableNeed = (row: Pick<NeedRow, 'status'>) => ['supervisor', 'review', 'open'].includes(row.status);

/** The need if this reader may see it; a need not on the board is NEED_NOT_FOUND to everyone but its keepers. */
export async function visibleNeed(db: Db | Tx, id: number, reader: Reader): Promise<NeedRow> {
  const row = await needById(db, id);
  if (!isPublicNeed(row) && !keepsNeed(row, reader)) throw new AppError('NOT_FOUND', NEED_NOT_FOUND);
  return row;
}

/** Each person's confirmed church (the one a point person confirmed), by account. */
async function churchesOf(db: Db | Tx, uids: string[]): Promise<Map<string, { id: number; name: string }>> {
  if (uids.length === 0) return new Map();
  const rows = await db
    .select({ uid: churchMember.uid, id: church.id, name: church.name })
    .from(churchMember)
    .innerJoin(church, eq(church.id, churchMember.churchId))
    .where(and(inArray(churchMember.uid, uids), eq(churchMember.status, 'confirmed'), eq(church.status, 'active')));
  return new Map(rows.map((r) => [r.uid, { id: r.id, name: r.name }]));
}

async function firstNamesOf(db: Db | Tx, uids: string[]): Promise<Map<string, string>> {
  if (uids.length === 0) return new Map();
  const rows = await db.select({ uid: profile.uid, firstName: profile.firstName }).from(profile).where(inArray(profile.uid, uids));
  return new Map(rows.flatMap((r) => (r.firstName ? [[r.uid, r.firstName] as const] : [])));
}

async function churchNamed(db: Db | Tx, id: number | null): Promise<{ id: number; name: string } | null> {
  if (id === null) return null;
  const [row] = await db.select({ id: church.id, name: church.name }).from(church).where(eq(church.id, id));
  return row ?? null;
}

/** Who asked, as members read it: the first name, and the church asked for (or the asker's own), or the agency. */
async function askerOf(db: Db | Tx, row: NeedRow): Promise<NeedAsker> {
  const uid = row.askerUid;
  const [names, churches] = uid
    ? await Promise.all([firstNamesOf(db, [uid]), churchesOf(db, [uid])])
    : [new Map<string, string>(), new Map<string, { id: number; name: string }>()];
  // A point person's request names the church asked for; a family's, the family's own church (if confirmed).
  const church =
    row.churchId !== null ? await churchNamed(db, row.churchId) : row.askedAs === 'family' && uid ? (churches.get(uid) ?? null) : null;
  // A caseworker needs no profile: their application's name stands for it.
  const caseworkerName = uid && !names.get(uid) && row.askedAs === 'caseworker' ? (await caseworkerOf(db, uid))?.name : undefined;
  return {
    firstName: (uid && names.get(uid)) || caseworkerName?.split(/\s+/)[0] || (uid ? NEED_NAMELESS.member : NEED_NAMELESS.former),
    askedAs: row.askedAs,
    church,
    agency: row.askedAs === 'caseworker' ? row.agency : null,
  };
}

/** The need's active commitments, oldest first: the church each stands for, and (for members) the first name. */
async function commitmentsOf(db: Db | Tx, row: NeedRow, reader: Reader): Promise<NeedCommitment[]> {
  const rows = await db
    .select()
    .from(needCommitment)
    .where(and(eq(needCommitment.needId, row.id), isNull(needCommitment.withdrawnAt)))
    .orderBy(asc(needCommitment.createdAt), asc(needCommitment.id));
  const uids = [...new Set(rows.flatMap((r) => (r.uid ? [r.uid] : [])))];
  const forChurch = [...new Set(rows.flatMap((r) => (r.churchId !== null ? [r.churchId] : [])))];
  const [names, ownChurches, named] = await Promise.all([
    reader.who ? firstNamesOf(db, uids) : Promise.resolve(new Map<string, string>()),
    churchesOf(db, uids),
    forChurch.length > 0
      ? db.select({ id: church.id, name: church.name }).from(church).where(inArray(church.id, forChurch))
      : Promise.resolve([]),
  ]);
  const churchById = new Map(named.map((c) => [c.id, c]));
  return rows.map((r) => ({
    id: r.id,
    itemId: r.itemId,
    quantity: r.quantity,
    firstName: reader.who ? ((r.uid && names.get(r.uid)) ?? NEED_NAMELESS.member) : null,
    church: (r.churchId !== null ? churchById.get(r.churchId) : r.uid ? ownChurches.get(r.uid) : undefined) ?? null,
    createdAt: r.createdAt.toISOString(),
    mine: reader.who !== null && r.uid === reader.who.id,
  }));
}

/**
 * GET /api/needs/{id}: the page as this reader sees it. Visitors get no names (who asked is null, commitments
 * show their church only); members see first names; `may` says what the reader's buttons do, and each action's
 * route checks it again.
 */
export async function needPage(db: Db | Tx, id: number, reader: Reader): Promise<NeedPage> {
  const row = await visibleNeed(db, id, reader);
  const [items, commitments, asker] = await Promise.all([
    itemsOf(db, [id]).then((m) => m.get(id) ?? []),
    commitmentsOf(db, row, reader),
    reader.who ? askerOf(db, row) : Promise.resolve(null),
  ]);
  const keeps = keepsNeed(row, reader);
  const listing = toListing(row, items);
  const isAsker = reader.who !== null && row.askerUid === reader.who.id;
  return {
    ...listing,
    description: row.description,
    items,
    asker,
    commitments,
    prayers: commitments.filter((c) => c.itemId === null).length,
    closesAt: row.status === 'open' ? (closesAt(row, NEED_EXPIRE_DAYS)?.toISOString() ?? null) : null,
    closedAt: row.closedAt?.toISOString() ?? null,
    childrenServed: row.childrenServed,
    thankYou: row.thankYou,
    may: {
      edit: keeps && isEditableNeed(row),
      close: keeps && row.status === 'open',
      // Anyone signed in with a confirmed address but the asker, while something is left to commit to (or to pray).
      commit: reader.who !== null && reader.who.emailVerified && !isAsker && row.status === 'open',
    },
  };
}

/** GET /api/needs/{id}/edit: the fields as the edit form starts from them. */
export async function needFields(db: Db, id: number, reader: Reader): Promise<NeedFieldsAnswer> {
  const row = await visibleNeed(db, id, reader);
  if (!keepsNeed(row, reader)) throw new AppError('FORBIDDEN', NEED_ASK_FORBIDDEN);
  const items = (await itemsOf(db, [id])).get(id) ?? [];
  return { ...needFieldsOf(row), items };
}

/** GET /api/me/needs: every need the member asked for, newest first, with the reason of a decline. */
export async function myNeeds(db: Db, uid: string): Promise<MyNeed[]> {
  const rows = await db.select().from(need).where(eq(need.askerUid, uid)).orderBy(desc(need.createdAt), desc(need.id));
  const items = await itemsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    ...toListing(row, items.get(row.id) ?? []),
    createdAt: row.createdAt.toISOString(),
    declineReason: row.declineReason,
  }));
}
