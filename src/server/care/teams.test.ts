import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CARE_INVITE_USED, CARE_MANAGE_ONLY, CARE_TEAM_MEMBERS_MAX, CARE_TEAM_NOT_FOUND } from '../../shared/care';
import { CARE_TEAMS_MESSAGES, type CareTeamPage, type MyCareTeams } from '../../shared/care-teams';
import { careClaim, careInvite, careTeam, careTeamMember, notification, profile } from '../db/schema';
import { MAIL_FORMS } from '../mail';
import { nextLiveEvent, useTestApp } from '../testing/app';
import {
  expectJson,
  insertCareTask,
  insertCareTeam,
  insertChurch,
  insertClearance,
  insertMember,
  mailsTo,
  signedInAdmin,
  signedInMember,
  type SignedUpMember,
} from '../testing/factories';
import { careTeamTopic, myCareTeamsTopic } from './store';

// Care teams themselves (issue 27, part "teams"): starting one (a foster family; a point person for a family, who
// accepts or declines), the team's page and who sees the family's details, invitations by the directory and by
// single-use link, approval, roles, removal, leaving, ending; the size limit under two joins at once. Runs on
// PGlite, and on PostgreSQL when DATABASE_URL is set, where the two joins truly race on two connections.

const t = useTestApp();

const FOSTER = { firstName: 'Dana', lastName: 'Foster', fosterParent: 'Yes' as const, state: 'TX' };
let dana: SignedUpMember;
let grace: SignedUpMember;
let hank: SignedUpMember;
let outsider: SignedUpMember;
beforeAll(async () => {
  [dana, grace, hank, outsider] = await Promise.all([
    signedInMember(t, { prefix: 'dana', profile: FOSTER }),
    signedInMember(t, { prefix: 'grace', profile: { firstName: 'Grace', lastName: 'Giver' } }),
    signedInMember(t, { prefix: 'hank', profile: { firstName: 'Hank', lastName: 'Helper' } }),
    signedInMember(t, { prefix: 'outsider', profile: { firstName: 'Otto', lastName: 'Side' } }),
  ]);
});

const page = async (m: SignedUpMember, id: number) => expectJson<CareTeamPage>(await m.c.get(`/api/care/teams/${id}`));
const mine = async (m: SignedUpMember) => expectJson<MyCareTeams>(await m.c.get('/api/me/care-teams'));
const fosterFamily = (prefix = 'family') => signedInMember(t, { prefix, profile: FOSTER });

