import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdminOverview, ProfileListQuery } from '../../shared/admin';
import { ADMIN_ACTIVITY_PAGE_SIZE, ADMIN_PROFILES_PAGE_SIZE } from '../../shared/admin';
import { LIVE_TOPICS, type LiveEvent } from '../../shared/live';
import { adminActivity, mail, profile } from '../db/schema';
import { seedStateStats } from '../states/service';
import { createTestApp, nextLiveEvent, testClock, useTestApp } from '../testing/app';
import { parseCsv } from '../testing/csv';
import { expectAnswer, expectJson, insertMember, signedInAdmin, signedInMember, signUpMember } from '../testing/factories';
import { passSecondFactor, verifySecondFactor } from '../testing/second-factor';
import { recordActivity } from '../activity';
import { PROFILE_CSV_COLUMNS } from './csv';
import { setAdmin } from './roles';

const ADMIN_EMAIL = 'listed.admin@example.org';

const clock = testClock();
const t = useTestApp({ config: { adminEmails: [ADMIN_EMAIL] }, clock });
beforeAll(async () => {
  await seedStateStats(t.db);
});

type Client = ReturnType<typeof t.client>;

let adminClient: Client | undefined;
/**
 * The admin listed in ADMIN_EMAILS, signed up once (sign-ins are rate-limited per address), with two-step
 * sign-in set up in this session, as every admin needs.
 */
async function listedAdmin(): Promise<Client> {
  adminClient ??= (await signedInAdmin(t, { email: ADMIN_EMAIL, profile: null })).c;
  return adminClient;
}

/** The test clock stands still; the log lists newest first, so each logged change gets its own second. */
function tick() {
  clock.advance(1000);
}

/** A member with no saved profile: a client that keeps their session, and their address. */
async function member(): Promise<Client & { email: string }> {
  const { c, email } = await signedInMember(t, { profile: null });
  return Object.assign(c, { email });
}

const nextEvent = (where: (e: LiveEvent) => boolean) => nextLiveEvent(t.deps.live, where);

/** PUT /api/admin/profiles/:uid/role as this client. */
const putRole = (c: Client, uid: string, isAdmin: boolean) => c.api.admin.profiles[':uid'].role.$put({ param: { uid }, json: { isAdmin } });
const access = (c: Client) => c.api.admin.access.$get();
const activity = (c: Client, before?: string) => expectAnswer(c.api.admin.activity.$get({ query: before === undefined ? {} : { before } }));
const overview = (c: Client) => expectAnswer(c.api.admin.overview.$get({ query: { days: '7' } }));
const profiles = (c: Client, query: ProfileListQuery) => expectAnswer(c.api.admin.profiles.$get({ query }));
const live = (c: Client, topics: string) => c.api.live.$get({ query: { topics } });

