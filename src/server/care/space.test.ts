import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CARE_POSTS_PER_HOUR, CARE_TEAM_NOT_FOUND } from '../../shared/care';
import { CARE_POSTS_PAGE, CARE_SPACE_MESSAGES, type CarePost, type CareSpace } from '../../shared/care-space';
import { carePost, careTeam, notification, notificationPreference, profile, user } from '../db/schema';
import { MAIL_FORMS } from '../mail';
import { CARE_POST_RATE_MESSAGE } from '../rate-limit/rules';
import { nextLiveEvent, useTestApp } from '../testing/app';
import { expectJson, insertCareTeam, mailsTo, signedInAdmin, signedInMember, type SignedUpMember } from '../testing/factories';
import { careTeamTopic } from './store';

// The team space (issue 27): updates and prayer requests, read by the team's active members and admins (the same
// 404 for everyone else), written by active members, the rest of the team told by the bell and mail as each
// prefers; removed by the author, the family or a leader.

const t = useTestApp();

let family: SignedUpMember;
let leader: SignedUpMember;
let helper: SignedUpMember;
let mentor: SignedUpMember;
let invited: SignedUpMember;
let outsider: SignedUpMember;
let teamId: number;
beforeAll(async () => {
  const named = (firstName: string) => signedInMember(t, { prefix: firstName.toLowerCase(), profile: { firstName, lastName: 'Space' } });
  const people = await Promise.all(['Dana', 'Lee', 'Grace', 'Mia', 'Ivy', 'Otto'].map(named));
  [family, leader, helper, mentor, invited, outsider] = people as [
    SignedUpMember,
    SignedUpMember,
    SignedUpMember,
    SignedUpMember,
    SignedUpMember,
    SignedUpMember,
  ];
  teamId = await insertCareTeam(t.db, family.id, {
    name: "Dana's circle",
    members: [
      { uid: leader.id, role: 'leader' },
      { uid: helper.id, role: 'helper' },
      { uid: mentor.id, role: 'mentor' },
      { uid: invited.id, role: 'helper', status: 'invited' },
    ],
  });
});

const postsPath = (id = teamId) => `/api/care/teams/${id}/posts`;
const post = (m: SignedUpMember, body: unknown, id = teamId) => m.c.post(postsPath(id), body);
const read = (m: SignedUpMember, query = '', id = teamId) => m.c.get(`${postsPath(id)}${query}`);

describe('reading the space', () => {
  it('answers its active members and an admin past the second factor; everyone else the same 404', async () => {
    const space = await expectJson<CareSpace>(await read(helper));
    expect(space.team).toMatchObject({
      id: teamId,
      name: "Dana's circle",
      familyFirstName: 'Dana',
      me: { role: 'helper', status: 'active' },
    });
    expect(space.mayPost).toBe(true);
    for (const [who, id] of [
      [outsider, teamId],
      [invited, teamId],
      [helper, 999_999],
    ] as const) {
      const res = await read(who, '', id);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ message: CARE_TEAM_NOT_FOUND });
    }
    const admin = await signedInAdmin(t, { prefix: 'space-admin' });
    expect(await expectJson<CareSpace>(await admin.c.get(postsPath()))).toMatchObject({ team: { me: null }, mayPost: false });
    const adminNo2fa = await signedInAdmin(t, { prefix: 'space-admin-no2fa', secondFactor: false });
    expect((await adminNo2fa.c.get(postsPath())).status).toBe(404);
  });

  it('pages newest first', async () => {
    const other = await insertCareTeam(t.db, family.id, { members: [{ uid: helper.id, role: 'helper' }] });
    const at = t.clock.now();
    await t.db.insert(carePost).values(
      Array.from({ length: CARE_POSTS_PAGE + 3 }, (_, i) => ({
        teamId: other,
        authorUid: helper.id,
        kind: 'update' as const,
        body: `Note ${i}`,
        createdAt: at,
      })),
    );
    const first = await expectJson<CareSpace>(await read(helper, '', other));
    expect(first.posts).toHaveLength(CARE_POSTS_PAGE);
    expect(first.posts[0]).toMatchObject({
      body: `Note ${CARE_POSTS_PAGE + 2}`,
      mine: true,
      mayDelete: true,
      author: { name: 'Grace Space', role: 'helper' },
    });
    const second = await expectJson<CareSpace>(await read(helper, `?before=${first.nextBefore}`, other));
    expect(second.posts.map((p) => p.body)).toEqual(['Note 2', 'Note 1', 'Note 0']);
    expect(second.nextBefore).toBeNull();
    expect((await read(helper, '?before=abc', other)).status).toBe(400);
    // Ten digits, past PostgreSQL's integer: refused, not a 500 (the fuzz suite found it on PostgreSQL).
    expect((await read(helper, '?before=2147483648', other)).status).toBe(400);
  });
});

