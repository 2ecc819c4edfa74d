import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CARE_TASK_FULL, CARE_TEAM_NOT_FOUND } from '../../shared/care';
import { CARE_CALENDAR_MESSAGES, careDateLabel, type CareCalendar } from '../../shared/care-calendar';
import { careClaim, notification, profile } from '../db/schema';
import { MAIL_FORMS } from '../mail';
import { nextLiveEvent, useTestApp } from '../testing/app';
import {
  expectJson,
  insertCareTask,
  insertCareTeam,
  insertClearance,
  mailsTo,
  signedInMember,
  type SignedUpMember,
} from '../testing/factories';
import { addDays, localParts } from './recurrence';
import { careTeamTopic } from './store';

// Signing up on the care calendar (issue 27, part 2): one date or every date, only as the role and clearances
// allow the kind, never beyond the helpers needed (even when two take the last place at the same moment), the
// family told at once of a sign-up and of a withdrawal, which only the helper who signed up may make. Runs on
// PGlite, and on PostgreSQL when DATABASE_URL is set, where the two sign-ups truly race on two connections.

const t = useTestApp();

let dana: SignedUpMember;
let grace: SignedUpMember;
let hank: SignedUpMember;
let rita: SignedUpMember;
let olive: SignedUpMember;
let ivy: SignedUpMember;
let teamId: number;
const today = () => localParts(new Date(), 'America/Chicago').date;

beforeAll(async () => {
  [dana, grace, hank, rita, olive, ivy] = (await Promise.all(
    ['Dana', 'Grace', 'Hank', 'Rita', 'Olive', 'Ivy'].map((firstName) =>
      signedInMember(t, { prefix: firstName.toLowerCase(), profile: { firstName, lastName: 'Claims' } }),
    ),
  )) as [SignedUpMember, SignedUpMember, SignedUpMember, SignedUpMember, SignedUpMember, SignedUpMember];
  teamId = await insertCareTeam(t.db, dana!.id, {
    members: [
      { uid: grace!.id, role: 'helper' },
      { uid: hank!.id, role: 'helper' },
      { uid: rita!.id, role: 'respite' },
      { uid: ivy!.id, role: 'mentor' },
    ],
  });
});

const claim = (m: SignedUpMember, task: number, body: unknown) => m.c.post(`/api/care/teams/${teamId}/tasks/${task}/claims`, body);
const withdraw = (m: SignedUpMember, claimId: number) => m.c.delete(`/api/care/teams/${teamId}/claims/${claimId}`);
const calendarOf = async (m: SignedUpMember) => expectJson<CareCalendar>(await m.c.get(`/api/care/teams/${teamId}/calendar`));
const activeClaims = (task: number) =>
  t.db
    .select()
    .from(careClaim)
    .where(and(eq(careClaim.taskId, task), isNull(careClaim.withdrawnAt)));

