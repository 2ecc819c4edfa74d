import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CARE_TEAM_NOT_FOUND } from '../../shared/care';
import { CARE_ANNIVERSARY_NOT_ASKED, CARE_FAMILY_ONLY, type AnniversaryState } from '../../shared/care-feeds';
import { careTeam } from '../db/schema';
import { MAIL_FORMS } from '../mail';
import { JOBS } from '../site-jobs';
import { testClock, useOtherInstance, useTestApp } from '../testing/app';
import { expectJson, insertCareTeam, mailsTo, signedInAdmin, signedInMember } from '../testing/factories';
import { askAnniversaries } from './anniversary';

// The anniversary question (issue 27): a year after the family accepted its team, "are you still fostering?",
// asked once by mail and answered by the family alone on its team page.

const clock = testClock(new Date('2031-03-31T12:00:00Z'));
const t = useTestApp({ clock });
const other = useOtherInstance(t);
const DAY = 86_400_000;

async function run() {
  const outcome = await t.jobs.runNow(JOBS.careAnniversary);
  if (outcome.status === 'failed') throw outcome.error;
}

describe('the anniversary question', () => {
  it('is asked twelve months after the team started, once; the family answers, nobody else', async () => {
    clock.set(new Date('2031-03-31T12:00:00Z'));
    const family = await signedInMember(t, { profile: { firstName: 'Dana', lastName: 'Family' } });
    const helper = await signedInMember(t);
    const outsider = await signedInMember(t);
    // Made on March 31, 2030, accepted by the family on April 1: asked from April 1, 2031, not the day before.
    const teamId = await insertCareTeam(t.db, family.id, {
      createdAt: new Date('2030-03-31T15:00:00Z'),
      acceptedAt: new Date('2030-04-01T15:00:00Z'),
      members: [{ uid: helper.id, role: 'helper' }],
    });
    const path = `/api/care/teams/${teamId}/anniversary`;
    expect(await expectJson<AnniversaryState>(await family.c.get(path))).toEqual({
      state: 'not_yet',
      stillFostering: null,
      answeredAt: null,
    });
    const early = await expectJson<{ message: string }>(await family.c.post(path, { stillFostering: true }), 409);
    expect(early.message).toBe(CARE_ANNIVERSARY_NOT_ASKED);

    await run();
    expect(await mailsTo(t.db, family.email, MAIL_FORMS.careAnniversary)).toHaveLength(0);

    clock.advance(DAY); // April 1, 2031
    await Promise.all([askAnniversaries(t.deps, { now: clock.now() }), askAnniversaries(other.deps, { now: clock.now() })]);
    await run();
    const mails = await mailsTo(t.db, family.email, MAIL_FORMS.careAnniversary);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.message.text).toContain('are you still fostering?');
    expect(mails[0]!.message.text).toContain(`/care/${teamId}`);
    expect(await mailsTo(t.db, helper.email, MAIL_FORMS.careAnniversary)).toHaveLength(0);
    expect((await expectJson<AnniversaryState>(await family.c.get(path))).state).toBe('due');

    expect((await expectJson<{ message: string }>(await helper.c.post(path, { stillFostering: false }), 403)).message).toBe(
      CARE_FAMILY_ONLY,
    );
    expect((await expectJson<{ message: string }>(await helper.c.get(path), 403)).message).toBe(CARE_FAMILY_ONLY);
    expect((await expectJson<{ message: string }>(await outsider.c.post(path, { stillFostering: false }), 404)).message).toBe(
      CARE_TEAM_NOT_FOUND,
    );
    const admin = await signedInAdmin(t);
    await expectJson(await admin.c.post(path, { stillFostering: false }), 403);

    const answered = await expectJson<AnniversaryState>(await family.c.post(path, { stillFostering: true }));
    expect(answered).toEqual({ state: 'answered', stillFostering: true, answeredAt: clock.now().toISOString() });
    const [row] = await t.db.select().from(careTeam).where(eq(careTeam.id, teamId));
    expect(row).toMatchObject({ stillFostering: true, stillFosteringAt: clock.now() });
  });

  it('refuses an answer that is not yes or no, and is not asked of a team that ended or was never accepted', async () => {
    clock.set(new Date('2032-06-01T12:00:00Z'));
    const family = await signedInMember(t);
    const ended = await insertCareTeam(t.db, family.id, { status: 'ended', acceptedAt: new Date('2031-01-01T00:00:00Z') });
    const proposed = await insertCareTeam(t.db, family.id, { status: 'proposed', acceptedAt: null });
    await run();
    const rows = await t.db.select().from(careTeam).where(eq(careTeam.familyUid, family.id));
    expect(rows.filter((r) => r.id === ended || r.id === proposed).map((r) => r.anniversaryAskedAt)).toEqual([null, null]);
    const bad = await expectJson<{ fieldErrors: Record<string, string> }>(
      await family.c.post(`/api/care/teams/${ended}/anniversary`, { stillFostering: 'yes' }),
      400,
    );
    expect(Object.keys(bad.fieldErrors)).toEqual(['stillFostering']);
  });
});