describe('posting', () => {
  it('tells the rest of the team by the bell and by mail as each prefers, and the open pages live', async () => {
    // Mia wants no mail about care teams: the bell only.
    await t.db
      .insert(notificationPreference)
      .values({ uid: mentor.id, mailCare: false })
      .onConflictDoUpdate({ target: notificationPreference.uid, set: { mailCare: false } });
    const heard = nextLiveEvent(t.deps.live, (e) => e.topic === careTeamTopic(teamId));
    const made = await expectJson<CarePost>(
      await post(helper, { kind: 'prayer', body: 'Please pray for a calm first week at school.' }),
      201,
    );
    expect(made).toMatchObject({ kind: 'prayer', mine: true, mayDelete: true, author: { name: 'Grace Space', role: 'helper' } });
    await heard;
    const bells = await t.db
      .select()
      .from(notification)
      .where(and(eq(notification.careTeamId, teamId), eq(notification.actorUid, helper.id)));
    expect(bells.map((b) => b.recipientUid).sort()).toEqual([family.id, leader.id, mentor.id].sort());
    expect(bells[0]!.careText).toBe("asked for prayer in Dana's circle");
    const [toFamily] = await mailsTo(t.db, family.email, MAIL_FORMS.notifyCare);
    expect(toFamily!.message.subject).toBe("Grace Space asked for prayer in Dana's circle");
    expect(toFamily!.message.text).toContain('Please pray for a calm first week at school.');
    expect(await mailsTo(t.db, mentor.email, MAIL_FORMS.notifyCare)).toEqual([]);
    expect(await mailsTo(t.db, helper.email, MAIL_FORMS.notifyCare)).toEqual([]);
    expect(await mailsTo(t.db, outsider.email, MAIL_FORMS.notifyCare)).toEqual([]);
    const space = await expectJson<CareSpace>(await read(family));
    expect(space.posts[0]).toMatchObject({ id: made.id, mine: false, mayDelete: true });
  });

  it('refuses a phone number, an address or an empty message with the field named', async () => {
    for (const body of ['Call me at 417-555-0100', 'Drop it at 12 Oak Street', '   ']) {
      const res = await post(helper, { kind: 'update', body });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ fieldErrors: { body: expect.any(String) } });
    }
    expect((await post(helper, { kind: 'gossip', body: 'Hi' })).status).toBe(400);
  });

  it('is for active members of an active team: not an admin who is not on it, not an outsider, not a suspended member', async () => {
    const admin = await signedInAdmin(t, { prefix: 'space-poster' });
    const res = await admin.c.post(postsPath(), { kind: 'update', body: 'Hello' });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: CARE_SPACE_MESSAGES.membersOnly });
    expect((await post(outsider, { kind: 'update', body: 'Hello' })).status).toBe(404);
    const suspended = await signedInMember(t, { prefix: 'suspended' });
    const ended = await insertCareTeam(t.db, family.id, {
      members: [
        { uid: suspended.id, role: 'helper' },
        { uid: helper.id, role: 'helper' },
      ],
    });
    await t.db.update(profile).set({ suspendedAt: new Date() }).where(eq(profile.uid, suspended.id));
    expect(await (await post(suspended, { kind: 'update', body: 'Hello' }, ended)).json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    await t.db.update(careTeam).set({ status: 'ended' }).where(eq(careTeam.id, ended));
    const late = await post(helper, { kind: 'update', body: 'Hello' }, ended);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ message: CARE_SPACE_MESSAGES.notActive });
    expect(await expectJson<CareSpace>(await read(helper, '', ended))).toMatchObject({ mayPost: false });
  });

  it(`takes up to ${CARE_POSTS_PER_HOUR} posts an hour from a member`, async () => {
    const busy = await signedInMember(t, { prefix: 'busy' });
    const own = await insertCareTeam(t.db, busy.id);
    for (let i = 0; i < CARE_POSTS_PER_HOUR; i++) expect((await post(busy, { kind: 'update', body: `Day ${i}` }, own)).status).toBe(201);
    const res = await post(busy, { kind: 'update', body: 'One more' }, own);
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({ message: CARE_POST_RATE_MESSAGE });
  });
});

