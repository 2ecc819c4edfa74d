import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CARE_TEAM_NOT_FOUND } from '../../shared/care';
import { notificationsTopic } from '../../shared/notifications';
import { careTeam, clearanceRequirement, notification } from '../db/schema';
import { useTestApp } from '../testing/app';
import { insertCareTeam, insertClearance, insertMember, signedInAdmin, signedInMember } from '../testing/factories';
import { clearancesOf, clearedFor, mayClaimKind, teamAccess } from './access';
import { notifyCare } from './notify';
import { careTeamTopic, myCareTeamsTopic } from './store';

const t = useTestApp();
const now = new Date('2026-11-26T12:00:00Z');

describe('who reaches what of a care team', () => {
  it('keeps a team from outsiders with one 404, and lets members in by status and role', async () => {
    const family = await insertMember(t.db);
    const [leader, helper, invited, outsider] = await Promise.all([1, 2, 3, 4].map(() => insertMember(t.db)));
    const teamId = await insertCareTeam(t.db, family.id, {
      members: [
        { uid: leader!.id, role: 'leader' },
        { uid: helper!.id, role: 'helper' },
        { uid: invited!.id, role: 'helper', status: 'invited' },
      ],
    });
    const as = (uid: string, options: { pending?: boolean; manage?: boolean } = {}) =>
      teamAccess(t.db, teamId, { uid, admin: false }, { now, ...options });
    await expect(as(outsider!.id)).rejects.toMatchObject({ status: 404, message: CARE_TEAM_NOT_FOUND });
    await expect(teamAccess(t.db, 999_999, { uid: outsider!.id, admin: false }, { now })).rejects.toMatchObject({
      message: CARE_TEAM_NOT_FOUND,
    });
    await expect(as(invited!.id)).rejects.toMatchObject({ status: 404 });
    expect((await as(invited!.id, { pending: true })).active).toBe(false);
    expect(await as(family.id, { manage: true })).toMatchObject({ isFamily: true, mayManage: true, seesDetails: true });
    expect(await as(leader!.id, { manage: true })).toMatchObject({ isFamily: false, mayManage: true, seesDetails: false });
    await expect(as(helper!.id, { manage: true })).rejects.toMatchObject({ status: 403 });
    expect(await teamAccess(t.db, teamId, { uid: outsider!.id, admin: true }, { now })).toMatchObject({
      admin: true,
      seesDetails: true,
      mayManage: false,
    });
  });

  it("shows the family's details only to members who hold the agreement and their role's clearances, until they expire", async () => {
    const family = await insertMember(t.db);
    const [helper, respite] = await Promise.all([1, 2].map(() => insertMember(t.db)));
    const teamId = await insertCareTeam(t.db, family.id, {
      members: [
        { uid: helper!.id, role: 'helper' },
        { uid: respite!.id, role: 'respite' },
      ],
    });
    const sees = async (uid: string, at = now) => (await teamAccess(t.db, teamId, { uid, admin: false }, { now: at })).seesDetails;
    expect(await sees(helper!.id)).toBe(false);
    await insertClearance(t.db, helper!.id, 'agreement', { completedOn: '2026-11-01', expiresOn: '2027-11-01' });
    expect(await sees(helper!.id)).toBe(true);
    // On the day after the expiry date, the details are gone by themselves.
    expect(await sees(helper!.id, new Date('2027-11-01T23:00:00Z'))).toBe(true);
    expect(await sees(helper!.id, new Date('2027-11-02T00:30:00Z'))).toBe(false);

    // A respite caregiver needs the background check and the training too.
    await insertClearance(t.db, respite!.id, 'agreement');
    expect(await sees(respite!.id)).toBe(false);
    const today = '2026-11-26';
    expect(clearedFor(await clearancesOf(t.db, respite!.id, today), 'respite').missing).toEqual([
      'Background check',
      'Respite care training',
    ]);
    await insertClearance(t.db, respite!.id, 'background_check', { status: 'pending', completedOn: null, expiresOn: null });
    await insertClearance(t.db, respite!.id, 'training');
    expect(await sees(respite!.id)).toBe(false);
    expect(mayClaimKind('respite', 'respite', await clearancesOf(t.db, respite!.id, today))).toBe(false);
    await t.db.delete(clearanceRequirement).where(eq(clearanceRequirement.kind, 'background_check'));
    const states = await clearancesOf(t.db, respite!.id, today);
    expect(await sees(respite!.id)).toBe(true);
    expect(mayClaimKind('respite', 'respite', states)).toBe(true);
    expect(mayClaimKind('respite', 'helper', await clearancesOf(t.db, helper!.id, today))).toBe(false);
    expect(mayClaimKind('childcare', 'helper', await clearancesOf(t.db, helper!.id, today))).toBe(true);
    expect(mayClaimKind('meal', 'family', states)).toBe(false);
  });

  it('tells the team of an event in the bell, naming the team, and leaves the one who did it out', async () => {
    const family = await insertMember(t.db, { firstName: 'Dana' });
    const helper = await insertMember(t.db);
    const teamId = await insertCareTeam(t.db, family.id, { members: [{ uid: helper.id, role: 'helper' }] });
    const told = await t.db.transaction((tx) =>
      notifyCare(t.deps, tx, {
        teamId,
        recipients: [family.id, helper.id],
        actor: { uid: helper.id, name: 'Grace' },
        text: () => 'claimed Meal on Saturday, December 5',
        mail: () => ({ subject: 'Grace is bringing a meal', paragraphs: ['Grace is bringing a meal on Saturday, December 5.'] }),
        now,
      }),
    );
    expect(told).toBe(1);
    const rows = await t.db.select().from(notification).where(eq(notification.careTeamId, teamId));
    expect(rows.map((r) => [r.recipientUid, r.kind, r.careText])).toEqual([[family.id, 'care', 'claimed Meal on Saturday, December 5']]);
    // A family's deleted account ends its team: the team, its members and its notifications go with it.
    await t.db.delete(careTeam).where(eq(careTeam.familyUid, family.id));
    expect(await t.db.select().from(notification).where(eq(notification.careTeamId, teamId))).toEqual([]);
  });

  it("lets only a team's active members and admins follow its live topic", async () => {
    const family = await signedInMember(t);
    const helper = await signedInMember(t);
    const outsider = await signedInMember(t);
    const teamId = await insertCareTeam(t.db, family.id, { members: [{ uid: helper.id, role: 'helper', status: 'requested' }] });
    const follow = async (c: typeof family.c, topics: string) => {
      const res = await c.get(`/api/live?topics=${topics}`);
      await res.body?.cancel();
      return res.status;
    };
    expect(await follow(t.client(), careTeamTopic(teamId))).toBe(401);
    expect(await follow(family.c, careTeamTopic(teamId))).toBe(200);
    expect(await follow(helper.c, careTeamTopic(teamId))).toBe(403);
    expect(await follow(outsider.c, careTeamTopic(teamId))).toBe(403);
    expect(await follow(outsider.c, careTeamTopic(999_999))).toBe(403);
    expect(await follow(outsider.c, `${careTeamTopic(teamId)}x`)).toBe(403);
    expect(await follow(outsider.c, myCareTeamsTopic(family.id))).toBe(403);
    expect(await follow(outsider.c, `${myCareTeamsTopic(outsider.id)},${notificationsTopic(outsider.id)}`)).toBe(200);
    const admin = await signedInAdmin(t);
    expect(await follow(admin.c, careTeamTopic(teamId))).toBe(200);
  });
});
