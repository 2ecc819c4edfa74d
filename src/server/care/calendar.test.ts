import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CARE_MANAGE_ONLY, CARE_TEAM_NOT_FOUND } from '../../shared/care';
import { CARE_CALENDAR_MESSAGES, careDateLabel, type CareCalendar, type MyCareTasks } from '../../shared/care-calendar';
import { careClaim, careTeam, notification } from '../db/schema';
import { MAIL_FORMS } from '../mail';
import { nextLiveEvent, useTestApp } from '../testing/app';
import {
  expectJson,
  insertCareTask,
  insertCareTeam,
  insertClearance,
  mailsTo,
  signedInAdmin,
  signedInMember,
  type SignedUpMember,
} from '../testing/factories';
import { addDays, localParts } from './recurrence';
import { careTeamTopic } from './store';

// The care calendar (issue 27, part 2): the family or the leader asks ("We need…" in one step, or the whole form),
// the team is told, every member reads each date in the family's time zone with the place as they may see it;
// one date or a whole series is cancelled, a series changed, and those signed up hear of it.

const t = useTestApp();

let dana: SignedUpMember;
let leo: SignedUpMember;
let grace: SignedUpMember;
let olive: SignedUpMember;
let teamId: number;
/** Today in the team's time zone (America/Chicago). */
const today = () => localParts(new Date(), 'America/Chicago').date;

beforeAll(async () => {
  [dana, leo, grace, olive] = (await Promise.all(
    ['Dana', 'Leo', 'Grace', 'Olive'].map((firstName) =>
      signedInMember(t, { prefix: firstName.toLowerCase(), profile: { firstName, lastName: 'Calendar' } }),
    ),
  )) as [SignedUpMember, SignedUpMember, SignedUpMember, SignedUpMember];
  teamId = await insertCareTeam(t.db, dana!.id, {
    address: '12 Oak Street, Springfield',
    members: [
      { uid: leo!.id, role: 'leader' },
      { uid: grace!.id, role: 'helper' },
    ],
  });
});

const calendarOf = async (m: SignedUpMember, query = '', id = teamId) =>
  expectJson<CareCalendar>(await m.c.get(`/api/care/teams/${id}/calendar${query}`));
const ask = (m: SignedUpMember, body: unknown, id = teamId) => m.c.post(`/api/care/teams/${id}/tasks`, body);

