import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { ActivityListResponse, AdminOverview } from '../../shared/admin';
import type { AdminChurch, AdminChurchListResponse, ChurchLinkSuggestionsResponse } from '../../shared/churches-admin';
import { church, churchMember, churchPointPerson } from '../db/schema';
import { nextLiveEvent, testClock, useTestApp } from '../testing/app';
import { parseCsv } from '../testing/csv';
import {
  buildChurchFields,
  expectJson,
  insertChurch,
  insertMember,
  mailsTo,
  signedInAdmin,
  signedInMember,
  uniqueTag,
  type TestClient,
} from '../testing/factories';
import { CHURCHES_TOPIC } from './store';

// Issue 25, "Admin": the queue of proposals (approve, edit, merge, decline with a mailed reason), all churches
// with search and CSV, point persons, and the link suggestions for free-text church names. Every change is
// in the activity log.

const ADMIN_EMAIL = 'churches.admin@example.org';
const clock = testClock();
const t = useTestApp({ config: { adminEmails: [ADMIN_EMAIL] }, clock });
let admin: TestClient;
beforeAll(async () => {
  admin = (await signedInAdmin(t, { email: ADMIN_EMAIL, profile: null })).c;
});

const fields = buildChurchFields;

async function listed(query: string): Promise<AdminChurchListResponse> {
  return expectJson<AdminChurchListResponse>(await admin.get(`/api/admin/churches?${query}`));
}

/** The newest entry of the activity log for this action (the test clock stands still, so "newest" is by action). */
async function logged(action: string) {
  const log = await expectJson<ActivityListResponse>(await admin.get('/api/admin/activity'));
  return log.entries.find((e) => e.action === action);
}

const membersOf = (id: number) => t.db.select().from(churchMember).where(eq(churchMember.churchId, id));
const keepersOf = async (id: number) =>
  (await t.db.select().from(churchPointPerson).where(eq(churchPointPerson.churchId, id))).map((p) => p.uid).sort();

describe('the list of every church', () => {
  it('searches by name, city and ZIP code, filters by status and state, with point persons, counts and exact figures', async () => {
    const tag = uniqueTag('Listed');
    const keeper = await insertMember(t.db, { firstName: 'Ada', lastName: tag });
    const fosterer = await insertMember(t.db, { fosterParent: 'Yes', numberOfFosterKids: 2 });
    const claimer = await insertMember(t.db);
    const id = await insertChurch(t.db, {
      name: `${tag} Assembly`,
      pointPersons: [keeper.id],
      members: [fosterer.id],
      claimed: [claimer.id],
    });
    await insertChurch(t.db, { name: `${tag} Chapel`, zip: '66603', status: 'archived' });

    const byName = await listed(`q=${tag}`);
    expect(byName.total).toBe(2);
    const found = byName.churches.find((c) => c.id === id)!;
    expect(found).toMatchObject({
      status: 'active',
      city: 'Springfield',
      state: 'MO',
      pointPersons: [{ uid: keeper.id, name: `Ada ${tag}`, email: keeper.email }],
      members: { confirmed: 1, claimed: 1 },
      // One person only, shown exactly to admins (the public sees "fewer than 3").
      figures: { members: 1, fosterFamilies: 1, fosterChildren: 2 },
      proposer: null,
      waitingDays: null,
    });
    expect((await listed(`q=${tag}&status=archived`)).churches.map((c) => c.name)).toEqual([`${tag} Chapel`]);
    expect((await listed(`q=${tag}&state=KS`)).churches.map((c) => c.name)).toEqual([`${tag} Chapel`]);
    expect((await listed(`q=${tag} 66603`)).churches.map((c) => c.name)).toEqual([`${tag} Chapel`]);
    expect((await listed(`q=${tag} springfield`)).churches.map((c) => c.id)).toEqual([id]);
  });

  it('pages by position: every church once, in name order', async () => {
    const tag = uniqueTag('Paged');
    for (let i = 0; i < 53; i++) await insertChurch(t.db, { name: `${tag} ${String(i).padStart(2, '0')}`, zip: '65806' });
    const first = await listed(`q=${tag}`);
    expect(first.total).toBe(53);
    expect(first.churches).toHaveLength(50);
    expect(first.nextCursor).not.toBeNull();
    const second = await listed(`q=${tag}&after=${first.nextCursor}`);
    expect(second.nextCursor).toBeNull();
    const names = [...first.churches, ...second.churches].map((c) => c.name);
    expect(names).toEqual(Array.from({ length: 53 }, (_, i) => `${tag} ${String(i).padStart(2, '0')}`));
    const bad = await admin.get('/api/admin/churches?after=bm90LWEtcG9zaXRpb24');
    expect(bad.status).toBe(400);
  });

  it('is the queue of proposals, oldest first, with how long each waited and who proposed it', async () => {
    const tag = uniqueTag('Queue');
    const proposer = await insertMember(t.db, { firstName: 'Pat', lastName: tag });
    const older = await insertChurch(t.db, {
      name: `${tag} B`,
      status: 'proposed',
      street: null,
      proposedBy: proposer.id,
      createdAt: new Date(clock.now().getTime() - 3 * 86_400_000),
    });
    const newer = await insertChurch(t.db, { name: `${tag} A`, status: 'proposed', street: null, createdAt: clock.now() });
    const queue = await listed(`q=${tag}&status=proposed`);
    expect(queue.churches.map((c) => c.id)).toEqual([older, newer]);
    expect(queue.churches[0]).toMatchObject({ waitingDays: 3, proposer: { uid: proposer.id, name: `Pat ${tag}` }, street: null });
  });
});

