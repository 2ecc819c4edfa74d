import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { profile, user } from '../db/schema';
import { uniqueEmail, type createTestApp } from './app';

type MemberOverrides = Partial<typeof profile.$inferInsert> & { email?: string; emailVerified?: boolean };

let counter = 0;

/**
 * A member with a saved profile (unless `savedAt: null`) and a confirmed address (unless
 * `emailVerified: false`), written straight to the database.
 */
export async function insertMember(db: Db, { emailVerified = true, ...overrides }: MemberOverrides = {}) {
  const id = randomUUID();
  const email = overrides.email ?? `member.${process.pid}.${++counter}.${id.slice(0, 8)}@example.org`;
  await db.insert(user).values({ id, name: '', email, emailVerified });
  await db.insert(profile).values({
    firstName: 'Test',
    lastName: `Member ${counter}`,
    phone: '5550100',
    state: 'NONE',
    savedAt: new Date(),
    fosterParent: 'No',
    numberOfFosterKids: 0,
    ...overrides,
    uid: id,
    email,
  });
  return { id, email };
}

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type ProfileValues = Partial<typeof profile.$inferInsert>;

/**
 * A member signed up through the API, with a client that keeps their session; with a saved profile
 * (Grace Miller in Missouri, plus `profile`) unless `profile` is null.
 */
export async function signUpMember(
  t: TestApp,
  opts: { email?: string; profile?: ProfileValues | null; prefix?: string; confirm?: boolean } = {},
) {
  const c = t.client();
  const email = opts.email ?? uniqueEmail(opts.prefix ?? 'member');
  await c.signUp(email, undefined, { confirm: opts.confirm });
  const [row] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (opts.profile !== null) {
    await t.db
      .update(profile)
      .set({ firstName: 'Grace', lastName: 'Miller', phone: '4175550100', state: 'MO', savedAt: new Date(), ...opts.profile })
      .where(eq(profile.uid, row!.id));
  }
  return { c, id: row!.id, email };
}
