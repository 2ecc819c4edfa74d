import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ActivityListResponse } from '../../shared/admin';
import type { NeedQueue } from '../../shared/needs-approvals';
import { need } from '../db/schema';
import { MAIL_FORMS } from '../mail';
import { nextLiveEvent, testClock, useTestApp } from '../testing/app';
import {
  expectJson,
  insertCaseworker,
  insertChurch,
  insertNeed,
  signedInAdmin,
  signedInMember,
  type TestClient,
} from '../testing/factories';
import { NEED_REVIEWS_TOPIC, NEEDS_TOPIC, newSupervisorLink } from './store';

// Issue 26, "the admin's queue": requests by members and point persons wait for an admin, oldest first with the
// waiting time shown; approving puts them on the board, declining sends the asker the reason; both in the log.

const ADMIN_EMAIL = 'needs.admin@example.org';
const HOUR_MS = 60 * 60 * 1000;
const clock = testClock();
const t = useTestApp({ config: { adminEmails: [ADMIN_EMAIL] }, clock });
let admin: TestClient;
beforeAll(async () => {
  admin = (await signedInAdmin(t, { email: ADMIN_EMAIL, profile: null })).c;
});

async function askedByMember(values: Parameters<typeof insertNeed>[1] = {}) {
  const asker = await signedInMember(t, { profile: { firstName: 'Grace', lastName: 'Miller' } });
  const { id } = await insertNeed(t.db, { status: 'review', askerUid: asker.id, askedAs: 'family', createdAt: clock.now(), ...values });
  return { asker, id };
}

const queue = async () => (await expectJson<NeedQueue>(await admin.get('/api/admin/needs/queue'))).needs;
const rowOf = async (id: number) => (await t.db.select().from(need).where(eq(need.id, id)))[0]!;