describe('adding and editing', () => {
  it('adds an active church directly, and edits any church; an unknown ZIP code is refused with its field', async () => {
    const name = `${uniqueTag('Made')} Church`;
    const made = await expectJson<AdminChurch>(await admin.post('/api/admin/churches', fields({ name })), 201);
    expect(made).toMatchObject({ name, status: 'active', city: 'Springfield' });
    expect(made.activeSince).not.toBeNull();
    expect(await logged('church.create')).toMatchObject({ actorEmail: ADMIN_EMAIL, details: { church: made.id } });

    const edited = await expectJson<AdminChurch>(
      await admin.put(
        `/api/admin/churches/${made.id}`,
        fields({ name, city: 'Topeka', state: 'KS', zip: '66603', languages: ['en', 'es'] }),
      ),
    );
    expect(edited).toMatchObject({ city: 'Topeka', state: 'KS', languages: ['en', 'es'] });
    const [row] = await t.db.select().from(church).where(eq(church.id, made.id));
    expect(row!.latitude).toBeCloseTo(39.05, 0);
    expect(await logged('church.update')).toMatchObject({ details: { church: made.id } });

    const unknown = await admin.put(`/api/admin/churches/${made.id}`, fields({ zip: '00000' }));
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).fieldErrors).toHaveProperty('zip');
    expect((await admin.put('/api/admin/churches/999999999', fields())).status).toBe(404);
  });
});

