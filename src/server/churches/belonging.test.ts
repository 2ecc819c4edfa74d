import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  CHURCH_PROPOSALS_TOPIC,
  NEW_CHURCH_MEMBERS_MAX,
  type ChurchPickResponse,
  type MyChurch,
  type NewChurchMembers,
} from '../../shared/church-members';
import { DAY } from '../../shared/durations';
import type { DirectoryPage } from '../../shared/directory';
import { CHURCH_PROPOSALS_PER_DAY, UNKNOWN_ZIP } from '../../shared/churches';
import { church, churchMember, churchPointPerson, profile } from '../db/schema';
import { MAIL_FORMS } from '../mail';
import { CHURCH_PROPOSAL_RATE_MESSAGE } from '../rate-limit/rules';
import { nextLiveEvent, useTestApp } from '../testing/app';
import { expectJson, insertChurch, insertMember, signedInMember, uniqueTag } from '../testing/factories';
import { CHURCHES_TOPIC } from './store';

// A member and their church (issue 25): the picker, my church, and proposals.

const t = useTestApp();

const member = (opts: Parameters<typeof signedInMember>[1] = {}) => signedInMember(t, { prefix: 'belonging', ...opts });
const pick = async (c: Awaited<ReturnType<typeof member>>['c'], q: string) =>
  (await expectJson<ChurchPickResponse>(await c.get(`/api/churches/pick?q=${encodeURIComponent(q)}`))).churches;

const proposal = (overrides: Record<string, unknown> = {}) => ({
  name: `${uniqueTag('Proposed')} Church`,
  city: 'Springfield',
  state: 'MO',
  zip: '65802',
  ag: true,
  pointPerson: false,
  ...overrides,
});

describe('the picker', () => {
  it('finds active churches by name (as typed, and a little off), never a proposed or archived one', async () => {
    const tag = uniqueTag('Zebulon');
    const active = await insertChurch(t.db, { name: `${tag} Central Assembly` });
    const other = await insertChurch(t.db, { name: `${tag} Riverside Fellowship`, zip: '64105' });
    const hidden = [
      await insertChurch(t.db, { name: `${tag} Central Proposed`, status: 'proposed' }),
      await insertChurch(t.db, { name: `${tag} Central Archived`, status: 'archived' }),
    ];
    const { c } = await member();
    // The name holding the words as typed comes first; names merely alike follow.
    const found = (await pick(c, `${tag} central`)).map((f) => f.id);
    expect(found[0]).toBe(active);
    for (const id of hidden) expect(found).not.toContain(id);
    expect((await pick(c, tag)).map((f) => f.id).sort()).toEqual([active, other].sort());
    // A letter off still finds it, by trigrams.
    expect((await pick(c, `${tag} Centrl Assembly`)).map((f) => f.id)).toContain(active);
    expect(await pick(c, '')).toEqual([]);
    // Wildcards are searched for as themselves.
    expect(await pick(c, '%%%')).toEqual([]);
  });

  it('finds active churches within 50 miles of a ZIP code, the nearest first, ten at most', async () => {
    // Joplin (64801) is about 65 miles from Springfield; Nixa (65714) about 12; Springfield itself 0.
    const tag = uniqueTag('ZipPick');
    const here = await insertChurch(t.db, { name: `${tag} Here`, zip: '65806' });
    const near = await insertChurch(t.db, { name: `${tag} Near`, zip: '65714' });
    const far = await insertChurch(t.db, { name: `${tag} Far`, zip: '64801' });
    const { c } = await member();
    const found = await pick(c, '65806');
    const ids = found.map((f) => f.id);
    expect(ids).toContain(here);
    expect(ids).toContain(near);
    expect(ids).not.toContain(far);
    expect(ids.indexOf(here)).toBeLessThan(ids.indexOf(near));
    expect(found.length).toBeLessThanOrEqual(10);
    expect(found.find((f) => f.id === near)!.distanceMiles).toBeGreaterThan(5);
    expect(await pick(c, '00000')).toEqual([]);
  });

  it('is for members, and refuses what is not text', async () => {
    expect((await t.client().get('/api/churches/pick?q=church')).status).toBe(401);
    const { c } = await member();
    const res = await c.get('/api/churches/pick?q=%07bell');
    expect(res.status).toBe(400);
    expect((await res.json()).fieldErrors).toHaveProperty('q');
  });
});