describe('asking', () => {
  it('takes "We need…" with a kind and a date only, at the kind\'s usual time, and tells the rest of the team', async () => {
    const date = addDays(today(), 5);
    const heard = nextLiveEvent(t.deps.live, (e) => e.topic === careTeamTopic(teamId));
    const made = await expectJson<{ id: number; time: string }>(await ask(dana, { kind: 'meal', date }), 201);
    await heard;
    expect(made.time).toBe('17:30');
    const [toGrace] = await mailsTo(t.db, grace.email, MAIL_FORMS.notifyCare);
    expect(toGrace?.message.subject).toBe(`Dana’s family needs a meal on ${careDateLabel(date)} at 5:30 pm`);
    const bells = await t.db
      .select()
      .from(notification)
      .where(and(eq(notification.careTeamId, teamId), eq(notification.kind, 'care')));
    expect(bells.map((b) => b.recipientUid).sort()).toEqual([grace.id, leo.id].sort());
    expect(bells[0]?.careText).toContain('asked for a meal');

    const seen = await calendarOf(grace);
    const meal = seen.occurrences.find((o) => o.taskId === made.id)!;
    expect(meal).toMatchObject({
      occursOn: date,
      time: '17:30',
      kind: 'meal',
      title: 'Meal',
      spotsLeft: 1,
      mayClaim: true,
      repeatLabel: 'Once',
    });
    // Grace holds no agreement: the family's home, without its address.
    expect(meal.place).toBe('At the family’s home');
    expect(seen.tasks).toEqual([]);
    expect(seen.team).toMatchObject({ id: teamId, mayManage: false, seesDetails: false });
    const family = await calendarOf(dana);
    expect(family.occurrences.find((o) => o.taskId === made.id)!.place).toBe('At the family’s home: 12 Oak Street, Springfield');
    expect(family.occurrences.find((o) => o.taskId === made.id)!.mayClaim).toBe(false);
    expect(family.tasks.map((s) => s.id)).toContain(made.id);
  });

  it('shows the address to a helper once cleared for the details', async () => {
    const cleared = await signedInMember(t, { prefix: 'cleared', profile: { firstName: 'Clara', lastName: 'Cleared' } });
    const id = await insertCareTeam(t.db, dana.id, { address: '9 Elm Road', members: [{ uid: cleared.id, role: 'helper' }] });
    await insertCareTask(t.db, id, { startDate: addDays(today(), 3) });
    expect((await calendarOf(cleared, '', id)).occurrences[0]!.place).toBe('At the family’s home');
    await insertClearance(t.db, cleared.id, 'agreement');
    expect((await calendarOf(cleared, '', id)).occurrences[0]!.place).toBe('At the family’s home: 9 Elm Road');
  });

  it('refuses a past date, a date too far ahead, a town left out and a phone number in the notes, by field', async () => {
    const base = { kind: 'ride', date: addDays(today(), 2), time: '08:00' };
    const cases: [unknown, string][] = [
      [{ ...base, date: addDays(today(), -1) }, 'date'],
      [{ ...base, date: addDays(today(), 500) }, 'date'],
      [{ ...base, atHome: false }, 'town'],
      [{ ...base, notes: 'Call me at 417-555-0100' }, 'notes'],
      [{ ...base, repeat: 'weekly', until: addDays(today(), 1) }, 'until'],
      [{ ...base, time: '25:00' }, 'time'],
    ];
    for (const [body, field] of cases) {
      const res = await ask(leo, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(((await res.json()) as { fieldErrors: object }).fieldErrors)).toContain(field);
    }
    await expectJson(await ask(leo, { ...base, atHome: false, town: 'Nixa' }), 201);
  });

  it('lets only the family and the leader change the calendar; outsiders are told the team does not exist', async () => {
    const body = { kind: 'errand', date: addDays(today(), 4) };
    expect(await (await ask(grace, body)).json()).toMatchObject({ message: CARE_MANAGE_ONLY });
    const res = await ask(olive, body);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: CARE_TEAM_NOT_FOUND });
    expect((await olive.c.get(`/api/care/teams/${teamId}/calendar`)).status).toBe(404);
    expect((await olive.c.get(`/api/care/teams/999999/calendar`)).status).toBe(404);
    // An admin past the second factor reads, but does not manage the family's calendar.
    const admin = await signedInAdmin(t, { prefix: 'caladmin' });
    expect((await calendarOf(admin)).team.me).toBeNull();
    expect((await ask(admin, body)).status).toBe(403);
    const half = await signedInAdmin(t, { prefix: 'caladmin-no2fa', secondFactor: false });
    expect((await half.c.get(`/api/care/teams/${teamId}/calendar`)).status).toBe(404);
  });

  it('stops when the team has ended', async () => {
    const id = await insertCareTeam(t.db, dana.id, { status: 'ended' });
    expect(await (await ask(dana, { kind: 'meal', date: addDays(today(), 1) }, id)).json()).toMatchObject({
      message: CARE_CALENDAR_MESSAGES.teamNotActive,
    });
    await t.db.update(careTeam).set({ status: 'ended' }).where(eq(careTeam.id, id));
  });
});

