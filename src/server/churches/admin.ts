import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { ACCOUNT_NOT_FOUND, ADMIN_ACTIONS, type AdminAction } from '../../shared/admin';
import { CHURCH_POINT_PERSONS_MAX, type ChurchFields } from '../../shared/churches';
import {
  ADMIN_CHURCHES_PAGE_SIZE,
  ALREADY_LINKED,
  CANNOT_MERGE_INTO_ITSELF,
  CHURCH_LINK_CANDIDATES,
  CHURCH_LINK_SUGGESTIONS_MAX,
  MERGE_INTO_ACTIVE,
  NOT_A_PROPOSAL,
  POINT_PERSON_NEEDS_PROFILE,
  type AdminChurch,
  type AdminChurchListResponse,
  type ChurchLinkSuggestionsResponse,
} from '../../shared/churches-admin';
import { DAY } from '../../shared/durations';
import type { StateCode } from '../../shared/states';
import { PG_INT_MAX } from '../../shared/text';
import { recordActivity, type Actor } from '../activity';
import { likePattern, toCsv, type CsvCell } from '../admin';
import type { Db, Tx } from '../db/client';
import { careTeam, church, churchMember, churchPointPerson, profile, user } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { i18nFor, localeOfUser } from '../i18n';
import { MAIL_FORMS, renderMail, type MailForm, type RenderMailInput } from '../mail';
import { CHURCHES_TOPIC, churchById, churchFieldColumns, churchFieldsOf, churchFigures, churchPhotoUrl, type ChurchRow } from './store';

// The admin area's churches (issue 25): every church whatever its status, the queue of proposals (approve,
// decline with a mailed reason, merge into a church of the network), archiving, point persons, and linking
// members' free-text church names to churches. Every change is one transaction with its entry of the activity
// log and its live announcement, so the log never names a change that did not happen.

type Deps = Pick<AppDeps, 'config' | 'database' | 'clock' | 'live' | 'outbox' | 'logger'>;
export type ChurchAdmin = Actor & { uid: string };

