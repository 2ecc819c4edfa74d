import { inArray, sql } from 'drizzle-orm';
import { user } from '../db/schema';
import type { Db } from '../db/client';
import { isLocale, type Locale } from '../../shared/i18n/locale';

// Mail goes out in its recipient's language, whoever's action sends it (decision 043): the member's saved
// preference, English when they never chose one.

/** The language of each member, by id (English for an id that has none, or no account). */
export async function localesOf(db: Pick<Db, 'select'>, userIds: Iterable<string>): Promise<Map<string, Locale>> {
  const ids = [...new Set(userIds)];
  const out = new Map<string, Locale>(ids.map((id) => [id, 'en']));
  if (ids.length === 0) return out;
  const rows = await db.select({ id: user.id, locale: user.locale }).from(user).where(inArray(user.id, ids));
  for (const row of rows) if (isLocale(row.locale)) out.set(row.id, row.locale);
  return out;
}

/** One member's language. */
export async function localeOfUser(db: Pick<Db, 'select'>, userId: string): Promise<Locale> {
  return (await localesOf(db, [userId])).get(userId) ?? 'en';
}

/** The language of the account with this address (mail to an address, as a password reset's), English if none. */
export async function localeOfEmail(db: Pick<Db, 'select'>, email: string): Promise<Locale> {
  const [row] = await db
    .select({ locale: user.locale })
    .from(user)
    .where(sql`lower(${user.email}) = ${email.toLowerCase()}`);
  return isLocale(row?.locale) ? row.locale : 'en';
}