describe('reading', () => {
  it('answers a range of at most 62 days, and the next four weeks by default', async () => {
    const id = await insertCareTeam(t.db, dana.id);
    const def = await calendarOf(dana, '', id);
    expect(def.from).toBe(today());
    expect(def.to).toBe(addDays(today(), 27));
    const from = today();
    expect((await dana.c.get(`/api/care/teams/${id}/calendar?from=${from}&to=${addDays(from, 62)}`)).status).toBe(400);
    expect((await dana.c.get(`/api/care/teams/${id}/calendar?from=${from}&to=${addDays(from, -1)}`)).status).toBe(400);
    expect((await dana.c.get(`/api/care/teams/${id}/calendar?from=${from}&to=${addDays(from, 61)}`)).status).toBe(200);
    expect((await dana.c.get(`/api/care/teams/${id}/calendar?from=2026-02-30`)).status).toBe(400);
  });

  it("lists a weekly task's dates in order, each with its wall time", async () => {
    const id = await insertCareTeam(t.db, dana.id, { members: [{ uid: grace.id, role: 'helper' }] });
    const start = addDays(today(), 1);
    const task = await insertCareTask(t.db, id, { startDate: start, repeat: 'weekly', startTime: '18:00' });
    const seen = await calendarOf(grace, '', id);
    expect(seen.occurrences.map((o) => o.occursOn)).toEqual([0, 7, 14, 21].map((d) => addDays(start, d)));
    expect(seen.occurrences.every((o) => o.taskId === task && o.time === '18:00')).toBe(true);
    expect(seen.occurrences[0]!.repeatLabel).toMatch(/^Every week on /);
    for (const o of seen.occurrences)
      expect(localParts(new Date(o.startsAt), 'America/Chicago')).toMatchObject({ date: o.occursOn, time: '18:00' });
  });
});

describe('changing and cancelling', () => {
  it('cancels one date: it leaves the calendar, and the helper signed up for it is told and withdrawn', async () => {
    const id = await insertCareTeam(t.db, dana.id, { members: [{ uid: grace.id, role: 'helper' }] });
    const start = addDays(today(), 2);
    const task = await insertCareTask(t.db, id, { startDate: start, repeat: 'weekly' });
    const second = addDays(start, 7);
    const claimed = await expectJson<{ id: number }>(
      await grace.c.post(`/api/care/teams/${id}/tasks/${task}/claims`, { occursOn: second }),
      201,
    );
    await expectJson(await dana.c.post(`/api/care/teams/${id}/tasks/${task}/skips`, { occursOn: second }), 200);
    expect((await calendarOf(grace, '', id)).occurrences.map((o) => o.occursOn)).not.toContain(second);
    const [claim] = await t.db.select().from(careClaim).where(eq(careClaim.id, claimed.id));
    expect(claim?.withdrawnAt).not.toBeNull();
    expect((await mailsTo(t.db, grace.email, MAIL_FORMS.notifyCare)).map((m) => m.message.subject)).toContain(
      `“Meal” on ${careDateLabel(second)} is cancelled`,
    );
    // A date it does not have, and a past date, are refused.
    expect((await dana.c.post(`/api/care/teams/${id}/tasks/${task}/skips`, { occursOn: addDays(start, 1) })).status).toBe(404);
    expect((await grace.c.post(`/api/care/teams/${id}/tasks/${task}/skips`, { occursOn: start })).status).toBe(403);
  });

  it('changes a series: a sign-up for a date it no longer has is withdrawn, one for every date stands', async () => {
    const id = await insertCareTeam(t.db, dana.id, {
      members: [
        { uid: grace.id, role: 'helper' },
        { uid: leo.id, role: 'helper' },
      ],
    });
    const start = addDays(today(), 2);
    const task = await insertCareTask(t.db, id, { startDate: start, repeat: 'weekly', helpersNeeded: 2 });
    const one = await expectJson<{ id: number }>(
      await grace.c.post(`/api/care/teams/${id}/tasks/${task}/claims`, { occursOn: start }),
      201,
    );
    const every = await expectJson<{ id: number }>(await leo.c.post(`/api/care/teams/${id}/tasks/${task}/claims`, { series: true }), 201);
    const moved = addDays(start, 1);
    await expectJson(
      await dana.c.patch(`/api/care/teams/${id}/tasks/${task}`, {
        kind: 'meal',
        date: moved,
        time: '17:00',
        repeat: 'weekly',
        helpersNeeded: 2,
      }),
      200,
    );
    const rows = await t.db.select().from(careClaim).where(eq(careClaim.taskId, task));
    expect(rows.find((r) => r.id === one.id)?.withdrawnAt).not.toBeNull();
    expect(rows.find((r) => r.id === every.id)?.withdrawnAt).toBeNull();
    const seen = await calendarOf(dana, '', id);
    expect(seen.occurrences[0]).toMatchObject({ occursOn: moved, time: '17:00', spotsLeft: 1 });
    expect(seen.tasks.find((s) => s.id === task)).toMatchObject({ date: moved, repeat: 'weekly' });
  });

  it('cancels a whole task: its dates leave the calendar and those signed up are told', async () => {
    const id = await insertCareTeam(t.db, dana.id, { members: [{ uid: grace.id, role: 'helper' }] });
    const task = await insertCareTask(t.db, id, { startDate: addDays(today(), 3), title: 'Groceries', kind: 'errand' });
    await expectJson(await grace.c.post(`/api/care/teams/${id}/tasks/${task}/claims`, { series: true }), 201);
    await expectJson(await dana.c.delete(`/api/care/teams/${id}/tasks/${task}`), 200);
    expect((await calendarOf(grace, '', id)).occurrences).toEqual([]);
    expect((await mailsTo(t.db, grace.email, MAIL_FORMS.notifyCare)).map((m) => m.message.subject)).toContain('“Groceries” is cancelled');
    expect((await dana.c.delete(`/api/care/teams/${id}/tasks/${task}`)).status).toBe(404);
  });
});

