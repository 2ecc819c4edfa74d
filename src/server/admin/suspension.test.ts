import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACCOUNT_SUSPENDED_MESSAGE } from '../../shared/account';
import { SUSPENSION_REASON_MAX } from '../../shared/admin';
import { post, session, user } from '../db/schema';
import { testClock, useTestApp } from '../testing/app';
import { expectAnswer, mailsTo, signedInAdmin, signedInMember, uniqueTag } from '../testing/factories';

// Issue 11 "Suspension": an admin stops a bad actor at once, with a reason, and can lift it.

const ADMIN_EMAIL = 'suspending.admin@example.org';
const REASON = 'Repeated unkind messages to other members.';
const clock = testClock();
type Client = ReturnType<typeof t.client>;
let admin: Client;
const t = useTestApp({ config: { adminEmails: [ADMIN_EMAIL] }, clock });
beforeAll(async () => {
  admin = (await signedInAdmin(t, { email: ADMIN_EMAIL, profile: null })).c;
});

const suspend = (uid: string, reason = REASON, c = admin) =>
  c.api.admin.profiles[':uid'].suspension.$put({ param: { uid }, json: { reason } });
/** For bodies malformed on purpose, which the typed client would not send. */
const suspendRaw = (uid: string, body: unknown) => admin.request('PUT', `/api/admin/profiles/${uid}/suspension`, body);
const lift = (uid: string, c = admin) => c.api.admin.profiles[':uid'].suspension.$delete({ param: { uid } });
const activity = () => expectAnswer(admin.api.admin.activity.$get({ query: {} }));

async function listedIds(viewer: Client, q: string): Promise<string[]> {
  const page = await expectAnswer(viewer.api.directory.$get({ query: { q } }));
  return page.members.map((m) => m.uid);
}

describe('suspending a member', () => {
  it('ends their sessions, refuses their sign-in with the reason to call, hides them, keeps their posts', async () => {
    clock.advance(1000);
    const name = uniqueTag('Suspendee');
    const m = await signedInMember(t, { profile: { agAffiliated: 'Yes', lastName: name } });
    const { id: postId } = await expectAnswer(
      m.c.api.posts.$post({ json: { category: 'General', title: 'Before', body: 'Words that stay' } }),
      201,
    );
    const viewer = await signedInMember(t);
    expect(await listedIds(viewer.c, name)).toContain(m.id);

    expect(await expectAnswer(suspend(m.id))).toMatchObject({ uid: m.id, email: m.email, suspensionReason: REASON });

    expect(await m.c.me()).toBeNull();
    expect(await t.db.select().from(session).where(eq(session.userId, m.id))).toHaveLength(0);
    const signIn = await t.client().signIn(m.email);
    expect(signIn.status).toBe(403);
    expect(await signIn.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED', message: ACCOUNT_SUSPENDED_MESSAGE });
    expect(signIn.headers.getSetCookie().some((c) => /session_token=[^;]+/.test(c) && !/max-age=0/i.test(c))).toBe(false);

    expect(await listedIds(viewer.c, name)).not.toContain(m.id);
    const message = await viewer.c.api.directory[':uid'].message.$post({ param: { uid: m.id }, json: { message: 'Hello' } });
    expect(message.status).toBe(404);
    expect(await mailsTo(t.db, m.email, 'member message')).toHaveLength(0);
    expect(await t.db.select().from(post).where(eq(post.id, postId))).toHaveLength(1);

    const [told] = await mailsTo(t.db, m.email, 'account suspended');
    expect(told!.message.text).toContain(REASON);
    const log = await activity();
    expect(log.entries[0]).toMatchObject({
      action: 'member.suspend',
      actorEmail: ADMIN_EMAIL,
      target: m.email,
      details: { reason: REASON },
    });
    const listed = await expectAnswer(admin.api.admin.profiles.$get({ query: { q: m.email } }));
    expect(listed.profiles[0]).toMatchObject({ uid: m.id, suspensionReason: REASON, emailVerified: true });
    expect(listed.profiles[0]!.suspendedAt).not.toBeNull();

    // Lifted: they sign in again and are listed as before; they are told, and the log says who lifted it.
    clock.advance(1000);
    expect(await expectAnswer(lift(m.id))).toMatchObject({ uid: m.id, suspendedAt: null });
    expect((await t.client().signIn(m.email)).status).toBe(200);
    expect(await listedIds(viewer.c, name)).toContain(m.id);
    expect(await mailsTo(t.db, m.email, 'suspension lifted')).toHaveLength(1);
    const after = await activity();
    expect(after.entries[0]).toMatchObject({ action: 'member.unsuspend', actorEmail: ADMIN_EMAIL, target: m.email });
  });

  it('is for admins only', async () => {
    const m = await signedInMember(t, { profile: null });
    const other = await signedInMember(t, { profile: null });
    expect((await suspend(m.id, REASON, t.client())).status).toBe(401);
    expect((await suspend(m.id, REASON, other.c)).status).toBe(403);
    expect((await lift(m.id, other.c)).status).toBe(403);
    expect((await t.client().signIn(m.email)).status).toBe(200);
  });

  it('refuses bad input, admins, oneself and changes that are no change, changing nothing', async () => {
    const m = await signedInMember(t, { profile: null });
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 42 }, { reason: 'x'.repeat(SUSPENSION_REASON_MAX + 1) }]) {
      expect((await suspendRaw(m.id, body)).status).toBe(400);
    }
    expect((await suspendRaw(m.id, 'not json')).status).toBe(400);
    expect((await suspend('no-such-account')).status).toBe(404);
    expect((await suspendRaw('bad id!', { reason: REASON })).status).toBe(404);
    expect((await lift(m.id)).status).toBe(409);

    const me = (await admin.me())!;
    const self = await suspend(me.id);
    expect(self.status).toBe(409);
    const otherAdmin = await signedInMember(t, { prefix: 'admin', profile: null });
    const granted = await admin.api.admin.profiles[':uid'].role.$put({ param: { uid: otherAdmin.id }, json: { isAdmin: true } });
    expect(granted.status).toBe(200);
    expect((await expectAnswer(suspend(otherAdmin.id), 409)).message).toContain('Revoke the admin role first');

    expect((await suspend(m.id)).status).toBe(200);
    expect((await suspend(m.id)).status).toBe(409);
    expect(await mailsTo(t.db, m.email, 'account suspended')).toHaveLength(1);
  });
});