describe("the admin's queue", () => {
  it('lists waiting requests oldest first with who asked and how long each has waited, and nothing else', async () => {
    const older = await askedByMember({ items: [{ name: 'Twin bunk bed', quantity: 1, unitValue: 300 }] });
    clock.advance(27 * HOUR_MS);
    const keeper = await signedInMember(t, { profile: { firstName: 'Paul', lastName: 'Keeper' } });
    const churchId = await insertChurch(t.db, { name: 'Queue Assembly', pointPersons: [keeper.id] });
    const { id: forChurch } = await insertNeed(t.db, {
      status: 'review',
      askerUid: keeper.id,
      askedAs: 'church',
      churchId,
      createdAt: clock.now(),
    });
    const { id: withSupervisor } = await insertNeed(t.db, {
      status: 'supervisor',
      askedAs: 'caseworker',
      agency: 'Taney County',
      supervisorName: 'Sam Supervisor',
      createdAt: clock.now(),
    });
    const { id: open } = await insertNeed(t.db);
    clock.advance(HOUR_MS);

    const needs = await queue();
    const ids = needs.map((n) => n.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(forChurch));
    expect(ids).toContain(withSupervisor);
    expect(ids).not.toContain(open);
    expect(needs.find((n) => n.id === older.id)).toMatchObject({
      status: 'review',
      askedAs: 'family',
      asker: { uid: older.asker.id, name: 'Grace Miller', email: older.asker.email },
      items: [{ name: 'Twin bunk bed', quantity: 1, unitValue: 300, committed: 0 }],
      totalValue: 300,
      waitingHours: 28,
      church: null,
    });
    expect(needs.find((n) => n.id === forChurch)).toMatchObject({ church: { id: churchId, name: 'Queue Assembly' }, waitingHours: 1 });
    expect(needs.find((n) => n.id === withSupervisor)).toMatchObject({ status: 'supervisor', agency: 'Taney County', asker: null });
  });

  it("names a caseworker who has no profile by their application's name, not their address", async () => {
    const worker = await signedInMember(t, { profile: null });
    await insertCaseworker(t.db, worker.id, { name: 'Dana Whitfield' });
    const { id } = await insertNeed(t.db, { status: 'supervisor', askerUid: worker.id, askedAs: 'caseworker', createdAt: clock.now() });
    expect((await queue()).find((n) => n.id === id)?.asker).toEqual({ uid: worker.id, name: 'Dana Whitfield', email: worker.email });
  });

  it('approves: the need opens within the first radius, the asker is mailed, the log and both topics hear of it', async () => {
    const { asker, id } = await askedByMember();
    const board = nextLiveEvent(t.deps.live, (e) => e.topic === NEEDS_TOPIC && e.id === String(id));
    const reviews = nextLiveEvent(t.deps.live, (e) => e.topic === NEED_REVIEWS_TOPIC && e.id === String(id));
    expect(await expectJson(await admin.post(`/api/admin/needs/${id}/approve`))).toEqual({ ok: true });
    await Promise.all([board, reviews]);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'open', radiusMiles: 15, announcedMiles: null });
    expect(row.approvedAt).toEqual(clock.now());
    expect(row.approvedBy).not.toBeNull();
    const told = await t.lastMailTo(asker.email, MAIL_FORMS.needApproved);
    expect(told!.message.text).toContain('The team of the Foster Care Network approved your request');
    expect(told!.message.text).toContain(`/needs/${id}`);
    const log = await expectJson<ActivityListResponse>(await admin.get('/api/admin/activity'));
    expect(log.entries.find((e) => e.action === 'need.approve')?.details).toEqual({ need: id });
    expect((await queue()).map((n) => n.id)).not.toContain(id);
    // Decided once.
    const again = await admin.post(`/api/admin/needs/${id}/approve`);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe('This request is not waiting for approval any more. Nothing was changed.');
  });

  it('declines with the reason mailed to the asker; a reason is required', async () => {
    const { asker, id } = await askedByMember();
    const blank = await admin.post(`/api/admin/needs/${id}/decline`, { reason: '' });
    expect(blank.status).toBe(400);
    expect((await blank.json()).fieldErrors).toEqual({ reason: 'Reason is required' });
    expect(await expectJson(await admin.post(`/api/admin/needs/${id}/decline`, { reason: 'Please leave out the school.' }))).toEqual({
      ok: true,
    });
    expect(await rowOf(id)).toMatchObject({ status: 'declined', declineReason: 'Please leave out the school.', approvedAt: null });
    const told = await t.lastMailTo(asker.email, MAIL_FORMS.needDeclined);
    expect(told!.message.text).toContain('Please leave out the school.');
    const log = await expectJson<ActivityListResponse>(await admin.get('/api/admin/activity'));
    expect(log.entries.find((e) => e.action === 'need.decline')?.details).toEqual({ need: id, reason: 'Please leave out the school.' });
    expect((await admin.post(`/api/admin/needs/${id}/approve`)).status).toBe(409);
  });

  it("lets an admin decide a caseworker's request too, which ends the supervisor's link", async () => {
    const link = newSupervisorLink(clock.now());
    const { id } = await insertNeed(t.db, {
      status: 'supervisor',
      askedAs: 'caseworker',
      supervisorTokenHash: link.tokenHash,
      supervisorLinkExpiresAt: link.expiresAt,
    });
    await expectJson(await admin.post(`/api/admin/needs/${id}/decline`, { reason: 'Written twice.' }));
    expect((await t.client().get(`/api/needs/approve/${link.token}`)).status).toBe(410);
  });

  it('refuses needs that are not waiting or do not exist, and anybody but an admin', async () => {
    const { id: open } = await insertNeed(t.db);
    expect((await admin.post(`/api/admin/needs/${open}/decline`, { reason: 'No' })).status).toBe(409);
    expect((await admin.post('/api/admin/needs/999999/approve')).status).toBe(404);
    expect((await admin.post('/api/admin/needs/abc/approve')).status).toBe(404);
    const { asker, id } = await askedByMember();
    expect((await asker.c.post(`/api/admin/needs/${id}/approve`)).status).toBe(403);
    expect((await asker.c.get('/api/admin/needs/queue')).status).toBe(403);
    expect((await t.client().post(`/api/admin/needs/${id}/approve`)).status).toBe(401);
    expect((await rowOf(id)).status).toBe('review');
  });
});
