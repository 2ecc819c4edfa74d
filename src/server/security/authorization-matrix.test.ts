import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import {
  calendarFeed,
  careClaim,
  careInvite,
  carePost,
  careTeamMember,
  church,
  clearanceRequirement,
  mail,
  needCommitment,
  notification,
  profile,
} from '../db/schema';
import { addDays, localParts } from '../care/recurrence';
import { newToken } from '../care/store';
import { churchPhotoKey } from '../churches/manage';
import { newSupervisorLink } from '../needs/store';
import { photoKey } from '../storage/storage';
import { createUnsubscribeToken } from '../notifications/unsubscribe-token';
import {
  authorOf as forumAuthorOf,
  buildChurchFields,
  insertCareTask,
  insertCareTeam,
  insertCaseworker,
  insertChurch,
  insertClearance,
  insertNeed,
  jpegBytes,
  requirementId,
  signedInAdmin,
  signedInMember,
  signUpMember,
  TEST_PASSWORD as PASSWORD,
  uniqueEmail,
  uniqueTag,
  type TestApp,
} from '../testing/factories';
import {
  addressesIn,
  categoryIdOf,
  createRouteSuiteApp,
  expectEveryServedRoute,
  newMailId,
  newMemberId,
  newPostId,
  newResponseId,
  photoFile,
  signUpListedMember,
} from './route-suite';
import { MAIL_ROUTES } from './mail-routes';
import { startOidcProvider, type OidcProvider } from '../testing/oidc-provider';
import { passSecondFactor, type SecondFactor } from '../testing/second-factor';
import { nextTotpCode } from '../testing/totp';

// Issue 12, "Authorization matrix": every route the app serves × every kind of person who may ask, with
// the status each one gets. The routes come from the app itself (Hono's route table, and the Better Auth
// routes left open), so a route added without a row here fails the test; so does a row for a route the
// app no longer serves. Each cell sends a request that would succeed for someone allowed, so the status
// says who is allowed, not whether the input was valid.

const ROLES = ['visitor', 'unverified', 'noProfile', 'member', 'other', 'adminNo2fa', 'admin'] as const;
type Role = (typeof ROLES)[number];
/** One status per role, in the order of ROLES. */
type Cells = readonly [
  visitor: number,
  unverified: number,
  noProfile: number,
  member: number,
  other: number,
  adminNo2fa: number,
  admin: number,
];

const CONTROL_TOKEN = 'matrix-control-token';

/** A person: a cookie jar and an address of their own, and (for everyone but the visitor) an account. */
type Actor = {
  role: Role;
  ip: string;
  jar: Map<string, string>;
  id: string;
  email: string;
  factor?: SecondFactor;
  pending?: true;
  /** The Cookie header sent instead of the jar's (two session cookies of one name). */
  cookie?: string;
};
type Request = { path: string; body?: unknown; form?: FormData; headers?: Record<string, string> };
type Row = {
  route: string;
  /** A second row of a route whose answer depends on what it is asked about as well as who asks. */
  case?: string;
  /** Each cell gets an actor of its own: the request ends the session, deletes the account or changes its factor. */
  fresh?: true;
  request: (actor: Actor) => Request | Promise<Request>;
  expect: Cells;
};

let provider: OidcProvider;
let t: TestApp;
const nextAddress = addressesIn(201);
/** The people who ask, made once; `fresh` rows make their own. */
const actors = {} as Record<Role, Actor>;
/** What the requests are about: a listed member to write to, the member's photo, a mail in the log, a resource. */
let world: { recipient: string; mailId: string; resourceId: string };

/** Sends a request as this actor, without keeping what it sets (a sign-in in a cell must not change who the actor is). */
async function send(actor: Actor, method: string, req: Request): Promise<Response> {
  if (req.form) return t.requestAs(actor, method, req.path, { body: req.form, headers: req.headers });
  if (req.body === undefined) return t.requestAs(actor, method, req.path, { headers: req.headers });
  return t.requestAs(actor, method, req.path, {
    body: JSON.stringify(req.body),
    headers: { 'content-type': 'application/json', ...req.headers },
  });
}

async function newActor(role: Role): Promise<Actor> {
  const ip = nextAddress();
  if (role === 'visitor') return { role, ip, jar: new Map(), id: '', email: '' };
  const opts = {
    prefix: role.toLowerCase(),
    confirm: role !== 'unverified',
    profile: role === 'noProfile' ? null : { firstName: role, lastName: 'Matrix' },
  };
  // The actor's own address from here on (the sign-up came from another one).
  if (role === 'admin' || role === 'adminNo2fa') {
    const m = await signedInAdmin(t, { ...opts, secondFactor: role === 'admin' });
    return { role, ip, jar: m.c.jar, id: m.id, email: m.email, factor: m.factor };
  }
  const m = await signedInMember(t, opts);
  return { role, ip, jar: m.c.jar, id: m.id, email: m.email };
}

/**
 * A session that owes its second factor (decision 028): a member's session, after another session of the
 * account turned two-step sign-in on. (A Google sign-in makes the same kind; google.test.ts has that path.)
 */
async function newPendingActor(): Promise<Actor> {
  const ip = nextAddress();
  const m = await signedInMember(t, { prefix: 'pending', profile: { firstName: 'pending', lastName: 'Matrix' } });
  const elsewhere = t.client();
  await elsewhere.signIn(m.email);
  await passSecondFactor(elsewhere);
  return { role: 'member', ip, jar: m.c.jar, id: m.id, email: m.email, pending: true };
}

/**
 * An admin's browser past the second factor that also holds a session cookie planted by someone else under the
 * same name (issue 23): the planted one is a member's real session, sent after the admin's own.
 */
async function newTwoCookieActor(): Promise<Actor> {
  const ip = nextAddress();
  const admin = await signedInAdmin(t, { prefix: 'twocookies', profile: { firstName: 'twocookies', lastName: 'Matrix' } });
  const planted = await signedInMember(t, { prefix: 'planted', profile: { firstName: 'planted', lastName: 'Matrix' } });
  const name = [...admin.c.jar.keys()].find((k) => k.endsWith('session_token'))!;
  const cookie = `${admin.c.cookieHeader()}; ${name}=${planted.c.jar.get(name)}`;
  return { role: 'admin', ip, jar: admin.c.jar, id: admin.id, email: admin.email, factor: admin.factor, cookie };
}

/** The actor as the author of posts and responses (written straight through the service, under no rate limit). */
const authorOf = (actor: Actor) => forumAuthorOf(actor, { firstName: actor.role, lastName: 'Matrix' });

const postBy = (actor: Actor) => newPostId(t, authorOf(actor));
/** A new notification for the actor: a response by somebody else to a post of theirs. */
async function notificationOf(actor: Actor): Promise<string> {
  const postId = await postBy(actor);
  await newResponseId(t, authorOf(actors.other), postId);
  const [row] = await t.db
    .select({ id: notification.id })
    .from(notification)
    .where(eq(notification.recipientUid, actor.id))
    .orderBy(desc(notification.createdAt))
    .limit(1);
  return row!.id;
}
const responseBy = (actor: Actor) => newResponseId(t, authorOf(actor));
const newMail = (state?: 'SUCCESS' | 'ERROR') => newMailId(t, state);

async function unconfirmedLinkToken(): Promise<string> {
  const { email } = await signUpMember(t, { prefix: 'link', confirm: false, profile: null });
  return t.emailLinkTokenTo(email);
}

const member = () => actors.member;

/** A church the member actor keeps (a new one each time: the rows change it). */
const keptChurch = (opts: { claimed?: string[]; members?: string[]; status?: 'active' | 'proposed' } = {}) =>
  insertChurch(t.db, { pointPersons: [member().id], ...opts });
