import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { profile, user } from '../db/schema';

/**
 * Who is listed (product.md §7.3: members whose ag_affiliated is Yes), and only once they have saved the form,
 * confirmed their address, and while they are not suspended. The directory lists them, and their photos are
 * what any member may see (a photo of anyone else only its owner and admins).
 */
export const isListed = and(
  eq(profile.agAffiliated, 'Yes'),
  isNotNull(profile.savedAt),
  isNull(profile.suspendedAt),
  sql`exists (select 1 from ${user} where ${user.id} = ${profile.uid} and ${user.emailVerified})`,
)!;
