import type { ChurchFieldsInput } from '../../shared/churches';
import { ADMIN_TOPICS } from '../../shared/admin';
import { randomUUID } from 'node:crypto';
import { hashPassword, makeSignature } from 'better-auth/crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import type { ClientResponse } from 'hono/client';
import { expect } from 'vitest';
import type { PostInput, ResponseInput } from '../../shared/forum';
import { setAdmin } from '../admin/roles';
import type { Db } from '../db/client';
import {
  careTask,
  careTeam,
  careTeamMember,
  caseworker,
  church,
  churchMember,
  churchPointPerson,
  clearanceRecord,
  clearanceRequirement,
  mail,
  need,
  needItem,
  profile,
  user,
} from '../db/schema';
import type { CareHelperRole, CareMemberStatus, CareRepeat } from '../../shared/care';
import { ruleOf } from '../care/recurrence';
import { locationColumns, placeOfZip } from '../churches/store';
import { createPost, createResponse, type ForumAuthor } from '../forum/service';
import { TEST_PASSWORD, type TestApp } from './app';
import { passSecondFactor, type SecondFactor } from './second-factor';
import { uniqueEmail, uniqueTag } from './unique';

// The one place server tests make their data. `build…` gives values (nothing stored), unique at every call;
// `insert…` writes them straight to the database (fast, no rate limits); `signUp…` goes through the API as
// a person would, and gives back a client that keeps the session. No test depends on another's data or order.

export { TEST_PASSWORD, uniqueEmail, uniqueTag };

export type { TestApp };
export type TestClient = ReturnType<TestApp['client']>;

type ProfileValues = Partial<Omit<typeof profile.$inferInsert, 'uid'>>;

// ---- Members ----

/** Overrides of a member's rows: the login's id, address and whether it is confirmed, and any profile column. */
export type MemberOverrides = ProfileValues & { id?: string; email?: string; emailVerified?: boolean };

let memberCount = 0;

/**
 * A member's rows, not stored: a login with a confirmed address (unless `emailVerified: false`) and a saved
 * profile (unless `savedAt: null`), with a fresh id, address and last name.
 */
export function buildMember({ id = randomUUID(), email = uniqueEmail('member'), emailVerified = true, ...values }: MemberOverrides = {}) {
  const n = ++memberCount;
  return {
    user: { id, name: '', email, emailVerified },
    profile: {
      firstName: 'Test',
      lastName: `Member ${n}`,
      phone: '5550100',
      state: 'NONE',
      savedAt: new Date(),
      fosterParent: 'No',
      numberOfFosterKids: 0,
      ...values,
      uid: id,
      email,
    } satisfies typeof profile.$inferInsert,
  };
}

/** buildMember, written straight to the database. */
export async function insertMember(db: Db, overrides: MemberOverrides = {}): Promise<{ id: string; email: string }> {
  const member = buildMember(overrides);
  await db.insert(user).values(member.user);
  await db.insert(profile).values(member.profile);
  return { id: member.user.id, email: member.user.email };
}

export type SignUpOptions = {
  /** The address (a fresh one by default, starting with `prefix`). */
  email?: string;
  prefix?: string;
  password?: string;
  /** Follow the link mailed to confirm the address (by default); false leaves it unconfirmed. */
  confirm?: boolean;
  /** The saved profile: Grace Miller in Missouri, with these values over it; null saves none. */
  profile?: ProfileValues | null;
};

export type SignedUpMember = { c: TestClient; id: string; email: string };

/** The profile signUpMember saves unless told otherwise. */
const SAVED_PROFILE = { firstName: 'Grace', lastName: 'Miller', phone: '4175550100', state: 'MO' } satisfies ProfileValues;

/** A member signed up through the API (the form's request, then the mailed link), with a client that keeps their session. */
export async function signUpMember(t: TestApp, opts: SignUpOptions = {}): Promise<SignedUpMember> {
  const c = t.client();
  const email = opts.email ?? uniqueEmail(opts.prefix ?? 'member');
  await c.signUp(email, opts.password, { confirm: opts.confirm });
  const id = await uidOf(t.db, email);
  if (opts.profile !== null) {
    await t.db
      .update(profile)
      .set({ ...SAVED_PROFILE, savedAt: new Date(), ...opts.profile })
      .where(eq(profile.uid, id));
    // As the profile service would: what is kept in memory of this member (issue 14) is read again.
    await t.announce({ topic: ADMIN_TOPICS.users, id });
  }
  return { c, id, email };
}

/** Password hashes by password: scrypt is slow on purpose, and one hash serves every account of a file. */
const passwordHashes = new Map<string, Promise<string>>();