describe('my church', () => {
  it('claims an active church, replaces it with another, and removes it', async () => {
    const first = await insertChurch(t.db);
    const second = await insertChurch(t.db);
    const { c, id } = await member();
    expect(await expectJson<MyChurch>(await c.get('/api/me/church'))).toEqual({ church: null, keeps: [] });

    const heard = nextLiveEvent(t.deps.live, (e) => e.topic === CHURCHES_TOPIC && e.id === String(first));
    const claimed = await expectJson<MyChurch>(await c.put('/api/me/church', { churchId: first }));
    expect(claimed.church).toMatchObject({ listing: { id: first }, status: 'claimed', churchStatus: 'active' });
    await heard;

    const replaced = await expectJson<MyChurch>(await c.put('/api/me/church', { churchId: second }));
    expect(replaced.church).toMatchObject({ listing: { id: second }, status: 'claimed' });
    expect(await t.db.select().from(churchMember).where(eq(churchMember.uid, id))).toHaveLength(1);

    expect((await expectJson<MyChurch>(await c.delete('/api/me/church'))).church).toBeNull();
    expect(await t.db.select().from(churchMember).where(eq(churchMember.uid, id))).toHaveLength(0);
    // Removing nothing is no error.
    expect((await c.delete('/api/me/church')).status).toBe(200);
  });

  it('confirms a point person of the church at once, and lists the churches they keep', async () => {
    const { c, id } = await member();
    const kept = await insertChurch(t.db, { name: `${uniqueTag('Kept')} Assembly`, pointPersons: [id] });
    const mine = await expectJson<MyChurch>(await c.put('/api/me/church', { churchId: kept }));
    expect(mine.church).toMatchObject({ listing: { id: kept }, status: 'confirmed' });
    expect(mine.keeps).toEqual([{ id: kept, name: expect.any(String), status: 'active' }]);
  });

  it('refuses a church that is not active, or does not exist, on the field', async () => {
    const { c } = await member();
    for (const status of ['proposed', 'archived'] as const) {
      const id = await insertChurch(t.db, { status });
      const res = await c.put('/api/me/church', { churchId: id });
      expect(res.status).toBe(400);
      expect((await res.json()).fieldErrors).toHaveProperty('churchId');
    }
    expect((await c.put('/api/me/church', { churchId: 2_000_000_000 })).status).toBe(400);
    expect((await c.put('/api/me/church', { churchId: 'one' })).status).toBe(400);
    expect((await c.put('/api/me/church', { churchId: 2 ** 31 })).status).toBe(400);
  });
});