describe('my next care tasks', () => {
  it("lists a helper's sign-ups of the next two weeks across teams, and the teams a family asks on", async () => {
    const helper = await signedInMember(t, { prefix: 'mytasks', profile: { firstName: 'Mia', lastName: 'Tasks' } });
    const a = await insertCareTeam(t.db, dana.id, { name: 'A team', members: [{ uid: helper.id, role: 'helper' }] });
    const b = await insertCareTeam(t.db, leo.id, { name: 'B team', members: [{ uid: helper.id, role: 'helper' }] });
    const weekly = await insertCareTask(t.db, a, { startDate: addDays(today(), 1), repeat: 'weekly' });
    const far = await insertCareTask(t.db, b, { startDate: addDays(today(), 20), kind: 'ride', title: 'Ride' });
    const soon = await insertCareTask(t.db, b, {
      startDate: addDays(today(), 2),
      kind: 'ride',
      title: 'Ride to school',
      atHome: false,
      town: 'Ozark',
    });
    await expectJson(await helper.c.post(`/api/care/teams/${a}/tasks/${weekly}/claims`, { series: true }), 201);
    await expectJson(await helper.c.post(`/api/care/teams/${b}/tasks/${far}/claims`, { occursOn: addDays(today(), 20) }), 201);
    await expectJson(await helper.c.post(`/api/care/teams/${b}/tasks/${soon}/claims`, { occursOn: addDays(today(), 2) }), 201);
    const mine = await expectJson<MyCareTasks>(await helper.c.get('/api/me/care-tasks'));
    expect(mine.tasks.map((x) => [x.teamName, x.occursOn])).toEqual([
      ['A team', addDays(today(), 1)],
      ['B team', addDays(today(), 2)],
      ['A team', addDays(today(), 8)],
    ]);
    expect(mine.tasks[1]!.place).toBe('Ozark');
    expect(mine.manages).toEqual([]);
    const family = await expectJson<MyCareTasks>(await dana.c.get('/api/me/care-tasks'));
    expect(family.manages.map((m) => m.id)).toContain(a);
    expect(family.tasks).toEqual([]);
  });
});
