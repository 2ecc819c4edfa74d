import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { profile, user } from '../db/schema';

type MemberOverrides = Partial<typeof profile.$inferInsert> & { email?: string };

let counter = 0;

/** A member with a saved profile (unless `savedAt: null`), written straight to the database. */
export async function insertMember(db: Db, overrides: MemberOverrides = {}) {
  const id = randomUUID();
  const email = overrides.email ?? `member.${process.pid}.${++counter}.${id.slice(0, 8)}@example.org`;
  await db.insert(user).values({ id, name: '', email });
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
