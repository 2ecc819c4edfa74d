import { eq, sql } from 'drizzle-orm';
import type { Auth } from '../auth/auth';
import type { Db } from '../db/client';
import { profile, user } from '../db/schema';

export const DEMO_ADMIN = { email: 'admin@demo.example.org', password: 'demo-admin-2026' };
export const DEMO_MEMBER_PASSWORD = 'demo-member-2026';

type DemoMember = {
  email: string;
  firstName: string;
  lastName: string;
  city: string;
  state: string;
  church: string;
  fosterParent: 'Yes' | 'No';
  agCredentialed: 'Yes' | 'No';
  kids: number;
};

const MEMBERS: DemoMember[] = [
  { email: 'grace.miller@demo.example.org', firstName: 'Grace', lastName: 'Miller', city: 'Springfield', state: 'MO', church: 'Central Assembly', fosterParent: 'Yes', agCredentialed: 'No', kids: 3 },
  { email: 'daniel.ortiz@demo.example.org', firstName: 'Daniel', lastName: 'Ortiz', city: 'Phoenix', state: 'AZ', church: 'Desert Life Church', fosterParent: 'Yes', agCredentialed: 'Yes', kids: 2 },
  { email: 'ruth.nguyen@demo.example.org', firstName: 'Ruth', lastName: 'Nguyen', city: 'Houston', state: 'TX', church: 'Bayou City Assembly', fosterParent: 'No', agCredentialed: 'Yes', kids: 0 },
  { email: 'samuel.brooks@demo.example.org', firstName: 'Samuel', lastName: 'Brooks', city: 'Concord', state: 'NH', church: 'Granite Hill Church', fosterParent: 'Yes', agCredentialed: 'No', kids: 1 },
  { email: 'hannah.lee@demo.example.org', firstName: 'Hannah', lastName: 'Lee', city: 'Boston', state: 'MA', church: 'Harbor Assembly', fosterParent: 'Yes', agCredentialed: 'No', kids: 4 },
  { email: 'james.walker@demo.example.org', firstName: 'James', lastName: 'Walker', city: 'Sacramento', state: 'CA', church: 'River Valley Church', fosterParent: 'No', agCredentialed: 'No', kids: 0 },
];

/**
 * Demo content for the embedded default: a demo admin and a few members with profiles. Runs only
 * outside production, and only adds what is missing, so restarts keep what people changed.
 */
export async function seedDemo(db: Db, auth: Auth): Promise<{ created: number }> {
  let created = 0;
  const ensure = async (email: string, password: string) => {
    const [found] = await db.select({ id: user.id }).from(user).where(eq(sql`lower(${user.email})`, email));
    if (found) return { id: found.id, isNew: false };
    const res = await auth.api.signUpEmail({ body: { email, password, name: '' } });
    // Demo addresses cannot receive mail; they stand for members who confirmed theirs.
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, res.user.id));
    created++;
    return { id: res.user.id, isNew: true };
  };

  const admin = await ensure(DEMO_ADMIN.email, DEMO_ADMIN.password);
  if (admin.isNew) {
    await db
      .update(profile)
      .set({ isAdmin: true, firstName: 'Demo', lastName: 'Admin', phone: '4175550100', state: 'MO', savedAt: new Date() })
      .where(eq(profile.uid, admin.id));
  }
  for (const [i, m] of MEMBERS.entries()) {
    const member = await ensure(m.email, DEMO_MEMBER_PASSWORD);
    if (!member.isNew) continue;
    await db
      .update(profile)
      .set({
        firstName: m.firstName,
        lastName: m.lastName,
        phone: `41755501${String(i + 10).padStart(2, '0')}`,
        city: m.city,
        state: m.state,
        church: m.church,
        agAffiliated: 'Yes',
        agChurch: 'Yes',
        agCredentialed: m.agCredentialed,
        fosterParent: m.fosterParent,
        numberOfFosterKids: m.kids,
        streetAddress: `${100 + i} Demo Street`,
        userZip: '00000',
        savedAt: new Date(),
      })
      .where(eq(profile.uid, member.id));
  }
  return { created };
}
