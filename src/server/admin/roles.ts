import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { profile, user } from '../db/schema';

export type RoleChange = { email: string; isAdmin: boolean };
export type RoleResult = { ok: true; email: string; isAdmin: boolean } | { ok: false; reason: 'no-account' };

/** Sets isAdmin on the profile of the account with this email (the profile row is made if missing). */
export async function setAdmin(db: Db, change: RoleChange): Promise<RoleResult> {
  const email = change.email.trim().toLowerCase();
  const [found] = await db.select({ id: user.id }).from(user).where(eq(sql`lower(${user.email})`, email));
  if (!found) return { ok: false, reason: 'no-account' };
  await db
    .insert(profile)
    .values({ uid: found.id, email, isAdmin: change.isAdmin })
    .onConflictDoUpdate({ target: profile.uid, set: { isAdmin: change.isAdmin } });
  return { ok: true, email, isAdmin: change.isAdmin };
}
