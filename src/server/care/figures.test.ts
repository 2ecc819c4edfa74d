import { describe, expect, it } from 'vitest';
import type { CareFigures } from '../../shared/care-figures';
import type { ChurchPage } from '../../shared/churches';
import { careClaim, careTaskSkip } from '../db/schema';
import { testClock, useTestApp } from '../testing/app';
import { expectJson, insertCareTask, insertCareTeam, insertChurch, insertMember, signedInAdmin } from '../testing/factories';
import { careTeamTopic } from './store';

// Care teams' figures (issue 27): the admin overview's counts (tasks done per month by the family's calendar,
// the median wait for a first claim, families still fostering) and a church's public count of teams under the
// small-number rule. This file's database holds only its own teams, so its totals are exact.

const now = new Date('2026-11-26T18:00:00Z');
const t = useTestApp({ clock: testClock(now) });
const at = (iso: string) => new Date(iso);

describe('the admin overview of care teams', () => {
  it('counts teams, families, tasks done per month, the median wait for a first claim, and the anniversary answers', async () => {
    const [dana, erin, fay, gail, helper, second] = await Promise.all([1, 2, 3, 4, 5, 6].map(() => insertMember(t.db)));
    const team = await insertCareTeam(t.db, dana!.id, {
      members: [
        { uid: helper!.id, role: 'helper' },
        { uid: second!.id, role: 'helper' },
      ],
    });
    // An ended team still counts its family as supported; a proposed one (never accepted) does not.
    await insertCareTeam(t.db, erin!.id, { status: 'ended', anniversaryAskedAt: at('2026-06-01T00:00Z'), stillFostering: true });
    await insertCareTeam(t.db, fay!.id, { anniversaryAskedAt: at('2026-09-01T00:00Z') });
    await insertCareTeam(t.db, gail!.id, { status: 'proposed', acceptedAt: null });
    const claim = (taskId: number, uid: string, createdAt: string, occursOn: string | null = null, withdrawnAt: string | null = null) =>
      t.db.insert(careClaim).values({ taskId, uid, occursOn, createdAt: at(createdAt), withdrawnAt: withdrawnAt ? at(withdrawnAt) : null });

    // A weekly meal on Saturdays from October 3, claimed a day after it was asked for; October 17 skipped; a
    // second helper on October 10. Done: October 3, 10, 24, 31 and November 7, 14, 21 (the 28th is to come).
    const meal = await insertCareTask(t.db, team, { repeat: 'weekly', startDate: '2026-10-03', createdAt: at('2026-10-01T12:00Z') });
    await claim(meal, helper!.id, '2026-10-02T12:00Z');
    await claim(meal, second!.id, '2026-10-05T00:00Z', '2026-10-10');
    await t.db.insert(careTaskSkip).values({ taskId: meal, occursOn: '2026-10-17' });
    // A ride claimed six hours after it was asked, then withdrawn the day before: not done, but it was claimed.
    const ride = await insertCareTask(t.db, team, { kind: 'ride', startDate: '2026-11-20', createdAt: at('2026-11-10T00:00Z') });
    await claim(ride, helper!.id, '2026-11-10T06:00Z', '2026-11-20', '2026-11-19T00:00Z');
    // Never claimed.
    await insertCareTask(t.db, team, { kind: 'errand', startDate: '2026-12-02', createdAt: at('2026-11-01T00:00Z') });
    // Weekly from September, claimed for every week on November 1: the weeks before the claim were not its doing.
    const late = await insertCareTask(t.db, team, {
      repeat: 'weekly',
      startDate: '2026-09-05',
      startTime: '10:00',
      createdAt: at('2026-09-01T00:00Z'),
    });
    await claim(late, second!.id, '2026-11-01T00:00Z');
    // Weekly from Tuesday October 6, cancelled on October 15: its two weeks before that happened.
    const cancelled = await insertCareTask(t.db, team, {
      repeat: 'weekly',
      startDate: '2026-10-06',
      createdAt: at('2026-10-05T00:00Z'),
      cancelledAt: at('2026-10-15T00:00Z'),
    });
    await claim(cancelled, helper!.id, '2026-10-05T01:00Z');

    const admin = await signedInAdmin(t, { prefix: 'care-figures' });
    const figures = await expectJson<CareFigures>(await admin.c.get('/api/admin/care/figures'));
    expect(figures.activeTeams).toBe(2);
    expect(figures.familiesSupported).toBe(3);
    expect(figures.byMonth).toHaveLength(12);
    expect(figures.byMonth[0]!.month).toBe('2025-12');
    expect(figures.byMonth.slice(-3)).toEqual([
      { month: '2026-09', tasksDone: 0, helpers: 0 },
      { month: '2026-10', tasksDone: 6, helpers: 7 },
      { month: '2026-11', tasksDone: 6, helpers: 6 },
    ]);
    // Waits: 24 h (meal), 6 h (ride), 1464 h (the late one), 1 h (cancelled); the errand was never claimed.
    expect(figures.firstClaim).toEqual({ tasks: 5, claimed: 4, medianHours: 15 });
    expect(figures.stillFostering).toEqual({ asked: 2, answered: 1, yes: 1 });
    // No figure names a family: nothing in the answer but counts and months.
    expect(JSON.stringify(figures)).not.toMatch(new RegExp(`${dana!.id}|${dana!.email}`));
  });
});

describe("a church's page", () => {
  it('counts its active teams, and says "fewer than 3" (null) for 1 or 2', async () => {
    const church = await insertChurch(t.db);
    const page = async () => (await expectJson<ChurchPage>(await t.client().get(`/api/churches/${church}`))).careTeams;
    expect(await page()).toBe(0);
    const teams = [];
    for (let i = 0; i < 3; i++) {
      teams.push(await insertCareTeam(t.db, (await insertMember(t.db)).id, { churchId: church }));
      await t.announce({ topic: careTeamTopic(teams[i]!) });
      expect(await page()).toBe(i < 2 ? null : 3);
    }
    // Ended and proposed teams are not run by it.
    await insertCareTeam(t.db, (await insertMember(t.db)).id, { churchId: church, status: 'ended' });
    await insertCareTeam(t.db, (await insertMember(t.db)).id, { churchId: church, status: 'proposed' });
    await t.announce({ topic: careTeamTopic(teams[0]!) });
    expect(await page()).toBe(3);
  });
});