describe('signing up', () => {
  it('takes one date, tells the family at once, and shows who is coming', async () => {
    const date = addDays(today(), 4);
    const task = await insertCareTask(t.db, teamId, { startDate: date, startTime: '18:00' });
    const heard = nextLiveEvent(t.deps.live, (e) => e.topic === careTeamTopic(teamId) && e.id === String(task));
    const made = await expectJson<{ id: number }>(await claim(grace, task, { occursOn: date }), 201);
    await heard;
    const [toFamily] = await mailsTo(t.db, dana.email, MAIL_FORMS.notifyCare);
    expect(toFamily?.message.subject).toBe(`Grace Claims will bring a meal on ${careDateLabel(date)} at 6:00 pm`);
    const [bell] = await t.db
      .select()
      .from(notification)
      .where(and(eq(notification.recipientUid, dana.id), eq(notification.careTeamId, teamId)));
    expect(bell).toMatchObject({ actorName: 'Grace Claims', careText: `will bring a meal on ${careDateLabel(date)} at 6:00 pm` });

    const seen = (await calendarOf(grace)).occurrences.find((o) => o.taskId === task)!;
    expect(seen).toMatchObject({
      spotsLeft: 0,
      mayClaim: false,
      claims: [{ id: made.id, name: 'Grace Claims', mine: true, series: false }],
    });
    expect((await calendarOf(dana)).occurrences.find((o) => o.taskId === task)!.claims[0]).toMatchObject({ mine: false });
    expect(await (await claim(grace, task, { occursOn: date })).json()).toMatchObject({ message: CARE_CALENDAR_MESSAGES.alreadyClaimed });
    expect(await (await claim(hank, task, { occursOn: date })).json()).toMatchObject({ code: 'CONFLICT', message: CARE_TASK_FULL });
  });

  it('gives the last place to one of two helpers who sign up at the same moment; the other is told', async () => {
    for (let round = 0; round < 3; round++) {
      const date = addDays(today(), 5 + round);
      const task = await insertCareTask(t.db, teamId, { startDate: date, helpersNeeded: 2 });
      await expectJson(await claim(ivy, task, { occursOn: date }), 201);
      const answers = await Promise.all([grace, hank].map((m) => claim(m, task, { occursOn: date })));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      expect(await answers.find((a) => a.status === 409)!.json()).toMatchObject({ message: CARE_TASK_FULL });
      expect(await activeClaims(task)).toHaveLength(2);
    }
  });

  it('takes every date of a series, and refuses it once any date ahead is full', async () => {
    const start = addDays(today(), 1);
    const task = await insertCareTask(t.db, teamId, { startDate: start, repeat: 'weekly' });
    await expectJson(await claim(hank, task, { occursOn: addDays(start, 14) }), 201);
    expect(await (await claim(grace, task, { series: true })).json()).toMatchObject({ message: CARE_TASK_FULL });
    const other = await insertCareTask(t.db, teamId, { startDate: start, repeat: 'every_other_week' });
    // The helper's own one-date sign-up gives way to the whole series.
    await expectJson(await claim(grace, other, { occursOn: addDays(start, 14) }), 201);
    await expectJson(await claim(grace, other, { series: true }), 201);
    const rows = await activeClaims(other);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.occursOn).toBeNull();
    const seen = (await calendarOf(hank)).occurrences.filter((o) => o.taskId === other);
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.every((o) => o.spotsLeft === 0 && o.claims[0]?.series === true && !o.mayClaim)).toBe(true);
    expect((await mailsTo(t.db, dana.email, MAIL_FORMS.notifyCare)).map((m) => m.message.subject)).toContain(
      `Grace Claims will bring a meal every 2 weeks on ${careDateLabel(start).split(',')[0]} at 6:00 pm`,
    );
    expect(await (await claim(grace, other, { occursOn: addDays(start, 28) })).json()).toMatchObject({
      message: CARE_CALENDAR_MESSAGES.alreadyClaimed,
    });
  });

  it('lets a kind be claimed only as the role and clearances allow; the family never claims', async () => {
    const date = addDays(today(), 3);
    const respite = await insertCareTask(t.db, teamId, { startDate: date, kind: 'respite', title: 'Respite' });
    const childcare = await insertCareTask(t.db, teamId, { startDate: date, kind: 'childcare', title: 'Childcare' });
    const mayNot = { code: 'FORBIDDEN', message: CARE_CALENDAR_MESSAGES.mayNotClaim };
    expect(await (await claim(grace, respite, { occursOn: date })).json()).toMatchObject(mayNot);
    // A respite caregiver needs the background check and the training for the role itself.
    expect(await (await claim(rita, respite, { occursOn: date })).json()).toMatchObject(mayNot);
    await insertClearance(t.db, rita.id, 'background_check');
    await insertClearance(t.db, rita.id, 'training');
    await expectJson(await claim(rita, respite, { occursOn: date }), 201);
    // Childcare: only members cleared to see the family's details.
    expect(await (await claim(hank, childcare, { occursOn: date })).json()).toMatchObject(mayNot);
    await insertClearance(t.db, hank.id, 'agreement');
    await expectJson(await claim(hank, childcare, { occursOn: date }), 201);
    const meal = await insertCareTask(t.db, teamId, { startDate: date });
    expect(await (await claim(dana, meal, { occursOn: date })).json()).toMatchObject(mayNot);
  });

  it('refuses a date the task does not have, a date past, a suspended member and an outsider', async () => {
    const date = addDays(today(), 2);
    const task = await insertCareTask(t.db, teamId, { startDate: date, repeat: 'weekly' });
    expect((await claim(grace, task, { occursOn: addDays(date, 1) })).status).toBe(404);
    const past = await insertCareTask(t.db, teamId, { startDate: addDays(today(), -7), repeat: 'weekly' });
    expect(await (await claim(grace, past, { occursOn: addDays(today(), -7) })).json()).toMatchObject({
      message: CARE_CALENDAR_MESSAGES.occurrencePast,
    });
    expect((await claim(grace, task, { occursOn: date, series: true })).status).toBe(400);
    expect((await claim(grace, task, {})).status).toBe(400);
    const res = await claim(olive, task, { occursOn: date });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: CARE_TEAM_NOT_FOUND });
    await t.db.update(profile).set({ suspendedAt: new Date() }).where(eq(profile.uid, hank.id));
    try {
      expect((await claim(hank, task, { occursOn: date })).status).toBe(403);
    } finally {
      await t.db.update(profile).set({ suspendedAt: null }).where(eq(profile.uid, hank.id));
    }
  });
});

describe('withdrawing', () => {
  it("is the helper's alone, not even the family's; the family is told at once and the place opens", async () => {
    const date = addDays(today(), 6);
    const task = await insertCareTask(t.db, teamId, { startDate: date, kind: 'ride', title: 'Ride' });
    const made = await expectJson<{ id: number }>(await claim(grace, task, { occursOn: date }), 201);
    expect(await (await withdraw(dana, made.id)).json()).toMatchObject({ code: 'FORBIDDEN', message: CARE_CALENDAR_MESSAGES.notClaimer });
    expect((await withdraw(hank, made.id)).status).toBe(403);
    expect((await withdraw(olive, made.id)).status).toBe(404);
    await expectJson(await withdraw(grace, made.id), 200);
    expect((await mailsTo(t.db, dana.email, MAIL_FORMS.notifyCare)).map((m) => m.message.subject)).toContain(
      `Grace Claims can no longer give the ride on ${careDateLabel(date)} at 6:00 pm`,
    );
    expect((await calendarOf(hank)).occurrences.find((o) => o.taskId === task)).toMatchObject({ spotsLeft: 1, mayClaim: true, claims: [] });
    expect(await (await withdraw(grace, made.id)).json()).toMatchObject({ message: CARE_CALENDAR_MESSAGES.alreadyWithdrawn });
    // Another team's sign-up is not found through this team.
    const elsewhere = await insertCareTeam(t.db, grace.id);
    expect((await grace.c.delete(`/api/care/teams/${elsewhere}/claims/${made.id}`)).status).toBe(404);
  });
});
