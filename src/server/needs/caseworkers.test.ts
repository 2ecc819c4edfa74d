import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ActivityListResponse } from '../../shared/admin';
import type { AdminCaseworker, AdminCaseworkerList, MyCaseworker } from '../../shared/needs-approvals';
import { caseworker } from '../db/schema';
import { MAIL_FORMS } from '../mail';
import { nextLiveEvent, testClock, useTestApp } from '../testing/app';
import { expectJson, signedInAdmin, signedInMember, uniqueEmail, uniqueTag, type TestClient } from '../testing/factories';
import { CASEWORKERS_TOPIC } from './store';

// Issue 26, "Caseworkers": a person from a child-welfare agency applies with their agency and their supervisor's
// work address; an admin approves or declines with a mailed reason; each decision is in the activity log.

const ADMIN_EMAIL = 'caseworkers.admin@example.org';
const DAY_MS = 24 * 60 * 60 * 1000;
const clock = testClock();
const t = useTestApp({ config: { adminEmails: [ADMIN_EMAIL] }, clock });
let admin: TestClient;
beforeAll(async () => {
  admin = (await signedInAdmin(t, { email: ADMIN_EMAIL, profile: null })).c;
});

const application = (overrides: Record<string, unknown> = {}) => ({
  name: `Casey ${uniqueTag('Worker')}`,
  agency: 'Greene County Children’s Division',
  supervisorName: 'Sam Supervisor',
  supervisorEmail: uniqueEmail('supervisor'),
  ...overrides,
});

async function applicant(overrides: Record<string, unknown> = {}) {
  const m = await signedInMember(t, { prefix: 'caseworker', profile: null });
  const input = application(overrides);
  const mine = await expectJson<MyCaseworker>(await m.c.post('/api/caseworkers/apply', input), 201);
  return { ...m, input, mine };
}

async function listed(status?: string): Promise<AdminCaseworker[]> {
  return (await expectJson<AdminCaseworkerList>(await admin.get(`/api/admin/caseworkers${status ? `?status=${status}` : ''}`))).caseworkers;
}

describe('applying', () => {
  it('saves the application, mails the team (Reply-To the applicant) and tells the admins', async () => {
    const heard = nextLiveEvent(t.deps.live, (e) => e.topic === CASEWORKERS_TOPIC);
    const { c, id, email, input, mine } = await applicant({ supervisorEmail: '  Sam.Supervisor@Agency.example.org ' });
    await heard;
    expect(mine.caseworker).toMatchObject({
      name: input.name,
      agency: input.agency,
      supervisorEmail: 'sam.supervisor@agency.example.org',
      status: 'applied',
      decidedAt: null,
    });
    expect(await expectJson<MyCaseworker>(await c.get('/api/me/caseworker'))).toEqual(mine);
    const alert = await t.lastMailTo(t.config.staffEmail, MAIL_FORMS.caseworkerApplication);
    expect(alert).toMatchObject({ replyTo: email });
    expect(alert!.message.text).toContain(input.name);
    expect(alert!.message.text).toContain('/admin/caseworkers');
    const [row] = await t.db.select().from(caseworker).where(eq(caseworker.uid, id));
    expect(row).toMatchObject({ status: 'applied' });
  });

  it('answers null to an account that never applied', async () => {
    const { c } = await signedInMember(t, { profile: null });
    expect(await expectJson<MyCaseworker>(await c.get('/api/me/caseworker'))).toEqual({ caseworker: null });
  });

  it('refuses an unconfirmed address, a missing field, a bad address and their own address as the supervisor', async () => {
    const unconfirmed = await signedInMember(t, { confirm: false, profile: null });
    const refused = await unconfirmed.c.post('/api/caseworkers/apply', application());
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe('EMAIL_UNVERIFIED');

    const { c, email } = await signedInMember(t, { profile: null });
    const missing = await c.post('/api/caseworkers/apply', application({ agency: ' ' }));
    expect(missing.status).toBe(400);
    expect((await missing.json()).fieldErrors).toEqual({ agency: 'Agency is required' });
    const bad = await c.post('/api/caseworkers/apply', application({ supervisorEmail: 'not an address' }));
    expect((await bad.json()).fieldErrors).toHaveProperty('supervisorEmail');
    const own = await c.post('/api/caseworkers/apply', application({ supervisorEmail: email.toUpperCase() }));
    expect(own.status).toBe(400);
    expect((await own.json()).fieldErrors).toEqual({ supervisorEmail: "Your supervisor's work email must be someone else's address." });
  });

  it('lets a waiting application be corrected, but not an approved one', async () => {
    const { c, id } = await applicant();
    const corrected = await expectJson<MyCaseworker>(await c.post('/api/caseworkers/apply', application({ agency: 'Taney County' })), 201);
    expect(corrected.caseworker).toMatchObject({ agency: 'Taney County', status: 'applied' });
    await expectJson(await admin.post(`/api/admin/caseworkers/${id}/approve`));
    const again = await c.post('/api/caseworkers/apply', application());
    expect(again.status).toBe(409);
    expect((await expectJson<MyCaseworker>(await c.get('/api/me/caseworker'))).caseworker).toMatchObject({
      agency: 'Taney County',
      status: 'approved',
    });
  });

  it('is limited to a few applications a day', async () => {
    const { c } = await signedInMember(t, { profile: null });
    for (let i = 0; i < 3; i++) await expectJson(await c.post('/api/caseworkers/apply', application()), 201);
    const limited = await c.post('/api/caseworkers/apply', application());
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });
});