describe('starting a team', () => {
  it("lets a foster family start its own: active, in its church, in its state's time zone, the family on it", async () => {
    const family = await fosterFamily();
    const churchId = await insertChurch(t.db, { members: [family.id] });
    expect((await mine(family)).mayStart).toBe(true);
    const started = await expectJson<{ id: number; status: string }>(await family.c.post('/api/care/teams', { name: '' }), 201);
    expect(started.status).toBe('active');
    const [row] = await t.db.select().from(careTeam).where(eq(careTeam.id, started.id));
    expect(row).toMatchObject({ churchId, timeZone: 'America/Chicago', name: "Dana's care team", familyUid: family.id });
    expect(row!.acceptedAt).not.toBeNull();
    const shown = await page(family, started.id);
    expect(shown.team).toMatchObject({ me: { role: 'family', status: 'active' }, mayManage: true, seesDetails: true });
    expect(shown.members).toEqual([expect.objectContaining({ uid: family.id, role: 'family', cleared: true, isMe: true })]);
    expect((await mine(family)).mayStart).toBe(false);
    // One team at a time.
    const again = await family.c.post('/api/care/teams', {});
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(CARE_TEAMS_MESSAGES.familyHasTeam);
  });

  it('refuses members whose profile does not say foster parent, unconfirmed and suspended accounts', async () => {
    expect((await grace.c.post('/api/care/teams', {})).status).toBe(403);
    expect((await mine(grace)).mayStart).toBe(false);
    const unconfirmed = await signedInMember(t, { prefix: 'unconfirmed', confirm: false, profile: FOSTER });
    expect((await (await unconfirmed.c.post('/api/care/teams', {})).json()).code).toBe('EMAIL_UNVERIFIED');
    const suspended = await fosterFamily('suspended');
    await t.db.update(profile).set({ suspendedAt: new Date() }).where(eq(profile.uid, suspended.id));
    expect((await suspended.c.post('/api/care/teams', {})).status).toBe(403);
  });

  it('lets a point person start one for a confirmed foster family of the church, who accepts it', async () => {
    const pointPerson = await signedInMember(t, { prefix: 'point', profile: { firstName: 'Pat', lastName: 'Point' } });
    const family = await fosterFamily();
    const claimedOnly = await fosterFamily('claimed');
    const churchId = await insertChurch(t.db, { pointPersons: [pointPerson.id], members: [family.id], claimed: [claimedOnly.id] });
    const offered = (await mine(pointPerson)).churchesToStartFor;
    expect(offered).toEqual([expect.objectContaining({ id: churchId, families: [{ uid: family.id, name: 'Dana Foster' }] })]);

    // Only a confirmed member of that church, and only by one of its point persons.
    expect((await pointPerson.c.post('/api/care/teams', { churchId, familyUid: claimedOnly.id })).status).toBe(400);
    expect((await grace.c.post('/api/care/teams', { churchId, familyUid: family.id })).status).toBe(403);

    const started = await expectJson<{ id: number; status: string }>(
      await pointPerson.c.post('/api/care/teams', { churchId, familyUid: family.id }),
      201,
    );
    expect(started.status).toBe('proposed');
    const [told] = await mailsTo(t.db, family.email, MAIL_FORMS.notifyCare);
    expect(told?.message.subject).toBe('Pat Point started a care team for your family');
    const waiting = await mine(family);
    expect(waiting.proposals).toEqual([expect.objectContaining({ teamId: started.id, startedBy: 'Pat Point' })]);
    expect(waiting.teams).toEqual([]);
    // Nobody else joins a team the family has not accepted.
    expect((await pointPerson.c.post(`/api/care/teams/${started.id}/invite-links`, { role: 'helper' })).status).toBe(409);

    expect((await grace.c.post(`/api/care/teams/${started.id}/accept`)).status).toBe(404);
    expect((await family.c.post(`/api/care/teams/${started.id}/accept`)).status).toBe(200);
    const shown = await page(family, started.id);
    expect(shown.team).toMatchObject({ status: 'active', me: { role: 'family', status: 'active' } });
    expect(shown.members.map((m) => [m.role, m.status])).toEqual([
      ['family', 'active'],
      ['leader', 'active'],
    ]);
    expect((await family.c.post(`/api/care/teams/${started.id}/accept`)).status).toBe(409);
  });

  it('lets the family decline: the team ends and the family is off it', async () => {
    const pointPerson = await signedInMember(t, { prefix: 'point' });
    const family = await fosterFamily();
    const churchId = await insertChurch(t.db, { pointPersons: [pointPerson.id], members: [family.id] });
    const { id } = await expectJson<{ id: number }>(await pointPerson.c.post('/api/care/teams', { churchId, familyUid: family.id }), 201);
    expect((await family.c.post(`/api/care/teams/${id}/decline`)).status).toBe(200);
    const [row] = await t.db.select().from(careTeam).where(eq(careTeam.id, id));
    expect(row!.status).toBe('ended');
    expect((await family.c.get(`/api/care/teams/${id}`)).status).toBe(404);
    expect((await mine(family)).mayStart).toBe(true);
  });
});