describe('removing a post', () => {
  const postBy = async (m: SignedUpMember) =>
    (await expectJson<CarePost>(await post(m, { kind: 'update', body: 'Dinner went well.' }), 201)).id;
  const remove = (m: SignedUpMember, id: number, team = teamId) => m.c.delete(`${postsPath(team)}/${id}`);

  it('is for its author, the family or a leader; another helper gets 403', async () => {
    const byHelper = await postBy(helper);
    const res = await remove(mentor, byHelper);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: CARE_SPACE_MESSAGES.deleteOnly });
    expect(await expectJson<CareSpace>(await read(mentor))).toMatchObject({
      posts: expect.arrayContaining([expect.objectContaining({ id: byHelper, mayDelete: false })]),
    });
    expect((await remove(helper, byHelper)).status).toBe(200);
    expect((await remove(helper, byHelper)).status).toBe(404);
    expect((await remove(family, await postBy(mentor))).status).toBe(200);
    expect((await remove(leader, await postBy(family))).status).toBe(200);
    const admin = await signedInAdmin(t, { prefix: 'space-remover' });
    expect((await remove(admin, await postBy(helper))).status).toBe(403);
  });

  it("answers 404 for another team's post, and for an outsider", async () => {
    const other = await insertCareTeam(t.db, outsider.id, { members: [{ uid: helper.id, role: 'helper' }] });
    const elsewhere = (await expectJson<CarePost>(await post(outsider, { kind: 'update', body: 'Ours' }, other), 201)).id;
    expect(await (await remove(family, elsewhere)).json()).toMatchObject({ message: CARE_SPACE_MESSAGES.postNotFound });
    expect(await (await remove(outsider, await postBy(helper))).json()).toMatchObject({ message: CARE_TEAM_NOT_FOUND });
  });
});

describe('the language of a post (issue 28)', () => {
  it('is the one chosen, or else the author’s own; the team filters by it, and another is refused with 400', async () => {
    const named = (firstName: string) => signedInMember(t, { prefix: firstName.toLowerCase(), profile: { firstName, lastName: 'Lang' } });
    const [fam, rosa, ben] = (await Promise.all(['Luz', 'Rosa', 'Ben'].map(named))) as [SignedUpMember, SignedUpMember, SignedUpMember];
    await t.db.update(user).set({ locale: 'es' }).where(eq(user.id, rosa.id));
    const team = await insertCareTeam(t.db, fam.id, {
      members: [
        { uid: rosa.id, role: 'helper' },
        { uid: ben.id, role: 'helper' },
      ],
    });
    const own = await expectJson<CarePost>(await post(rosa, { kind: 'prayer', body: 'Oremos por la familia.' }, team), 201);
    const chosen = await expectJson<CarePost>(await post(ben, { kind: 'update', body: 'Llevé la cena.', language: 'es' }, team), 201);
    const plain = await expectJson<CarePost>(await post(ben, { kind: 'update', body: 'Dinner is on Thursday.' }, team), 201);
    expect([own.language, chosen.language, plain.language]).toEqual(['es', 'es', 'en']);

    const ids = async (query: string) => (await expectJson<CareSpace>(await read(fam, query, team))).posts.map((p) => p.id);
    expect(await ids('?language=es')).toEqual([chosen.id, own.id]);
    expect(await ids('?language=en')).toEqual([plain.id]);
    expect(await ids('')).toEqual([plain.id, chosen.id, own.id]);
    expect(await ids(`?language=es&before=${chosen.id}`)).toEqual([own.id]);

    const before = await t.db.select({ id: carePost.id }).from(carePost).where(eq(carePost.teamId, team));
    const refused = await post(ben, { kind: 'update', body: 'Bonjour', language: 'fr' }, team);
    expect(await expectJson(refused, 400)).toMatchObject({ fieldErrors: { language: 'Choose English or Spanish.' } });
    expect(await t.db.select({ id: carePost.id }).from(carePost).where(eq(carePost.teamId, team))).toEqual(before);
    const badFilter = await fam.c.get(`${postsPath(team)}?language=fr`, { 'accept-language': 'es' });
    expect(await expectJson(badFilter, 400)).toMatchObject({ fieldErrors: { language: 'Elija inglés o español.' } });
  });
});