/**
 * A member as signUpMember leaves one (an account with a password, its profile saved unless `profile: null`,
 * the address confirmed unless `confirm: false`, a client signed in), made directly instead of through the
 * forms: the way Better Auth makes them (its own adapter and hooks, so the profile row and the announcements
 * come as at a sign-up), and a session cookie signed with the app's secret exactly as Better Auth signs the
 * one it sets. For every test not about signing up, signing in or confirming: a real sign-up costs two
 * password hashes and six requests. The session is real: the app reads it as any other (the authorization
 * matrix and the route tests run on it).
 */
export async function signedInMember(t: TestApp, opts: SignUpOptions = {}): Promise<SignedUpMember> {
  const c = t.client();
  const email = opts.email ?? uniqueEmail(opts.prefix ?? 'member');
  const password = opts.password ?? TEST_PASSWORD;
  let hash = passwordHashes.get(password);
  if (!hash) passwordHashes.set(password, (hash = hashPassword(password)));
  const auth = await t.auth.$context;
  // The rows a sign-up writes: the account (Better Auth's user), the profile its hook adds, the password.
  const id = auth.generateId({ model: 'user' }) || randomUUID();
  await t.db.insert(user).values({ id, email: email.toLowerCase(), name: '', emailVerified: opts.confirm !== false });
  await t.db.insert(profile).values({
    uid: id,
    email: email.toLowerCase(),
    ...(opts.profile === null ? {} : { ...SAVED_PROFILE, savedAt: new Date(), ...opts.profile }),
  });
  await auth.internalAdapter.linkAccount({ userId: id, providerId: 'credential', accountId: id, password: await hash });
  // As the sign-up's hook and the profile service would: the admin's lists hear of the new member.
  await t.announce({ topic: ADMIN_TOPICS.users, id });
  // As a sign-in from this client's address would record it.
  const session = await auth.internalAdapter.createSession(id, false, { ipAddress: c.ip, userAgent: '' });
  const signed = `${session.token}.${await makeSignature(session.token, auth.secret)}`;
  c.jar.set(auth.authCookies.sessionToken.name, encodeURIComponent(signed));
  return { c, id, email };
}

type AdminOptions = SignUpOptions & { secondFactor?: boolean };
type SignedUpAdmin = SignedUpMember & { factor: SecondFactor | undefined };

/**
 * An admin signed up through the API whose session passed the second factor, as the admin area asks (unless
 * `secondFactor: false`). An address in the app's ADMIN_EMAILS is an admin already; any other is made one
 * as the command line does.
 */
export async function signUpAdmin(t: TestApp, opts: AdminOptions = {}): Promise<SignedUpAdmin> {
  return makeAdmin(t, await signUpMember(t, opts), opts);
}

/** signUpAdmin on a member made by signedInMember: the second factor is still set up through the API. */
export async function signedInAdmin(t: TestApp, opts: AdminOptions = {}): Promise<SignedUpAdmin> {
  return makeAdmin(t, await signedInMember(t, opts), opts);
}

async function makeAdmin(t: TestApp, m: SignedUpMember, opts: AdminOptions): Promise<SignedUpAdmin> {
  if (!t.config.adminEmails.includes(m.email))
    await setAdmin({ db: t.db, live: t.deps.live, clock: t.clock }, { email: m.email, isAdmin: true });
  const factor = opts.secondFactor === false ? undefined : await passSecondFactor(m.c, opts.password);
  return { ...m, factor };
}

// ---- Profiles ----

/** A complete, valid profile form as a member sends it to PUT /api/profile (any field can be overridden, even with nonsense). */
export function buildProfileInput(overrides: Partial<Record<string, unknown>> = {}) {
  return {
    firstName: 'Grace',
    lastName: 'Miller',
    phone: '(417) 555-0100',
    agAffiliated: 'Yes',
    agCredentialed: 'No',
    orgAg: 'AG U.S. Missions',
    orgAgTitle: 'Chaplain',
    orgAgUrl: 'usmissions.ag.org',
    orgOther: '',
    orgOtherTitle: '',
    orgOtherUrl: '',
    fosterParent: 'Yes',
    numberOfFosterKids: 3,
    streetAddress: '12 Elm Street',
    city: 'Springfield',
    state: 'MO',
    userZip: '65802',
    socialMedia: 'https://facebook.com/grace.miller',
    church: 'Central Assembly',
    agChurch: 'Yes',
    comments: 'Happy to help with respite care.',
    ...overrides,
  };
}

// ---- Reading back what the app stored ----