describe("a team's page", () => {
  it('answers outsiders with one 404 whether the team exists or not, and shows the details only to those cleared', async () => {
    const teamId = await insertCareTeam(t.db, dana.id, {
      members: [
        { uid: grace.id, role: 'helper' },
        { uid: hank.id, role: 'helper', status: 'requested' },
      ],
      address: '12 Elm Street',
      food: 'No peanuts',
      childrenAges: [4, 9],
    });
    for (const path of [`/api/care/teams/${teamId}`, '/api/care/teams/999999']) {
      const res = await outsider.c.get(path);
      expect(res.status).toBe(404);
      expect((await res.json()).message).toBe(CARE_TEAM_NOT_FOUND);
    }
    // A helper without the agreement sees the team, not the details, and what they still need.
    const asGrace = await page(grace, teamId);
    expect(asGrace.details).toBeNull();
    expect(asGrace.stillNeeds).toEqual(['Confidentiality agreement']);
    expect(JSON.stringify(asGrace)).not.toContain('Elm');
    // Only the active members, for those who do not manage.
    expect(asGrace.members.map((m) => m.uid).sort()).toEqual([dana.id, grace.id].sort());
    expect(asGrace.members.find((m) => m.uid === grace.id)).toMatchObject({ cleared: true, mayManage: false });
    expect(asGrace.may).toEqual({ manage: false, end: false, leave: true, editDetails: false });

    await insertClearance(t.db, grace.id, 'agreement');
    const cleared = await page(grace, teamId);
    expect(cleared.details).toEqual({ address: '12 Elm Street', food: 'No peanuts', bestTimes: null, childrenAges: [4, 9] });
    expect(cleared.stillNeeds).toEqual([]);

    const asDana = await page(dana, teamId);
    expect(asDana.members.find((m) => m.uid === hank.id)).toMatchObject({ status: 'requested', mayManage: true });
    expect(asDana.may).toEqual({ manage: true, end: true, leave: false, editDetails: true });
    // Someone asking to join sees no one yet, nor any detail.
    const asHank = await page(hank, teamId);
    expect(asHank.members).toEqual([]);
    expect(asHank.details).toBeNull();
  });

  it('tells whether a respite caregiver is cleared for the role, never the records', async () => {
    const respite = await insertMember(t.db);
    const teamId = await insertCareTeam(t.db, dana.id, { members: [{ uid: respite.id, role: 'respite' }] });
    const before = (await page(dana, teamId)).members.find((m) => m.uid === respite.id);
    expect(before?.cleared).toBe(false);
    await insertClearance(t.db, respite.id, 'background_check');
    await insertClearance(t.db, respite.id, 'training');
    const after = (await page(dana, teamId)).members.find((m) => m.uid === respite.id);
    expect(after?.cleared).toBe(true);
    expect(Object.keys(after!).sort()).toEqual(['cleared', 'isMe', 'mayManage', 'name', 'role', 'status', 'uid']);
  });

  it('lets an admin past the second factor read a team, not manage it', async () => {
    const admin = await signedInAdmin(t);
    const adminNo2fa = await signedInAdmin(t, { secondFactor: false });
    const teamId = await insertCareTeam(t.db, dana.id, { address: '12 Elm Street' });
    const shown = await expectJson<CareTeamPage>(await admin.c.get(`/api/care/teams/${teamId}`));
    expect(shown.team.me).toBeNull();
    expect(shown.details?.address).toBe('12 Elm Street');
    expect((await adminNo2fa.c.get(`/api/care/teams/${teamId}`)).status).toBe(404);
    expect((await admin.c.patch(`/api/care/teams/${teamId}`, { name: 'Mine now' })).status).toBe(403);
  });

  it('lets the family or a cleared leader change the name, time zone and details; a helper gets 403', async () => {
    const leader = await signedInMember(t, { prefix: 'leader' });
    const teamId = await insertCareTeam(t.db, dana.id, {
      members: [
        { uid: grace.id, role: 'helper' },
        { uid: leader.id, role: 'leader' },
      ],
    });
    const heard = nextLiveEvent(t.deps.live, (e) => e.topic === careTeamTopic(teamId));
    const res = await dana.c.patch(`/api/care/teams/${teamId}`, {
      name: 'The Fosters',
      timeZone: 'America/Denver',
      details: { address: '12 Elm Street', food: null, bestTimes: 'After 5', childrenAges: [3] },
    });
    expect(res.status).toBe(200);
    await heard;
    const [row] = await t.db.select().from(careTeam).where(eq(careTeam.id, teamId));
    expect(row).toMatchObject({ name: 'The Fosters', timeZone: 'America/Denver', address: '12 Elm Street', childrenAges: [3] });
    const refused = await grace.c.patch(`/api/care/teams/${teamId}`, { name: 'Ours' });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe(CARE_MANAGE_ONLY);
    // Children by their ages only, within bounds.
    const bad = await dana.c.patch(`/api/care/teams/${teamId}`, { details: { childrenAges: [30] } });
    expect(bad.status).toBe(400);
    // A change of nothing is refused, plainly (it answered 500 before).
    const empty = await dana.c.patch(`/api/care/teams/${teamId}`, {});
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await empty.json())).toContain('Say what to change');
    // A leader manages the team, but writes the family's details only once cleared to read them.
    const details = { details: { address: '14 Elm Street', childrenAges: [3] } };
    expect((await leader.c.patch(`/api/care/teams/${teamId}`, { name: 'Our team' })).status).toBe(200);
    const blind = await leader.c.patch(`/api/care/teams/${teamId}`, details);
    expect(blind.status).toBe(403);
    expect((await blind.json()).message).toBe(CARE_TEAMS_MESSAGES.detailsNotCleared);
    await insertClearance(t.db, leader.id, 'agreement');
    expect((await leader.c.patch(`/api/care/teams/${teamId}`, details)).status).toBe(200);
  });

  it('lets only the family end the team: everyone is told', async () => {
    const teamId = await insertCareTeam(t.db, dana.id, { members: [{ uid: grace.id, role: 'leader' }] });
    expect((await grace.c.post(`/api/care/teams/${teamId}/end`)).status).toBe(403);
    expect((await dana.c.post(`/api/care/teams/${teamId}/end`)).status).toBe(200);
    const [row] = await t.db.select().from(careTeam).where(eq(careTeam.id, teamId));
    expect(row!.status).toBe('ended');
    const bells = await t.db
      .select()
      .from(notification)
      .where(and(eq(notification.recipientUid, grace.id), eq(notification.careTeamId, teamId)));
    expect(bells.map((b) => b.careText)).toEqual(['ended the care team']);
    expect((await dana.c.post(`/api/care/teams/${teamId}/end`)).status).toBe(409);
    expect((await dana.c.post(`/api/care/teams/${teamId}/invite-links`, { role: 'helper' })).status).toBe(409);
  });
});