const CHURCH_FIELDS = {
  name: 'Matrix Assembly',
  ag: true,
  agDistrict: null,
  website: null,
  phone: null,
  description: null,
  street: '1 Main St',
  city: 'Springfield',
  state: 'MO',
  zip: '65802',
  languages: ['en'],
  offers: ['needs'],
};
/** The address of the photo of a new church the member actor keeps. */
async function churchPhoto(status: 'active' | 'proposed'): Promise<string> {
  const id = await keptChurch({ status });
  await t.deps.storage.put(churchPhotoKey(id), await jpegBytes(), 'image/jpeg');
  await t.db.update(church).set({ photoVersion: 1 }).where(eq(church.id, id));
  return `/api/churches/${id}/photo?v=1`;
}
/** A care team of another member's family, with the member actor as an active helper (issue 27). */
const helpedTeam = async () => insertCareTeam(t.db, await newMemberId(t), { members: [{ uid: member().id, role: 'helper' }] });
/** The needs board's approvals (issue 26): an application, and requests by members, each mailed when decided. */
const applicant = async () => {
  const uid = await newMemberId(t);
  await insertCaseworker(t.db, uid, { status: 'applied' });
  return uid;
};
const reviewNeed = async () => (await insertNeed(t.db, { status: 'review', askerUid: await newMemberId(t) })).id;
/** The path of a new caseworker's request's supervisor link: whoever holds it decides, signed in or not. */
const supervisorLink = async () => {
  const link = newSupervisorLink(t.clock.now());
  const askerUid = await newMemberId(t);
  await insertNeed(t.db, {
    status: 'supervisor',
    askedAs: 'caseworker',
    askerUid,
    supervisorTokenHash: link.tokenHash,
    supervisorLinkExpiresAt: link.expiresAt,
  });
  return `/api/needs/approve/${link.token}`;
};
const CASEWORKER_APPLICATION = {
  name: 'Casey Matrix',
  agency: 'Taney County',
  supervisorName: 'Sam Supervisor',
  supervisorEmail: 'sam@agency.example.org',
};
/** A proposal by a member, so approving or declining it mails them. */
const proposal = async () => insertChurch(t.db, { status: 'proposed', proposedBy: await newMemberId(t) });
/** Clearances (issue 27): a requirement nobody needs (so no team's access moves), and a confirmed member's record. */
const MATRIX_REQUIREMENT = { kind: 'training', description: 'A course.', validMonths: 12, requiredFor: [] };
const matrixRequirement = async () => {
  const [row] = await t.db
    .insert(clearanceRequirement)
    .values({ ...MATRIX_REQUIREMENT, kind: 'training', name: uniqueTag('Matrix'), createdAt: new Date() })
    .returning({ id: clearanceRequirement.id });
  return row!.id;
};
/** The path of a record of a confirmed member of a church the member actor keeps (recorded already, when asked). */
async function clearancePath({ recorded = false } = {}): Promise<string> {
  const uid = await newMemberId(t);
  await keptChurch({ members: [uid] });
  if (recorded) await insertClearance(t.db, uid, 'training');
  return `/api/clearances/${uid}/${await requirementId(t.db, 'training')}`;
}
const mailCount = async () => (await t.db.select({ n: count() }).from(mail))[0]!.n;
const googleStart = { provider: 'google', callbackURL: '/', newUserCallbackURL: '/update-profile', errorCallbackURL: '/sign-in' };

/** A contact form's message (to the team, or to a church) as this actor would send it. */
async function contactMessage(a: Actor, message: string): Promise<Record<string, string>> {
  const body: Record<string, string> = { name: 'Matrix', email: 'writer@example.org', message };
  // A pending session is nobody yet (decision 028), nor is a browser with two session cookies (issue 23):
  // each proves it is human as a visitor does.
  if (a.role === 'visitor' || a.pending || a.cookie !== undefined)
    body.humanToken = (await (await send(a, 'POST', { path: '/api/contact/human', body: {} })).json()).token;
  return body;
}

/** An active church with a point person, made on first use: the public churches' rows read and write to it. */
let madeChurch: Promise<{ id: number; zip: string }> | undefined;
const publicChurch = () =>
  (madeChurch ??= insertChurch(t.db, { zip: '65802', pointPersons: [actors.other.id] }).then((id) => ({ id, zip: '65802' })));

/** A need as its form sends it (the point person's case adds the church). */
const NEED_FIELDS = {
  kind: 'items',
  title: 'A crib for a newborn',
  description: 'A newborn arrives on Friday; the family has no crib yet.',
  city: 'Springfield',
  state: 'MO',
  zip: '65802',
  urgency: 'urgent',
  items: [{ name: 'Crib', quantity: 1, unitValue: 150 }],
};
/** A need the member actor asked for (open unless told otherwise). */
const memberNeed = async (status: 'open' | 'review' = 'open') => (await insertNeed(t.db, { askerUid: member().id, status })).id;

/**
 * Care teams (issue 27): a team whose family is the member actor (with a helper who hears of what happens), or
 * another member's team; a team a point person proposed to the member actor; an invitation link's secret.
 */
const FOSTER = { fosterParent: 'Yes' as const };
const familyTeam = async () => insertCareTeam(t.db, member().id, { members: [{ uid: await newMemberId(t), role: 'helper' }] });
const othersTeam = async (members: NonNullable<Parameters<typeof insertCareTeam>[2]>['members'] = []) =>
  insertCareTeam(t.db, await newMemberId(t), { members });
async function proposedToMember(): Promise<number> {
  const id = await insertCareTeam(t.db, member().id, { status: 'proposed', members: [{ uid: await newMemberId(t), role: 'leader' }] });
  await t.db
    .update(careTeamMember)
    .set({ status: 'invited' })
    .where(and(eq(careTeamMember.teamId, id), eq(careTeamMember.uid, member().id)));
  return id;
}
async function inviteToken(teamId: number): Promise<string> {
  const { token, tokenHash } = newToken();
  const now = new Date();
  await t.db
    .insert(careInvite)
    .values({ teamId, tokenHash, role: 'helper', createdAt: now, expiresAt: new Date(now.getTime() + 86_400_000) });
  return token;
}
/** A local date `days` from today in the care teams' default time zone (America/Chicago). */
const careDate = (days: number) => addDays(localParts(new Date(), 'America/Chicago').date, days);
/**
 * A care team with the member actor as its family or as a helper, and a weekly meal a week from now that
 * somebody has signed up for every date of (another helper, or the member actor: `claimer`), unless `claimed` is
 * false. Every other person on it is a confirmed member, who hears of each change.
 */
async function careWorld(
  as: 'family' | 'helper',
  { claimed = true, claimer = 'other' }: { claimed?: boolean; claimer?: 'member' | 'other' } = {},
) {
  const helper = await newMemberId(t);
  const familyUid = as === 'family' ? member().id : await newMemberId(t);
  const members = [{ uid: helper, role: 'helper' as const }, ...(as === 'helper' ? [{ uid: member().id, role: 'helper' as const }] : [])];
  const teamId = await insertCareTeam(t.db, familyUid, { members });
  const taskId = await insertCareTask(t.db, teamId, { startDate: careDate(7), repeat: 'weekly' });
  if (!claimed) return { teamId, taskId, claimId: 0 };
  const [row] = await t.db
    .insert(careClaim)
    .values({
      taskId,
      occursOn: claimer === 'member' ? careDate(7) : null,
      uid: claimer === 'member' ? member().id : helper,
      createdAt: new Date(),
    })
    .returning({ id: careClaim.id });
  return { teamId, taskId, claimId: row!.id };
}
/** Care teams (issue 27): the address of a calendar feed of the member actor's (a new one each time). */
async function memberFeed(): Promise<string> {
  const { token, tokenHash } = newToken();
  await t.db.insert(calendarFeed).values({ uid: member().id, tokenHash, createdAt: t.clock.now() }).onConflictDoUpdate({
    target: calendarFeed.uid,
    set: { tokenHash },
  });
  return `/api/care/feed/${token}.ics`;
}
/** A care team whose family is the member actor, a year old and asked the anniversary question. */
const memberTeam = () => insertCareTeam(t.db, member().id, { anniversaryAskedAt: t.clock.now() });

