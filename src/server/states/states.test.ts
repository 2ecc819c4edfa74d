import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { StateStat, StatesResponse, stateStatUpdateSchema } from '../../shared/state-stat';
import { churchMember, stateStat } from '../db/schema';
import { setAdmin } from '../admin/roles';
import { useTestApp } from '../testing/app';
import { expectAnswer, insertChurch, insertMember, signedInAdmin, signedInMember } from '../testing/factories';
import { countCitation, NATIONAL_COUNT, NATIONAL_COUNT_CITATION } from '../../shared/states';
import { seedStateStats } from './service';

const t = useTestApp({ config: { adminEmails: ['states.admin@example.org'] } });
beforeAll(async () => {
  await seedStateStats(t.db);
});

type Client = ReturnType<typeof t.client>;

async function getStates(c: Client = t.client()): Promise<StatesResponse> {
  return expectAnswer(c.api.states.$get());
}

/** GET /api/states with an If-None-Match. */
const statesIfNoneMatch = (c: Client, etag: string) => c.api.states.$get({}, { headers: { 'if-none-match': etag } });

/** PUT /api/admin/states/:code as this client. */
const putState = (c: Client, code: string, json: z.input<typeof stateStatUpdateSchema>) =>
  c.api.admin.states[':code'].$put({ param: { code }, json });

function stateOf(body: StatesResponse, code: string): StateStat {
  const found = body.states.find((s) => s.code === code);
  if (!found) throw new Error(`no ${code} in the answer`);
  return found;
}

let adminClient: Client | undefined;
/** The listed admin, signed up once with a second factor (the admin routes need a session that passed one). */
async function listedAdmin() {
  adminClient ??= (await signedInAdmin(t, { email: 'states.admin@example.org', profile: null })).c;
  return adminClient;
}

describe('seeding', () => {
  it('stores the 50 states, DC and the national row once', async () => {
    const rows = await t.db.select().from(stateStat);
    expect(rows).toHaveLength(52);
    expect(rows.find((r) => r.code === 'US')).toMatchObject({ name: 'United States', childrenInFosterCare: 410308 });
    expect(rows.find((r) => r.code === 'NH')).toMatchObject({
      name: 'New Hampshire',
      childrenInFosterCare: 1211,
      sourceUrl: 'https://www.casey.org/media/new-hampshire-fact-sheet-2021.pdf',
      // Who counted and for which year, printed beside the figure (issue 29).
      countSource: 'AFCARS',
      countYear: 2021,
      updatedBy: null,
    });
    expect(rows.find((r) => r.code === 'US')).toMatchObject({ countSource: 'AFCARS', countYear: 2021 });
    // What the printables and the landing page say without the database is what the database is loaded with.
    const national = rows.find((r) => r.code === 'US')!;
    expect(national.childrenInFosterCare).toBe(NATIONAL_COUNT);
    expect(countCitation(national)).toBe(NATIONAL_COUNT_CITATION);
    expect(rows.find((r) => r.code === 'DC')?.childrenInFosterCare).toBeNull();
    expect(await seedStateStats(t.db)).toEqual({ inserted: 0 });
  });

  it('adds only missing rows and keeps what an admin changed', async () => {
    await t.db.update(stateStat).set({ childrenInFosterCare: 1300 }).where(eq(stateStat.code, 'VT'));
    await t.db.delete(stateStat).where(eq(stateStat.code, 'WY'));
    expect(await seedStateStats(t.db)).toEqual({ inserted: 1 });
    const rows = await t.db.select().from(stateStat);
    expect(rows).toHaveLength(52);
    expect(rows.find((r) => r.code === 'VT')?.childrenInFosterCare).toBe(1300);
    expect(rows.find((r) => r.code === 'WY')?.childrenInFosterCare).toBe(984);
    await t.db.update(stateStat).set({ childrenInFosterCare: 1226 }).where(eq(stateStat.code, 'VT'));
    await t.announce({ topic: 'states' });
  });
});