/** The account id of an address. */
export async function uidOf(db: Db, email: string): Promise<string> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!row) throw new Error(`no account has the address ${email}`);
  return row.id;
}

/** The mail items of one form addressed to this email. */
export function mailsTo(db: Db, to: string, form: string) {
  return db
    .select()
    .from(mail)
    .where(and(eq(mail.to, to), eq(mail.form, form)));
}

/** The version of a member's photo (null: none). */
export async function photoVersionOf(db: Db, uid: string): Promise<number | null> {
  const [row] = await db.select({ v: profile.photoVersion }).from(profile).where(eq(profile.uid, uid));
  return row?.v ?? null;
}

/** The response's JSON body, once its status is the one expected (the body is shown when it is not). */
export async function expectJson<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
}

/** The body a typed client's answer (`c.api…`) carries with this status, as its contract declares it. */
type BodyWith<R, S extends number> = R extends ClientResponse<infer T, infer St, 'json'> ? (St extends S ? T : never) : never;

/**
 * expectJson for the typed client: the answer's JSON once its status is the one expected (the body is shown
 * when it is not), typed as the route's contract says it answers with that status.
 */
export async function expectAnswer<R extends ClientResponse<unknown, number, string>, S extends number = 200>(
  sent: R | Promise<R>,
  status: S = 200 as S,
): Promise<BodyWith<R, S>> {
  const res = await sent;
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as BodyWith<R, S>;
}

// ---- Discuss ----

/** A post as a member writes it, with a fresh title. */
export function buildPost(overrides: Partial<PostInput> = {}) {
  return {
    category: 'General',
    title: `A question ${uniqueTag('')}`,
    body: 'How do you prepare a room for a first placement?\nAny tips welcome.',
    ...overrides,
  };
}

/** A response as a member writes it. */
export function buildResponse(overrides: Partial<ResponseInput> = {}) {
  return { body: 'We bought a night light and a soft blanket.', ...overrides };
}

/** A member as the author of posts and responses (the names their profile would give). */
export function authorOf(m: { id: string; email: string }, names: { firstName?: string; lastName?: string } = {}): ForumAuthor {
  return { id: m.id, email: m.email, firstName: names.firstName ?? 'Grace', lastName: names.lastName ?? 'Miller' };
}

type ForumDeps = Parameters<typeof createPost>[0];

/** buildPost, written through the service (no rate limit): its id. */
export async function insertPost(deps: ForumDeps, author: ForumAuthor, overrides: Partial<PostInput> = {}): Promise<number> {
  return (await createPost(deps, { author, input: buildPost(overrides), locale: 'en' })).id;
}

/** buildResponse to a post, written through the service (no rate limit): its id. */
export async function insertResponse(
  deps: ForumDeps,
  author: ForumAuthor,
  postId: number,
  overrides: Partial<ResponseInput> = {},
): Promise<number> {
  return (await createResponse(deps, { author, postId, input: buildResponse(overrides) })).id;
}

// ---- Mail ----

