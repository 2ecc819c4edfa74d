import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { symmetricDecrypt } from 'better-auth/crypto';
import { and, eq, gte, sql } from 'drizzle-orm';
import { TOTP_DIGITS } from '../../shared/two-factor';
import type { Auth } from '../auth';
import type { Db } from '../db/client';
import { profile, session, twoFactor, user } from '../db/schema';

export const DEMO_ADMIN = { email: 'admin@demo.example.org', password: 'demo-admin-2026' };
export const DEMO_MEMBER_PASSWORD = 'demo-member-2026';
const PLACEHOLDER_ZIP = '00000';

type DemoMember = {
  email: string;
  firstName: string;
  lastName: string;
  city: string;
  state: string;
  /** A ZIP code of their town, a few miles from their church: the home's "Needs near you" reads it. */
  zip: string;
  church: string;
  fosterParent: 'Yes' | 'No';
  agCredentialed: 'Yes' | 'No';
  kids: number;
};

const MEMBERS: DemoMember[] = [
  {
    email: 'grace.miller@demo.example.org',
    firstName: 'Grace',
    lastName: 'Miller',
    city: 'Springfield',
    state: 'MO',
    zip: '65804',
    church: 'Central Assembly',
    fosterParent: 'Yes',
    agCredentialed: 'No',
    kids: 3,
  },
  {
    email: 'daniel.ortiz@demo.example.org',
    firstName: 'Daniel',
    lastName: 'Ortiz',
    city: 'Phoenix',
    state: 'AZ',
    zip: '85006',
    church: 'Desert Life Church',
    fosterParent: 'Yes',
    agCredentialed: 'Yes',
    kids: 2,
  },
  {
    email: 'ruth.nguyen@demo.example.org',
    firstName: 'Ruth',
    lastName: 'Nguyen',
    city: 'Houston',
    state: 'TX',
    zip: '77006',
    church: 'Bayou City Assembly',
    fosterParent: 'No',
    agCredentialed: 'Yes',
    kids: 0,
  },
  {
    email: 'samuel.brooks@demo.example.org',
    firstName: 'Samuel',
    lastName: 'Brooks',
    city: 'Concord',
    state: 'NH',
    zip: '03301',
    church: 'Granite Hill Church',
    fosterParent: 'Yes',
    agCredentialed: 'No',
    kids: 1,
  },
  {
    email: 'hannah.lee@demo.example.org',
    firstName: 'Hannah',
    lastName: 'Lee',
    city: 'Boston',
    state: 'MA',
    zip: '02118',
    church: 'Harbor Assembly',
    fosterParent: 'Yes',
    agCredentialed: 'No',
    kids: 4,
  },
  {
    email: 'james.walker@demo.example.org',
    firstName: 'James',
    lastName: 'Walker',
    city: 'Sacramento',
    state: 'CA',
    zip: '95816',
    church: 'River Valley Church',
    fosterParent: 'No',
    agCredentialed: 'No',
    kids: 0,
  },
  // Members of the demo churches (demo/churches.ts): two more at Central Assembly, so its figures show, and two
  // who proposed a church.
  {
    email: 'tom.baker@demo.example.org',
    firstName: 'Tom',
    lastName: 'Baker',
    city: 'Springfield',
    state: 'MO',
    zip: '65807',
    church: 'Central Assembly',
    fosterParent: 'Yes',
    agCredentialed: 'No',
    kids: 2,
  },
  {
    email: 'linda.park@demo.example.org',
    firstName: 'Linda',
    lastName: 'Park',
    city: 'Nixa',
    state: 'MO',
    zip: '65714',
    church: 'Central Assembly',
    fosterParent: 'Yes',
    agCredentialed: 'No',
    kids: 1,
  },
  {
    email: 'maria.santos@demo.example.org',
    firstName: 'María',
    lastName: 'Santos',
    city: 'Hialeah',
    state: 'FL',
    zip: '33012',
    church: 'Iglesia Pentecostal Betania',
    fosterParent: 'No',
    agCredentialed: 'Yes',
    kids: 0,
  },
  {
    email: 'peter.olsen@demo.example.org',
    firstName: 'Peter',
    lastName: 'Olsen',
    city: 'Denver',
    state: 'CO',
    zip: '80206',
    church: 'Mile High Assembly',
    fosterParent: 'Yes',
    agCredentialed: 'No',
    kids: 1,
  },
];

/** A demo account, made (its address confirmed) unless it exists: its id, and whether it is new. */
export async function ensureDemoAccount(db: Db, auth: Auth, email: string, password: string): Promise<{ id: string; isNew: boolean }> {
  const [found] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email));
  if (found) return { id: found.id, isNew: false };
  const res = await auth.api.signUpEmail({ body: { email, password, name: '' } });
  // Demo addresses cannot receive mail; they stand for members who confirmed theirs.
  await db.update(user).set({ emailVerified: true }).where(eq(user.id, res.user.id));
  return { id: res.user.id, isNew: true };
}

