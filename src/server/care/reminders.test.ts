import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { careClaim, careNotice, careTaskSkip, careTeamMember, notification, notificationPreference } from '../db/schema';
import { MAIL_FORMS } from '../mail';
import { JOBS } from '../site-jobs';
import { testClock, useOtherInstance, useTestApp } from '../testing/app';
import { insertCareTask, insertCareTeam, insertClearance, insertMember, mailsTo } from '../testing/factories';
import { buildApp } from '../app';
import { remindClaimers, reofferOpenOccurrences } from './reminders';

// The day-before reminders and the offers again (issue 27), on the test clock. January 2031, Central time
// (UTC-6): 2031-01-14 is a Tuesday.

const clock = testClock(new Date('2031-01-13T12:00:00Z'));
const t = useTestApp({ clock });
const other = useOtherInstance(t);

const HOUR = 3_600_000;
const LONG_AGO = new Date('2030-12-01T12:00:00Z');

/** Runs a job as the runner does, and gives back what it did. */
async function run(name: string): Promise<unknown> {
  const outcome = await t.jobs.runNow(name);
  if (outcome.status === 'failed') throw outcome.error;
  return (outcome as { result: unknown }).result;
}

const claim = (taskId: number, uid: string, occursOn: string | null, withdrawnAt: Date | null = null) =>
  t.db.insert(careClaim).values({ taskId, uid, occursOn, createdAt: LONG_AGO, withdrawnAt });

/** A family, a helper cleared to see the details, a helper not cleared, on a team with an address. */
async function team() {
  const family = await insertMember(t.db, { firstName: 'Dana', lastName: 'Family' });
  const cleared = await insertMember(t.db, { firstName: 'Grace', lastName: 'Cleared' });
  const plain = await insertMember(t.db, { firstName: 'Paul', lastName: 'Plain' });
  await insertClearance(t.db, cleared.id, 'agreement', { completedOn: '2030-06-01', expiresOn: '2031-06-01' });
  const teamId = await insertCareTeam(t.db, family.id, {
    address: '12 Oak Street, Springfield',
    createdAt: LONG_AGO,
    members: [
      { uid: cleared.id, role: 'helper' },
      { uid: plain.id, role: 'helper' },
    ],
  });
  return { family, cleared, plain, teamId };
}