/** A person as the admin area names them: their name, or their address while they have none. */
const nameOf = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${profile.firstName}, ${profile.lastName})), ''), ${user.email})`;

async function peopleOf(db: Db | Tx, uids: string[]) {
  if (uids.length === 0) return new Map<string, { uid: string; name: string; email: string }>();
  const rows = await db
    .select({ uid: user.id, name: nameOf, email: user.email })
    .from(user)
    .leftJoin(profile, eq(profile.uid, user.id))
    .where(inArray(user.id, uids));
  return new Map(rows.map((r) => [r.uid, r]));
}

/** The churches as the admin area shows them: with their point persons, proposer, member counts and exact figures. */
async function adminChurchesOf(db: Db | Tx, rows: ChurchRow[], now: Date): Promise<AdminChurch[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const keepers = await db
    .select({ churchId: churchPointPerson.churchId, uid: churchPointPerson.uid })
    .from(churchPointPerson)
    .where(inArray(churchPointPerson.churchId, ids))
    .orderBy(asc(churchPointPerson.since), asc(churchPointPerson.uid));
  const counts = await db
    .select({ churchId: churchMember.churchId, status: churchMember.status, count: count() })
    .from(churchMember)
    .where(inArray(churchMember.churchId, ids))
    .groupBy(churchMember.churchId, churchMember.status);
  const proposers = rows.flatMap((r) => (r.proposedBy ? [r.proposedBy] : []));
  const people = await peopleOf(db, [...new Set([...keepers.map((k) => k.uid), ...proposers])]);
  const figures = await churchFigures(db, ids, true);
  return rows.map((row) => {
    const counted = (status: 'confirmed' | 'claimed') => counts.find((c) => c.churchId === row.id && c.status === status)?.count ?? 0;
    return {
      id: row.id,
      ...churchFieldsOf(row),
      // The admin's list tells a proposal without a street address from one with it.
      street: row.street,
      photoUrl: churchPhotoUrl(row),
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      activeSince: row.activeSince?.toISOString() ?? null,
      proposer: (row.proposedBy && people.get(row.proposedBy)) || null,
      waitingDays: row.status === 'proposed' ? Math.max(0, Math.floor((now.getTime() - row.createdAt.getTime()) / DAY)) : null,
      pointPersons: keepers.filter((k) => k.churchId === row.id).flatMap((k) => people.get(k.uid) ?? []),
      members: { confirmed: counted('confirmed'), claimed: counted('claimed') },
      figures: figures.get(row.id) ?? { members: 0, fosterFamilies: 0, fosterChildren: 0 },
    };
  });
}

/** Each word must appear in the church's name, city or ZIP code. */
function searchCondition(q: string | undefined): SQL | undefined {
  const words = q?.split(/\s+/).filter(Boolean).slice(0, 8) ?? [];
  if (!words.length) return undefined;
  const haystack = sql`concat_ws(' ', ${church.name}, ${church.city}, ${church.zip})`;
  return and(...words.map((w) => sql`${haystack} ilike ${likePattern(w)}`));
}

/** A list position is the sort key and id of the last church shown, opaque to the browser. */
function encodeCursor(key: string, id: number): string {
  return Buffer.from(JSON.stringify([key, id])).toString('base64url');
}

function decodeCursor(after: string, isTime: boolean): [string, number] {
  try {
    const value: unknown = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && Number.isSafeInteger(value[1])) {
      const [key, id] = value as [string, number];
      // Only what the server writes: a time for the queue, a lower-cased name (PostgreSQL text holds no NUL) otherwise.
      const isKey = isTime ? /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(key) : !key.includes('\u0000');
      if (isKey && id >= 0 && id <= PG_INT_MAX) return [key, id];
    }
  } catch {
    // Falls through to the 400 below: a position the server never wrote.
  }
  const message = /*i18n*/ 'Not a list position';
  throw new AppError('VALIDATION', message, { after: message });
}

/**
 * A page of every church: the queue (`status=proposed`) oldest first, so the longest waiting comes first;
 * any other list by name. Keyset pages: one costs the same however deep, and a church added meanwhile never
 * shifts the next page.
 */
export async function listAdminChurches(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  query: { q?: string | undefined; status?: ChurchRow['status'] | undefined; state?: string | undefined; after?: string | undefined },
): Promise<AdminChurchListResponse> {
  const { db } = deps.database;
  const byAge = query.status === 'proposed';
  const key = byAge
    ? sql<string>`to_char(${church.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : sql<string>`lower(${church.name})`;
  const filters = and(
    searchCondition(query.q),
    query.status ? eq(church.status, query.status) : undefined,
    query.state ? eq(church.state, query.state) : undefined,
  );
  let position: SQL | undefined;
  if (query.after) {
    const [after, id] = decodeCursor(query.after, byAge);
    position = byAge
      ? sql`(${church.createdAt}, ${church.id}) > (${after}::timestamptz, ${id})`
      : sql`(lower(${church.name}) collate "C", ${church.id}) > (${after} collate "C", ${id})`;
  }
  const order = byAge ? [asc(church.createdAt), asc(church.id)] : [sql`lower(${church.name}) collate "C"`, asc(church.id)];
  const rows = await db
    .select({ row: church, key })
    .from(church)
    .where(and(filters, position))
    .orderBy(...order)
    .limit(ADMIN_CHURCHES_PAGE_SIZE + 1);
  const [total] = await db.select({ n: count() }).from(church).where(filters);
  const page = rows.slice(0, ADMIN_CHURCHES_PAGE_SIZE);
  const last = page.at(-1);
  return {
    churches: await adminChurchesOf(
      db,
      page.map((r) => r.row),
      deps.clock.now(),
    ),
    total: total?.n ?? 0,
    nextCursor: rows.length > ADMIN_CHURCHES_PAGE_SIZE && last ? encodeCursor(last.key, last.row.id) : null,
  };
}

const CHURCH_CSV_COLUMNS: ReadonlyArray<readonly [string, (c: AdminChurch) => CsvCell]> = [
  ['id', (c) => c.id],
  ['status', (c) => c.status],
  ['name', (c) => c.name],
  ['ag', (c) => c.ag],
  ['ag_district', (c) => c.agDistrict],
  ['street', (c) => c.street],
  ['city', (c) => c.city],
  ['state', (c) => c.state],
  ['zip', (c) => c.zip],
  ['website', (c) => c.website],
  ['phone', (c) => c.phone],
  ['languages', (c) => c.languages.join(' ')],
  ['offers', (c) => c.offers.join(' ')],
  ['description', (c) => c.description],
  ['point_persons', (c) => c.pointPersons.map((p) => `${p.name} <${p.email}>`).join('; ')],
  ['confirmed_members', (c) => c.members.confirmed],
  ['claimed_members', (c) => c.members.claimed],
  ['foster_families', (c) => c.figures.fosterFamilies],
  ['foster_children', (c) => c.figures.fosterChildren],
  ['proposed_by', (c) => c.proposer?.email ?? null],
  ['created_at', (c) => c.createdAt],
  ['active_since', (c) => c.activeSince],
];

/** Every church as a CSV file (formulas neutralised by the admin area's CSV writer), and how many rows it holds. */
export async function churchesCsv(deps: Pick<AppDeps, 'database' | 'clock'>): Promise<{ csv: string; rows: number }> {
  const { db } = deps.database;
  const rows = await db.select().from(church).orderBy(asc(church.id));
  const churches = await adminChurchesOf(db, rows, deps.clock.now());
  const csv = toCsv(
    CHURCH_CSV_COLUMNS.map(([name]) => name),
    churches.map((c) => CHURCH_CSV_COLUMNS.map(([, valueOf]) => valueOf(c))),
  );
  return { csv, rows: churches.length };
}

export function churchesCsvFileName(at: Date): string {
  return `churches-${at.toISOString().slice(0, 10)}.csv`;
}

type Change<T> = {
  action: AdminAction;
  /** The change itself, inside the transaction; answers the id of the church to show and the log's details. */
  write: (tx: Tx, now: Date) => Promise<{ id: number; target: string; details: Record<string, unknown>; result?: T }>;
  /** Churches whose pages change besides the one answered (the one merged away). */
  alsoChanged?: number[];
  /** The mail the change sends, if any. */
  mail?: (now: Date) => { form: MailForm; to: string; message: RenderMailInput } | null;
};

/**
 * One admin change of a church, in one transaction: the change, its entry of the activity log, the mail it
 * sends and the live announcement (finder, pages and the admin area refetch); then the mail goes out.
 */
async function changeChurch<T>(deps: Deps, actor: ChurchAdmin, change: Change<T>): Promise<{ id: number; result: T | undefined }> {
  const now = deps.clock.now();
  let queued = false;
  const done = await deps.database.db.transaction(async (tx) => {
    const { id, target, details, result } = await change.write(tx, now);
    await recordActivity({ db: tx, live: deps.live }, { actor, action: change.action, target, details, at: now });
    const mail = change.mail?.(now);
    if (mail) {
      await deps.outbox.add({ form: mail.form, to: mail.to, ...renderMail(mail.message) }, tx);
      queued = true;
    }
    for (const changed of new Set([id, ...(change.alsoChanged ?? [])])) {
      await deps.live.publish(tx, { topic: CHURCHES_TOPIC, kind: 'updated', id: String(changed) });
    }
    return { id, result };
  });
  if (queued) deps.outbox.wake();
  deps.logger.info('church changed by an admin', { action: change.action, church: done.id, by: actor.uid });
  return done;
}

async function answerOf(deps: Deps, id: number): Promise<AdminChurch> {
  const row = await churchById(deps.database.db, id);
  const [answer] = await adminChurchesOf(deps.database.db, [row], deps.clock.now());
  return answer!;
}

const label = (row: Pick<ChurchRow, 'name' | 'city' | 'state'>) => `${row.name} (${row.city}, ${row.state})`;

/** An admin adds a church to the network directly: active at once. */
export async function createChurch(deps: Deps, { actor, fields }: { actor: ChurchAdmin; fields: ChurchFields }) {
  const columns = churchFieldColumns(fields);
  const { id } = await changeChurch(deps, actor, {
    action: ADMIN_ACTIONS.churchCreated,
    write: async (tx, now) => {
      const [row] = await tx
        .insert(church)
        .values({ ...columns, status: 'active', createdAt: now, updatedAt: now, activeSince: now })
        .returning({ id: church.id });
      return { id: row!.id, target: label(fields), details: { church: row!.id } };
    },
  });
  return answerOf(deps, id);
}

/** An admin edits any church, whatever its status. */
export async function updateChurch(deps: Deps, { actor, id, fields }: { actor: ChurchAdmin; id: number; fields: ChurchFields }) {
  const columns = churchFieldColumns(fields);
  await changeChurch(deps, actor, {
    action: ADMIN_ACTIONS.churchEdited,
    write: async (tx, now) => {
      await churchById(tx, id);
      await tx
        .update(church)
        .set({ ...columns, updatedAt: now })
        .where(eq(church.id, id));
      return { id, target: label(fields), details: { church: id } };
    },
  });
  return answerOf(deps, id);
}

async function proposalOf(tx: Tx, id: number): Promise<ChurchRow> {
  const row = await churchById(tx, id);
  if (row.status !== 'proposed') throw new AppError('CONFLICT', NOT_A_PROPOSAL);
  return row;
}

/** Who proposed the church, and the language their mail is written in. */
async function proposerOf(tx: Tx, row: ChurchRow) {
  if (!row.proposedBy) return null;
  const person = (await peopleOf(tx, [row.proposedBy])).get(row.proposedBy);
  return person ? { ...person, locale: await localeOfUser(tx, person.uid) } : null;
}

/**
 * A proposal joins the network, as it is or completed by the admin (the street address a proposal lacks).
 * The proposer's claim stays; if they offered to keep the page (a point person row made with the proposal)
 * they keep it, and their own claim counts as confirmed. They are told by mail, with the church's link.
 */
export async function approveChurch(
  deps: Deps,
  { actor, id, fields }: { actor: ChurchAdmin; id: number; fields?: ChurchFields | undefined },
) {
  const columns = fields ? churchFieldColumns(fields) : {};
  let told: { to: string; message: RenderMailInput } | null = null;
  await changeChurch(deps, actor, {
    action: ADMIN_ACTIONS.churchApproved,
    write: async (tx, now) => {
      const row = await proposalOf(tx, id);
      await tx
        .update(church)
        .set({ ...columns, status: 'active', activeSince: now, updatedAt: now })
        .where(eq(church.id, id));
      const proposer = await proposerOf(tx, row);
      const keepsPage = proposer
        ? (
            await tx
              .select()
              .from(churchPointPerson)
              .where(and(eq(churchPointPerson.churchId, id), eq(churchPointPerson.uid, proposer.uid)))
          ).length > 0
        : false;
      if (proposer && keepsPage) {
        await tx
          .update(churchMember)
          .set({ status: 'confirmed', confirmedAt: now })
          .where(and(eq(churchMember.uid, proposer.uid), eq(churchMember.churchId, id), eq(churchMember.status, 'claimed')));
      }
      const name = fields?.name ?? row.name;
      const pageUrl = `${deps.config.publicUrl}/churches/${id}`;
      if (proposer) {
        const i18n = i18nFor(proposer.locale);
        told = {
          to: proposer.email.toLowerCase(),
          message: {
            locale: proposer.locale,
            subject: i18n._('{name} is in the Foster Care Network', { name }),
            paragraphs: [
              i18n._(
                "The team of the Foster Care Network has approved the church you proposed, {name}. It is now listed among the network's churches, and people near it can find it.",
                { name },
              ),
              { action: pageUrl, label: i18n._("The church's page") },
              ...(keepsPage
                ? [
                    i18n._(
                      'You keep its page: add its street address, what it offers and a photo, and confirm the members who say they belong.',
                    ),
                    { link: `${pageUrl}/manage`, label: i18n._('Keep the church’s page') },
                  ]
                : []),
            ],
          },
        };
      }
      return {
        id,
        target: label({ ...row, ...fields }),
        details: { church: id, edited: fields !== undefined, proposer: proposer?.uid ?? null },
      };
    },
    mail: () => (told ? { form: MAIL_FORMS.churchApproved, ...told } : null),
  });
  return answerOf(deps, id);
}

/** A proposal is declined: deleted with the claims on it; the proposer is sent the reason. */
export async function declineChurch(deps: Deps, { actor, id, reason }: { actor: ChurchAdmin; id: number; reason: string }) {
  let told: { to: string; message: RenderMailInput } | null = null;
  await changeChurch(deps, actor, {
    action: ADMIN_ACTIONS.churchDeclined,
    write: async (tx) => {
      const row = await proposalOf(tx, id);
      const proposer = await proposerOf(tx, row);
      // Its claims and point person rows go with it (foreign keys cascade).
      await tx.delete(church).where(eq(church.id, id));
      if (proposer) {
        const i18n = i18nFor(proposer.locale);
        const values = { name: row.name, church: label(row) };
        told = {
          to: proposer.email.toLowerCase(),
          message: {
            locale: proposer.locale,
            subject: i18n._('About the church you proposed, {name}', values),
            paragraphs: [
              i18n._(
                "The team of the Foster Care Network did not add the church you proposed, {church}, to the network's churches.",
                values,
              ),
              i18n._('The reason given:'),
              { quote: reason },
              i18n._('You can choose your church among the network’s churches on your profile, or propose it again with what was missing:'),
              { action: `${deps.config.publicUrl}/update-profile`, label: i18n._('Your profile') },
            ],
          },
        };
      }
      return { id, target: label(row), details: { church: id, reason, proposer: proposer?.uid ?? null } };
    },
    mail: () => (told ? { form: MAIL_FORMS.churchDeclined, ...told } : null),
  });
}

/**
 * A church (a proposal that duplicates one, or a church listed twice) is merged into an active church: its
 * members move there with their claims as they were, its point persons too while the church has fewer than
 * three, and then it is deleted. The figures follow the members.
 */
export async function mergeChurch(deps: Deps, { actor, id, into }: { actor: ChurchAdmin; id: number; into: number }) {
  if (id === into) throw new AppError('VALIDATION', CANNOT_MERGE_INTO_ITSELF, { into: CANNOT_MERGE_INTO_ITSELF });
  await changeChurch(deps, actor, {
    action: ADMIN_ACTIONS.churchMerged,
    alsoChanged: [id],
    write: async (tx, now) => {
      const from = await churchById(tx, id);
      const [target] = await tx.select().from(church).where(eq(church.id, into)).for('update');
      const noSuchChurch = /*i18n*/ 'There is no church with this id.';
      if (!target) throw new AppError('VALIDATION', noSuchChurch, { into: noSuchChurch });
      if (target.status !== 'active') throw new AppError('CONFLICT', MERGE_INTO_ACTIVE);
      // Members: church_member holds one church per member, so every claim on this church moves as it is.
      const moved = await tx
        .update(churchMember)
        .set({ churchId: into })
        .where(eq(churchMember.churchId, id))
        .returning({ uid: churchMember.uid });
      // Care teams belong to a church: they move with its members.
      await tx.update(careTeam).set({ churchId: into }).where(eq(careTeam.churchId, id));
      const kept = await tx.select({ uid: churchPointPerson.uid }).from(churchPointPerson).where(eq(churchPointPerson.churchId, into));
      const keeping = new Set(kept.map((k) => k.uid));
      const theirs = await tx
        .select({ uid: churchPointPerson.uid })
        .from(churchPointPerson)
        .where(eq(churchPointPerson.churchId, id))
        .orderBy(asc(churchPointPerson.since), asc(churchPointPerson.uid));
      const joining = theirs
        .map((p) => p.uid)
        .filter((uid) => !keeping.has(uid))
        .slice(0, Math.max(0, CHURCH_POINT_PERSONS_MAX - keeping.size));
      if (joining.length > 0) await tx.insert(churchPointPerson).values(joining.map((uid) => ({ churchId: into, uid, since: now })));
      await tx.delete(church).where(eq(church.id, id));
      await tx.update(church).set({ updatedAt: now }).where(eq(church.id, into));
      return {
        id: into,
        target: `${label(from)} → ${label(target)}`,
        details: { church: id, into, members: moved.length, pointPersons: joining, pointPersonsLeft: theirs.length - joining.length },
      };
    },
  });
  return answerOf(deps, into);
}

async function setStatus(deps: Deps, actor: ChurchAdmin, id: number, to: 'active' | 'archived') {
  const from = to === 'archived' ? 'active' : 'archived';
  await changeChurch(deps, actor, {
    action: to === 'archived' ? ADMIN_ACTIONS.churchArchived : ADMIN_ACTIONS.churchRestored,
    write: async (tx, now) => {
      const row = await churchById(tx, id);
      if (row.status !== from) {
        throw new AppError(
          'CONFLICT',
          to === 'archived' ? /*i18n*/ 'Only an active church can be archived.' : /*i18n*/ 'Only an archived church can be restored.',
        );
      }
      await tx
        .update(church)
        .set({ status: to, updatedAt: now, activeSince: row.activeSince ?? now })
        .where(eq(church.id, id));
      return { id, target: label(row), details: { church: id } };
    },
  });
  return answerOf(deps, id);
}

/** An archived church keeps its members and point persons but leaves the finder, the map and its public page. */
export const archiveChurch = (deps: Deps, { actor, id }: { actor: ChurchAdmin; id: number }) => setStatus(deps, actor, id, 'archived');
export const restoreChurch = (deps: Deps, { actor, id }: { actor: ChurchAdmin; id: number }) => setStatus(deps, actor, id, 'active');

/** Members who may keep a page or be linked: a saved profile, not suspended. */
const canBelong = and(isNotNull(profile.savedAt), isNull(profile.suspendedAt));

/**
 * The church's point persons become exactly these one to three members, each with a saved profile. Each is a
 * confirmed member of the church (their claim elsewhere, if any, moves here: a point person belongs to it).
 */
export async function setPointPersons(deps: Deps, { actor, id, uids }: { actor: ChurchAdmin; id: number; uids: string[] }) {
  await changeChurch(deps, actor, {
    action: ADMIN_ACTIONS.churchPointPersonsSet,
    write: async (tx, now) => {
      const row = await churchById(tx, id);
      const found = await tx
        .select({ uid: profile.uid })
        .from(profile)
        .where(and(inArray(profile.uid, uids), canBelong));
      if (found.length !== uids.length) throw new AppError('VALIDATION', POINT_PERSON_NEEDS_PROFILE, { uids: POINT_PERSON_NEEDS_PROFILE });
      const before = await tx.select().from(churchPointPerson).where(eq(churchPointPerson.churchId, id));
      const since = new Map(before.map((p) => [p.uid, p.since]));
      await tx.delete(churchPointPerson).where(eq(churchPointPerson.churchId, id));
      await tx.insert(churchPointPerson).values(uids.map((uid) => ({ churchId: id, uid, since: since.get(uid) ?? now })));
      for (const uid of uids) {
        await tx
          .insert(churchMember)
          .values({ uid, churchId: id, status: 'confirmed', claimedAt: now, confirmedAt: now })
          .onConflictDoUpdate({
            target: churchMember.uid,
            set: { churchId: id, status: 'confirmed', confirmedAt: now },
            setWhere: or(ne(churchMember.churchId, id), ne(churchMember.status, 'confirmed')),
          });
      }
      return { id, target: label(row), details: { church: id, uids, before: before.map((p) => p.uid) } };
    },
  });
  return answerOf(deps, id);
}

/**
 * Members who named their church in words on the profile form and have picked none since, each with the active
 * churches of their state whose names are most alike (pg_trgm's `%`: similarity of at least 0.3, served by the
 * trigram index on lower(name)). Those with no alike church are left out: there is nothing to link them to.
 */
export async function linkSuggestions(deps: Pick<AppDeps, 'database'>): Promise<ChurchLinkSuggestionsResponse> {
  const { db } = deps.database;
  const alike = sql`lower(${church.name}) % lower(${profile.church})`;
  const unlinked = and(
    canBelong,
    isNotNull(profile.church),
    sql`btrim(${profile.church}) <> ''`,
    sql`not exists (select 1 from ${churchMember} where ${churchMember.uid} = ${profile.uid})`,
  );
  const members = await db
    .select({ uid: profile.uid, name: nameOf, email: user.email, churchText: profile.church, city: profile.city, state: profile.state })
    .from(profile)
    .innerJoin(user, eq(user.id, profile.uid))
    .where(
      and(
        unlinked,
        sql`exists (select 1 from ${church} where ${church.status} = 'active' and ${church.state} = ${profile.state} and ${alike})`,
      ),
    )
    .orderBy(desc(profile.savedAt), asc(profile.uid))
    .limit(CHURCH_LINK_SUGGESTIONS_MAX);
  if (members.length === 0) return { suggestions: [] };
  const similarity = sql<number>`similarity(lower(${church.name}), lower(${profile.church}))`;
  const candidates = await db
    .select({ uid: profile.uid, id: church.id, name: church.name, city: church.city, similarity })
    .from(profile)
    .innerJoin(church, and(eq(church.state, profile.state), eq(church.status, 'active'), alike))
    .where(
      inArray(
        profile.uid,
        members.map((m) => m.uid),
      ),
    )
    .orderBy(desc(similarity), asc(church.id));
  return {
    suggestions: members.map((m) => ({
      uid: m.uid,
      name: m.name,
      email: m.email,
      churchText: m.churchText ?? '',
      city: m.city,
      state: m.state as StateCode,
      candidates: candidates
        .filter((c) => c.uid === m.uid)
        .slice(0, CHURCH_LINK_CANDIDATES)
        .map((c) => ({ id: c.id, name: c.name, city: c.city, similarity: Math.round(c.similarity * 100) / 100 })),
    })),
  };
}

/** An admin links a member to the church they named in words: confirmed at once, since an admin did it. */
export async function linkMember(deps: Deps, { actor, id, uid }: { actor: ChurchAdmin; id: number; uid: string }) {
  await changeChurch(deps, actor, {
    action: ADMIN_ACTIONS.churchMemberLinked,
    write: async (tx, now) => {
      const row = await churchById(tx, id);
      if (row.status !== 'active') throw new AppError('CONFLICT', /*i18n*/ 'Link members to a church of the network (an active one).');
      const [member] = await tx
        .select({ uid: profile.uid })
        .from(profile)
        .where(and(eq(profile.uid, uid), canBelong));
      if (!member) throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND);
      const linked = await tx
        .insert(churchMember)
        .values({ uid, churchId: id, status: 'confirmed', claimedAt: now, confirmedAt: now })
        .onConflictDoNothing()
        .returning({ uid: churchMember.uid });
      if (linked.length === 0) throw new AppError('CONFLICT', ALREADY_LINKED);
      return { id, target: label(row), details: { church: id, uid } };
    },
  });
  return answerOf(deps, id);
}