describe('proposals', () => {
  it('approved, completed by the admin: active now, the proposer keeps its page and is told with its link', async () => {
    const proposer = await insertMember(t.db);
    const id = await insertChurch(t.db, {
      status: 'proposed',
      street: null,
      proposedBy: proposer.id,
      pointPersons: [proposer.id],
      claimed: [proposer.id],
    });
    const heard = nextLiveEvent(t.deps.live, (e) => e.topic === CHURCHES_TOPIC && e.id === String(id));
    const name = `${uniqueTag('Approved')} Church`;
    const approved = await expectJson<AdminChurch>(
      await admin.post(`/api/admin/churches/${id}/approve`, { fields: fields({ name, street: '12 Elm St' }) }),
    );
    await heard;
    expect(approved).toMatchObject({ status: 'active', name, street: '12 Elm St', pointPersons: [{ uid: proposer.id }] });
    expect(approved.activeSince).toBe(clock.now().toISOString());
    expect(await membersOf(id)).toMatchObject([{ uid: proposer.id, status: 'confirmed' }]);
    const [told] = await mailsTo(t.db, proposer.email, 'church approved');
    expect(told!.message.text).toContain(`${t.deps.config.publicUrl}/churches/${id}`);
    expect(told!.message.text).toContain(name);
    expect(await logged('church.approve')).toMatchObject({ details: { church: id, edited: true } });

    expect((await admin.post(`/api/admin/churches/${id}/approve`, {})).status).toBe(409);
  });

  it('approved as it is: a proposer who did not offer to keep it keeps their claim only', async () => {
    const proposer = await insertMember(t.db);
    const id = await insertChurch(t.db, { status: 'proposed', street: null, proposedBy: proposer.id, claimed: [proposer.id] });
    const approved = await expectJson<AdminChurch>(await admin.post(`/api/admin/churches/${id}/approve`, {}));
    expect(approved).toMatchObject({ status: 'active', street: null, pointPersons: [], members: { claimed: 1, confirmed: 0 } });
    expect(await mailsTo(t.db, proposer.email, 'church approved')).toHaveLength(1);
  });

  it('declined: deleted with its claims, and the proposer is sent the reason', async () => {
    const proposer = await insertMember(t.db);
    const other = await insertMember(t.db);
    const id = await insertChurch(t.db, { status: 'proposed', proposedBy: proposer.id, claimed: [proposer.id, other.id] });
    const reason = 'This church is listed already as Grace Assembly, Springfield.\nPick it on your profile.';
    await expectJson(await admin.post(`/api/admin/churches/${id}/decline`, { reason }));
    expect(await t.db.select().from(church).where(eq(church.id, id))).toHaveLength(0);
    expect(
      await t.db
        .select()
        .from(churchMember)
        .where(inArray(churchMember.uid, [proposer.id, other.id])),
    ).toHaveLength(0);
    const [told] = await mailsTo(t.db, proposer.email, 'church declined');
    expect(told!.message.text).toContain('> This church is listed already as Grace Assembly, Springfield.');
    expect(await logged('church.decline')).toMatchObject({ details: { church: id, reason } });

    const active = await insertChurch(t.db);
    expect((await admin.post(`/api/admin/churches/${active}/decline`, { reason })).status).toBe(409);
    expect((await admin.post(`/api/admin/churches/${active}/decline`, { reason: ' ' })).status).toBe(400);
  });
});

describe('merging', () => {
  it('moves the members (claims as they were), the point persons up to three and the figures; then the church is gone', async () => {
    const fosterer = await insertMember(t.db, { fosterParent: 'Yes', numberOfFosterKids: 3 });
    const confirmed = await insertMember(t.db);
    const claimer = await insertMember(t.db);
    const elsewhere = await insertMember(t.db);
    const theirKeeper = await insertMember(t.db);
    const [keeperA, keeperB] = [await insertMember(t.db), await insertMember(t.db)];
    const third = await insertChurch(t.db, { members: [elsewhere.id] });
    // Its point persons: one who belongs to a third church (and stays there), and one more than the room left.
    const from = await insertChurch(t.db, {
      pointPersons: [elsewhere.id, theirKeeper.id],
      members: [fosterer.id, confirmed.id, theirKeeper.id],
      claimed: [claimer.id],
    });
    await t.db
      .update(churchPointPerson)
      .set({ since: new Date(Date.now() + 60_000) })
      .where(eq(churchPointPerson.uid, theirKeeper.id));
    const into = await insertChurch(t.db, { pointPersons: [keeperA.id, keeperB.id], members: [keeperA.id, keeperB.id] });

    const merged = await expectJson<AdminChurch>(await admin.post(`/api/admin/churches/${from}/merge`, { into }));
    expect(merged.members).toEqual({ confirmed: 5, claimed: 1 });
    expect(merged.figures).toEqual({ members: 5, fosterFamilies: 1, fosterChildren: 3 });
    expect(await t.db.select().from(church).where(eq(church.id, from))).toHaveLength(0);
    const moved = await membersOf(into);
    expect(moved.find((m) => m.uid === claimer.id)!.status).toBe('claimed');
    expect(moved.find((m) => m.uid === fosterer.id)!.status).toBe('confirmed');
    expect((await membersOf(third)).map((m) => m.uid)).toEqual([elsewhere.id]);
    expect(await keepersOf(into)).toEqual([keeperA.id, keeperB.id, elsewhere.id].sort());
    expect(await logged('church.merge')).toMatchObject({ details: { church: from, into, members: 4, pointPersonsLeft: 1 } });
  });

  it('refuses a church merged into itself, into a church not in the network, or into none', async () => {
    const id = await insertChurch(t.db);
    const itself = await admin.post(`/api/admin/churches/${id}/merge`, { into: id });
    expect(itself.status).toBe(400);
    expect((await itself.json()).fieldErrors).toHaveProperty('into');
    const proposal = await insertChurch(t.db, { status: 'proposed' });
    expect((await admin.post(`/api/admin/churches/${id}/merge`, { into: proposal })).status).toBe(409);
    expect((await admin.post(`/api/admin/churches/${id}/merge`, { into: 2_000_000_000 })).status).toBe(400);
    expect((await admin.post(`/api/admin/churches/${id}/merge`, { into: 'x' })).status).toBe(400);
    expect(await t.db.select().from(church).where(eq(church.id, id))).toHaveLength(1);
  });
});

