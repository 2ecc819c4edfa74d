import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, uniqueEmail } from '../testing/app';
import { setAdmin } from './roles';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('admin role', () => {
  it('grants and revokes isAdmin by email', async () => {
    const email = uniqueEmail();
    const c = t.client();
    await c.signUp(email);
    expect(await setAdmin(t.db, { email: email.toUpperCase(), isAdmin: true })).toEqual({ ok: true, email, isAdmin: true });
    expect((await (await c.get('/api/me')).json()).user.isAdmin).toBe(true);
    await setAdmin(t.db, { email, isAdmin: false });
    expect((await (await c.get('/api/me')).json()).user.isAdmin).toBe(false);
  });

  it('says when no account has the email', async () => {
    expect(await setAdmin(t.db, { email: uniqueEmail(), isAdmin: true })).toEqual({ ok: false, reason: 'no-account' });
  });

  it('is reachable from the command line only with the control token', async () => {
    const { app } = buildApp(t.deps, { controlToken: 'secret-token', distDir: null });
    const email = uniqueEmail();
    await t.client().signUp(email);
    const body = JSON.stringify({ email, isAdmin: true });
    const headers = { 'content-type': 'application/json' };
    expect((await app.request('/internal/admin-role', { method: 'POST', body, headers })).status).toBe(403);
    const wrong = await app.request('/internal/admin-role', { method: 'POST', body, headers: { ...headers, authorization: 'Bearer nope' } });
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

  it('has no control route when no token is configured', async () => {
    const res = await t.app.request('/internal/admin-role', { method: 'POST', body: '{}', headers: { authorization: 'Bearer ' } });
    expect(res.status).not.toBe(200);
  });
});
