import { and, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  DIRECTORY_PAGE_SIZE,
  directorySearchTerms,
  type DirectoryCounts,
  type DirectoryPage,
  type DirectoryQuery,
} from '../../shared/directory';
import { PROFILE_NAME_MAX } from '../../shared/limits';
import { plainString } from '../../shared/text';
import type { Db } from '../db/client';
import type { DbDeps } from '../deps';
import { directorySearchText, profile } from '../db/schema';
import { AppError } from '../http/errors';
import { isListed, toPublicProfile } from '../profiles';

// The reading side of the directory. Rows are read whole but only ever leave through toPublicProfile, which
// drops the street address, phone, email, ZIP code and isAdmin.

// Sorted by last name, then first name, without regard to case; the uid breaks ties, so the order is total
// and keyset pagination never skips or repeats a member.
const sortLast = sql<string>`lower(coalesce(${profile.lastName}, ''))`;
const sortFirst = sql<string>`lower(coalesce(${profile.firstName}, ''))`;
/** What the search box looks in: name, church, city and organisations (the trigram index's expression). */
const searchable = directorySearchText(profile);

const cursorPart = (max: number) => plainString('List position').max(max);
const cursorSchema = z.tuple([cursorPart(PROFILE_NAME_MAX * 4), cursorPart(PROFILE_NAME_MAX * 4), cursorPart(64)]);

/** The position after a member: their sort keys and uid, as opaque text for the address bar. */
function encodeCursor(last: string, first: string, uid: string): string {
  return Buffer.from(JSON.stringify([last, first, uid]), 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): [string, string, string] {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new AppError('VALIDATION', undefined, { after: /*i18n*/ 'Not a list position' });
  }
}

/**
 * The search and the filters as conditions. Each search word must appear in the name, church, city or an
 * organisation (any of them); words and filters combine with "and". A word is matched with LIKE '%word%' on
 * lower-cased text, which the trigram index answers for words of three letters or more. Search terms are
 * letters and digits only (directorySearchTerms), so nothing typed is a pattern: no % or _ or \ reaches
 * LIKE. The database's own case rules apply to both sides.
 */
export function matchConditions(filter: DirectoryQuery): SQL[] {
  const where: SQL[] = [];
  for (const term of directorySearchTerms(filter.q)) where.push(sql`${searchable} like '%' || lower(${term}) || '%'`);
  if (filter.foster) where.push(eq(profile.fosterParent, 'Yes'));
  if (filter.credentialed) where.push(eq(profile.agCredentialed, 'Yes'));
  if (filter.state) where.push(eq(profile.state, filter.state));
  return where;
}

/** Every listed member: a count without the search expression, so it costs one cheap pass. */
async function countListed(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(profile)
    .where(isListed);
  return Number(row?.n ?? 0);
}

/**
 * One page of the directory, DIRECTORY_PAGE_SIZE members at a time, continued with keyset pagination on
 * (last name, first name, uid). Counts are for admins and come with the first page only.
 */
export async function listDirectory(
  deps: DbDeps,
  { filter, withCounts: forAdmin }: { filter: DirectoryQuery; withCounts: boolean },
): Promise<DirectoryPage> {
  const { db } = deps.database;
  const match = matchConditions(filter);
  const where = [isListed, ...match];
  if (filter.after) {
    const [last, first, uid] = decodeCursor(filter.after);
    where.push(sql`(${sortLast}, ${sortFirst}, ${profile.uid}) > (${last}, ${first}, ${uid})`);
  }
  // Admins' first page counts the matches in the same pass (a window over the rows the filters keep), so
  // the search expression is evaluated once per member, not twice.
  const withCounts = forAdmin && !filter.after;
  // The sort carries the keys and uid only, then the page's rows are read by uid: sorting thousands of
  // whole rows to keep 25 costs the embedded database a third more.
  const keys = db
    .select({
      uid: sql<string>`${profile.uid}`.as('page_uid'),
      sortLast: sortLast.as('sort_last'),
      sortFirst: sortFirst.as('sort_first'),
      matching: (withCounts ? sql<number>`count(*) over ()` : sql<number>`0`).as('matching'),
    })
    .from(profile)
    .where(and(...where))
    .orderBy(sortLast, sortFirst, profile.uid)
    .limit(DIRECTORY_PAGE_SIZE + 1)
    .as('page');
  const rows = await db
    .select({ row: profile, sortLast: keys.sortLast, sortFirst: keys.sortFirst, matching: keys.matching })
    .from(keys)
    .innerJoin(profile, eq(profile.uid, keys.uid))
    .orderBy(keys.sortLast, keys.sortFirst, keys.uid);
  const page = rows.slice(0, DIRECTORY_PAGE_SIZE);
  const last = page.at(-1);
  let counts: DirectoryCounts | null = null;
  if (withCounts) {
    const matching = Number(rows[0]?.matching ?? 0);
    counts = { matching, total: match.length ? await countListed(db) : matching };
  }
  return {
    members: page.map((r) => toPublicProfile(r.row)),
    nextCursor: rows.length > DIRECTORY_PAGE_SIZE && last ? encodeCursor(last.sortLast, last.sortFirst, last.row.uid) : null,
    counts,
  };
}