describe('archiving', () => {
  it('archives an active church and restores it; each once', async () => {
    const member = await insertMember(t.db);
    const id = await insertChurch(t.db, { members: [member.id] });
    expect(await expectJson<AdminChurch>(await admin.post(`/api/admin/churches/${id}/archive`))).toMatchObject({
      status: 'archived',
      members: { confirmed: 1 },
    });
    expect(await logged('church.archive')).toMatchObject({ details: { church: id } });
    expect((await admin.post(`/api/admin/churches/${id}/archive`)).status).toBe(409);
    expect(await expectJson<AdminChurch>(await admin.post(`/api/admin/churches/${id}/restore`))).toMatchObject({ status: 'active' });
    expect(await logged('church.restore')).toMatchObject({ details: { church: id } });
    expect((await admin.post(`/api/admin/churches/${id}/restore`)).status).toBe(409);
  });
});

describe('point persons', () => {
  it('sets one to three members with a saved profile, each a confirmed member of the church', async () => {
    const id = await insertChurch(t.db);
    const [a, b, c, d] = [await insertMember(t.db), await insertMember(t.db), await insertMember(t.db), await insertMember(t.db)];
    const before = await insertChurch(t.db, { claimed: [b.id] });
    const set = await expectJson<AdminChurch>(await admin.put(`/api/admin/churches/${id}/point-persons`, { uids: [a.id, b.id] }));
    expect(set.pointPersons.map((p) => p.uid)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await membersOf(id)).map((m) => [m.uid, m.status]).sort()).toEqual(
      [
        [a.id, 'confirmed'],
        [b.id, 'confirmed'],
      ].sort(),
    );
    expect(await membersOf(before)).toHaveLength(0);
    expect(await logged('church.point-persons')).toMatchObject({ details: { uids: [a.id, b.id] } });

    for (const uids of [[], [a.id, b.id, c.id, d.id], [a.id, a.id]]) {
      expect((await admin.put(`/api/admin/churches/${id}/point-persons`, { uids })).status).toBe(400);
    }
    const unsaved = await insertMember(t.db, { savedAt: null });
    const refused = await admin.put(`/api/admin/churches/${id}/point-persons`, { uids: [unsaved.id] });
    expect(refused.status).toBe(400);
    expect((await refused.json()).fieldErrors).toHaveProperty('uids');
    expect(await keepersOf(id)).toEqual([a.id, b.id].sort());
  });
});