// visitor, unverified, no profile, member, other member, admin without the second factor, admin
const ROWS: Row[] = [
  // ---- Health and pages: everyone ----
  { route: 'GET /healthz', request: () => ({ path: '/healthz' }), expect: [200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /readyz', request: () => ({ path: '/readyz' }), expect: [200, 200, 200, 200, 200, 200, 200] },
  // Prometheus's: only with the metrics token (decision 022), whoever is signed in.
  { route: 'GET /metrics', request: () => ({ path: '/metrics' }), expect: [401, 401, 401, 401, 401, 401, 401] },

  // ---- The admin command line's loopback calls: only with the control token, whoever is signed in ----
  {
    route: 'POST /internal/admin-role',
    request: (a) => ({ path: '/internal/admin-role', body: { email: a.email || member().email, isAdmin: true } }),
    expect: [403, 403, 403, 403, 403, 403, 403],
  },
  {
    route: 'POST /internal/reset-2fa',
    request: (a) => ({ path: '/internal/reset-2fa', body: { email: a.email || member().email } }),
    expect: [403, 403, 403, 403, 403, 403, 403],
  },
  {
    route: 'POST /internal/backup/database',
    request: () => ({ path: '/internal/backup/database', body: { into: '/tmp/nowhere' } }),
    expect: [403, 403, 403, 403, 403, 403, 403],
  },
  {
    route: 'POST /internal/care/remind',
    request: () => ({ path: '/internal/care/remind', body: { at: '2026-12-01T15:00:00.000Z' } }),
    expect: [403, 403, 403, 403, 403, 403, 403],
  },

  // ---- Better Auth, as far as it is open ----
  {
    route: 'POST /api/auth/sign-up/email',
    request: () => ({ path: '/api/auth/sign-up/email', body: { email: uniqueEmail('matrix'), password: PASSWORD, name: '' } }),
    expect: [200, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'POST /api/auth/sign-in/email',
    request: (a) => ({ path: '/api/auth/sign-in/email', body: { email: a.email || member().email, password: PASSWORD } }),
    expect: [200, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'POST /api/auth/sign-out',
    fresh: true,
    request: () => ({ path: '/api/auth/sign-out', body: {} }),
    expect: [200, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'POST /api/auth/request-password-reset',
    request: (a) => ({
      path: '/api/auth/request-password-reset',
      body: { email: a.email || member().email, redirectTo: '/reset-password' },
    }),
    expect: [200, 200, 200, 200, 200, 200, 200],
  },
  // The mailed token is the credential, whoever holds it; an unknown one is refused for everyone.
  {
    route: 'POST /api/auth/reset-password',
    request: () => ({ path: '/api/auth/reset-password', body: { token: 'not-a-real-token', newPassword: 'another horse 2' } }),
    expect: [400, 400, 400, 400, 400, 400, 400],
  },
  { route: 'GET /api/auth/get-session', request: () => ({ path: '/api/auth/get-session' }), expect: [200, 200, 200, 200, 200, 200, 200] },
  {
    route: 'GET /api/auth/oauth-popup/start',
    request: () => ({
      path: `/api/auth/oauth-popup/start?${new URLSearchParams({ ...googleStart, popupOrigin: t.config.publicUrl, popupNonce: 'n' })}`,
    }),
    expect: [302, 302, 302, 302, 302, 302, 302],
  },
  {
    route: 'POST /api/auth/sign-in/social',
    request: () => ({ path: '/api/auth/sign-in/social', body: googleStart }),
    expect: [200, 200, 200, 200, 200, 200, 200],
  },
  // Without the state its start set in the browser, the way back from Google signs nobody in.
  {
    route: 'GET /api/auth/callback/google',
    request: () => ({ path: '/api/auth/callback/google?code=forged&state=forged' }),
    expect: [302, 302, 302, 302, 302, 302, 302],
  },
  // Anyone may set up two-step sign-in; the admin has it already.
  {
    route: 'POST /api/auth/two-factor/enable',
    fresh: true,
    request: () => ({ path: '/api/auth/two-factor/enable', body: { password: PASSWORD } }),
    // An unconfirmed address may be somebody else's (issue 23): no factor until it is confirmed.
    expect: [401, 403, 200, 200, 200, 200, 400],
  },
  // Turning off a factor one does not have changes nothing (the plugin says so with 200).
  {
    route: 'POST /api/auth/two-factor/disable',
    fresh: true,
    request: () => ({ path: '/api/auth/two-factor/disable', body: { password: PASSWORD } }),
    expect: [401, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'POST /api/auth/two-factor/generate-backup-codes',
    fresh: true,
    request: () => ({ path: '/api/auth/two-factor/generate-backup-codes', body: { password: PASSWORD } }),
    expect: [401, 400, 400, 400, 400, 400, 200],
  },
  {
    route: 'POST /api/auth/two-factor/verify-totp',
    fresh: true,
    request: async (a) => ({
      path: '/api/auth/two-factor/verify-totp',
      body: { code: a.factor ? await nextTotpCode(a.factor.key) : '123456' },
    }),
    expect: [401, 400, 400, 400, 400, 400, 200],
  },
  {
    route: 'POST /api/auth/two-factor/verify-backup-code',
    fresh: true,
    request: (a) => ({ path: '/api/auth/two-factor/verify-backup-code', body: { code: a.factor?.recoveryCodes[0] ?? 'abcde-fghij' } }),
    expect: [401, 400, 400, 400, 400, 400, 200],
  },

  // ---- The account ----
  { route: 'GET /api/site', request: () => ({ path: '/api/site' }), expect: [200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/openapi.json', request: () => ({ path: '/api/openapi.json' }), expect: [200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/me', request: () => ({ path: '/api/me' }), expect: [200, 200, 200, 200, 200, 200, 200] },
  // The link confirms the account it was sent for, whoever opens it (it never touches the opener's).
  {
    route: 'POST /api/account/verify-email',
    // Another account's sign-up link: it confirms only in a session of its own account (issue 23).
    request: async () => ({ path: '/api/account/verify-email', body: { token: await unconfirmedLinkToken() } }),
    expect: [401, 403, 403, 403, 403, 403, 403],
  },
  {
    route: 'POST /api/account/verification-mail',
    request: () => ({ path: '/api/account/verification-mail', body: {} }),
    expect: [401, 200, 400, 400, 400, 400, 400],
  },
  // "Send the link again" from the page after a sign-up: anyone, by address, the same answer for any address.
  {
    route: 'POST /api/account/confirmation-mail',
    request: () => ({ path: '/api/account/confirmation-mail', body: { email: uniqueEmail('resend') } }),
    expect: [200, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'DELETE /api/account/pending-email',
    request: () => ({ path: '/api/account/pending-email' }),
    expect: [401, 200, 200, 200, 200, 200, 200],
  },
  // A new address: only an account whose own address is confirmed may ask (issue 23).
  {
    route: 'PATCH /api/account',
    fresh: true,
    request: () => ({ path: '/api/account', body: { email: uniqueEmail('moved') } }),
    expect: [401, 403, 200, 200, 200, 200, 200],
  },
  {
    route: 'POST /api/account/sign-out-everywhere',
    fresh: true,
    request: () => ({ path: '/api/account/sign-out-everywhere', body: {} }),
    expect: [401, 200, 200, 200, 200, 200, 200],
  },
  { route: 'DELETE /api/account', fresh: true, request: () => ({ path: '/api/account' }), expect: [401, 200, 200, 200, 200, 200, 200] },
  // The site's language (issue 28): anyone may choose it (a cookie); a member's choice is saved too.
  {
    route: 'PUT /api/locale',
    request: () => ({ path: '/api/locale', body: { locale: 'es' } }),
    expect: [200, 200, 200, 200, 200, 200, 200],
  },

  // ---- Profile and photo: one's own ----
  { route: 'GET /api/profile', request: () => ({ path: '/api/profile' }), expect: [401, 200, 200, 200, 200, 200, 200] },
  {
    route: 'PUT /api/profile',
    fresh: true,
    request: () => ({
      path: '/api/profile',
      body: { firstName: 'Grace', lastName: 'Miller', phone: '4175550100', state: 'MO', city: 'Springfield' },
    }),
    expect: [401, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'POST /api/profile/photo',
    request: async () => {
      const form = new FormData();
      form.append('photo', await photoFile(), 'me.jpg');
      return { path: '/api/profile/photo', form };
    },
    expect: [401, 200, 200, 200, 200, 200, 200],
  },
  { route: 'DELETE /api/profile/photo', request: () => ({ path: '/api/profile/photo' }), expect: [401, 200, 200, 200, 200, 200, 200] },
  // A listed member's photo: every member sees it, as the directory shows them; visitors never do.
  {
    route: 'GET /api/photos/:uid',
    case: 'listed member',
    request: () => ({ path: `/api/photos/${world.recipient}` }),
    expect: [401, 200, 200, 200, 200, 200, 200],
  },
  // The photo of a member the directory does not list (the member actor: not affiliated): the owner and admins
  // with the second factor see it; everyone else gets the 404 of a member without a photo.
  {
    route: 'GET /api/photos/:uid',
    case: 'unlisted member',
    request: async () => {
      // The member's photo, put (back) in place: the rows above upload and remove it.
      await t.deps.storage.put(photoKey(member().id), await jpegBytes(), 'image/jpeg');
      await t.db.update(profile).set({ photoVersion: 1 }).where(eq(profile.uid, member().id));
      return { path: `/api/photos/${member().id}` };
    },
    expect: [401, 404, 404, 200, 404, 404, 200],
  },

  // ---- Directory and member mail ----
  { route: 'GET /api/directory', request: () => ({ path: '/api/directory' }), expect: [401, 200, 200, 200, 200, 200, 200] },
  {
    route: 'POST /api/directory/:uid/message',
    request: () => ({ path: `/api/directory/${world.recipient}/message`, body: { message: 'Hello from the matrix' } }),
    expect: [401, 403, 403, 202, 202, 202, 202],
  },

  // ---- Churches: one's own church, proposals, and the point person's page (issue 25) ----
  {
    route: 'GET /api/churches/pick',
    request: () => ({ path: '/api/churches/pick?q=Assembly' }),
    expect: [401, 200, 200, 200, 200, 200, 200],
  },
  { route: 'GET /api/me/church', request: () => ({ path: '/api/me/church' }), expect: [401, 200, 200, 200, 200, 200, 200] },
  // The member's home (issue 29): each asks about their own church; there is no way to name another.
  {
    route: 'GET /api/me/church/new-members',
    request: () => ({ path: '/api/me/church/new-members' }),
    expect: [401, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'PUT /api/me/church',
    request: async () => ({ path: '/api/me/church', body: { churchId: await insertChurch(t.db) } }),
    expect: [401, 200, 200, 200, 200, 200, 200],
  },
  { route: 'DELETE /api/me/church', request: () => ({ path: '/api/me/church' }), expect: [401, 200, 200, 200, 200, 200, 200] },
  // ---- Care teams' calendar feeds (issue 27): one's own; the feed's address is the key, whoever reads it ----
  { route: 'GET /api/me/calendar-feed', request: () => ({ path: '/api/me/calendar-feed' }), expect: [401, 200, 200, 200, 200, 200, 200] },
  // "Your data" (issue 29): each asks for their own archive; there is no way to name someone else's.
  { route: 'GET /api/me/data', request: () => ({ path: '/api/me/data' }), expect: [401, 200, 200, 200, 200, 200, 200] },
  {
    route: 'POST /api/me/calendar-feed',
    request: () => ({ path: '/api/me/calendar-feed', body: {} }),
    expect: [401, 201, 201, 201, 201, 201, 201],
  },
  {
    route: 'DELETE /api/me/calendar-feed',
    request: () => ({ path: '/api/me/calendar-feed' }),
    expect: [401, 200, 200, 200, 200, 200, 200],
  },
  { route: 'GET /api/care/feed/:file', request: async () => ({ path: await memberFeed() }), expect: [200, 200, 200, 200, 200, 200, 200] },
  {
    route: 'GET /api/care/feed/:file',
    case: 'a token no feed holds (renewed, stopped or never made)',
    request: () => ({ path: `/api/care/feed/${newToken().token}.ics` }),
    expect: [404, 404, 404, 404, 404, 404, 404],
  },
  // The anniversary question: the family's own (the member actor's team); the team reaches only its members and
  // admins past the second factor (404 to everyone else), and an admin reads but does not answer for the family.
  {
    route: 'GET /api/care/teams/:id/anniversary',
    request: async () => ({ path: `/api/care/teams/${await memberTeam()}/anniversary` }),
    expect: [401, 404, 404, 200, 404, 404, 403],
  },
  {
    route: 'POST /api/care/teams/:id/anniversary',
    request: async () => ({ path: `/api/care/teams/${await memberTeam()}/anniversary`, body: { stillFostering: true } }),
    expect: [401, 404, 404, 200, 404, 404, 403],
  },
  // ---- The needs board: "needs near me" (issue 26): one's own; an unconfirmed address confirms first ----
  { route: 'GET /api/me/need-alert', request: () => ({ path: '/api/me/need-alert' }), expect: [401, 200, 200, 200, 200, 200, 200] },
  {
    route: 'PUT /api/me/need-alert',
    request: () => ({ path: '/api/me/need-alert', body: { zip: '65802', radiusMiles: 15 } }),
    expect: [401, 403, 200, 200, 200, 200, 200],
  },
  { route: 'DELETE /api/me/need-alert', request: () => ({ path: '/api/me/need-alert' }), expect: [401, 200, 200, 200, 200, 200, 200] },
  // A proposal is made in the proposer's name: a saved profile first.
  {
    route: 'POST /api/churches/proposals',
    request: () => ({
      path: '/api/churches/proposals',
      body: { name: `${uniqueTag('Matrix')} Church`, city: 'Springfield', state: 'MO', zip: '65802', ag: true, pointPerson: true },
    }),
    expect: [401, 201, 403, 201, 201, 201, 201],
  },
  // The point person's page: the member actor keeps each church; other members (and an admin before the
  // second factor) are refused, admins past it are let in.
  {
    route: 'GET /api/churches/:id/manage',
    request: async () => ({ path: `/api/churches/${await keptChurch()}/manage` }),
    expect: [401, 403, 403, 200, 403, 403, 200],
  },
  {
    route: 'PATCH /api/churches/:id',
    request: async () => ({ path: `/api/churches/${await keptChurch()}`, body: CHURCH_FIELDS }),
    expect: [401, 403, 403, 200, 403, 403, 200],
  },
  {
    route: 'POST /api/churches/:id/photo',
    request: async () => {
      const form = new FormData();
      form.append('photo', await photoFile(), 'logo.jpg');
      return { path: `/api/churches/${await keptChurch()}/photo`, form };
    },
    expect: [401, 403, 403, 200, 403, 403, 200],
  },
  {
    route: 'DELETE /api/churches/:id/photo',
    request: async () => ({ path: `/api/churches/${await keptChurch()}/photo` }),
    expect: [401, 403, 403, 200, 403, 403, 200],
  },
  // An active church's photo is public; a proposal's only its point persons and admins past the second factor see.
  {
    route: 'GET /api/churches/:id/photo',
    case: 'active church',
    request: async () => ({ path: await churchPhoto('active') }),
    expect: [200, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'GET /api/churches/:id/photo',
    case: 'proposed church',
    request: async () => ({ path: await churchPhoto('proposed') }),
    expect: [404, 404, 404, 200, 404, 404, 200],
  },
  {
    route: 'POST /api/churches/:id/members/:uid/confirm',
    request: async () => {
      const claimed = await newMemberId(t);
      return { path: `/api/churches/${await keptChurch({ claimed: [claimed] })}/members/${claimed}/confirm` };
    },
    expect: [401, 403, 403, 200, 403, 403, 200],
  },
  {
    route: 'DELETE /api/churches/:id/members/:uid',
    request: async () => {
      const claimed = await newMemberId(t);
      return { path: `/api/churches/${await keptChurch({ claimed: [claimed] })}/members/${claimed}` };
    },
    expect: [401, 403, 403, 200, 403, 403, 200],
  },
  {
    route: 'POST /api/churches/:id/members/message',
    request: async () => ({
      path: `/api/churches/${await keptChurch({ members: [await newMemberId(t)] })}/members/message`,
      body: { message: 'Hello from the matrix' },
    }),
    expect: [401, 403, 403, 202, 403, 403, 202],
  },

  // ---- The needs board: asking, the board, a need's page, the asker's edits (issue 26) ----
  // An admin past the second factor asks as an admin (on the board at once); without it, as a family.
  {
    route: 'POST /api/needs',
    request: () => ({ path: '/api/needs', body: { ...NEED_FIELDS, familyConsent: true } }),
    expect: [401, 403, 403, 201, 201, 201, 201],
  },
  {
    route: 'POST /api/needs',
    case: "for the member's church",
    request: async () => ({ path: '/api/needs', body: { ...NEED_FIELDS, familyConsent: true, churchId: await keptChurch() } }),
    expect: [401, 403, 403, 201, 403, 403, 403],
  },
  // An approved caseworker's request goes to the supervisor's mail (no profile needed); an admin's opens at once.
  {
    route: 'POST /api/needs',
    case: 'as an approved caseworker',
    fresh: true,
    request: async (a) => {
      if (a.id) await insertCaseworker(t.db, a.id);
      return { path: '/api/needs', body: { ...NEED_FIELDS, familyConsent: true } };
    },
    expect: [401, 403, 201, 201, 201, 201, 201],
  },
  { route: 'GET /api/needs', request: () => ({ path: '/api/needs?zip=65802' }), expect: [200, 200, 200, 200, 200, 200, 200] },
  {
    route: 'GET /api/needs/:id',
    case: 'open need',
    request: async () => ({ path: `/api/needs/${await memberNeed()}` }),
    expect: [200, 200, 200, 200, 200, 200, 200],
  },
  // Before approval, only its asker and admins see it; to everyone else it does not exist.
  {
    route: 'GET /api/needs/:id',
    case: 'waiting for review',
    request: async () => ({ path: `/api/needs/${await memberNeed('review')}` }),
    expect: [404, 404, 404, 200, 404, 404, 200],
  },
  {
    route: 'GET /api/needs/:id/edit',
    request: async () => ({ path: `/api/needs/${await memberNeed()}/edit` }),
    expect: [401, 403, 403, 200, 403, 403, 200],
  },
  {
    route: 'PATCH /api/needs/:id',
    request: async () => ({ path: `/api/needs/${await memberNeed()}`, body: NEED_FIELDS }),
    expect: [401, 403, 403, 200, 403, 403, 200],
  },
  { route: 'GET /api/me/needs', request: () => ({ path: '/api/me/needs' }), expect: [401, 200, 200, 200, 200, 200, 200] },
  // ---- Responding to a need (issue 26): a fresh need for each cell, asked by another member ----
  // Any confirmed member with a profile commits (an admin too, as a member); withdrawing is the responder's
  // alone (the member actor's commitment); closing is the asker's (the member actor) or an admin's.
  {
    route: 'POST /api/needs/:id/commitments',
    request: async () => {
      const { id, itemIds } = await insertNeed(t.db, { askerUid: await newMemberId(t) });
      return { path: `/api/needs/${id}/commitments`, body: { itemId: itemIds[0], quantity: 1 } };
    },
    expect: [401, 403, 403, 201, 201, 201, 201],
  },
  {
    route: 'DELETE /api/needs/:id/commitments/:commitmentId',
    request: async () => {
      const { id, itemIds } = await insertNeed(t.db, { askerUid: await newMemberId(t) });
      const [made] = await t.db
        .insert(needCommitment)
        .values({ needId: id, itemId: itemIds[0], uid: member().id, quantity: 1, createdAt: new Date() })
        .returning({ id: needCommitment.id });
      return { path: `/api/needs/${id}/commitments/${made!.id}` };
    },
    expect: [401, 403, 403, 200, 403, 403, 403],
  },
  {
    route: 'POST /api/needs/:id/close',
    request: async () => {
      const { id, itemIds } = await insertNeed(t.db, { askerUid: member().id });
      // Someone committed, and hears that it closed.
      await t.db
        .insert(needCommitment)
        .values({ needId: id, itemId: itemIds[0], uid: await newMemberId(t), quantity: 1, createdAt: new Date() });
      return { path: `/api/needs/${id}/close`, body: { outcome: 'met', childrenServed: 2, thankYou: 'Thank you all!' } };
    },
    expect: [401, 403, 403, 200, 403, 403, 200],
  },

  // ---- Care teams (issue 27): private to the team and admins; outsiders get 404 whether the team exists or not ----
  // A foster family starts its own (each cell a new family: one team at a time); unconfirmed and profile-less
  // accounts start nothing.
  {
    route: 'POST /api/care/teams',
    fresh: true,
    request: async (a) => {
      if (a.id) await t.db.update(profile).set(FOSTER).where(eq(profile.uid, a.id));
      return { path: '/api/care/teams', body: { name: 'Matrix care team' } };
    },
    expect: [401, 403, 403, 201, 201, 201, 201],
  },
  // A point person (the member actor) for a confirmed foster family of their church: the family is mailed.
  {
    route: 'POST /api/care/teams',
    case: "for a family of the member's church",
    request: async () => {
      const familyUid = await newMemberId(t, FOSTER);
      return { path: '/api/care/teams', body: { churchId: await keptChurch({ members: [familyUid] }), familyUid } };
    },
    expect: [401, 403, 403, 201, 403, 403, 403],
  },
  {
    route: 'POST /api/care/teams/:id/accept',
    request: async () => ({ path: `/api/care/teams/${await proposedToMember()}/accept` }),
    expect: [401, 403, 403, 200, 404, 404, 404],
  },
  {
    route: 'POST /api/care/teams/:id/decline',
    request: async () => ({ path: `/api/care/teams/${await proposedToMember()}/decline` }),
    expect: [401, 403, 403, 200, 404, 404, 404],
  },
  { route: 'GET /api/me/care-teams', request: () => ({ path: '/api/me/care-teams' }), expect: [401, 200, 200, 200, 200, 200, 200] },
  // Admins read a team past the second factor, and manage nothing.
  {
    route: 'GET /api/care/teams/:id',
    request: async () => ({ path: `/api/care/teams/${await familyTeam()}` }),
    expect: [401, 404, 404, 200, 404, 404, 200],
  },
  {
    route: 'PATCH /api/care/teams/:id',
    request: async () => ({ path: `/api/care/teams/${await familyTeam()}`, body: { name: 'Renamed', timeZone: 'America/Denver' } }),
    expect: [401, 403, 403, 200, 404, 404, 403],
  },
  {
    route: 'POST /api/care/teams/:id/end',
    request: async () => ({ path: `/api/care/teams/${await familyTeam()}/end` }),
    expect: [401, 403, 403, 200, 404, 404, 403],
  },
  {
    route: 'POST /api/care/teams/:id/invitations',
    request: async () => ({
      path: `/api/care/teams/${await familyTeam()}/invitations`,
      body: { uid: await newMemberId(t), role: 'helper' },
    }),
    expect: [401, 403, 403, 201, 404, 404, 403],
  },
  {
    route: 'POST /api/care/teams/:id/invite-links',
    request: async () => ({ path: `/api/care/teams/${await familyTeam()}/invite-links`, body: { role: 'mentor' } }),
    expect: [401, 403, 403, 201, 404, 404, 403],
  },
  // The link's secret is the invitation: any signed-in member who holds it reads it and may ask to join.
  {
    route: 'GET /api/care/join/:token',
    request: async () => ({ path: `/api/care/join/${await inviteToken(await othersTeam())}` }),
    expect: [401, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'POST /api/care/join/:token',
    request: async () => ({ path: `/api/care/join/${await inviteToken(await othersTeam())}` }),
    expect: [401, 403, 403, 200, 200, 200, 200],
  },
  // Each actor is invited to a team of its own; only the invited say yes.
  {
    route: 'POST /api/care/teams/:id/membership/accept',
    request: async (a) => ({
      path: `/api/care/teams/${await othersTeam(a.id ? [{ uid: a.id, role: 'helper', status: 'invited' }] : [])}/membership/accept`,
    }),
    expect: [401, 403, 403, 200, 200, 200, 200],
  },
  {
    route: 'POST /api/care/teams/:id/membership/accept',
    case: 'not invited',
    request: async () => ({ path: `/api/care/teams/${await othersTeam()}/membership/accept` }),
    expect: [401, 403, 403, 404, 404, 404, 409],
  },
  {
    route: 'DELETE /api/care/teams/:id/membership',
    request: async (a) => ({
      path: `/api/care/teams/${await othersTeam(a.id ? [{ uid: a.id, role: 'helper' }] : [])}/membership`,
    }),
    expect: [401, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'POST /api/care/teams/:id/members/:uid/approve',
    request: async () => {
      const uid = await newMemberId(t);
      return {
        path: `/api/care/teams/${await insertCareTeam(t.db, member().id, { members: [{ uid, role: 'helper', status: 'requested' }] })}/members/${uid}/approve`,
      };
    },
    expect: [401, 403, 403, 200, 404, 404, 403],
  },
  {
    route: 'PATCH /api/care/teams/:id/members/:uid',
    request: async () => {
      const uid = await newMemberId(t);
      return {
        path: `/api/care/teams/${await insertCareTeam(t.db, member().id, { members: [{ uid, role: 'helper' }] })}/members/${uid}`,
        body: { role: 'mentor' },
      };
    },
    expect: [401, 403, 403, 200, 404, 404, 403],
  },
  {
    route: 'DELETE /api/care/teams/:id/members/:uid',
    request: async () => {
      const uid = await newMemberId(t);
      return { path: `/api/care/teams/${await insertCareTeam(t.db, member().id, { members: [{ uid, role: 'helper' }] })}/members/${uid}` };
    },
    expect: [401, 403, 403, 200, 404, 404, 403],
  },

  // ---- A care team's space (issue 27): a team of another member's family with the member actor as a helper ----
  // Only its active members read and post (everyone else the same 404, whether it exists or not); an admin past
  // the second factor reads but does not post or remove; the member actor removes their own post.
  {
    route: 'GET /api/care/teams/:id/posts',
    request: async () => ({ path: `/api/care/teams/${await helpedTeam()}/posts` }),
    expect: [401, 404, 404, 200, 404, 404, 200],
  },
  {
    route: 'POST /api/care/teams/:id/posts',
    request: async () => ({
      path: `/api/care/teams/${await helpedTeam()}/posts`,
      body: { kind: 'prayer', body: 'Please pray for our family.' },
    }),
    expect: [401, 404, 404, 201, 404, 404, 403],
  },
  {
    route: 'DELETE /api/care/teams/:id/posts/:postId',
    request: async () => {
      const teamId = await helpedTeam();
      const [made] = await t.db
        .insert(carePost)
        .values({ teamId, authorUid: member().id, kind: 'update', body: 'Dinner went well.', createdAt: new Date() })
        .returning({ id: carePost.id });
      return { path: `/api/care/teams/${teamId}/posts/${made!.id}` };
    },
    expect: [401, 404, 404, 200, 404, 404, 403],
  },
  {
    route: 'GET /api/admin/care/figures',
    request: () => ({ path: '/api/admin/care/figures' }),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },

  // ---- The care calendar (issue 27): a fresh team for each cell, with the member actor as its family (who
  // manages it) or as a helper (who signs up); nobody else is on it, so to them it does not exist (404). An admin
  // past the second factor reads it, but neither manages a family's calendar nor signs up (403); without the
  // second factor an admin is an outsider. Someone signed up hears of each change, so each change mails. ----
  {
    route: 'GET /api/care/teams/:id/calendar',
    request: async () => ({ path: `/api/care/teams/${(await careWorld('helper')).teamId}/calendar` }),
    expect: [401, 404, 404, 200, 404, 404, 200],
  },
  {
    route: 'POST /api/care/teams/:id/tasks',
    request: async () => ({
      path: `/api/care/teams/${(await careWorld('family')).teamId}/tasks`,
      body: { kind: 'meal', date: careDate(3) },
    }),
    expect: [401, 404, 404, 201, 404, 404, 403],
  },
  {
    route: 'PATCH /api/care/teams/:id/tasks/:taskId',
    request: async () => {
      const { teamId, taskId } = await careWorld('family');
      return { path: `/api/care/teams/${teamId}/tasks/${taskId}`, body: { kind: 'meal', date: careDate(4), time: '18:30' } };
    },
    expect: [401, 404, 404, 200, 404, 404, 403],
  },
  {
    route: 'DELETE /api/care/teams/:id/tasks/:taskId',
    request: async () => {
      const { teamId, taskId } = await careWorld('family');
      return { path: `/api/care/teams/${teamId}/tasks/${taskId}` };
    },
    expect: [401, 404, 404, 200, 404, 404, 403],
  },
  {
    route: 'POST /api/care/teams/:id/tasks/:taskId/skips',
    request: async () => {
      const { teamId, taskId } = await careWorld('family');
      return { path: `/api/care/teams/${teamId}/tasks/${taskId}/skips`, body: { occursOn: careDate(7) } };
    },
    expect: [401, 404, 404, 200, 404, 404, 403],
  },
  {
    route: 'POST /api/care/teams/:id/tasks/:taskId/claims',
    request: async () => {
      const { teamId, taskId } = await careWorld('helper', { claimed: false });
      return { path: `/api/care/teams/${teamId}/tasks/${taskId}/claims`, body: { occursOn: careDate(7) } };
    },
    expect: [401, 404, 404, 201, 404, 404, 403],
  },
  // Only the helper who signed up withdraws: not the family, not an admin.
  {
    route: 'DELETE /api/care/teams/:id/claims/:claimId',
    request: async () => {
      const { teamId, claimId } = await careWorld('helper', { claimer: 'member' });
      return { path: `/api/care/teams/${teamId}/claims/${claimId}` };
    },
    expect: [401, 404, 404, 200, 404, 404, 403],
  },
  { route: 'GET /api/me/care-tasks', request: () => ({ path: '/api/me/care-tasks' }), expect: [401, 200, 200, 200, 200, 200, 200] },

  // ---- States and the map ----
  { route: 'GET /api/states', request: () => ({ path: '/api/states' }), expect: [200, 200, 200, 200, 200, 200, 200] },
  {
    route: 'GET /api/states/:code/fact-sheet.pdf',
    request: () => ({ path: '/api/states/MO/fact-sheet.pdf' }),
    expect: [200, 200, 200, 200, 200, 200, 200],
  },
  { route: 'GET /api/admin/states', request: () => ({ path: '/api/admin/states' }), expect: [401, 403, 403, 403, 403, 403, 200] },
  // The churches layer of the map: public, the same for everyone.
  { route: 'GET /api/churches/map', request: () => ({ path: '/api/churches/map' }), expect: [200, 200, 200, 200, 200, 200, 200] },
  // The needs board's figures (the map's layer, the landing band): public; the CSV of needs: admins only.
  { route: 'GET /api/needs/figures', request: () => ({ path: '/api/needs/figures' }), expect: [200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/admin/needs.csv', request: () => ({ path: '/api/admin/needs.csv' }), expect: [401, 403, 403, 403, 403, 403, 200] },
  {
    route: 'PUT /api/admin/states/:code',
    request: () => ({ path: '/api/admin/states/MO', body: { count: 12000, sourceUrl: null, countSource: 'AFCARS', countYear: 2021 } }),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },

  // ---- Page views ----
  {
    route: 'POST /api/page-views',
    request: () => ({ path: '/api/page-views', body: { path: '/discuss' } }),
    expect: [204, 204, 204, 204, 204, 204, 204],
  },
  {
    route: 'GET /api/admin/page-views/summary',
    request: () => ({ path: '/api/admin/page-views/summary' }),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },

  // ---- Live updates: the admin's mail log topic ----
  { route: 'GET /api/live', request: () => ({ path: '/api/live?topics=mail' }), expect: [401, 403, 403, 403, 403, 403, 200] },

  // ---- Forum: anybody reads; members with a confirmed address and a profile write; the author or an admin changes ----
  { route: 'GET /api/posts', request: () => ({ path: '/api/posts' }), expect: [200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/post-categories', request: () => ({ path: '/api/post-categories' }), expect: [200, 200, 200, 200, 200, 200, 200] },
  {
    route: 'GET /api/posts/:id',
    request: async () => ({ path: `/api/posts/${await postBy(member())}` }),
    expect: [200, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'POST /api/posts',
    request: () => ({ path: '/api/posts', body: { category: 'General', title: 'Matrix', body: 'Words' } }),
    expect: [401, 403, 403, 201, 201, 201, 201],
  },
  {
    route: 'PATCH /api/posts/:id',
    request: async () => ({ path: `/api/posts/${await postBy(member())}`, body: { category: 'General', title: 'Changed', body: 'Words' } }),
    expect: [401, 403, 403, 200, 403, 403, 200],
  },
  {
    route: 'DELETE /api/posts/:id',
    request: async () => ({ path: `/api/posts/${await postBy(member())}` }),
    expect: [401, 403, 403, 200, 403, 403, 200],
  },
  {
    route: 'POST /api/posts/:id/responses',
    request: async () => ({ path: `/api/posts/${await postBy(member())}/responses`, body: { body: 'A response' } }),
    expect: [401, 403, 403, 201, 201, 201, 201],
  },
  // ---- Following (issue 16): whoever may post follows posts and categories ----
  ...(['GET', 'PUT', 'DELETE'] as const).map((method) => ({
    route: `${method} /api/posts/:id/follow`,
    request: async () => ({ path: `/api/posts/${await postBy(member())}/follow` }),
    expect: [401, 403, 403, 200, 200, 200, 200] as const,
  })),
  {
    route: 'GET /api/post-categories/follows',
    request: () => ({ path: '/api/post-categories/follows' }),
    expect: [401, 403, 403, 200, 200, 200, 200],
  },
  ...(['PUT', 'DELETE'] as const).map((method) => ({
    route: `${method} /api/post-categories/:id/follow`,
    request: async () => ({ path: `/api/post-categories/${await categoryIdOf(t, await postBy(member()))}/follow` }),
    expect: [401, 403, 403, 200, 200, 200, 200] as const,
  })),
  // ---- Notifications: every signed-in member reads their own ----
  { route: 'GET /api/notifications', request: () => ({ path: '/api/notifications' }), expect: [401, 200, 200, 200, 200, 200, 200] },
  {
    route: 'GET /api/notifications/unread-count',
    request: () => ({ path: '/api/notifications/unread-count' }),
    expect: [401, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'POST /api/notifications/read-all',
    request: () => ({ path: '/api/notifications/read-all' }),
    expect: [401, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'GET /api/notifications/preferences',
    request: () => ({ path: '/api/notifications/preferences' }),
    expect: [401, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'PUT /api/notifications/preferences',
    request: () => ({ path: '/api/notifications/preferences', body: { digest: 'daily' } }),
    expect: [401, 200, 200, 200, 200, 200, 200],
  },
  // The signed link of a mail is all a one-click unsubscribe needs: whoever holds it, with or without a session
  // (a notification's link read, a digest's link used).
  ...(
    [
      ['GET', 'followed_response'],
      ['POST', 'digest'],
    ] as const
  ).map(([method, kind]) => ({
    route: `${method} /api/notifications/unsubscribe`,
    request: () => ({
      path: `/api/notifications/unsubscribe?token=${encodeURIComponent(
        createUnsubscribeToken(t.config.sessionSecret, { uid: member().id, kind, now: t.clock.now() }),
      )}`,
    }),
    expect: [200, 200, 200, 200, 200, 200, 200] as const,
  })),
  {
    // The member's own notification: only they find it.
    route: 'POST /api/notifications/:id/read',
    request: async () => ({ path: `/api/notifications/${await notificationOf(member())}/read` }),
    expect: [401, 404, 404, 200, 404, 404, 404],
  },
  {
    route: 'PATCH /api/post-responses/:id',
    request: async () => ({ path: `/api/post-responses/${await responseBy(member())}`, body: { body: 'Changed' } }),
    expect: [401, 403, 403, 200, 403, 403, 200],
  },
  {
    route: 'DELETE /api/post-responses/:id',
    request: async () => ({ path: `/api/post-responses/${await responseBy(member())}` }),
    expect: [401, 403, 403, 200, 403, 403, 200],
  },

  // ---- Contact: anybody (visitors prove they are human first) ----
  {
    route: 'POST /api/contact/human',
    request: () => ({ path: '/api/contact/human', body: {} }),
    expect: [200, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'POST /api/contact',
    request: async (a) => ({ path: '/api/contact', body: await contactMessage(a, 'Hello team') }),
    expect: [202, 202, 202, 202, 202, 202, 202],
  },

  // ---- Churches' public side: anybody (visitors prove they are human before writing to one) ----
  {
    route: 'GET /api/churches',
    request: async () => ({ path: `/api/churches?zip=${(await publicChurch()).zip}&radius=25` }),
    expect: [200, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'GET /api/churches/:id',
    request: async () => ({ path: `/api/churches/${(await publicChurch()).id}` }),
    expect: [200, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'POST /api/churches/:id/contact',
    request: async (a) => ({ path: `/api/churches/${(await publicChurch()).id}/contact`, body: await contactMessage(a, 'Hello church') }),
    expect: [202, 202, 202, 202, 202, 202, 202],
  },

  // ---- Resources: anybody ----
  { route: 'GET /api/resources', request: () => ({ path: '/api/resources' }), expect: [200, 200, 200, 200, 200, 200, 200] },
  {
    route: 'GET /api/resources/:id',
    request: () => ({ path: `/api/resources/${world.resourceId}` }),
    expect: [200, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'GET /api/resources/:id/preview.png',
    request: () => ({ path: `/api/resources/${world.resourceId}/preview.png` }),
    expect: [200, 200, 200, 200, 200, 200, 200],
  },

  // ---- Admin: an admin whose session passed the second factor, nobody else ----
  // The admin area asks this to know which step to show (403 SECOND_FACTOR_REQUIRED says which).
  { route: 'GET /api/admin/access', request: () => ({ path: '/api/admin/access' }), expect: [401, 403, 403, 403, 403, 403, 200] },
  { route: 'GET /api/admin/overview', request: () => ({ path: '/api/admin/overview' }), expect: [401, 403, 403, 403, 403, 403, 200] },
  {
    route: 'GET /api/admin/background-work',
    request: () => ({ path: '/api/admin/background-work' }),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  { route: 'GET /api/admin/mail', request: () => ({ path: '/api/admin/mail' }), expect: [401, 403, 403, 403, 403, 403, 200] },
  { route: 'GET /api/admin/mail/forms', request: () => ({ path: '/api/admin/mail/forms' }), expect: [401, 403, 403, 403, 403, 403, 200] },
  {
    route: 'GET /api/admin/mail/:id',
    request: () => ({ path: `/api/admin/mail/${world.mailId}` }),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'DELETE /api/admin/mail/:id',
    request: async () => ({ path: `/api/admin/mail/${await newMail()}` }),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'POST /api/admin/mail/:id/retry',
    request: async () => ({ path: `/api/admin/mail/${await newMail('ERROR')}/retry`, body: {} }),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  { route: 'GET /api/admin/profiles', request: () => ({ path: '/api/admin/profiles' }), expect: [401, 403, 403, 403, 403, 403, 200] },
  {
    route: 'GET /api/admin/profiles.csv',
    request: () => ({ path: '/api/admin/profiles.csv' }),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'PUT /api/admin/profiles/:uid/role',
    request: async () => ({ path: `/api/admin/profiles/${await newMemberId(t)}/role`, body: { isAdmin: true } }),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'PUT /api/admin/profiles/:uid/suspension',
    request: async () => ({ path: `/api/admin/profiles/${await newMemberId(t)}/suspension`, body: { reason: 'Matrix' } }),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'DELETE /api/admin/profiles/:uid/suspension',
    request: async () => {
      const id = await newMemberId(t, { suspendedAt: new Date(), suspensionReason: 'Matrix' });
      return { path: `/api/admin/profiles/${id}/suspension` };
    },
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  { route: 'GET /api/admin/activity', request: () => ({ path: '/api/admin/activity' }), expect: [401, 403, 403, 403, 403, 403, 200] },

  // ---- Admin: churches (issue 25) ----
  {
    route: 'GET /api/admin/churches',
    request: () => ({ path: '/api/admin/churches?status=proposed' }),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'GET /api/admin/churches.csv',
    request: () => ({ path: '/api/admin/churches.csv' }),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'GET /api/admin/churches/link-suggestions',
    request: () => ({ path: '/api/admin/churches/link-suggestions' }),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'POST /api/admin/churches',
    request: () => ({ path: '/api/admin/churches', body: buildChurchFields() }),
    expect: [401, 403, 403, 403, 403, 403, 201],
  },
  {
    route: 'PUT /api/admin/churches/:id',
    request: async () => ({ path: `/api/admin/churches/${await insertChurch(t.db)}`, body: buildChurchFields() }),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'POST /api/admin/churches/:id/approve',
    request: async () => ({ path: `/api/admin/churches/${await proposal()}/approve`, body: {} }),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'POST /api/admin/churches/:id/decline',
    request: async () => ({ path: `/api/admin/churches/${await proposal()}/decline`, body: { reason: 'Listed twice' } }),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'POST /api/admin/churches/:id/merge',
    request: async () => ({ path: `/api/admin/churches/${await insertChurch(t.db)}/merge`, body: { into: await insertChurch(t.db) } }),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'POST /api/admin/churches/:id/archive',
    request: async () => ({ path: `/api/admin/churches/${await insertChurch(t.db)}/archive`, body: {} }),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'POST /api/admin/churches/:id/restore',
    request: async () => ({ path: `/api/admin/churches/${await insertChurch(t.db, { status: 'archived' })}/restore`, body: {} }),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'PUT /api/admin/churches/:id/point-persons',
    request: async () => ({
      path: `/api/admin/churches/${await insertChurch(t.db)}/point-persons`,
      body: { uids: [await newMemberId(t)] },
    }),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'POST /api/admin/churches/:id/link',
    request: async () => ({ path: `/api/admin/churches/${await insertChurch(t.db)}/link`, body: { uid: await newMemberId(t) } }),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },

  // ---- The needs board's approvals (issue 26) ----
  // Any account with a confirmed address applies as a caseworker (no profile needed: their work is the agency's).
  {
    route: 'POST /api/caseworkers/apply',
    request: () => ({ path: '/api/caseworkers/apply', body: CASEWORKER_APPLICATION }),
    expect: [401, 403, 201, 201, 201, 201, 201],
  },
  { route: 'GET /api/me/caseworker', request: () => ({ path: '/api/me/caseworker' }), expect: [401, 200, 200, 200, 200, 200, 200] },
  // The supervisor's link: whoever holds it, signed in or not (it signs nobody in).
  {
    route: 'GET /api/needs/approve/:token',
    request: async () => ({ path: await supervisorLink() }),
    expect: [200, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'POST /api/needs/approve/:token',
    request: async () => ({ path: await supervisorLink(), body: { decision: 'approve' } }),
    expect: [200, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'GET /api/admin/caseworkers',
    request: () => ({ path: '/api/admin/caseworkers?status=applied' }),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'POST /api/admin/caseworkers/:uid/approve',
    request: async () => ({ path: `/api/admin/caseworkers/${await applicant()}/approve`, body: {} }),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'POST /api/admin/caseworkers/:uid/decline',
    request: async () => ({ path: `/api/admin/caseworkers/${await applicant()}/decline`, body: { reason: 'Unknown agency' } }),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  { route: 'GET /api/admin/needs/queue', request: () => ({ path: '/api/admin/needs/queue' }), expect: [401, 403, 403, 403, 403, 403, 200] },
  {
    route: 'POST /api/admin/needs/:id/approve',
    request: async () => ({ path: `/api/admin/needs/${await reviewNeed()}/approve`, body: {} }),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'POST /api/admin/needs/:id/decline',
    request: async () => ({ path: `/api/admin/needs/${await reviewNeed()}/decline`, body: { reason: 'Names a school' } }),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },

  // ---- Clearances (issue 27): admins define requirements; an admin, or a point person of the member's church,
  // records a member's status and dates (never one's own); each member reads their own and accepts the agreement.
  {
    route: 'GET /api/admin/clearances/requirements',
    request: () => ({ path: '/api/admin/clearances/requirements' }),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'POST /api/admin/clearances/requirements',
    request: () => ({ path: '/api/admin/clearances/requirements', body: { ...MATRIX_REQUIREMENT, name: uniqueTag('Matrix') } }),
    expect: [401, 403, 403, 403, 403, 403, 201],
  },
  {
    route: 'PATCH /api/admin/clearances/requirements/:id',
    request: async () => ({ path: `/api/admin/clearances/requirements/${await matrixRequirement()}`, body: { validMonths: 6 } }),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'GET /api/admin/clearances',
    request: () => ({ path: '/api/admin/clearances?q=Matrix' }),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'PUT /api/clearances/:uid/:requirementId',
    request: async () => ({ path: await clearancePath(), body: { status: 'cleared', completedOn: '2025-05-01' } }),
    expect: [401, 403, 403, 200, 403, 403, 200],
  },
  {
    route: 'PUT /api/clearances/:uid/:requirementId',
    case: "one's own record (only the agreement, through its own route)",
    request: async (a) => ({
      path: `/api/clearances/${a.id || 'nobody'}/${await requirementId(t.db, 'training')}`,
      body: { status: 'pending' },
    }),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'DELETE /api/clearances/:uid/:requirementId',
    request: async () => ({ path: await clearancePath({ recorded: true }) }),
    expect: [401, 403, 403, 200, 403, 403, 200],
  },
  {
    route: 'GET /api/churches/:id/clearances',
    request: async () => ({ path: `/api/churches/${await keptChurch({ members: [await newMemberId(t)] })}/clearances` }),
    expect: [401, 403, 403, 200, 403, 403, 200],
  },
  { route: 'GET /api/me/clearances', request: () => ({ path: '/api/me/clearances' }), expect: [401, 200, 200, 200, 200, 200, 200] },
  {
    route: 'POST /api/me/clearances/agreement',
    request: () => ({ path: '/api/me/clearances/agreement', body: { agree: true } }),
    expect: [401, 403, 200, 200, 200, 200, 200],
  },
];

beforeAll(async () => {
  provider = await startOidcProvider();
  t = await createRouteSuiteApp(CONTROL_TOKEN, { google: provider.config });
  for (const role of ROLES) actors[role] = await newActor(role);
  const recipient = await signUpListedMember(t, 'recipient');
  const photo = new FormData();
  photo.append('photo', await photoFile(), 'me.jpg');
  const uploaded = await send({ ...actors.visitor, jar: recipient.c.jar }, 'POST', { path: '/api/profile/photo', form: photo });
  if (uploaded.status !== 200) throw new Error(`the recipient's photo: ${uploaded.status} ${await uploaded.text()}`);
  const resources = (await (await t.app.request('/api/resources')).json()) as { resources: { id: string; previewUrl: string | null }[] };
  world = { recipient: recipient.id, mailId: await newMail(), resourceId: resources.resources.find((r) => r.previewUrl)!.id };
}, 60_000);
afterAll(async () => {
  await t?.close();
  await provider?.stop();
});

const rowName = (row: Row) => (row.case ? `${row.route} (${row.case})` : row.route);

it('every route the app serves has a row, and every row a route', () => {
  const rows = ROWS.map(rowName);
  expect(new Set(rows).size, 'a route has two rows').toBe(rows.length);
  expectEveryServedRoute(t.app, [...new Set(ROWS.map((r) => r.route))], {
    missing: 'routes without a row in the matrix',
    extra: 'rows for routes the app does not serve',
  });
});

it('each role gets the expected status from every route; every route that queues mail is in MAIL_ROUTES', async () => {
  const got: Record<string, Cells> = {};
  const wrong: string[] = [];
  const mailing = new Set<string>();
  for (const row of ROWS) {
    const [method] = row.route.split(' ');
    const statuses: number[] = [];
    for (const [i, role] of ROLES.entries()) {
      const actor = row.fresh ? await newActor(role) : actors[role];
      const req = await row.request(actor);
      const mailBefore = await mailCount();
      const res = await send(actor, method!, req);
      if ((await mailCount()) > mailBefore) mailing.add(row.route);
      const detail = res.headers.get('content-type')?.includes('json') ? await res.text() : '';
      await res.body?.cancel().catch(() => undefined); // an event stream stays open otherwise
      statuses.push(res.status);
      if (res.status !== row.expect[i])
        wrong.push(`${rowName(row)} as ${role}: ${res.status} (expected ${row.expect[i]}) ${detail.slice(0, 200)}`);
    }
    got[rowName(row)] = statuses as unknown as Cells;
  }
  if (process.env.PRINT_MATRIX) {
    for (const [route, s] of Object.entries(got)) console.log(`${route.padEnd(48)} ${s.join(' ')}`);
  }
  expect(wrong).toEqual([]);
  // A route that mails someone the request chooses must be rate limited both ways (security/mail-limits.test.ts).
  expect(
    [...mailing].filter((route) => !(route in MAIL_ROUTES)),
    'routes that queued mail but are not listed in security/mail-routes.ts',
  ).toEqual([]);
  expect(
    Object.keys(MAIL_ROUTES).filter((route) => !mailing.has(route)),
    'routes listed in security/mail-routes.ts that queued no mail here',
  ).toEqual([]);
}, 120_000);

/**
 * Where a pending session's 401 is a visitor's: passing the code (a wrong one is refused as for anyone), and the
 * metrics, which no session opens.
 */
const PENDING_LIKE_VISITOR = new Set([
  'POST /api/auth/two-factor/verify-totp',
  'POST /api/auth/two-factor/verify-backup-code',
  'GET /metrics',
]);

/** Where a pending session answers as its account does (another account's sign-up link is refused alike). */
const PENDING_AS_ITS_ACCOUNT: Record<string, number> = { 'POST /api/account/verify-email': 403 };

/**
 * Sends every row's request as one kind of asker (`make` gives one, a new one for `fresh` rows) and collects
 * what `wrongOf` finds amiss in each answer.
 */
async function everyRouteAs(
  make: () => Promise<Actor>,
  wrongOf: (row: Row, status: number, detail: string) => string | null,
): Promise<string[]> {
  const shared = await make();
  const wrong: string[] = [];
  for (const row of ROWS) {
    const [method] = row.route.split(' ');
    const actor = row.fresh ? await make() : shared;
    const res = await send(actor, method!, await row.request(actor));
    const detail = res.headers.get('content-type')?.includes('json') ? await res.text() : '';
    await res.body?.cancel().catch(() => undefined); // an event stream stays open otherwise
    const found = wrongOf(row, res.status, detail.slice(0, 200));
    if (found) wrong.push(`${rowName(row)}: ${found}`);
  }
  return wrong;
}

it('a session that owes its second factor gets what a visitor gets, but 403 SECOND_FACTOR_REQUIRED where a visitor gets 401', async () => {
  const wrong = await everyRouteAs(newPendingActor, (row, status, detail) => {
    const visitor = row.expect[0];
    const asAccount = PENDING_AS_ITS_ACCOUNT[row.route];
    const expected = asAccount ?? (visitor === 401 && !PENDING_LIKE_VISITOR.has(row.route) ? 403 : visitor);
    if (status !== expected) return `${status} (expected ${expected}) ${detail}`;
    if (asAccount === undefined && expected === 403 && visitor === 401 && !detail.includes('"SECOND_FACTOR_REQUIRED"'))
      return `403 without SECOND_FACTOR_REQUIRED ${detail}`;
    return null;
  });
  expect(wrong).toEqual([]);
}, 120_000);

it("a browser that sends two session cookies (an admin's and a planted one) gets what a visitor gets, on every route", async () => {
  const wrong = await everyRouteAs(newTwoCookieActor, (row, status, detail) =>
    status === row.expect[0] ? null : `${status} (expected ${row.expect[0]}) ${detail}`,
  );
  expect(wrong).toEqual([]);
}, 120_000);
