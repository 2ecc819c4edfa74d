import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_PROFILES_PAGE_SIZE,
  type AdminProfile,
  type AdminProfileListResponse,
  type ProfileSort,
  type SortDirection,
} from '../../shared/admin';
import type { Config } from '../config';
import type { AppDeps } from '../deps';
import { profile, user } from '../db/schema';
import { fieldsOf, photoUrlOf, type ProfileRow } from '../profiles';

// The admins' view of every account's profile: all fields, private ones included (product.md §7.5: admins review
// all profiles). Every account is listed, also those whose member has not saved the form yet.

const SEARCHED = [
  profile.firstName,
  profile.lastName,
  user.email,
  profile.phone,
  profile.streetAddress,
  profile.userZip,
  profile.church,
  profile.city,
  profile.state,
  profile.orgAg,
  profile.orgOther,
];

/** `%`, `_` and `\` typed by an admin are searched for as themselves. */
export function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Each word must appear in one of the searched fields (names, email, phone, address, church, city, state, organisations). */
function searchCondition(q: string | undefined): SQL | undefined {
  const words = q?.split(/\s+/).filter(Boolean).slice(0, 8) ?? [];
  if (!words.length) return undefined;
  const haystack = sql`concat_ws(' ', ${sql.join(SEARCHED, sql`, `)})`;
  return and(...words.map((w) => sql`${haystack} ilike ${likePattern(w)}`));
}

function orderOf(sort: ProfileSort, dir: SortDirection): SQL[] {
  const by = dir === 'asc' ? asc : desc;
  const nullsLast = (column: SQL | typeof profile.savedAt) =>
    dir === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
  switch (sort) {
    case 'signedUp':
      return [by(user.createdAt)];
    case 'savedAt':
      return [nullsLast(profile.savedAt)];
    case 'name':
      return [nullsLast(sql`lower(${profile.lastName})`), nullsLast(sql`lower(${profile.firstName})`)];
    case 'email':
      return [by(sql`lower(${user.email})`)];
    case 'state':
      // Members who have not chosen a state (NONE) come last either way.
      return [sql`(${profile.state} = 'NONE') asc`, by(profile.state)];
    case 'church':
      return [nullsLast(sql`lower(${profile.church})`)];
    case 'fosterKids':
      return [nullsLast(sql`${profile.numberOfFosterKids}`)];
  }
}

type Joined = { account: { id: string; email: string; createdAt: Date; emailVerified: boolean }; profile: ProfileRow | null };

function toAdminProfile(config: Config, row: Joined): AdminProfile {
  const email = row.account.email.toLowerCase();
  const stored: ProfileRow = row.profile ?? ({ uid: row.account.id, email, state: 'NONE', isAdmin: false } as ProfileRow);
  const isListedAdmin = config.adminEmails.includes(email);
  return {
    ...fieldsOf(stored),
    uid: row.account.id,
    email,
    savedAt: stored.savedAt?.toISOString() ?? null,
    signedUpAt: row.account.createdAt.toISOString(),
    isAdmin: stored.isAdmin === true || isListedAdmin,
    isListedAdmin,
    photoUrl: row.profile ? photoUrlOf(row.profile) : null,
    emailVerified: row.account.emailVerified,
    suspendedAt: stored.suspendedAt?.toISOString() ?? null,
    suspensionReason: stored.suspensionReason ?? null,
  };
}

const joinedColumns = {
  account: { id: user.id, email: user.email, createdAt: user.createdAt, emailVerified: user.emailVerified },
  profile,
};

/** A page of profiles, searched and sorted (ties broken by account id, so pages never overlap). */
type Deps = Pick<AppDeps, 'database' | 'config'>;

export async function listAdminProfiles(
  deps: Deps,
  query: { q?: string | undefined; sort: ProfileSort; dir: SortDirection; page: number },
): Promise<AdminProfileListResponse> {
  const { db } = deps.database;
  const { config } = deps;
  const where = searchCondition(query.q);
  const [rows, [total]] = await Promise.all([
    db
      .select(joinedColumns)
      .from(user)
      .leftJoin(profile, eq(profile.uid, user.id))
      .where(where)
      .orderBy(...orderOf(query.sort, query.dir), asc(user.id))
      .limit(ADMIN_PROFILES_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PROFILES_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(user)
      .leftJoin(profile, eq(profile.uid, user.id))
      .where(where),
  ]);
  return {
    profiles: rows.map((row) => toAdminProfile(config, row)),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: ADMIN_PROFILES_PAGE_SIZE,
  };
}

/** Every profile, oldest account first (the CSV download). */
export async function allAdminProfiles(deps: Deps): Promise<AdminProfile[]> {
  const rows = await deps.database.db
    .select(joinedColumns)
    .from(user)
    .leftJoin(profile, eq(profile.uid, user.id))
    .orderBy(asc(user.createdAt), asc(user.id));
  return rows.map((row) => toAdminProfile(deps.config, row));
}