describe('the CSV of every church', () => {
  it('has a header and a row per church, a formula shown as text, and is written to the log', async () => {
    const name = `=HYPERLINK("https://evil.example","${uniqueTag('Csv')}")`;
    const id = await insertChurch(t.db, { name });
    const res = await admin.get('/api/admin/churches.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="churches-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...rows] = parseCsv(await res.text());
    expect(header!.slice(0, 4)).toEqual(['id', 'status', 'name', 'ag']);
    const row = rows.find((r) => r[0] === String(id))!;
    expect(row[2]).toBe(`'${name}`);
    expect(await logged('churches.export')).toMatchObject({ actorEmail: ADMIN_EMAIL });
  });
});

describe('link suggestions', () => {
  it("offers a member's free-text church the alike churches of their state only; linking them removes it", async () => {
    const word = uniqueTag('Bethel').replace(/[^A-Za-z]/g, '');
    const alike = await insertChurch(t.db, { name: `${word} Assembly of God` });
    await insertChurch(t.db, { name: `${word} Assembly of God`, zip: '66603' });
    await insertChurch(t.db, { name: 'Completely Different Fellowship' });
    const missouri = await insertMember(t.db, { church: `${word.toLowerCase()} assembly`, state: 'MO', city: 'Springfield' });
    const arkansas = await insertMember(t.db, { church: `${word} Assembly of God`, state: 'AR' });
    const picked = await insertMember(t.db, { church: `${word} Assembly`, state: 'MO' });
    await t.db.insert(churchMember).values({ uid: picked.id, churchId: alike, status: 'claimed', claimedAt: new Date() });

    const { suggestions } = await expectJson<ChurchLinkSuggestionsResponse>(await admin.get('/api/admin/churches/link-suggestions'));
    const mine = suggestions.find((s) => s.uid === missouri.id)!;
    expect(mine).toMatchObject({ state: 'MO', churchText: `${word.toLowerCase()} assembly` });
    expect(mine.candidates.map((c) => c.id)).toEqual([alike]);
    expect(mine.candidates[0]!.similarity).toBeGreaterThanOrEqual(0.3);
    expect(suggestions.some((s) => s.uid === arkansas.id)).toBe(false);
    expect(suggestions.some((s) => s.uid === picked.id)).toBe(false);

    const linked = await expectJson<AdminChurch>(await admin.post(`/api/admin/churches/${alike}/link`, { uid: missouri.id }));
    expect(linked.members.confirmed).toBe(1);
    expect(await logged('church.link')).toMatchObject({ details: { church: alike, uid: missouri.id } });
    const after = await expectJson<ChurchLinkSuggestionsResponse>(await admin.get('/api/admin/churches/link-suggestions'));
    expect(after.suggestions.some((s) => s.uid === missouri.id)).toBe(false);
    expect((await admin.post(`/api/admin/churches/${alike}/link`, { uid: missouri.id })).status).toBe(409);
  });
});

describe('the overview', () => {
  it('charts churches joining per month over the last twelve months', async () => {
    const overview = await expectJson<AdminOverview>(await admin.get('/api/admin/overview'));
    expect(overview.churchesJoining).toHaveLength(12);
    expect(overview.churchesJoining.at(-1)!.month).toBe(clock.now().toISOString().slice(0, 7));
    expect(overview.churchesJoining.at(-1)!.count).toBeGreaterThan(0);
  });
});

describe('who may ask', () => {
  it('an admin only: a member gets 403, a visitor 401, and nothing changes', async () => {
    const member = (await signedInMember(t)).c;
    const visitor = t.client();
    const id = await insertChurch(t.db, { status: 'proposed' });
    const requests: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/churches'],
      ['GET', '/api/admin/churches.csv'],
      ['GET', '/api/admin/churches/link-suggestions'],
      ['POST', '/api/admin/churches', fields()],
      ['PUT', `/api/admin/churches/${id}`, fields()],
      ['POST', `/api/admin/churches/${id}/approve`, {}],
      ['POST', `/api/admin/churches/${id}/decline`, { reason: 'No' }],
      ['POST', `/api/admin/churches/${id}/merge`, { into: id }],
      ['POST', `/api/admin/churches/${id}/archive`, {}],
      ['POST', `/api/admin/churches/${id}/restore`, {}],
      ['PUT', `/api/admin/churches/${id}/point-persons`, { uids: ['x'] }],
      ['POST', `/api/admin/churches/${id}/link`, { uid: 'x' }],
    ];
    for (const [method, path, body] of requests) {
      expect((await member.request(method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await visitor.request(method, path, body)).status, `${method} ${path}`).toBe(401);
    }
    expect(await t.db.select().from(church).where(eq(church.id, id))).toMatchObject([{ status: 'proposed' }]);
  });
});
