import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  DIRECTORY_PAGE_SIZE,
  directorySearchTerms,
  type DirectoryCounts,
  type DirectoryPage,
  type DirectoryQuery,
} from '../../shared/directory';
import { PROFILE_NAME_MAX } from '../../shared/limits';
import type { Db } from '../db/client';
import { profile } from '../db/schema';
import { AppError } from '../http/errors';
import { toPublicProfile } from '../profiles/service';

// The reading side of the directory. Rows are read whole but only ever leave through toPublicProfile, which
// drops the street address, phone, email, ZIP code and isAdmin.

/** Who is listed (SPEC §2: "members whose ag_affiliated is Yes"), and only once they have saved the form. */
export const isListed = and(eq(profile.agAffiliated, 'Yes'), isNotNull(profile.savedAt))!;

// Sorted by last name, then first name, without regard to case; the uid breaks ties, so the order is total
// and keyset pagination never skips or repeats a member.
const sortLast = sql<string>`lower(coalesce(${profile.lastName}, ''))`;
const sortFirst = sql<string>`lower(coalesce(${profile.firstName}, ''))`;
/** What the search box looks in: name, church, city and organisations. */
const searchable = sql`lower(concat_ws(' ', ${profile.firstName}, ${profile.lastName}, ${profile.church}, ${profile.city}, ${profile.orgAg}, ${profile.orgOther}))`;

const cursorSchema = z.tuple([z.string().max(PROFILE_NAME_MAX * 4), z.string().max(PROFILE_NAME_MAX * 4), z.string().max(64)]);

/** The position after a member: their sort keys and uid, as opaque text for the address bar. */
function encodeCursor(last: string, first: string, uid: string): string {
  return Buffer.from(JSON.stringify([last, first, uid]), 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): [string, string, string] {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new AppError('VALIDATION', undefined, { after: 'Not a list position' });
  }
}

/**
 * The search and the filters as conditions. Each search word must appear in the name, church, city or an
 * organisation (any of them); words and filters combine with "and". Words are compared with strpos on
 * lower-cased text, so nothing typed is a pattern (no % or _ wildcards) and the database's own case rules
 * apply to both sides.
 */
function matchConditions(filter: DirectoryQuery): SQL[] {
  const where: SQL[] = [];
  for (const term of directorySearchTerms(filter.q)) where.push(sql`strpos(${searchable}, lower(${term})) > 0`);
  if (filter.foster) where.push(eq(profile.fosterParent, 'Yes'));
  if (filter.credentialed) where.push(eq(profile.agCredentialed, 'Yes'));
  if (filter.state) where.push(eq(profile.state, filter.state));
  return where;
}

async function countsOf(db: Db, match: SQL[]): Promise<DirectoryCounts> {
  // One pass over the listed members for both numbers.
  const matching = match.length ? sql`count(*) filter (where ${and(...match)})` : sql`count(*)`;
  const [row] = await db
    .select({ matching: sql<number>`${matching}::int`, total: sql<number>`count(*)::int` })
    .from(profile)
    .where(isListed);
  return { matching: Number(row?.matching ?? 0), total: Number(row?.total ?? 0) };
}

/**
 * One page of the directory, DIRECTORY_PAGE_SIZE members at a time, continued with keyset pagination on
 * (last name, first name, uid). Counts are for admins and come with the first page only.
 */
export async function listDirectory(db: Db, filter: DirectoryQuery, opts: { withCounts: boolean }): Promise<DirectoryPage> {
  const match = matchConditions(filter);
  const where = [isListed, ...match];
  if (filter.after) {
    const [last, first, uid] = decodeCursor(filter.after);
    where.push(sql`(${sortLast}, ${sortFirst}, ${profile.uid}) > (${last}, ${first}, ${uid})`);
  }
  const rows = await db
    .select({ row: profile, sortLast, sortFirst })
    .from(profile)
    .where(and(...where))
    .orderBy(sortLast, sortFirst, profile.uid)
    .limit(DIRECTORY_PAGE_SIZE + 1);
  const page = rows.slice(0, DIRECTORY_PAGE_SIZE);
  const last = page.at(-1);
  return {
    members: page.map((r) => toPublicProfile(r.row)),
    nextCursor: rows.length > DIRECTORY_PAGE_SIZE && last ? encodeCursor(last.sortLast, last.sortFirst, last.row.uid) : null,
    counts: opts.withCounts && !filter.after ? await countsOf(db, match) : null,
  };
}