describe('GET /api/states', () => {
  it('answers every state with its count and 5% target, and the nation first', async () => {
    const body = await getStates();
    expect(body.national).toMatchObject({ code: 'US', name: 'United States', count: 410308, target: 20516 });
    expect(body.goal).toBe(20000);
    expect(body.source).toMatch(/Casey Family Programs/);
    expect(body.states).toHaveLength(51);
    expect(body.states.map((s) => s.name)).toEqual([...body.states.map((s) => s.name)].sort((a, b) => a.localeCompare(b)));
    const examples = {
      NH: [1211, 61],
      VT: [1226, 62],
      RI: [2196, 110],
      CT: [3882, 195],
      NJ: [4431, 222],
      DE: [557, 28],
      MD: [3689, 185],
      MA: [9831, 492],
    };
    for (const [code, [count, target]] of Object.entries(examples)) {
      expect(stateOf(body, code), code).toMatchObject({ count, target });
    }
  });

  it('gives DC no count and no target, never 0', async () => {
    const dc = stateOf(await getStates(), 'DC');
    expect(dc).toMatchObject({ name: 'District of Columbia', count: null, target: null });
    expect(dc.sourceUrl).toMatch(/^https:\/\/www\.casey\.org\//);
  });

  it('is public and cacheable, with an ETag that answers 304', async () => {
    const c = t.client();
    const first = await c.api.states.$get();
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await statesIfNoneMatch(c, etag!);
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    expect((await statesIfNoneMatch(c, `W/${etag}`)).status).toBe(304);
    expect((await statesIfNoneMatch(c, '"something-else"')).status).toBe(200);
  });

  it("adds the network's figures up from its active churches' confirmed members, each in its church's state (issue 25)", async () => {
    const before = await getStates();
    const kansans = [
      await insertMember(t.db, { state: 'KS', fosterParent: 'Yes', numberOfFosterKids: 3 }),
      await insertMember(t.db, { state: 'KS', fosterParent: 'Yes', numberOfFosterKids: 2 }),
      await insertMember(t.db, { state: 'KS', fosterParent: 'No', numberOfFosterKids: null }),
      // Lives across the state line, belongs to the Kansas church: counts in Kansas.
      await insertMember(t.db, { state: 'MO', fosterParent: 'Yes', numberOfFosterKids: 1 }),
    ];
    // Not counted: a claim the church has not confirmed, a profile not saved, a suspended member, a member of
    // no church, and the members of a church still proposed or archived.
    const claimed = await insertMember(t.db, { state: 'KS', fosterParent: 'Yes', numberOfFosterKids: 4 });
    const unsaved = await insertMember(t.db, { state: 'KS', fosterParent: 'Yes', numberOfFosterKids: 7, savedAt: null });
    const suspended = await insertMember(t.db, { state: 'KS', fosterParent: 'Yes', numberOfFosterKids: 5, suspendedAt: new Date() });
    await insertMember(t.db, { state: 'KS', fosterParent: 'Yes', numberOfFosterKids: 6 });
    const waiting = await insertMember(t.db, { state: 'KS', fosterParent: 'Yes', numberOfFosterKids: 8 });
    const gone = await insertMember(t.db, { state: 'KS', fosterParent: 'Yes', numberOfFosterKids: 9 });
    await insertChurch(t.db, { zip: '66603', members: [...kansans, unsaved, suspended].map((m) => m.id), claimed: [claimed.id] });
    await insertChurch(t.db, { zip: '67202', status: 'proposed', members: [waiting.id] });
    await insertChurch(t.db, { zip: '67202', status: 'archived', members: [gone.id] });
    await t.announce({ topic: 'churches' });

    const after = await getStates();
    // No members there yet: like any figure with fewer than 3 members behind it, not shown.
    expect(stateOf(before, 'KS').network).toBeNull();
    expect(stateOf(after, 'KS').network).toEqual({ members: 4, fosterFamilies: 3, fosterChildren: 6 });
    // The nation's figures are the states' sums.
    const sums = { members: 0, fosterFamilies: 0, fosterChildren: 0 };
    const admin = await expectAnswer((await listedAdmin()).api.states.$get());
    for (const s of admin.states) {
      sums.members += s.network!.members;
      sums.fosterFamilies += s.network!.fosterFamilies;
      sums.fosterChildren += s.network!.fosterChildren;
    }
    expect(admin.national.network).toEqual(sums);
    expect(sums.members).toBeGreaterThanOrEqual(4);
  });

  it("follows a point person's confirming and removing a member, through the public answer kept in memory", async () => {
    const keeper = await signedInMember(t, {
      prefix: 'states.keeper',
      profile: { state: 'NE', fosterParent: 'Yes', numberOfFosterKids: 1 },
    });
    const others = [
      await insertMember(t.db, { state: 'NE', fosterParent: 'Yes', numberOfFosterKids: 2 }),
      await insertMember(t.db, { state: 'NE', fosterParent: 'No' }),
    ];
    const id = await insertChurch(t.db, {
      zip: '68508',
      pointPersons: [keeper.id],
      members: [keeper.id, others[0]!.id],
      claimed: [others[1]!.id],
    });
    await t.announce({ topic: 'churches' });
    // Two confirmed: fewer than 3, not shown.
    expect(stateOf(await getStates(), 'NE').network).toBeNull();

    expect((await keeper.c.post(`/api/churches/${id}/members/${others[1]!.id}/confirm`)).status).toBe(200);
    expect(stateOf(await getStates(), 'NE').network).toEqual({ members: 3, fosterFamilies: 2, fosterChildren: 3 });
    expect((await keeper.c.delete(`/api/churches/${id}/members/${others[0]!.id}`)).status).toBe(200);
    expect(stateOf(await getStates(), 'NE').network).toBeNull();
  });

  it('hides figures with fewer than 3 members behind them from visitors and members; admins see them (issue 12, defect 7)', async () => {
    const first = await insertMember(t.db, { state: 'WY', fosterParent: 'Yes', numberOfFosterKids: 2 });
    const wyoming = await insertChurch(t.db, { zip: '82001', members: [first.id] });
    await t.announce({ topic: 'churches' });
    expect(stateOf(await getStates(), 'WY').network).toBeNull();
    const member = (await signedInMember(t)).c;
    expect(stateOf(await getStates(member), 'WY').network).toBeNull();

    const admin = await listedAdmin();
    const res = await admin.api.states.$get();
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(stateOf(await expectAnswer(res), 'WY').network).toEqual({ members: 1, fosterFamilies: 1, fosterChildren: 2 });
    // An admin whose session has not passed the second factor reads what everybody reads.
    const unverified = t.client();
    await unverified.signIn('states.admin@example.org');
    expect((await unverified.api.states.$get()).headers.get('cache-control')).toBe('public, max-age=60');

    const more = [
      await insertMember(t.db, { state: 'WY', fosterParent: 'No' }),
      await insertMember(t.db, { state: 'WY', fosterParent: 'No' }),
    ];
    const now = new Date();
    await t.db
      .insert(churchMember)
      .values(more.map((m) => ({ uid: m.id, churchId: wyoming, status: 'confirmed' as const, claimedAt: now, confirmedAt: now })));
    await t.announce({ topic: 'churches' });
    expect(stateOf(await getStates(), 'WY').network).toEqual({ members: 3, fosterFamilies: 1, fosterChildren: 2 });
  });

  it('changes its ETag when the figures change', async () => {
    const c = t.client();
    const etag = (await c.api.states.$get()).headers.get('etag')!;
    const m = await insertMember(t.db, { state: 'OK', fosterParent: 'Yes', numberOfFosterKids: 1 });
    await insertChurch(t.db, { zip: '73102', members: [m.id] });
    await t.announce({ topic: 'churches' });
    const res = await statesIfNoneMatch(c, etag);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).not.toBe(etag);
  });
});

