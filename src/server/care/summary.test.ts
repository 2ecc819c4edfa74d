import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { careClaim, careTeam, notificationPreference } from '../db/schema';
import { MAIL_FORMS } from '../mail';
import { JOBS } from '../site-jobs';
import { testClock, useOtherInstance, useTestApp } from '../testing/app';
import { insertCareTask, insertCareTeam, insertMember, mailsTo } from '../testing/factories';
import { sendWeekSummaries } from './summary';

// The family's Sunday summary (issue 27) on the test clock. 2031-01-12 is a Sunday; Central time is UTC-6.

const clock = testClock(new Date('2031-01-12T22:30:00Z')); // Sunday 16:30 in Springfield
const t = useTestApp({ clock });
const other = useOtherInstance(t);
const LONG_AGO = new Date('2030-12-01T12:00:00Z');
const HOUR = 3_600_000;

async function run(name: string) {
  const outcome = await t.jobs.runNow(name);
  if (outcome.status === 'failed') throw outcome.error;
}

describe('the family’s summary of the coming week', () => {
  it('comes each Sunday from 5 pm: who comes, what is still open; once a week, even with two instances', async () => {
    clock.set(new Date('2031-01-12T22:30:00Z'));
    const family = await insertMember(t.db, { firstName: 'Dana', lastName: 'Family' });
    const helper = await insertMember(t.db, { firstName: 'Grace', lastName: 'Helper' });
    const teamId = await insertCareTeam(t.db, family.id, { createdAt: LONG_AGO, members: [{ uid: helper.id, role: 'helper' }] });
    const weekly = await insertCareTask(t.db, teamId, {
      startDate: '2031-01-07',
      startTime: '17:30',
      repeat: 'weekly',
      createdAt: LONG_AGO,
    });
    await insertCareTask(t.db, teamId, {
      kind: 'ride',
      title: 'Ride to school',
      startDate: '2031-01-16',
      startTime: '08:00',
      createdAt: LONG_AGO,
    });
    // Outside the coming week: today, and the Monday after it.
    await insertCareTask(t.db, teamId, { startDate: '2031-01-12', createdAt: LONG_AGO });
    await insertCareTask(t.db, teamId, { startDate: '2031-01-20', createdAt: LONG_AGO });
    await t.db.insert(careClaim).values({ taskId: weekly, uid: helper.id, occursOn: '2031-01-14', createdAt: LONG_AGO });

    await run(JOBS.careSummary);
    expect(await mailsTo(t.db, family.email, MAIL_FORMS.careSummary)).toHaveLength(0);

    clock.advance(HOUR); // 17:30
    const now = clock.now();
    await Promise.all([sendWeekSummaries(t.deps, { now }), sendWeekSummaries(other.deps, { now })]);
    await run(JOBS.careSummary);
    const mails = await mailsTo(t.db, family.email, MAIL_FORMS.careSummary);
    expect(mails).toHaveLength(1);
    const text = mails[0]!.message.text;
    expect(text).toContain('Dana, here is your coming week; 1 still needs a helper');
    expect(text).toContain('> Tuesday, January 14, 5:30 PM: Meal: Grace Helper');
    expect(text).toContain('> Thursday, January 16, 8:00 AM: Ride to school: still open (1 place)');
    expect(text).not.toContain('January 12,');
    expect(text).not.toContain('January 20');
    expect(mails[0]!.message.headers).toHaveProperty('List-Unsubscribe');
    expect(await mailsTo(t.db, helper.email, MAIL_FORMS.careSummary)).toHaveLength(0);
    const [row] = await t.db.select().from(careTeam).where(eq(careTeam.id, teamId));
    expect(row!.summaryWeek).toBe('2031-01-12');

    // Monday: nothing; the next Sunday at 5 pm: the next week.
    clock.set(new Date('2031-01-13T23:30:00Z'));
    await run(JOBS.careSummary);
    expect(await mailsTo(t.db, family.email, MAIL_FORMS.careSummary)).toHaveLength(1);
    clock.set(new Date('2031-01-19T23:05:00Z'));
    await run(JOBS.careSummary);
    expect(await mailsTo(t.db, family.email, MAIL_FORMS.careSummary)).toHaveLength(2);
  });

  it('says how to ask when nothing is planned, and honours the family’s mail preference', async () => {
    clock.set(new Date('2031-01-26T23:05:00Z'));
    const empty = await insertMember(t.db, { firstName: 'Eve', lastName: 'Empty' });
    await insertCareTeam(t.db, empty.id, { createdAt: LONG_AGO });
    const quiet = await insertMember(t.db, { firstName: 'Quinn', lastName: 'Quiet' });
    const quietTeam = await insertCareTeam(t.db, quiet.id, { createdAt: LONG_AGO });
    await t.db.insert(notificationPreference).values({ uid: quiet.id, mailCare: false });
    await run(JOBS.careSummary);
    const [mail] = await mailsTo(t.db, empty.email, MAIL_FORMS.careSummary);
    expect(mail!.message.text).toContain('nothing is on your team’s calendar for the coming week');
    expect(mail!.message.text).toContain('“We need…”');
    expect(await mailsTo(t.db, quiet.email, MAIL_FORMS.careSummary)).toHaveLength(0);
    const [row] = await t.db.select().from(careTeam).where(eq(careTeam.id, quietTeam));
    expect(row!.summaryWeek).toBe('2031-01-26');
  });

  it('is not sent for a team that ended', async () => {
    clock.set(new Date('2031-02-02T23:05:00Z'));
    const family = await insertMember(t.db);
    await insertCareTeam(t.db, family.id, { status: 'ended', createdAt: LONG_AGO });
    await run(JOBS.careSummary);
    expect(await mailsTo(t.db, family.email, MAIL_FORMS.careSummary)).toHaveLength(0);
  });
});
