import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clearanceRecord, user } from '../db/schema';
import { MAIL_FORMS } from '../mail';
import { JOBS } from '../site-jobs';
import { testClock, useOtherInstance, useTestApp } from '../testing/app';
import { insertChurch, insertClearance, insertMember, mailsTo } from '../testing/factories';
import { sendClearanceNotices } from './clearance-notices';

// Clearances' notices (issue 27): 30 days before a cleared record expires, and once it has, to the member and the
// point persons of their church; once each.

const clock = testClock(new Date('2031-05-01T12:00:00Z'));
const t = useTestApp({ clock });
const other = useOtherInstance(t);
const DAY = 86_400_000;

async function run() {
  const outcome = await t.jobs.runNow(JOBS.clearanceNotices);
  if (outcome.status === 'failed') throw outcome.error;
}

describe('clearance notices', () => {
  it('tells the member and their church’s point person 30 days before, then on expiry, once each', async () => {
    clock.set(new Date('2031-05-01T12:00:00Z'));
    const keeper = await insertMember(t.db, { firstName: 'Pat', lastName: 'Keeper' });
    const member = await insertMember(t.db, { firstName: 'Grace', lastName: 'Member' });
    await insertChurch(t.db, { pointPersons: [keeper.id], members: [member.id] });
    await insertClearance(t.db, member.id, 'background_check', { completedOn: '2028-06-10', expiresOn: '2031-06-10' });

    await run();
    expect(await mailsTo(t.db, member.email, MAIL_FORMS.clearanceExpiring)).toHaveLength(0);

    clock.advance(10 * DAY); // May 11: 30 days before June 10
    await Promise.all([sendClearanceNotices(t.deps, { now: clock.now() }), sendClearanceNotices(other.deps, { now: clock.now() })]);
    await run();
    const [own] = await mailsTo(t.db, member.email, MAIL_FORMS.clearanceExpiring);
    expect(own!.message.subject).toBe('Your Background check expires on Tuesday, June 10');
    const toKeeper = await mailsTo(t.db, keeper.email, MAIL_FORMS.clearanceExpiring);
    expect(toKeeper).toHaveLength(1);
    expect(toKeeper[0]!.message.subject).toBe("Grace Member's Background check expires on Tuesday, June 10");
    expect(await mailsTo(t.db, member.email, MAIL_FORMS.clearanceExpiring)).toHaveLength(1);

    clock.set(new Date('2031-06-10T12:00:00Z')); // its last valid day: not expired yet
    await run();
    expect(await mailsTo(t.db, member.email, MAIL_FORMS.clearanceExpired)).toHaveLength(0);
    clock.advance(DAY);
    await run();
    await run();
    expect(await mailsTo(t.db, member.email, MAIL_FORMS.clearanceExpired)).toHaveLength(1);
    expect(await mailsTo(t.db, keeper.email, MAIL_FORMS.clearanceExpired)).toHaveLength(1);
    const [row] = await t.db.select().from(clearanceRecord).where(eq(clearanceRecord.uid, member.id));
    expect(row!.expiredNoticeAt).toEqual(clock.now());
  });

  it('names the requirement in Spanish to a Spanish reader (issue 28), in its name to an English one', async () => {
    clock.set(new Date('2031-08-01T12:00:00Z'));
    const keeper = await insertMember(t.db, { firstName: 'Pat', lastName: 'Keeper' });
    const member = await insertMember(t.db, { firstName: 'Ines', lastName: 'Member' });
    await t.db.update(user).set({ locale: 'es' }).where(eq(user.id, member.id));
    await insertChurch(t.db, { pointPersons: [keeper.id], members: [member.id] });
    await insertClearance(t.db, member.id, 'background_check', { completedOn: '2028-08-20', expiresOn: '2031-08-20' });
    await run();
    const [own] = await mailsTo(t.db, member.email, MAIL_FORMS.clearanceExpiring);
    expect(own!.message.subject).toMatch(/^Su Verificación de antecedentes vence el /);
    const [toKeeper] = await mailsTo(t.db, keeper.email, MAIL_FORMS.clearanceExpiring);
    expect(toKeeper!.message.subject).toMatch(/^Ines Member's Background check expires on /);
  });

  it('sends only the expiry notice for a record recorded already past its date, and nothing for one not cleared', async () => {
    clock.set(new Date('2031-07-01T12:00:00Z'));
    const late = await insertMember(t.db);
    const refused = await insertMember(t.db);
    await insertClearance(t.db, late.id, 'training', { completedOn: '2029-01-01', expiresOn: '2031-06-01' });
    await insertClearance(t.db, refused.id, 'training', { status: 'not_cleared', completedOn: '2031-06-01', expiresOn: '2031-07-10' });
    await run();
    expect(await mailsTo(t.db, late.email, MAIL_FORMS.clearanceExpiring)).toHaveLength(0);
    expect(await mailsTo(t.db, late.email, MAIL_FORMS.clearanceExpired)).toHaveLength(1);
    expect(await mailsTo(t.db, refused.email, MAIL_FORMS.clearanceExpiring)).toHaveLength(0);
  });
});