describe('PUT /api/admin/states/:code', () => {
  const change = {
    count: 1250,
    sourceUrl: 'https://www.casey.org/media/new-hampshire-fact-sheet-2023.pdf',
    countSource: 'AFCARS',
    countYear: 2023,
  };
  const seededSource = { countSource: 'AFCARS', countYear: 2021 };

  it('refuses visitors (401) and members who are not admins (403)', async () => {
    expect((await putState(t.client(), 'NH', change)).status).toBe(401);
    const member = (await signedInMember(t)).c;
    expect((await expectAnswer(putState(member, 'NH', change), 403)).code).toBe('FORBIDDEN');
    expect(stateOf(await getStates(), 'NH').count).toBe(1211);
  });

  it('refuses an admin whose session has not passed a second factor (403) and changes nothing', async () => {
    const { c: flagged, email } = await signedInMember(t, { prefix: 'states.flagged' });
    await setAdmin({ db: t.db, live: t.deps.live }, { email, isAdmin: true });
    expect(await expectAnswer(putState(flagged, 'NH', change), 403)).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED', needs: 'setup' });
    expect(stateOf(await getStates(), 'NH').count).toBe(1211);
  });

  it('refuses bad input with a 400 and changes nothing', async () => {
    const admin = await listedAdmin();
    // Raw: input of the wrong type or with fields left out, which the typed client would not send.
    for (const body of [
      { count: -1, sourceUrl: null },
      { count: 12.5, sourceUrl: null },
      { count: '1211', sourceUrl: null },
      { count: 1211, sourceUrl: 'javascript:alert(1)' },
      { count: 1211 },
      { count: 1211, sourceUrl: null, countSource: 'AFCARS', countYear: 1994 },
      { count: 1211, sourceUrl: null, countSource: 'AFCARS', countYear: 2021.5 },
      { count: 1211, sourceUrl: null, countSource: 'AFCARS', countYear: '2021' },
      { count: 1211, sourceUrl: null, countSource: 'x'.repeat(61), countYear: 2021 },
      { count: 1211, sourceUrl: null, countSource: '   ', countYear: 2021 },
      { count: 1211, sourceUrl: null },
      {},
    ]) {
      const res = await admin.request('PUT', '/api/admin/states/NH', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).code).toBe('VALIDATION');
    }
    expect((await admin.request('PUT', '/api/admin/states/NH', '{"count":')).status).toBe(400);
    expect(stateOf(await getStates(), 'NH').count).toBe(1211);
  });

  it('answers 404 for an unknown code', async () => {
    const admin = await listedAdmin();
    expect((await expectAnswer(putState(admin, 'ZZ', change), 404)).code).toBe('NOT_FOUND');
  });

  it('updates the count, its link, who counted and the year, records who and when, and the public answer follows', async () => {
    const admin = await listedAdmin();
    expect(await expectAnswer(putState(admin, 'nh', change))).toMatchObject({
      code: 'NH',
      count: 1250,
      target: 63,
      sourceUrl: change.sourceUrl,
      countSource: 'AFCARS',
      countYear: 2023,
    });
    const [row] = await t.db.select().from(stateStat).where(eq(stateStat.code, 'NH'));
    const me = (await admin.me())!;
    expect(row).toMatchObject({ childrenInFosterCare: 1250, updatedBy: me.id });
    expect(stateOf(await getStates(), 'NH')).toMatchObject({ count: 1250, target: 63, countSource: 'AFCARS', countYear: 2023 });

    // Back to the seeded figure; null makes a count "not available".
    expect((await putState(admin, 'DE', { count: null, sourceUrl: null, countSource: null, countYear: null })).status).toBe(200);
    expect(stateOf(await getStates(), 'DE')).toMatchObject({
      count: null,
      target: null,
      sourceUrl: null,
      countSource: null,
      countYear: null,
    });
    await putState(admin, 'DE', {
      count: 557,
      sourceUrl: 'https://www.casey.org/media/delaware-fact-sheet-2021.pdf',
      ...seededSource,
    });
    await putState(admin, 'NH', {
      count: 1211,
      sourceUrl: 'https://www.casey.org/media/new-hampshire-fact-sheet-2021.pdf',
      ...seededSource,
    });
    expect(stateOf(await getStates(), 'DE')).toMatchObject({ count: 557, target: 28 });
  });
});
