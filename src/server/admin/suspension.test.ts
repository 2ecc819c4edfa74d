import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACCOUNT_SUSPENDED_MESSAGE } from '../../shared/account';
import { SUSPENSION_REASON_MAX, type ActivityListResponse, type AdminProfileListResponse } from '../../shared/admin';
import { post, session } from '../db/schema';
import { testClock, useTestApp } from '../testing/app';
import { mailsTo, signedInAdmin, signedInMember, uniqueTag } from '../testing/factories';

// Issue 11 "Suspension": an admin stops a bad actor at once, with a reason, and can lift it.

const ADMIN_EMAIL = 'suspending.admin@example.org';
const REASON = 'Repeated unkind messages to other members.';
const clock = testClock();
let admin: ReturnType<typeof t.client>;
const t = useTestApp({ config: { adminEmails: [ADMIN_EMAIL] }, clock });
beforeAll(async () => {
  admin = (await signedInAdmin(t, { email: ADMIN_EMAIL, profile: null })).c;
});

const suspend = (uid: string, body: unknown = { reason: REASON }) => admin.request('PUT', `/api/admin/profiles/${uid}/suspension`, body);
const lift = (uid: string) => admin.delete(`/api/admin/profiles/${uid}/suspension`);

async function listedIds(viewer: ReturnType<typeof t.client>, q: string): Promise<string[]> {
  const page = await (await viewer.get(`/api/directory?q=${encodeURIComponent(q)}`)).json();
  return page.members.map((m: { uid: string }) => m.uid);
}

describe('suspending a member', () => {
  it('ends their sessions, refuses their sign-in with the reason to call, hides them, keeps their posts', async () => {
    clock.advance(1000);
    const name = uniqueTag('Suspendee');
    const m = await signedInMember(t, { profile: { agAffiliated: 'Yes', lastName: name } });
    const written = await m.c.post('/api/posts', { category: 'General', title: 'Before', body: 'Words that stay' });
    const { id: postId } = (await written.json()) as { id: number };
    const viewer = await signedInMember(t);
    expect(await listedIds(viewer.c, name)).toContain(m.id);

    const res = await suspend(m.id);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ uid: m.id, email: m.email, suspensionReason: REASON });

    expect(await m.c.me()).toBeNull();
    expect(await t.db.select().from(session).where(eq(session.userId, m.id))).toHaveLength(0);
    const signIn = await t.client().signIn(m.email);
    expect(signIn.status).toBe(403);
    expect(await signIn.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED', message: ACCOUNT_SUSPENDED_MESSAGE });
    expect(signIn.headers.getSetCookie().some((c) => /session_token=[^;]+/.test(c) && !/max-age=0/i.test(c))).toBe(false);

    expect(await listedIds(viewer.c, name)).not.toContain(m.id);
    const message = await viewer.c.post(`/api/directory/${m.id}/message`, { message: 'Hello' });
    expect(message.status).toBe(404);
    expect(await mailsTo(t.db, m.email, 'member message')).toHaveLength(0);
    expect(await t.db.select().from(post).where(eq(post.id, postId))).toHaveLength(1);

    const [told] = await mailsTo(t.db, m.email, 'account suspended');
    expect(told!.message.text).toContain(REASON);
    const log = (await (await admin.get('/api/admin/activity')).json()) as ActivityListResponse;
    expect(log.entries[0]).toMatchObject({
      action: 'member.suspend',
      actorEmail: ADMIN_EMAIL,
      target: m.email,
      details: { reason: REASON },
    });
    const listed = (await (await admin.get(`/api/admin/profiles?q=${encodeURIComponent(m.email)}`)).json()) as AdminProfileListResponse;
    expect(listed.profiles[0]).toMatchObject({ uid: m.id, suspensionReason: REASON, emailVerified: true });
    expect(listed.profiles[0]!.suspendedAt).not.toBeNull();

    // Lifted: they sign in again and are listed as before; they are told, and the log says who lifted it.
    clock.advance(1000);
    const lifted = await lift(m.id);
    expect(lifted.status).toBe(200);
    expect(await lifted.json()).toMatchObject({ uid: m.id, suspendedAt: null });
    expect((await t.client().signIn(m.email)).status).toBe(200);
    expect(await listedIds(viewer.c, name)).toContain(m.id);
    expect(await mailsTo(t.db, m.email, 'suspension lifted')).toHaveLength(1);
    const after = (await (await admin.get('/api/admin/activity')).json()) as ActivityListResponse;
    expect(after.entries[0]).toMatchObject({ action: 'member.unsuspend', actorEmail: ADMIN_EMAIL, target: m.email });
  });

  it('is for admins only', async () => {
    const m = await signedInMember(t, { profile: null });
    const other = await signedInMember(t, { profile: null });
    expect((await t.client().request('PUT', `/api/admin/profiles/${m.id}/suspension`, { reason: REASON })).status).toBe(401);
    expect((await other.c.request('PUT', `/api/admin/profiles/${m.id}/suspension`, { reason: REASON })).status).toBe(403);
    expect((await other.c.delete(`/api/admin/profiles/${m.id}/suspension`)).status).toBe(403);
    expect((await t.client().signIn(m.email)).status).toBe(200);
  });

  it('refuses bad input, admins, oneself and changes that are no change, changing nothing', async () => {
    const m = await signedInMember(t, { profile: null });
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 42 }, { reason: 'x'.repeat(SUSPENSION_REASON_MAX + 1) }]) {
      expect((await suspend(m.id, body)).status).toBe(400);
    }
    expect((await admin.request('PUT', `/api/admin/profiles/${m.id}/suspension`, 'not json')).status).toBe(400);
    expect((await suspend('no-such-account')).status).toBe(404);
    expect((await suspend('bad id!')).status).toBe(404);
    expect((await lift(m.id)).status).toBe(409);

    const me = (await admin.me())!;
    const self = await suspend(me.id);
    expect(self.status).toBe(409);
    const otherAdmin = await signedInMember(t, { prefix: 'admin', profile: null });
    expect((await admin.request('PUT', `/api/admin/profiles/${otherAdmin.id}/role`, { isAdmin: true })).status).toBe(200);
    const refused = await suspend(otherAdmin.id);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toContain('Revoke the admin role first');

    expect((await suspend(m.id)).status).toBe(200);
    expect((await suspend(m.id)).status).toBe(409);
    expect(await mailsTo(t.db, m.email, 'account suspended')).toHaveLength(1);
  });
});