describe('new members of my church', () => {
  const newMembers = async (c: Awaited<ReturnType<typeof member>>['c']) =>
    expectJson<NewChurchMembers>(await c.get('/api/me/church/new-members'));
  /** A member listed in the directory (unless the overrides say otherwise), written straight to the database. */
  const someone = async (overrides: Parameters<typeof insertMember>[1] = {}) =>
    (await insertMember(t.db, { firstName: 'Nora', lastName: uniqueTag('Newcomer'), agAffiliated: 'Yes', ...overrides })).id;
  /** Confirmed in the church that many days before the app's clock says now. */
  const joined = (uid: string, daysAgo: number) =>
    t.db
      .update(churchMember)
      .set({ confirmedAt: new Date(t.clock.now().getTime() - daysAgo * DAY) })
      .where(eq(churchMember.uid, uid));

  it('shows a confirmed member the listed members confirmed in their church lately, and no one else', async () => {
    const { c, id } = await member();
    const listed = await someone({ phone: '4175550199', streetAddress: '12 Secret Lane', userZip: '65804', photoVersion: 3 });
    const unlisted = await someone({ agAffiliated: 'No' });
    const unsaved = await someone({ savedAt: null });
    const unconfirmedAddress = await someone({ emailVerified: false });
    const suspended = await someone({ suspendedAt: new Date() });
    const longAgo = await someone();
    const waiting = await someone();
    const elsewhere = await someone();
    const mine = await insertChurch(t.db, {
      members: [id, listed, unlisted, unsaved, unconfirmedAddress, suspended, longAgo],
      claimed: [waiting],
    });
    await insertChurch(t.db, { members: [elsewhere] });
    await joined(id, 2);
    await joined(listed, 3);
    await joined(longAgo, 31);

    const answer = await newMembers(c);
    expect(answer.church).toEqual({ id: mine, name: expect.any(String) });
    expect(answer.members.map((m) => m.uid)).toEqual([listed]);
    const [row] = await t.db.select().from(profile).where(eq(profile.uid, listed));
    const name = `Nora ${row!.lastName}`;
    expect(answer.members[0]).toEqual({
      uid: listed,
      name,
      photoUrl: `/api/photos/${listed}?v=3`,
      directoryUrl: `/directory?q=${encodeURIComponent(name).replace(/%20/g, '+')}`,
      joinedAt: new Date(t.clock.now().getTime() - 3 * DAY).toISOString(),
    });
    // Nothing the directory keeps private: no phone, address, ZIP code or email.
    const text = JSON.stringify(answer);
    for (const secret of ['4175550199', 'Secret Lane', '65804', '@']) expect(text).not.toContain(secret);
    // The link finds their card in the directory.
    const found = await expectJson<DirectoryPage>(await c.get(answer.members[0]!.directoryUrl.replace('/directory', '/api/directory')));
    expect(found.members.map((m) => m.uid)).toContain(listed);
  });

  it('lists the newest first, six at most', async () => {
    const { c, id } = await member();
    const newcomers = [];
    for (let i = 0; i < NEW_CHURCH_MEMBERS_MAX + 2; i++) newcomers.push(await someone());
    await insertChurch(t.db, { members: [id, ...newcomers] });
    for (const [i, uid] of newcomers.entries()) await joined(uid, i + 1);
    const answer = await newMembers(c);
    expect(answer.members.map((m) => m.uid)).toEqual(newcomers.slice(0, NEW_CHURCH_MEMBERS_MAX));
  });

  it('shows nothing to a member without a confirmed place in an active church, and is for members only', async () => {
    expect((await t.client().get('/api/me/church/new-members')).status).toBe(401);
    const newcomer = await someone();
    const { c: alone } = await member();
    expect(await newMembers(alone)).toEqual({ church: null, members: [] });
    // Saying one belongs is not enough: a point person has to confirm it.
    const { c: claimer, id: claimerId } = await member();
    await insertChurch(t.db, { members: [newcomer], claimed: [claimerId] });
    expect(await newMembers(claimer)).toEqual({ church: null, members: [] });
    // Nor does a church that waits for an admin, or has been archived, show its members.
    for (const status of ['proposed', 'archived'] as const) {
      const { c: inside, id: insideId } = await member();
      await insertChurch(t.db, { status, members: [insideId, await someone()] });
      expect(await newMembers(inside)).toEqual({ church: null, members: [] });
    }
  });
});