/**
 * Demo content for the embedded default: a demo admin and a few members with profiles. Runs only
 * outside production, and only adds what is missing, so restarts keep what people changed.
 */
export async function seedDemo(db: Db, auth: Auth): Promise<{ created: number; adminSecondFactor: DemoSecondFactor }> {
  let created = 0;
  const ensure = async (email: string, password: string) => {
    const account = await ensureDemoAccount(db, auth, email, password);
    if (account.isNew) created++;
    return account;
  };

  const admin = await ensure(DEMO_ADMIN.email, DEMO_ADMIN.password);
  if (admin.isNew) {
    await db
      .update(profile)
      .set({ isAdmin: true, firstName: 'Demo', lastName: 'Admin', phone: '4175550100', state: 'MO', savedAt: new Date() })
      .where(eq(profile.uid, admin.id));
  }
  const adminSecondFactor = await ensureDemoSecondFactor(db, auth, admin.id);
  for (const [i, m] of MEMBERS.entries()) {
    const member = await ensure(m.email, DEMO_MEMBER_PASSWORD);
    if (!member.isNew) {
      // Demo data made before issue 29 gave every member the ZIP code 00000, which no search knows; a member
      // who has not changed it since gets their town's.
      await db
        .update(profile)
        .set({ userZip: m.zip })
        .where(and(eq(profile.uid, member.id), eq(profile.userZip, PLACEHOLDER_ZIP)));
      continue;
    }
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
        userZip: m.zip,
        savedAt: new Date(),
      })
      .where(eq(profile.uid, member.id));
  }
  return { created, adminSecondFactor };
}

/** What a tester needs to pass the demo admin's second factor: the authenticator key, or a recovery code. */
export type DemoSecondFactor = { key: string; recoveryCode: string; isNew: boolean };

/**
 * The demo admin has two-step sign-in, set up once through Better Auth's own API, as a person would: enable
 * with the password, then confirm a code computed from the new key (with Better Auth's OTP helper). Every start after that reads the key
 * and the recovery codes back from the plugin's row (encrypted with SESSION_SECRET; decrypted with Better
 * Auth's own helper and API), so the banner always prints a key and an unused recovery code that work. When
 * they cannot be read (SESSION_SECRET changed, every recovery code used, the factor cleared with reset-2fa),
 * the factor is set up anew.
 */
async function ensureDemoSecondFactor(db: Db, auth: Auth, uid: string): Promise<DemoSecondFactor> {
  const stored = await readDemoSecondFactor(db, auth, uid);
  if (stored) return { ...stored, isNew: false };

  const ctx = await auth.$context;
  const started = new Date();
  await db.delete(twoFactor).where(eq(twoFactor.userId, uid));
  await db.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, uid));
  const signedIn = await auth.api.signInEmail({ body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }, returnHeaders: true });
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const headers = new Headers({ cookie });
  await auth.api.enableTwoFactor({ body: { password: DEMO_ADMIN.password }, headers });
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, uid));
  const secret = await symmetricDecrypt({ key: ctx.secretConfig, data: row!.secret });
  // The code of the period before this one, still accepted: each code passes once, and the one an app shows
  // now is the tester's to type.
  const code = await createOTP(secret, { digits: TOTP_DIGITS }).hotp(Math.floor(Date.now() / 30_000) - 1);
  await auth.api.verifyTOTP({ body: { code }, headers });
  // The sessions the set-up made are nobody's.
  await db.delete(session).where(and(eq(session.userId, uid), gte(session.createdAt, started)));
  const ready = await readDemoSecondFactor(db, auth, uid);
  if (!ready) throw new Error('the demo admin’s second factor could not be set up');
  return { ...ready, isNew: true };
}

async function readDemoSecondFactor(db: Db, auth: Auth, uid: string): Promise<Omit<DemoSecondFactor, 'isNew'> | null> {
  const [row] = await db
    .select({ secret: twoFactor.secret, verified: twoFactor.verified, isOn: user.twoFactorEnabled })
    .from(twoFactor)
    .innerJoin(user, eq(user.id, twoFactor.userId))
    .where(eq(twoFactor.userId, uid));
  if (!row?.verified || !row.isOn) return null;
  try {
    const secret = await symmetricDecrypt({ key: (await auth.$context).secretConfig, data: row.secret });
    const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId: uid } });
    const recoveryCode = backupCodes[0];
    if (!secret || !recoveryCode) return null;
    // The key authenticator apps take is the secret in base32, as in the plugin's otpauth:// URI.
    return { key: base32.encode(secret, { padding: false }), recoveryCode };
  } catch {
    return null;
  }
}