describe('in the asker’s and the member’s language (issue 28)', () => {
  const inSpanish = { 'accept-language': 'es-US,es;q=0.9' };

  it('answers a refusal in Spanish to an admin whose browser asks for it, and in the exact English otherwise', async () => {
    const me = (await admin.me())!;
    const self = `/api/admin/profiles/${me.id}/suspension`;
    expect(await (await admin.request('PUT', self, { reason: REASON }, inSpanish)).json()).toEqual({
      code: 'CONFLICT',
      message: 'No puede suspender su propia cuenta.',
    });
    expect(await (await admin.request('PUT', self, { reason: REASON })).json()).toEqual({
      code: 'CONFLICT',
      message: 'You cannot suspend your own account.',
    });

    // A message with a value (the member's address) is put in the language with it.
    const m = await signedInMember(t, { profile: null });
    const path = `/api/admin/profiles/${m.id}/suspension`;
    expect(await (await admin.request('DELETE', path, undefined, inSpanish)).json()).toMatchObject({
      message: `La cuenta ${m.email} no está suspendida.`,
    });
    expect(await (await admin.request('DELETE', path)).json()).toMatchObject({ message: `${m.email} is not suspended.` });
    expect(await (await admin.request('GET', '/api/admin/mail/not-a-uuid', undefined, inSpanish)).json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Este correo no existe (puede que se haya eliminado).',
    });
  });

  it('tells a member whose saved language is Spanish in Spanish, whoever suspends them; the reason as the admin wrote it', async () => {
    const spanish = await signedInMember(t, { profile: null });
    await t.db.update(user).set({ locale: 'es' }).where(eq(user.id, spanish.id));
    const english = await signedInMember(t, { profile: null });

    // The admin's own browser asks for English: the member's language decides.
    await expectAnswer(suspend(spanish.id));
    await expectAnswer(suspend(english.id));
    const [es] = await mailsTo(t.db, spanish.email, 'account suspended');
    expect(es!.message.subject).toBe('Su cuenta de Foster Care Network está suspendida');
    expect(es!.message.text).toContain('El motivo indicado:');
    expect(es!.message.text).toContain(`> ${REASON}`);
    expect(es!.message.text).toContain('Comunicarse con el equipo:');
    expect(es!.message.html).toContain('<html lang="es">');
    const [en] = await mailsTo(t.db, english.email, 'account suspended');
    expect(en!.message.subject).toBe('Your Foster Care Network account is suspended');
    expect(en!.message.text).toContain('The reason given:');

    clock.advance(1000);
    await expectAnswer(lift(spanish.id));
    const [lifted] = await mailsTo(t.db, spanish.email, 'suspension lifted');
    expect(lifted!.message.subject).toBe('Su cuenta de Foster Care Network está abierta de nuevo');
    expect(lifted!.message.text).toContain('Iniciar sesión:');
    expect(lifted!.message.text).not.toMatch(/sign in again/i);
  });
});