describe('proposals', () => {
  it('creates a proposed church, claims it for the proposer, mails the team and tells the admins', async () => {
    const { c, id, email } = await member();
    const input = proposal({ pointPerson: true, state: 'TX', zip: '75201', city: 'Dallas' });
    const heard = nextLiveEvent(t.deps.live, (e) => e.topic === CHURCH_PROPOSALS_TOPIC);
    const mine = await expectJson<MyChurch>(await c.post('/api/churches/proposals', input), 201);
    await heard;
    expect(mine.church).toMatchObject({ churchStatus: 'proposed', status: 'confirmed', listing: { name: input.name, state: 'TX' } });
    expect(mine.keeps).toEqual([{ id: mine.church!.listing.id, name: input.name, status: 'proposed' }]);
    const [row] = await t.db.select().from(church).where(eq(church.id, mine.church!.listing.id));
    expect(row).toMatchObject({ status: 'proposed', proposedBy: id, zip: '75201', street: null, activeSince: null });
    expect(row!.latitude).toBeCloseTo(32.8, 0);
    const alert = await t.lastMailTo(t.config.staffEmail, MAIL_FORMS.churchProposal);
    expect(alert).toMatchObject({ replyTo: email });
    expect(alert!.message.text).toContain(input.name);
    // Not listed until approved: the picker does not find it.
    expect(await pick(c, input.name)).toEqual([]);
  });

  it('makes the proposer a point person only when they offered, and claims without confirming otherwise', async () => {
    const { c, id } = await member();
    const mine = await expectJson<MyChurch>(await c.post('/api/churches/proposals', proposal()), 201);
    expect(mine.church).toMatchObject({ status: 'claimed' });
    expect(mine.keeps).toEqual([]);
    expect(await t.db.select().from(churchPointPerson).where(eq(churchPointPerson.uid, id))).toHaveLength(0);
  });

  it('refuses a church the network has already (same name, same ZIP code) with 409 naming it', async () => {
    const name = `${uniqueTag('Central')} Assembly of God`;
    await insertChurch(t.db, { name, zip: '65802' });
    const { c } = await member();
    const res = await c.post('/api/churches/proposals', proposal({ name: name.toUpperCase() }));
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.message).toContain(name);
    expect(body.message).toMatch(/pick it/);
    // Another ZIP code is another church.
    expect((await c.post('/api/churches/proposals', proposal({ name, zip: '65804' }))).status).toBe(201);
    // And one waiting already is named as waiting.
    const { c: other } = await member();
    const waiting = await other.post('/api/churches/proposals', proposal({ name, zip: '65804' }));
    expect(waiting.status).toBe(409);
    expect((await waiting.json()).message).toMatch(/waits/);
  });

  it('refuses a ZIP code outside the state, or unknown, on the zip field', async () => {
    const { c } = await member();
    const before = await t.db.select().from(church);
    const wrongState = await c.post('/api/churches/proposals', proposal({ state: 'TX', zip: '65802' }));
    expect(wrongState.status).toBe(400);
    expect((await wrongState.json()).fieldErrors).toEqual({ zip: 'This ZIP code is not in Texas.' });
    const unknown = await c.post('/api/churches/proposals', proposal({ zip: '00000' }));
    expect((await unknown.json()).fieldErrors).toEqual({ zip: UNKNOWN_ZIP });
    const control = await c.post('/api/churches/proposals', proposal({ name: '\u0007\u0008' }));
    expect(control.status).toBe(400);
    expect((await control.json()).fieldErrors).toHaveProperty('name');
    expect(await t.db.select().from(church)).toHaveLength(before.length);
  });

  it('needs a saved profile', async () => {
    const { c } = await member({ profile: null });
    const res = await c.post('/api/churches/proposals', proposal());
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('NEEDS_PROFILE');
  });

  it(`allows ${CHURCH_PROPOSALS_PER_DAY} proposals a day per member`, async () => {
    const { c, id } = await member();
    for (let i = 0; i < CHURCH_PROPOSALS_PER_DAY; i++) expect((await c.post('/api/churches/proposals', proposal())).status).toBe(201);
    const res = await c.post('/api/churches/proposals', proposal());
    expect(res.status).toBe(429);
    expect((await res.json()).message).toBe(CHURCH_PROPOSAL_RATE_MESSAGE);
    expect(res.headers.get('retry-after')).toBeTruthy();
    // Each proposal replaced the one before as the member's church.
    const claims = await t.db.select().from(churchMember).where(eq(churchMember.uid, id));
    expect(claims).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(church)
        .where(and(eq(church.proposedBy, id), eq(church.status, 'proposed'))),
    ).toHaveLength(CHURCH_PROPOSALS_PER_DAY);
  });
});
