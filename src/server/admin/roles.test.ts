import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { buildApp } from '../app';
import { adminActivity, session, twoFactor } from '../db/schema';
import { useTestApp } from '../testing/app';
import { expectAnswer, signedInMember, uniqueEmail } from '../testing/factories';
import { passSecondFactor } from '../testing/second-factor';
import { setAdmin } from './roles';
import { resetTwoFactor } from './second-factor';

const t = useTestApp();

describe('admin role', () => {
  it('grants and revokes isAdmin by email', async () => {
    const { c, email } = await signedInMember(t);
    expect(await setAdmin({ db: t.db, live: t.deps.live }, { email: email.toUpperCase(), isAdmin: true })).toEqual({
      ok: true,
      email,
      isAdmin: true,
    });
    expect((await c.me())!.isAdmin).toBe(true);
    await setAdmin({ db: t.db, live: t.deps.live }, { email, isAdmin: false });
    expect((await c.me())!.isAdmin).toBe(false);
  });

  it('says when no account has the email', async () => {
    expect(await setAdmin({ db: t.db, live: t.deps.live }, { email: uniqueEmail(), isAdmin: true })).toEqual({
      ok: false,
      reason: 'no-account',
    });
  });

  it('is reachable from the command line only with the control token', async () => {
    const { app } = buildApp(t.deps, { controlToken: 'secret-token', distDir: null });
    const { email } = await signedInMember(t);
    // Raw, as the rest of this file's control calls: /internal is the command line's, outside the typed API.
    const body = JSON.stringify({ email, isAdmin: true });
    const headers = { 'content-type': 'application/json' };
    expect((await app.request('/internal/admin-role', { method: 'POST', body, headers })).status).toBe(403);
    const wrong = await app.request('/internal/admin-role', {
      method: 'POST',
      body,
      headers: { ...headers, authorization: 'Bearer nope' },
    });
    expect(wrong.status).toBe(403);
    const ok = await app.request('/internal/admin-role', {
      method: 'POST',
      body,
      headers: { ...headers, authorization: 'Bearer secret-token' },
    });
    expect(ok.status).toBe(200);
    const missing = await app.request('/internal/admin-role', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail(), isAdmin: true }),
      headers: { ...headers, authorization: 'Bearer secret-token' },
    });
    expect(missing.status).toBe(404);
  });

  it('answers only calls to the loopback interface, whatever X-Forwarded-For says', async () => {
    const { app } = buildApp(t.deps, { controlToken: 'secret-token', distDir: null });
    const { email } = await signedInMember(t, { prefix: 'loopback' });
    const headers = { 'content-type': 'application/json', authorization: 'Bearer secret-token' };
    // What @hono/node-server hands the app: the incoming request, with its socket.
    const from = (remoteAddress: string, extra: Record<string, string> = {}) =>
      app.request(
        '/internal/admin-role',
        { method: 'POST', body: JSON.stringify({ email, isAdmin: false }), headers: { ...headers, ...extra } },
        { incoming: { socket: { remoteAddress } } },
      );
    for (const outside of ['203.0.113.9', '192.0.2.2', '2001:db8::1', '::ffff:203.0.113.9']) {
      expect((await from(outside)).status, outside).toBe(404);
      expect((await from(outside, { 'x-forwarded-for': '127.0.0.1' })).status, outside).toBe(404);
    }
    for (const loopback of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) expect((await from(loopback)).status, loopback).toBe(200);

    // And through a real socket on the loopback interface.
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/internal/admin-role`, {
        method: 'POST',
        body: JSON.stringify({ email, isAdmin: false }),
        headers,
      });
      expect(res.status).toBe(200);
    } finally {
      server.close();
    }
  });

  it('has no control route when no token is configured', async () => {
    const res = await t.app.request('/internal/admin-role', { method: 'POST', body: '{}', headers: { authorization: 'Bearer ' } });
    expect(res.status).not.toBe(200);
  });
});

describe('reset-2fa', () => {
  it('clears a lost factor: no key, no recovery codes, no session counts as passed; and logs it', async () => {
    const { c, email } = await signedInMember(t, { prefix: 'lost.phone' });
    await setAdmin({ db: t.db, live: t.deps.live }, { email, isAdmin: true });
    const factor = await passSecondFactor(c);
    const me = async () => (await c.me())!;
    expect(await me()).toMatchObject({ twoFactorEnabled: true, secondFactorPassed: true });
    expect((await c.api.admin.access.$get()).status).toBe(200);

    expect(await resetTwoFactor({ db: t.db, live: t.deps.live }, { email: email.toUpperCase() })).toEqual({
      ok: true,
      email,
      hadFactor: true,
    });
    const { id } = await me();
    expect(await me()).toMatchObject({ twoFactorEnabled: false, secondFactorPassed: false });
    expect(await t.db.select().from(twoFactor).where(eq(twoFactor.userId, id))).toEqual([]);
    expect((await t.db.select().from(session).where(eq(session.userId, id))).map((s) => s.secondFactorAt)).toEqual([null]);
    // Still signed in; the admin area asks for a new set-up.
    expect(await expectAnswer(c.api.admin.access.$get(), 403)).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED', needs: 'setup' });
    // The password alone signs in; the old recovery codes are gone.
    const again = t.client();
    expect(await (await again.signIn(email)).json()).toMatchObject({ user: { email } });
    // Raw: Better Auth's route, which the typed client does not cover.
    expect((await again.post('/api/auth/two-factor/verify-backup-code', { code: factor.recoveryCodes[0] })).status).not.toBe(200);

    const [logged] = await t.db.select().from(adminActivity).orderBy(desc(adminActivity.at)).limit(1);
    expect(logged).toMatchObject({
      action: 'two-factor.reset',
      actorUid: null,
      actorEmail: null,
      target: email,
      details: { uid: id, hadFactor: true, via: 'command line' },
    });
    // A new factor can be set up at once.
    await passSecondFactor(c);
    expect((await c.api.admin.access.$get()).status).toBe(200);
  });

  it('says when there was nothing to clear, or no such account', async () => {
    const { email } = await signedInMember(t, { prefix: 'no.factor' });
    expect(await resetTwoFactor({ db: t.db, live: t.deps.live }, { email })).toEqual({ ok: true, email, hadFactor: false });
    expect(await resetTwoFactor({ db: t.db, live: t.deps.live }, { email: uniqueEmail('ghost') })).toEqual({
      ok: false,
      reason: 'no-account',
    });
  });

  it('is reachable from the command line only with the control token', async () => {
    const { app } = buildApp(t.deps, { controlToken: 'secret-token', distDir: null });
    const { email } = await signedInMember(t, { prefix: 'reset.cli' });
    const request = (body: unknown, authorization?: string) =>
      app.request('/internal/reset-2fa', {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      });
    expect((await request({ email })).status).toBe(403);
    expect((await request({ email }, 'Bearer nope')).status).toBe(403);
    const ok = await request({ email }, 'Bearer secret-token');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true, email, hadFactor: false });
    expect((await request({ email: uniqueEmail('ghost') }, 'Bearer secret-token')).status).toBe(404);
    expect((await request({ email: 'not an address' }, 'Bearer secret-token')).status).toBe(400);
  });
});
