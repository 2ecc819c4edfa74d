import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CareFigures } from '../../shared/care-figures';
import type { CareSpace } from '../../shared/care-space';
import { careClaim, careTask, careTeam, careTeamMember, clearanceRecord, user } from '../db/schema';
import { activeClaimsOf, claimsOn, occurrencesOf, skipsOf } from '../care';
import { useTestApp } from '../testing/app';
import { verifySecondFactor } from '../testing/second-factor';
import { seedDemoCare } from './care';
import { seedDemoChurches } from './churches';
import { DEMO_ADMIN, DEMO_MEMBER_PASSWORD, seedDemo } from './seed';

// The demo's care teams (issue 27): two teams around two demo foster families, a month of calendar with some
// occurrences claimed and some open, clearances, posts; Grace Miller, the demo member, leads one of them.

const now = new Date();
const t = useTestApp();

describe('demo care teams', () => {
  it('adds two teams with helpers, clearances, a month of calendar and posts, once; Grace reaches hers', async () => {
    const { adminSecondFactor } = await seedDemo(t.db, t.auth);
    await seedDemoChurches(t.db);
    expect(await seedDemoCare(t.db, t.auth, now)).toEqual({ created: 2 });
    expect(await seedDemoCare(t.db, t.auth, now)).toEqual({ created: 0 });

    const teams = await t.db.select().from(careTeam);
    expect(teams).toHaveLength(2);
    for (const team of teams) {
      expect(team).toMatchObject({ status: 'active', churchId: expect.any(Number) });
      const members = await t.db.select().from(careTeamMember).where(eq(careTeamMember.teamId, team.id));
      const helpers = members.filter((m) => m.role !== 'family');
      expect(helpers.length).toBeGreaterThanOrEqual(3);
      expect(helpers.length).toBeLessThanOrEqual(5);
      expect(new Set(helpers.map((m) => m.role)).size).toBeGreaterThanOrEqual(2);
      // The next four weeks hold occurrences, some claimed and some still open.
      const tasks = await t.db.select().from(careTask).where(eq(careTask.teamId, team.id));
      const ids = tasks.map((k) => k.id);
      const [claims, skips] = await Promise.all([activeClaimsOf(t.db, ids), skipsOf(t.db, ids)]);
      const today = now.toISOString().slice(0, 10);
      const month = tasks.flatMap((task) =>
        occurrencesOf(task, team.timeZone, {
          from: today,
          to: new Date(now.getTime() + 28 * 86_400_000).toISOString().slice(0, 10),
          skipped: skips.get(task.id),
        }).map((o) => claimsOn(claims.get(task.id)!, o.occursOn).length),
      );
      expect(month.length).toBeGreaterThanOrEqual(5);
      expect(month.some((n) => n > 0)).toBe(true);
      expect(month.some((n) => n === 0)).toBe(true);
    }
    // The kinds of repeat the issue names: weekly, every other week, the first Saturday of the month.
    const rules = (await t.db.select({ rrule: careTask.rrule }).from(careTask)).map((r) => r.rrule);
    expect(rules).toEqual(expect.arrayContaining(['FREQ=WEEKLY;INTERVAL=1', 'FREQ=WEEKLY;INTERVAL=2', 'FREQ=MONTHLY;BYDAY=+1SA', null]));
    expect((await t.db.select().from(careClaim)).length).toBeGreaterThan(5);
    // The agreement for most, and one respite caregiver cleared for respite.
    const [beth] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, 'beth.carter@demo.example.org'));
    expect(
      await t.db
        .select()
        .from(clearanceRecord)
        .where(inArray(clearanceRecord.uid, [beth!.id])),
    ).toHaveLength(3);

    const grace = t.client();
    expect((await grace.signIn('grace.miller@demo.example.org', DEMO_MEMBER_PASSWORD)).status).toBe(200);
    const led = teams.find((k) => k.name === "The Parks' care team")!;
    const space = (await (await grace.get(`/api/care/teams/${led.id}/posts`)).json()) as CareSpace;
    expect(space).toMatchObject({ team: { me: { role: 'leader', status: 'active' }, seesDetails: true }, mayPost: true });
    expect(space.posts.length).toBeGreaterThanOrEqual(3);

    const admin = t.client();
    await admin.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    await verifySecondFactor(admin, adminSecondFactor);
    const figures = (await (await admin.get('/api/admin/care/figures')).json()) as CareFigures;
    expect(figures).toMatchObject({ activeTeams: 2, familiesSupported: 2, stillFostering: { asked: 1, answered: 1, yes: 1 } });
    expect(figures.byMonth.reduce((n, m) => n + m.tasksDone, 0)).toBeGreaterThan(0);
    expect(figures.firstClaim.medianHours).not.toBeNull();
  });
});