describe('joining', () => {
  it('invites a member from the directory: mailed (Reply-To the family) and belled; they accept, the family approves', async () => {
    const family = await fosterFamily();
    const helper = await signedInMember(t, { prefix: 'helper', profile: { firstName: 'Ivy', lastName: 'Invited' } });
    const teamId = await insertCareTeam(t.db, family.id);
    const heard = nextLiveEvent(t.deps.live, (e) => e.topic === myCareTeamsTopic(helper.id));
    expect((await family.c.post(`/api/care/teams/${teamId}/invitations`, { uid: helper.id, role: 'mentor' })).status).toBe(201);
    await heard;
    const [mail] = await mailsTo(t.db, helper.email, MAIL_FORMS.careInvitation);
    expect(mail?.replyTo).toBe(family.email);
    expect(mail?.message.text).toContain("the care team around Dana's family");
    expect(mail?.message.text).not.toContain(family.email);
    expect((await mine(helper)).invitations).toEqual([expect.objectContaining({ teamId, role: 'mentor', familyFirstName: 'Dana' })]);
    // Invited twice: refused.
    expect((await family.c.post(`/api/care/teams/${teamId}/invitations`, { uid: helper.id, role: 'helper' })).status).toBe(409);
    // An invited member reads the invitation on the team's page, not the team.
    expect((await page(helper, teamId)).team.me).toEqual({ role: 'mentor', status: 'invited' });

    expect((await helper.c.post(`/api/care/teams/${teamId}/membership/accept`)).status).toBe(200);
    expect((await mine(family)).waitingApproval).toBe(1);
    expect((await helper.c.post(`/api/care/teams/${teamId}/membership/accept`)).status).toBe(409);
    expect((await family.c.post(`/api/care/teams/${teamId}/members/${helper.id}/approve`)).status).toBe(200);
    expect((await page(helper, teamId)).team.me).toEqual({ role: 'mentor', status: 'active' });
    const [welcome] = await mailsTo(t.db, helper.email, MAIL_FORMS.notifyCare);
    expect(welcome?.message.subject).toContain('Welcome to');
    expect((await family.c.post(`/api/care/teams/${teamId}/members/${helper.id}/approve`)).status).toBe(409);
  });

  it("refuses to invite unconfirmed or suspended accounts, and strangers' teams", async () => {
    const family = await fosterFamily();
    const teamId = await insertCareTeam(t.db, family.id);
    const unconfirmed = await insertMember(t.db, { emailVerified: false });
    expect((await family.c.post(`/api/care/teams/${teamId}/invitations`, { uid: unconfirmed.id, role: 'helper' })).status).toBe(400);
    const suspended = await insertMember(t.db, { suspendedAt: new Date() });
    expect((await family.c.post(`/api/care/teams/${teamId}/invitations`, { uid: suspended.id, role: 'helper' })).status).toBe(400);
    expect((await outsider.c.post(`/api/care/teams/${teamId}/invitations`, { uid: grace.id, role: 'helper' })).status).toBe(404);
  });

  it('makes a single-use link: its holder sees the offer, asks to join once; the link then answers 404', async () => {
    const family = await fosterFamily();
    const teamId = await insertCareTeam(t.db, family.id);
    const { url } = await expectJson<{ url: string }>(
      await family.c.post(`/api/care/teams/${teamId}/invite-links`, { role: 'helper' }),
      201,
    );
    const token = url.split('/care/join/')[1]!;
    // Only the hash is kept.
    const stored = await t.db.select().from(careInvite).where(eq(careInvite.teamId, teamId));
    expect(JSON.stringify(stored)).not.toContain(token);
    const joiner = await signedInMember(t, { prefix: 'joiner', profile: { firstName: 'Jo', lastName: 'Joiner' } });
    const offer = await expectJson<{ teamName: string; familyFirstName: string; role: string; myStatus: null }>(
      await joiner.c.get(`/api/care/join/${token}`),
    );
    expect(offer).toMatchObject({ familyFirstName: 'Dana', role: 'helper', myStatus: null });
    expect((await joiner.c.post(`/api/care/join/${token}`)).status).toBe(200);
    expect((await page(family, teamId)).members.find((m) => m.uid === joiner.id)).toMatchObject({ status: 'requested', role: 'helper' });
    const bell = await t.db
      .select()
      .from(notification)
      .where(and(eq(notification.recipientUid, family.id), eq(notification.careTeamId, teamId)));
    expect(bell[0]?.careText).toContain('asks to join');
    for (const res of [await grace.c.get(`/api/care/join/${token}`), await grace.c.post(`/api/care/join/${token}`)]) {
      expect(res.status).toBe(404);
      expect((await res.json()).message).toBe(CARE_INVITE_USED);
    }
    // An expired link works no more.
    const second = await expectJson<{ url: string }>(
      await family.c.post(`/api/care/teams/${teamId}/invite-links`, { role: 'helper' }),
      201,
    );
    await t.db.update(careInvite).set({ expiresAt: t.clock.now() }).where(eq(careInvite.teamId, teamId));
    expect((await grace.c.get(`/api/care/join/${second.url.split('/care/join/')[1]}`)).status).toBe(404);
  });

  it('lets only one of two people in when one place is left, under the team lock', async () => {
    const family = await fosterFamily();
    const helpers = await Promise.all(Array.from({ length: CARE_TEAM_MEMBERS_MAX - 1 }, () => insertMember(t.db)));
    const teamId = await insertCareTeam(t.db, family.id, { members: helpers.map((h) => ({ uid: h.id, role: 'helper' as const })) });
    const links = await Promise.all(
      [1, 2].map(
        async () =>
          (await expectJson<{ url: string }>(await family.c.post(`/api/care/teams/${teamId}/invite-links`, { role: 'helper' }), 201)).url,
      ),
    );
    const [a, b] = await Promise.all([1, 2].map((n) => signedInMember(t, { prefix: `race${n}` })));
    const answers = await Promise.all([a!, b!].map((m, i) => m.c.post(`/api/care/join/${links[i]!.split('/care/join/')[1]}`)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await t.db.select().from(careTeamMember).where(eq(careTeamMember.teamId, teamId));
    expect(rows.length).toBe(CARE_TEAM_MEMBERS_MAX + 1);
  });
});

describe('roles, removal and leaving', () => {
  it("lets the family remove anyone and a leader anyone but the family and leaders; the removed member's claims are withdrawn", async () => {
    const family = await fosterFamily();
    const leader = await signedInMember(t, { prefix: 'leader' });
    const [otherLeader, helper, mentor] = await Promise.all([1, 2, 3].map(() => insertMember(t.db)));
    const teamId = await insertCareTeam(t.db, family.id, {
      members: [
        { uid: leader.id, role: 'leader' },
        { uid: otherLeader!.id, role: 'leader' },
        { uid: helper!.id, role: 'helper' },
        { uid: mentor!.id, role: 'mentor' },
      ],
    });
    const taskId = await insertCareTask(t.db, teamId, { repeat: 'weekly' });
    await t.db.insert(careClaim).values({ taskId, uid: helper!.id, createdAt: new Date() });

    expect((await leader.c.delete(`/api/care/teams/${teamId}/members/${family.id}`)).status).toBe(403);
    expect((await leader.c.delete(`/api/care/teams/${teamId}/members/${otherLeader!.id}`)).status).toBe(403);
    expect((await leader.c.patch(`/api/care/teams/${teamId}/members/${helper!.id}`, { role: 'leader' })).status).toBe(403);
    expect((await leader.c.patch(`/api/care/teams/${teamId}/members/${helper!.id}`, { role: 'mentor' })).status).toBe(200);
    expect((await leader.c.delete(`/api/care/teams/${teamId}/members/${helper!.id}`)).status).toBe(200);
    const [claim] = await t.db.select().from(careClaim).where(eq(careClaim.taskId, taskId));
    expect(claim!.withdrawnAt).not.toBeNull();
    expect((await family.c.delete(`/api/care/teams/${teamId}/members/${otherLeader!.id}`)).status).toBe(200);
    expect((await family.c.patch(`/api/care/teams/${teamId}/members/${mentor!.id}`, { role: 'leader' })).status).toBe(200);
    expect((await family.c.delete(`/api/care/teams/${teamId}/members/${family.id}`)).status).toBe(403);
    expect((await family.c.delete(`/api/care/teams/${teamId}/members/${helper!.id}`)).status).toBe(404);
    expect((await family.c.patch(`/api/care/teams/${teamId}/members/${family.id}`, { role: 'family' })).status).toBe(400);
  });

  it('lets a member leave or decline (never the family); they no longer reach the team', async () => {
    const family = await fosterFamily();
    const invited = await signedInMember(t, { prefix: 'invited' });
    const teamId = await insertCareTeam(t.db, family.id, {
      members: [
        { uid: grace.id, role: 'helper' },
        { uid: invited.id, role: 'helper', status: 'invited' },
      ],
    });
    expect((await invited.c.delete(`/api/care/teams/${teamId}/membership`)).status).toBe(200);
    expect((await invited.c.get(`/api/care/teams/${teamId}`)).status).toBe(404);
    expect((await grace.c.delete(`/api/care/teams/${teamId}/membership`)).status).toBe(200);
    expect((await grace.c.get(`/api/care/teams/${teamId}`)).status).toBe(404);
    const res = await family.c.delete(`/api/care/teams/${teamId}/membership`);
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe(CARE_TEAMS_MESSAGES.familyStays);
    expect((await outsider.c.delete(`/api/care/teams/${teamId}/membership`)).status).toBe(404);
  });
});