describe('the day-before reminder', () => {
  it('mails each claimer of tomorrow from 9 am in the family’s zone, once, with the place each may see and who else is coming', async () => {
    clock.set(new Date('2031-01-13T14:30:00Z')); // Monday 8:30 in Springfield
    const { cleared, plain, teamId } = await team();
    const taskId = await insertCareTask(t.db, teamId, {
      startDate: '2031-01-14',
      startTime: '18:00',
      helpersNeeded: 2,
      createdAt: LONG_AGO,
    });
    await claim(taskId, cleared.id, '2031-01-14');
    await claim(taskId, plain.id, '2031-01-14');

    await run(JOBS.careRemind);
    expect(await mailsTo(t.db, cleared.email, MAIL_FORMS.careReminder)).toHaveLength(0);

    clock.advance(HOUR); // 9:30
    await run(JOBS.careRemind);
    const [toCleared] = await mailsTo(t.db, cleared.email, MAIL_FORMS.careReminder);
    const [toPlain] = await mailsTo(t.db, plain.email, MAIL_FORMS.careReminder);
    expect(toCleared!.message.subject).toBe("Tomorrow: Meal for Dana's family");
    expect(toCleared!.message.text).toContain('Tuesday, January 14, at 6:00 PM');
    expect(toCleared!.message.text).toContain('At the family’s home: 12 Oak Street, Springfield');
    expect(toCleared!.message.text).toContain('Also coming: Paul Plain.');
    expect(toCleared!.message.text).toContain(`/care/${teamId}`);
    expect(toCleared!.message.headers).toHaveProperty('List-Unsubscribe-Post', 'List-Unsubscribe=One-Click');
    // Not cleared for the family's details: the place without the address.
    expect(toPlain!.message.text).toContain('Where: At the family’s home.');
    expect(toPlain!.message.text).not.toContain('Oak Street');
    expect(toPlain!.message.text).toContain('Also coming: Grace Cleared.');

    // Once: later runs, by this instance or another, send nothing more.
    clock.advance(HOUR);
    await run(JOBS.careRemind);
    await remindClaimers(other.deps, { now: clock.now() });
    expect(await mailsTo(t.db, cleared.email, MAIL_FORMS.careReminder)).toHaveLength(1);
    expect(await mailsTo(t.db, plain.email, MAIL_FORMS.careReminder)).toHaveLength(1);
  });

  it('sends one reminder when two instances run at the same moment', async () => {
    clock.set(new Date('2031-01-20T16:00:00Z')); // Monday 10:00
    const { cleared, teamId } = await team();
    const taskId = await insertCareTask(t.db, teamId, { startDate: '2031-01-21', createdAt: LONG_AGO });
    await claim(taskId, cleared.id, '2031-01-21');
    const now = clock.now();
    const [a, b] = await Promise.all([remindClaimers(t.deps, { now }), remindClaimers(other.deps, { now })]);
    expect(await mailsTo(t.db, cleared.email, MAIL_FORMS.careReminder)).toHaveLength(1);
    expect(a.reminded + b.reminded).toBeGreaterThanOrEqual(1);
    const notices = await t.db
      .select()
      .from(careNotice)
      .where(and(eq(careNotice.taskId, taskId), eq(careNotice.kind, 'reminder')));
    expect(notices).toHaveLength(1);
  });

  it('reminds a claimer of every occurrence, not of a skipped date, a withdrawn claim, or once they left the team', async () => {
    clock.set(new Date('2031-02-03T16:00:00Z')); // Monday, February 3, 10:00
    const { cleared, plain, family, teamId } = await team();
    const weekly = await insertCareTask(t.db, teamId, { startDate: '2031-01-07', repeat: 'weekly', createdAt: LONG_AGO });
    await claim(weekly, cleared.id, null);
    await claim(weekly, plain.id, '2031-02-04', new Date('2031-02-01T00:00:00Z'));
    const ride = await insertCareTask(t.db, teamId, { kind: 'ride', title: 'Ride', startDate: '2031-02-04', createdAt: LONG_AGO });
    await claim(ride, plain.id, '2031-02-04');
    await t.db.delete(careTeamMember).where(and(eq(careTeamMember.teamId, teamId), eq(careTeamMember.uid, plain.id)));
    await run(JOBS.careRemind);
    expect(await mailsTo(t.db, cleared.email, MAIL_FORMS.careReminder)).toHaveLength(1);
    expect(await mailsTo(t.db, plain.email, MAIL_FORMS.careReminder)).toHaveLength(0);
    expect(await mailsTo(t.db, family.email, MAIL_FORMS.careReminder)).toHaveLength(0);

    // The next week's date skipped by the family: nothing that day.
    await t.db.insert(careTaskSkip).values({ taskId: weekly, occursOn: '2031-02-11' });
    clock.advance(7 * 24 * HOUR);
    await run(JOBS.careRemind);
    expect(await mailsTo(t.db, cleared.email, MAIL_FORMS.careReminder)).toHaveLength(1);
    clock.advance(7 * 24 * HOUR);
    await run(JOBS.careRemind);
    expect(await mailsTo(t.db, cleared.email, MAIL_FORMS.careReminder)).toHaveLength(2);
  });

  it('honours the member’s “Your care teams” mail preference', async () => {
    clock.set(new Date('2031-03-03T16:00:00Z'));
    const { cleared, teamId } = await team();
    await t.db.insert(notificationPreference).values({ uid: cleared.id, mailCare: false });
    const taskId = await insertCareTask(t.db, teamId, { startDate: '2031-03-04', createdAt: LONG_AGO });
    await claim(taskId, cleared.id, '2031-03-04');
    await run(JOBS.careRemind);
    expect(await mailsTo(t.db, cleared.email, MAIL_FORMS.careReminder)).toHaveLength(0);
  });
});