describe("the admin's caseworkers", () => {
  it('lists waiting applications oldest first with their waiting days, then filters by status', async () => {
    const older = await applicant();
    clock.advance(2 * DAY_MS);
    const newer = await applicant();
    const waiting = await listed('applied');
    const ids = waiting.map((w) => w.uid);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    expect(waiting.find((w) => w.uid === older.id)).toMatchObject({ email: older.email, waitingDays: 2, name: older.input.name });
    expect(waiting.find((w) => w.uid === newer.id)).toMatchObject({ waitingDays: 0 });
    expect((await listed()).slice(0, 1).map((w) => w.status)).toEqual(['applied']);
    expect((await listed('approved')).every((w) => w.status === 'approved')).toBe(true);
    expect((await admin.get('/api/admin/caseworkers?status=maybe')).status).toBe(400);
  });

  it('approves: the caseworker is mailed, the log says so, and approving twice is a conflict', async () => {
    const { c, id, email, input } = await applicant();
    const heard = nextLiveEvent(t.deps.live, (e) => e.topic === CASEWORKERS_TOPIC && e.id === id);
    const approved = await expectJson<AdminCaseworker>(await admin.post(`/api/admin/caseworkers/${id}/approve`));
    await heard;
    expect(approved).toMatchObject({ uid: id, status: 'approved', waitingDays: null, declineReason: null });
    const mail = await t.lastMailTo(email, MAIL_FORMS.caseworkerApproved);
    expect(mail!.message.text).toContain('/needs/new');
    expect(mail!.message.text).toContain(input.supervisorName);
    expect((await expectJson<MyCaseworker>(await c.get('/api/me/caseworker'))).caseworker?.status).toBe('approved');
    const log = await expectJson<ActivityListResponse>(await admin.get('/api/admin/activity'));
    expect(log.entries.find((e) => e.action === 'caseworker.approve')).toMatchObject({ target: `${input.name} (${input.agency})` });
    expect((await admin.post(`/api/admin/caseworkers/${id}/approve`)).status).toBe(409);
  });

  it('declines with the reason mailed, and the caseworker may apply again', async () => {
    const { c, id, email } = await applicant();
    const declined = await expectJson<AdminCaseworker>(
      await admin.post(`/api/admin/caseworkers/${id}/decline`, { reason: 'We could not find this agency.' }),
    );
    expect(declined).toMatchObject({ status: 'declined', declineReason: 'We could not find this agency.' });
    const mail = await t.lastMailTo(email, MAIL_FORMS.caseworkerDeclined);
    expect(mail!.message.text).toContain('We could not find this agency.');
    expect(mail!.message.text).toContain('/caseworkers/apply');
    const log = await expectJson<ActivityListResponse>(await admin.get('/api/admin/activity'));
    expect(log.entries.find((e) => e.action === 'caseworker.decline')?.details).toMatchObject({
      uid: id,
      reason: 'We could not find this agency.',
    });
    const again = await expectJson<MyCaseworker>(await c.post('/api/caseworkers/apply', application()), 201);
    expect(again.caseworker).toMatchObject({ status: 'applied', declineReason: null });
  });

  it('refuses a decline without a reason, and answers 404 for an account that never applied', async () => {
    const { id } = await applicant();
    const blank = await admin.post(`/api/admin/caseworkers/${id}/decline`, { reason: '  ' });
    expect(blank.status).toBe(400);
    expect((await blank.json()).fieldErrors).toEqual({ reason: 'Reason is required' });
    const { id: never } = await signedInMember(t, { profile: null });
    expect((await admin.post(`/api/admin/caseworkers/${never}/approve`)).status).toBe(404);
    expect((await admin.post('/api/admin/caseworkers/no%20such/approve')).status).toBe(404);
  });

  it('is for admins only', async () => {
    const { c, id } = await applicant();
    expect((await c.get('/api/admin/caseworkers')).status).toBe(403);
    expect((await c.post(`/api/admin/caseworkers/${id}/approve`)).status).toBe(403);
    expect((await t.client().get('/api/admin/caseworkers')).status).toBe(401);
  });
});