/** A mail item written straight to the log (the outbox's own rows); its id. */
export async function insertMail(db: Db, overrides: Partial<typeof mail.$inferInsert> = {}): Promise<string> {
  const [row] = await db
    .insert(mail)
    .values({
      form: 'contact us',
      to: 'team@example.org',
      message: { subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' },
      state: 'SUCCESS',
      ...overrides,
    })
    .returning({ id: mail.id });
  return row!.id;
}

// ---- Photos ----

/** A JPEG of one colour. */
export function jpegBytes({ width = 300, height = 300, background = '#00979b' } = {}): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

/** Bytes as a browser sends a chosen file. */
export function fileBlob(data: Buffer, type = 'image/jpeg'): Blob {
  return new Blob([new Uint8Array(data)], { type });
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG chunk: length, type, data, CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG's header chunk: its size, 8 bits a sample, in grey or RGB. */
export function pngHeader(width: number, height: number, colour: 'grey' | 'rgb'): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = colour === 'grey' ? 0 : 2;
  return pngChunk('IHDR', ihdr);
}

/**
 * GET of a photo at the address the API gave for it (`/api/photos/<uid>?v=<n>`, a `photoUrl`), through the
 * typed client; an address of any other shape fails the test.
 */
export function getPhotoAt(c: TestClient, photoUrl: string, headers?: Record<string, string>) {
  const parts = /^\/api\/photos\/([^/?]+)(?:\?v=([^&]*))?$/.exec(photoUrl);
  if (!parts) throw new Error(`not the address of a photo: ${photoUrl}`);
  return c.api.photos[':uid'].$get({ param: { uid: parts[1]! }, query: parts[2] === undefined ? {} : { v: parts[2] } }, { headers });
}

/**
 * A browser-like multipart upload of one file as `photo` to POST /api/profile/photo, in this client's session
 * (no Content-Length: the body limit counts the stream). `fields` go along (the crop), `headers` over the rest.
 */
export async function uploadPhoto(
  t: TestApp,
  c: TestClient,
  file: Blob,
  opts: { name?: string; fields?: Record<string, string | number>; headers?: Record<string, string> } = {},
): Promise<Response> {
  const form = new FormData();
  form.set('photo', file, opts.name ?? 'photo.jpg');
  for (const [k, v] of Object.entries(opts.fields ?? {})) form.set(k, String(v));
  return t.app.request('/api/profile/photo', {
    method: 'POST',
    headers: { origin: t.config.publicUrl, cookie: c.cookieHeader(), ...opts.headers },
    body: form,
  });
}

// ---- Churches (issue 25) ----

export type ChurchOverrides = Partial<Omit<typeof church.$inferInsert, 'id'>> & {
  /** Members who keep the church's page. */
  pointPersons?: string[];
  /** Members who belong, confirmed unless listed in `claimed`. */
  members?: string[];
  claimed?: string[];
};

/**
 * A church stored directly (active, in Springfield MO 65802 unless told otherwise), placed by its ZIP code as
 * the app places it, with its point persons and members. Gives back its id.
 */
/** A church's fields as its form sends them (the point person's page, the admin's), in Springfield, Missouri. */
export function buildChurchFields(overrides: Partial<ChurchFieldsInput> = {}): ChurchFieldsInput {
  return {
    name: `${uniqueTag('Fields')} Church`,
    ag: true,
    agDistrict: null,
    street: '1445 N Boonville Ave',
    city: 'Springfield',
    state: 'MO',
    zip: '65802',
    website: null,
    phone: null,
    languages: ['en'],
    description: null,
    offers: ['needs'],
    ...overrides,
  };
}

export async function insertChurch(
  db: Db,
  { pointPersons = [], members = [], claimed = [], ...values }: ChurchOverrides = {},
): Promise<number> {
  const zip = values.zip ?? '65802';
  const place = placeOfZip(zip);
  const now = new Date();
  const [row] = await db
    .insert(church)
    .values({
      name: `${uniqueTag('Church')} Assembly`,
      ag: true,
      street: '1445 N Boonville Ave',
      city: place.city,
      state: place.state,
      zip,
      languages: ['en'],
      offers: ['needs'],
      status: 'active',
      createdAt: now,
      updatedAt: now,
      activeSince: values.status && values.status !== 'active' ? null : now,
      ...locationColumns(place),
      ...values,
    })
    .returning({ id: church.id });
  const id = row!.id;
  if (pointPersons.length > 0) await db.insert(churchPointPerson).values(pointPersons.map((uid) => ({ churchId: id, uid, since: now })));
  const belonging = [
    ...members.map((uid) => ({ uid, status: 'confirmed' as const })),
    ...claimed.map((uid) => ({ uid, status: 'claimed' as const })),
  ];
  if (belonging.length > 0) {
    await db.insert(churchMember).values(
      belonging.map(({ uid, status }) => ({
        uid,
        churchId: id,
        status,
        claimedAt: now,
        confirmedAt: status === 'confirmed' ? now : null,
      })),
    );
  }
  return id;
}

// ---- The needs board (issue 26) ----

export type NeedOverrides = Partial<Omit<typeof need.$inferInsert, 'id'>> & {
  /** The items (a twin bunk bed × 1 at $300 unless told otherwise). */
  items?: Array<{ name?: string; quantity: number; unitValue?: number; note?: string | null }>;
};

/**
 * A need stored directly: open (approved now) in Springfield MO 65802 unless told otherwise, placed by its ZIP
 * code as the app places it, asked by `askerUid` as a family. Gives back its id and its items' ids.
 */
export async function insertNeed(
  db: Db,
  { items = [{ quantity: 1 }], ...values }: NeedOverrides = {},
): Promise<{ id: number; itemIds: number[] }> {
  const zip = values.zip ?? '65802';
  const place = placeOfZip(zip);
  const now = values.createdAt ?? new Date();
  const status = values.status ?? 'open';
  const [row] = await db
    .insert(need)
    .values({
      askedAs: 'family',
      kind: 'items',
      title: `${uniqueTag('Need')} bunk bed`,
      description: 'A twin bunk bed for two brothers placed with us this week.',
      city: place.city,
      state: place.state,
      zip,
      ...locationColumns(place),
      urgency: 'normal',
      status,
      familyConsentAt: now,
      createdAt: now,
      updatedAt: now,
      approvedAt: status === 'open' || status === 'closed' ? now : null,
      ...values,
    })
    .returning({ id: need.id });
  const id = row!.id;
  const stored = await db
    .insert(needItem)
    .values(
      items.map((item, position) => ({
        needId: id,
        position,
        name: item.name ?? 'Twin bunk bed',
        quantity: item.quantity,
        unitValue: item.unitValue ?? 300,
        note: item.note ?? null,
      })),
    )
    .returning({ id: needItem.id });
  return { id, itemIds: stored.map((s) => s.id) };
}

/** A caseworker's record for an account (approved unless told otherwise). */
export async function insertCaseworker(db: Db, uid: string, values: Partial<typeof caseworker.$inferInsert> = {}): Promise<void> {
  const now = new Date();
  await db.insert(caseworker).values({
    uid,
    name: 'Casey Worker',
    agency: 'Greene County Children’s Division',
    supervisorName: 'Sam Supervisor',
    supervisorEmail: uniqueEmail('supervisor'),
    status: 'approved',
    appliedAt: now,
    decidedAt: values.status === 'applied' ? null : now,
    ...values,
  });
}

export type CareTeamOverrides = Partial<Omit<typeof careTeam.$inferInsert, 'id' | 'familyUid'>> & {
  /** The helpers on it (active unless told otherwise), besides the family. */
  members?: { uid: string; role: CareHelperRole; status?: CareMemberStatus }[];
};

/**
 * A care team stored directly: active, in Central time, started by the family `familyUid` (its member row with the
 * role 'family' included), with the helpers given. Gives back its id.
 */
export async function insertCareTeam(db: Db, familyUid: string, { members = [], ...values }: CareTeamOverrides = {}): Promise<number> {
  const now = values.createdAt ?? new Date();
  const [row] = await db
    .insert(careTeam)
    .values({
      familyUid,
      name: `${uniqueTag('Team')} care team`,
      status: 'active',
      timeZone: 'America/Chicago',
      startedBy: familyUid,
      createdAt: now,
      acceptedAt: now,
      ...values,
    })
    .returning({ id: careTeam.id });
  const id = row!.id;
  await db.insert(careTeamMember).values([
    { teamId: id, uid: familyUid, role: 'family', status: 'active', joinedAt: now },
    ...members.map((m) => ({
      teamId: id,
      uid: m.uid,
      role: m.role,
      status: m.status ?? ('active' as const),
      invitedBy: familyUid,
      invitedAt: now,
      joinedAt: (m.status ?? 'active') === 'active' ? now : null,
      approvedBy: (m.status ?? 'active') === 'active' ? familyUid : null,
    })),
  ]);
  return id;
}

export type CareTaskOverrides = Partial<Omit<typeof careTask.$inferInsert, 'id' | 'teamId' | 'rrule'>> & { repeat?: CareRepeat };

/** A task on a team's calendar: a meal at 18:00 at the family's home, once, unless told otherwise. Gives back its id. */
export async function insertCareTask(db: Db, teamId: number, { repeat = 'once', ...values }: CareTaskOverrides = {}): Promise<number> {
  const now = new Date();
  const startDate = values.startDate ?? new Date(now.getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
  const [row] = await db
    .insert(careTask)
    .values({
      teamId,
      kind: 'meal',
      title: 'Meal',
      startDate,
      startTime: '18:00',
      atHome: true,
      helpersNeeded: 1,
      createdAt: now,
      updatedAt: now,
      ...values,
      rrule: ruleOf(repeat, startDate),
    })
    .returning({ id: careTask.id });
  return row!.id;
}

/** The id of one of the requirements every install starts with (migration 0014), by its kind. */
export async function requirementId(db: Db, kind: 'background_check' | 'training' | 'agreement'): Promise<number> {
  const [row] = await db
    .select({ id: clearanceRequirement.id })
    .from(clearanceRequirement)
    .where(eq(clearanceRequirement.kind, kind))
    .limit(1);
  return row!.id;
}

/**
 * A member's clearance record: cleared today and valid for a year unless told otherwise. `kind` names one of the
 * starting requirements.
 */
export async function insertClearance(
  db: Db,
  uid: string,
  kind: 'background_check' | 'training' | 'agreement',
  values: Partial<Omit<typeof clearanceRecord.$inferInsert, 'uid' | 'requirementId'>> = {},
): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  await db.insert(clearanceRecord).values({
    uid,
    requirementId: await requirementId(db, kind),
    status: 'cleared',
    completedOn: today,
    expiresOn: nextYear,
    recordedAt: new Date(),
    ...values,
  });
}