describe('offering an unclaimed occurrence again', () => {
  it('tells the members who may take it, three days before at 9 am, once; not a full one, nor one added after that', async () => {
    clock.set(new Date('2031-04-04T13:00:00Z')); // Friday, April 4, 8:00 (CDT, UTC-5)
    const { family, cleared, plain, teamId } = await team();
    const respite = await insertMember(t.db, { firstName: 'Rita', lastName: 'Respite' });
    await t.db.insert(careTeamMember).values({ teamId, uid: respite.id, role: 'respite', status: 'active', joinedAt: LONG_AGO });
    const open = await insertCareTask(t.db, teamId, { startDate: '2031-04-07', helpersNeeded: 2, createdAt: LONG_AGO });
    await claim(open, cleared.id, '2031-04-07');
    const full = await insertCareTask(t.db, teamId, { kind: 'ride', title: 'Ride', startDate: '2031-04-07', createdAt: LONG_AGO });
    await claim(full, plain.id, '2031-04-07');

    await run(JOBS.careReoffer);
    expect(await mailsTo(t.db, plain.email, MAIL_FORMS.careReoffer)).toHaveLength(0);

    clock.advance(2 * HOUR); // 10:00
    const late = await insertCareTask(t.db, teamId, { startDate: '2031-04-07', createdAt: clock.now() });
    await run(JOBS.careReoffer);
    const mails = await mailsTo(t.db, plain.email, MAIL_FORMS.careReoffer);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.message.subject).toBe("Still open: Meal for Dana's family, Monday, April 7");
    expect(mails[0]!.message.text).toContain('still needs 1 helper');
    // Asked of members who may not see the family's details: the place without the address.
    expect(mails[0]!.message.text).toContain('Where: At the family’s home.');
    expect(mails[0]!.message.text).not.toContain('Oak Street');
    const [bell] = await t.db.select().from(notification).where(eq(notification.recipientUid, plain.id));
    expect(bell).toMatchObject({ kind: 'care', careTeamId: teamId, careText: 'asks: Meal on Monday, April 7 still needs 1 helper' });
    // Not the claimer, not the family, not a respite caregiver without the clearances their role needs.
    for (const m of [cleared, family, respite]) expect(await mailsTo(t.db, m.email, MAIL_FORMS.careReoffer)).toHaveLength(0);
    const notices = await t.db.select().from(careNotice).where(eq(careNotice.kind, 'reoffer'));
    expect(notices.filter((n) => n.taskId === late || n.taskId === full)).toEqual([]);

    await run(JOBS.careReoffer);
    await reofferOpenOccurrences(other.deps, { now: clock.now() });
    expect(await mailsTo(t.db, plain.email, MAIL_FORMS.careReoffer)).toHaveLength(1);
  });
});

describe("the end-to-end journeys' test clock", () => {
  it('runs the reminders as of a given time through the control token, under NODE_ENV=test only', async () => {
    const { cleared, teamId } = await team();
    const taskId = await insertCareTask(t.db, teamId, { startDate: '2031-02-04', createdAt: LONG_AGO });
    await claim(taskId, cleared.id, '2031-02-04');
    const call = (app: ReturnType<typeof buildApp>['app'], at: string) =>
      app.request('/internal/care/remind', {
        method: 'POST',
        body: JSON.stringify({ at }),
        headers: { 'content-type': 'application/json', authorization: 'Bearer clock-token' },
      });
    const { app } = buildApp(t.deps, { controlToken: 'clock-token', distDir: null });
    expect(await (await call(app, '2031-02-03T16:00:00.000Z')).json()).toEqual({ reminded: 1 });
    expect(await mailsTo(t.db, cleared.email, MAIL_FORMS.careReminder)).toHaveLength(1);
    const production = buildApp(
      { ...t.deps, config: { ...t.deps.config, env: 'production' } },
      { controlToken: 'clock-token', distDir: null },
    );
    expect((await call(production.app, '2031-02-03T16:00:00.000Z')).status).toBe(404);
  });
});