describe('access to the admin API', () => {
  // Path parameters get a well-formed value, so a route answers for its access check, not its input.
  const SAMPLE: Record<string, string> = { id: '00000000-0000-4000-8000-000000000000', code: 'NH', uid: 'someone' };

  function adminRoutes() {
    const seen = new Set<string>();
    for (const r of t.app.routes) {
      if (r.method === 'ALL' || !r.path.startsWith('/api/admin/')) continue;
      seen.add(`${r.method} ${r.path}`);
    }
    return [...seen].sort();
  }

  it('finds every admin route in the app, wherever its feature registers it', () => {
    expect(adminRoutes()).toEqual(
      expect.arrayContaining([
        'GET /api/admin/access',
        'GET /api/admin/overview',
        'GET /api/admin/background-work',
        'GET /api/admin/mail',
        'GET /api/admin/mail/forms',
        'GET /api/admin/mail/:id',
        'DELETE /api/admin/mail/:id',
        'POST /api/admin/mail/:id/retry',
        'GET /api/admin/profiles',
        'GET /api/admin/profiles.csv',
        'PUT /api/admin/profiles/:uid/role',
        'GET /api/admin/activity',
        'GET /api/admin/states',
        'PUT /api/admin/states/:code',
        'GET /api/admin/page-views/summary',
      ]),
    );
  });

  /** Each admin route with a well-formed path and body, as `request` arguments (raw: walked from the route table). */
  function adminRequests() {
    return adminRoutes().map((route) => {
      const [method, pattern] = route.split(' ') as [string, string];
      const path = pattern.replace(/:([a-z]+)/gi, (_, name: string) => SAMPLE[name] ?? 'x');
      const body = method === 'GET' || method === 'DELETE' ? undefined : { isAdmin: true, count: 1, sourceUrl: null };
      return { route, method, path, body };
    });
  }

  it('refuses visitors with 401 and members with 403 on every one of them, and changes nothing', async () => {
    const visitor = t.client();
    const plain = await member();
    const activityBefore = await t.db.select().from(adminActivity);
    for (const { route, method, path, body } of adminRequests()) {
      const asVisitor = await visitor.request(method, path, body);
      expect(asVisitor.status, `${route} for a visitor`).toBe(401);
      expect((await asVisitor.json()).code).toBe('UNAUTHENTICATED');
      const asMember = await plain.request(method, path, body);
      expect(asMember.status, `${route} for a member`).toBe(403);
      expect((await asMember.json()).code).toBe('FORBIDDEN');
    }
    expect(await t.db.select().from(adminActivity)).toHaveLength(activityBefore.length);
  });

  it('refuses an admin whose session has not passed a second factor on every one of them, saying which step is missing', async () => {
    const flagged = await member();
    await setAdmin({ db: t.db, live: t.deps.live, clock: t.clock }, { email: flagged.email, isAdmin: true });
    const activityBefore = await t.db.select().from(adminActivity);
    const expectRefused = async (client: Client, needs: 'setup' | 'verify') => {
      for (const { route, method, path, body } of adminRequests()) {
        const res = await client.request(method, path, body);
        expect(res.status, `${route}, ${needs}`).toBe(403);
        expect(await res.json(), route).toEqual({ code: 'SECOND_FACTOR_REQUIRED', message: expect.any(String), needs });
      }
    };
    // No factor on the account: set one up first.
    await expectRefused(flagged, 'setup');

    // A factor set up in another session does not open this one: it needs a code of its own (step-up).
    const elsewhere = t.client();
    expect((await elsewhere.signIn(flagged.email)).status).toBe(200);
    const factor = await passSecondFactor(elsewhere);
    expect((await access(elsewhere)).status).toBe(200);
    await expectRefused(flagged, 'verify');
    expect(await t.db.select().from(adminActivity)).toHaveLength(activityBefore.length);

    await verifySecondFactor(flagged, factor);
    expect(await expectAnswer(access(flagged))).toMatchObject({ email: flagged.email });
  });

  it('keeps every admin live topic for admins', async () => {
    const adminTopics = Object.entries(LIVE_TOPICS)
      .filter(([, audience]) => audience === 'admin')
      .map(([topic]) => topic);
    expect(adminTopics).toEqual(expect.arrayContaining(['mail', 'users', 'activity']));
    const plain = await member();
    const flagged = await member();
    await setAdmin({ db: t.db, live: t.deps.live, clock: t.clock }, { email: flagged.email, isAdmin: true });
    for (const topic of adminTopics) {
      expect((await live(t.client(), topic)).status, topic).toBe(401);
      expect((await live(plain, `posts,${topic}`)).status, topic).toBe(403);
      // The stream's contract answers text, so its refusal is read as plain JSON.
      expect((await expectJson<{ code: string }>(await live(flagged, `posts,${topic}`), 403)).code, topic).toBe('SECOND_FACTOR_REQUIRED');
    }
    const admin = await listedAdmin();
    const res = await live(admin, adminTopics.join(','));
    expect(res.status).toBe(200);
    await res.body?.cancel();
  });

  it('answers the admin check with who the admin is', async () => {
    const admin = await listedAdmin();
    expect(await expectAnswer(access(admin))).toMatchObject({ email: ADMIN_EMAIL, isListedAdmin: true });

    const flagged = await signedInAdmin(t, { profile: null });
    const res = await access(flagged.c);
    expect(await expectAnswer(res)).toMatchObject({ email: flagged.email, isListedAdmin: false });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('GET /api/admin/overview', () => {
  it('counts users, profiles and foster children, per state, and the day’s sign-ups', async () => {
    const admin = await listedAdmin();
    const before = await overview(admin);
    await insertMember(t.db, { state: 'VT', numberOfFosterKids: 3, fosterParent: 'Yes' });
    await insertMember(t.db, { state: 'VT', numberOfFosterKids: 2, fosterParent: 'Yes' });
    await insertMember(t.db, { state: 'WY', numberOfFosterKids: null, fosterParent: 'No' });
    await member(); // an account without a saved profile

    const after = await overview(admin);
    expect(after.totals.users - before.totals.users).toBe(4);
    expect(after.totals.profiles - before.totals.profiles).toBe(3);
    expect(after.totals.fosterKids - before.totals.fosterKids).toBe(5);
    expect(after.totals.fosterParents - before.totals.fosterParents).toBe(2);
    const vt = after.byState.find((s) => s.code === 'VT');
    expect(vt).toEqual({ code: 'VT', name: 'Vermont', members: 2, fosterChildren: 5 });
    expect(after.byState.find((s) => s.code === 'WY')).toMatchObject({ members: 1, fosterChildren: 0 });
    expect(after.byState.some((s) => s.code === 'NONE')).toBe(false);

    expect(after.signUps).toHaveLength(7);
    expect(after.signUps.at(-1)!.day).toBe(t.clock.now().toISOString().slice(0, 10));
    const sum = (o: AdminOverview) => o.signUps.reduce((n, d) => n + d.count, 0);
    expect(sum(after) - sum(before)).toBe(4);
    expect(Object.keys(after.mail).sort()).toEqual(['ERROR', 'PENDING', 'PROCESSING', 'RETRY', 'SUCCESS']);
    // The needs board's figures: every one of the last 12 months, and the national row of response times first
    // (needs/figures.test.ts checks what they count).
    expect(after.needs.byMonth).toHaveLength(12);
    expect(after.needs.times[0]).toMatchObject({ code: 'US', name: 'United States' });
  });

  it('counts notification mail delivered per day and per form, and what failed, within the period', async () => {
    const admin = await listedAdmin();
    const before = await overview(admin);
    const now = t.clock.now();
    const daysAgo = (n: number) => new Date(now.getTime() - n * 24 * 60 * 60 * 1000);
    const item = (form: string, state: 'SUCCESS' | 'ERROR' | 'PENDING', at: Date) => ({
      form,
      state,
      to: 'someone@example.org',
      message: { subject: 'Subject', text: 'Text', html: '<p>Text</p>' },
      date: at,
      endTime: state === 'PENDING' ? null : at,
    });
    await t.db
      .insert(mail)
      .values([
        item('notification: response', 'SUCCESS', now),
        item('notification: response', 'SUCCESS', now),
        item('notification: followed response', 'SUCCESS', daysAgo(1)),
        item('notification: response', 'ERROR', now),
        item('notification: response', 'PENDING', now),
        item('password reset', 'SUCCESS', now),
        item('notification: response', 'SUCCESS', daysAgo(10)),
      ]);

    const after = await overview(admin);
    expect(after.notificationMail).toHaveLength(7);
    expect(after.notificationMail.at(-1)!.day).toBe(now.toISOString().slice(0, 10));
    const delta = (i: number) => after.notificationMail.at(i)!.count - before.notificationMail.at(i)!.count;
    expect(delta(-1)).toBe(2);
    expect(delta(-2)).toBe(1);
    const byForm = (o: AdminOverview, form: string) => o.notificationMailByForm.find((f) => f.form === form)?.count ?? 0;
    expect(byForm(after, 'notification: response') - byForm(before, 'notification: response')).toBe(2);
    expect(byForm(after, 'notification: followed response') - byForm(before, 'notification: followed response')).toBe(1);
    expect(after.notificationMailByForm.some((f) => f.form === 'password reset')).toBe(false);
    expect(after.notificationMailFailed - before.notificationMailFailed).toBe(1);
  });

  it('refuses periods it does not offer', async () => {
    const admin = await listedAdmin();
    for (const days of ['0', '8', 'many', '-30']) {
      expect((await admin.api.admin.overview.$get({ query: { days } })).status, days).toBe(400);
    }
  });
});

describe('GET /api/admin/profiles', () => {
  it('lists every field, private ones included, and who is an admin', async () => {
    const admin = await listedAdmin();
    const { id, email } = await insertMember(t.db, {
      firstName: 'Priya',
      lastName: 'Zamora',
      streetAddress: '12 Hidden Lane',
      phone: '4175550100',
      userZip: '65802',
      city: 'Springfield',
      state: 'MO',
      church: 'Central Assembly',
    });
    const body = await profiles(admin, { q: 'zamora hidden' });
    expect(body.total).toBe(1);
    expect(body.profiles[0]).toMatchObject({
      uid: id,
      email,
      firstName: 'Priya',
      streetAddress: '12 Hidden Lane',
      phone: '4175550100',
      userZip: '65802',
      isAdmin: false,
      isListedAdmin: false,
    });
    expect(body.profiles[0]!.savedAt).toEqual(expect.any(String));

    const listed = await profiles(admin, { q: ADMIN_EMAIL });
    expect(listed.profiles[0]).toMatchObject({ email: ADMIN_EMAIL, isAdmin: true, isListedAdmin: true, savedAt: null, state: 'NONE' });
  });

  it('searches each word, takes % and _ literally, sorts and pages', async () => {
    const admin = await listedAdmin();
    const tag = `sorttag${Date.now()}`;
    for (const [last, kids] of [
      ['Able', 4],
      ['Cole', null],
      ['Baker', 1],
    ] as const) {
      await insertMember(t.db, { firstName: tag, lastName: last, numberOfFosterKids: kids });
    }
    const names = async (query: ProfileListQuery) => (await profiles(admin, { q: tag, ...query })).profiles.map((p) => p.lastName);
    expect(await names({ sort: 'name', dir: 'asc' })).toEqual(['Able', 'Baker', 'Cole']);
    expect(await names({ sort: 'name', dir: 'desc' })).toEqual(['Cole', 'Baker', 'Able']);
    // Unknown counts come last in either direction.
    expect(await names({ sort: 'fosterKids', dir: 'desc' })).toEqual(['Able', 'Baker', 'Cole']);
    expect(await names({ sort: 'fosterKids', dir: 'asc' })).toEqual(['Baker', 'Able', 'Cole']);
    expect((await profiles(admin, { q: '%' })).total).toBe(0);

    for (let i = 0; i < ADMIN_PROFILES_PAGE_SIZE + 1; i++) await insertMember(t.db, { firstName: `${tag}page` });
    const first = await profiles(admin, { q: `${tag}page`, sort: 'signedUp', dir: 'asc' });
    const second = await profiles(admin, { q: `${tag}page`, sort: 'signedUp', dir: 'asc', page: '2' });
    expect(first.total).toBe(ADMIN_PROFILES_PAGE_SIZE + 1);
    expect(first.profiles).toHaveLength(ADMIN_PROFILES_PAGE_SIZE);
    expect(second.profiles).toHaveLength(1);
    expect(first.profiles.map((p) => p.uid)).not.toContain(second.profiles[0]!.uid);

    // Raw: an unknown sort and direction, malformed on purpose.
    for (const q of ['sort=age', 'dir=up', 'page=0', `q=${'x'.repeat(101)}`]) {
      expect((await admin.get(`/api/admin/profiles?${q}`)).status, q).toBe(400);
    }
  });
});

describe('GET /api/admin/profiles.csv', () => {
  it('downloads every profile with every field of the spec, escaped for spreadsheets, and logs it', async () => {
    const admin = await listedAdmin();
    const { id, email } = await insertMember(t.db, {
      firstName: '=HYPERLINK("http://evil.example","click")',
      lastName: 'Ñúñez-Østergård',
      church: '+1 Church, "First"',
      city: '-Springfield',
      comments: '@home\nsecond line',
      streetAddress: '\tTabbed',
      orgAg: 'Plain',
      orgOther: 'Hope;=SUM(A1:A9)',
      state: 'MO',
      numberOfFosterKids: 2,
      agAffiliated: 'Yes',
    });
    tick();
    const res = await admin.api.admin['profiles.csv'].$get();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    const today = t.clock.now().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="profiles-${today}.csv"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.endsWith('\r\n')).toBe(true);

    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual([
      'uid',
      'email',
      'date_last_saved',
      'first_name',
      'last_name',
      'phone',
      'ag_affiliated',
      'ag_credentialed',
      'ag_church',
      'church',
      'city',
      'state',
      'user_zip',
      'street_address',
      'comments',
      'fosterParent',
      'numberOfFosterKids',
      'org_ag',
      'org_ag_title',
      'org_ag_url',
      'org_other',
      'org_other_title',
      'org_other_url',
      'social_media',
      'isAdmin',
    ]);
    expect(rows.every((r) => r.length === PROFILE_CSV_COLUMNS.length)).toBe(true);
    const users = await profiles(admin, { q: 'example.org' });
    expect(rows.length - 1).toBeGreaterThanOrEqual(users.total);

    const cell = (row: string[], name: string) => row[rows[0]!.indexOf(name)];
    const row = rows.find((r) => r[0] === id)!;
    expect(cell(row, 'email')).toBe(email);
    expect(cell(row, 'first_name')).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(cell(row, 'last_name')).toBe('Ñúñez-Østergård');
    expect(cell(row, 'church')).toBe(`'+1 Church, "First"`);
    expect(cell(row, 'city')).toBe(`'-Springfield`);
    expect(cell(row, 'comments')).toBe(`'@home\nsecond line`);
    expect(cell(row, 'street_address')).toBe(`'\tTabbed`);
    expect(cell(row, 'org_ag')).toBe('Plain');
    // Quoted, so a spreadsheet splitting on ';' keeps it one text cell (src/server/admin/csv.ts).
    expect(cell(row, 'org_other')).toBe('Hope;=SUM(A1:A9)');
    expect(text).toContain(',"Hope;=SUM(A1:A9)",');
    expect(cell(row, 'numberOfFosterKids')).toBe('2');
    expect(cell(row, 'ag_affiliated')).toBe('Yes');
    expect(cell(row, 'ag_credentialed')).toBe('');
    expect(cell(row, 'isAdmin')).toBe('false');
    expect(cell(row, 'date_last_saved')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(
      cell(
        rows.find((r) => r[1] === ADMIN_EMAIL)!,
        'isAdmin',
      ),
    ).toBe('true');

    const log = await activity(admin);
    expect(log.entries[0]).toMatchObject({ action: 'profiles.export', actorEmail: ADMIN_EMAIL, details: { profiles: rows.length - 1 } });
  });
});

describe('PUT /api/admin/profiles/:uid/role', () => {
  it('grants and revokes, logs each change and tells the open profile lists', async () => {
    const admin = await listedAdmin();
    const target = await member();
    const me = (await target.me())!;
    expect((await access(target)).status).toBe(403);

    tick();
    const heard = nextEvent((e) => e.topic === 'users' && e.id === me.id);
    expect(await expectAnswer(putRole(admin, me.id, true))).toEqual({
      email: target.email,
      isAdmin: true,
    });
    expect(await heard).toMatchObject({ kind: 'updated' });
    // The new admin is led to set up a second factor before anything opens.
    expect(await expectAnswer(access(target), 403)).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED', needs: 'setup' });
    await passSecondFactor(target);
    expect((await access(target)).status).toBe(200);

    // The new admin may revoke themselves: another admin remains.
    tick();
    expect((await putRole(target, me.id, false)).status).toBe(200);
    expect((await access(target)).status).toBe(403);

    const log = await activity(admin);
    expect(log.entries.slice(0, 2)).toMatchObject([
      { action: 'role.revoke', actorEmail: target.email, target: target.email, details: { isAdmin: false, via: 'admin area' } },
      { action: 'role.grant', actorEmail: ADMIN_EMAIL, target: target.email, details: { isAdmin: true } },
    ]);
  });

  it('refuses to revoke an address listed in ADMIN_EMAILS, and bad input', async () => {
    const admin = await listedAdmin();
    const me = (await admin.me())!;
    expect((await expectAnswer(putRole(admin, me.id, false), 409)).message).toContain('ADMIN_EMAILS');
    expect((await access(admin)).status).toBe(200);

    // Raw: isAdmin of the wrong type.
    expect((await admin.request('PUT', `/api/admin/profiles/${me.id}/role`, { isAdmin: 'yes' })).status).toBe(400);
    expect((await putRole(admin, 'no-such-account', true)).status).toBe(404);
  });
});

describe('the last admin', () => {
  const soloClock = testClock();
  let solo: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    solo = await createTestApp({ config: { adminEmails: [] }, clock: soloClock });
  });
  afterAll(() => solo.close());

  it('cannot revoke themselves; with a second admin they can', async () => {
    const { c: a, email: emailA, id: idA } = await signedInAdmin(solo, { prefix: 'solo', profile: null });

    const refused = await expectAnswer(putRole(a, idA, false), 409);
    expect(refused.message).toBe(`${emailA} is the last admin. Make another member an admin first.`);
    expect((await access(a)).status).toBe(200);

    const { c: b, id: idB } = await signedInMember(solo, { prefix: 'solo', profile: null });
    expect((await putRole(a, idB, true)).status).toBe(200);
    await passSecondFactor(b);

    // Each removes the other at the same moment: one wins; the other is no longer an admin (403) or finds
    // itself the last one (409), depending on when its request checked. Either way one admin remains.
    const results = await Promise.all([putRole(a, idB, false), putRole(b, idA, false)]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = await solo.db.select().from(profile).where(eq(profile.isAdmin, true));
    expect(admins).toHaveLength(1);
  });

  it('logs a change made with the command line', async () => {
    const { c, email } = await signedInMember(solo, { prefix: 'cli', profile: null });
    soloClock.advance(1000);
    await setAdmin({ db: solo.db, live: solo.deps.live, clock: solo.clock }, { email, isAdmin: true });
    await passSecondFactor(c);
    const log = await activity(c);
    expect(log.entries[0]).toMatchObject({
      action: 'role.grant',
      actorUid: null,
      actorEmail: null,
      target: email,
      details: { via: 'command line', isAdmin: true },
    });
  });
});

describe('GET /api/admin/activity', () => {
  it('lists newest first, a page at a time', async () => {
    const admin = await listedAdmin();
    // An hour ago, so the entries later tests write stay the newest.
    const start = t.clock.now().getTime() - 3_600_000;
    for (let i = 0; i < ADMIN_ACTIVITY_PAGE_SIZE + 5; i++) {
      await recordActivity(
        { db: t.db },
        {
          actor: { uid: 'u', email: 'paging@example.org' },
          action: 'state.update',
          target: `P${i}`,
          // Pairs share a time: the id breaks the tie without skipping or repeating an entry.
          at: new Date(start + Math.floor(i / 2) * 1000),
        },
      );
    }
    const first = await activity(admin);
    expect(first.entries).toHaveLength(ADMIN_ACTIVITY_PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();
    const times = first.entries.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    const rest: typeof first.entries = [];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await activity(admin, cursor);
      rest.push(...page.entries);
      cursor = page.nextCursor;
    }
    const paging = [...first.entries, ...rest].filter((e) => e.actorEmail === 'paging@example.org').map((e) => e.target);
    expect(new Set(paging).size).toBe(ADMIN_ACTIVITY_PAGE_SIZE + 5);
    expect(paging[0]).toMatch(/^P(53|54)$/);
    expect((await admin.api.admin.activity.$get({ query: { before: '1.2' } })).status).toBe(400);
  });
});

describe('state data', () => {
  it('an edit changes the map’s figure and the fact sheet, and is logged with before and after', async () => {
    const admin = await listedAdmin();
    const change = {
      count: 1300,
      sourceUrl: 'https://www.casey.org/media/vermont-fact-sheet-2023.pdf',
      countSource: 'AFCARS',
      countYear: 2023,
    };
    tick();
    expect(await expectAnswer(admin.api.admin.states[':code'].$put({ param: { code: 'VT' }, json: change }))).toMatchObject({
      code: 'VT',
      count: 1300,
      target: 65,
    });

    const map = await expectAnswer(t.client().api.states.$get());
    expect(map.states.find((s) => s.code === 'VT')).toMatchObject({ count: 1300, target: 65, sourceUrl: change.sourceUrl });
    const sheet = await t.client().api.states[':code']['fact-sheet.pdf'].$get({ param: { code: 'VT' } });
    expect(sheet.status).toBe(200);

    const rows = await expectAnswer(admin.api.admin.states.$get());
    expect(rows.states[0]!.code).toBe('US');
    expect(rows.states).toHaveLength(52);
    expect(rows.states.find((s) => s.code === 'VT')).toMatchObject({ isEdited: true, updatedByEmail: ADMIN_EMAIL, count: 1300 });
    expect(rows.states.find((s) => s.code === 'DC')).toMatchObject({ isEdited: false, updatedByEmail: null, count: null });

    const log = await activity(admin);
    expect(log.entries[0]).toMatchObject({
      action: 'state.update',
      target: 'VT',
      actorEmail: ADMIN_EMAIL,
      details: { name: 'Vermont', before: { count: 1226 }, after: change },
    });
  });

  it('DC gets a count once an admin enters one', async () => {
    const admin = await listedAdmin();
    expect(
      (
        await admin.api.admin.states[':code'].$put({
          param: { code: 'DC' },
          json: { count: 800, sourceUrl: null, countSource: 'DC CFSA', countYear: 2024 },
        })
      ).status,
    ).toBe(200);
    const map = await expectAnswer(t.client().api.states.$get());
    expect(map.states.find((s) => s.code === 'DC')).toMatchObject({ count: 800, target: 40, countSource: 'DC CFSA', countYear: 2024 });
  });
});

describe('users topic', () => {
  it('announces a sign-up and an account deletion to the open profile lists', async () => {
    const created = nextEvent((e) => e.topic === 'users' && e.kind === 'created');
    // A sign-up through the API: the announcement is the sign-up's own.
    const { c } = await signUpMember(t, { profile: null });
    const id = (await c.me())!.id;
    expect((await created).id).toBe(id);
    const deleted = nextEvent((e) => e.topic === 'users' && e.kind === 'deleted');
    expect((await c.api.account.$delete()).status).toBe(200);
    expect((await deleted).id).toBe(id);
  });
});
