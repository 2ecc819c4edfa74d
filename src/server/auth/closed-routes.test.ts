import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/app';
import { uniqueEmail } from '../testing/factories';

// Issue 12, defect 4: Better Auth's own /api/auth/change-password skipped the site's recent-sign-in rule
// and left other sessions signed in. Every Better Auth route the product does not use is closed.

const t = useTestApp();

const CLOSED: Array<[string, string, unknown]> = [
  ['POST', '/api/auth/change-password', { currentPassword: 'correct horse 1', newPassword: 'taken over 123', revokeOtherSessions: false }],
  ['POST', '/api/auth/change-email', { newEmail: 'someone@example.org' }],
  ['POST', '/api/auth/update-user', { name: 'a\u0000b' }],
  ['POST', '/api/auth/delete-user', {}],
  ['POST', '/api/auth/set-password', { newPassword: 'another 12345' }],
  ['GET', '/api/auth/list-sessions', undefined],
  ['POST', '/api/auth/revoke-sessions', {}],
  ['POST', '/api/auth/revoke-other-sessions', {}],
  ['GET', '/api/auth/list-accounts', undefined],
  ['POST', '/api/auth/link-social', { provider: 'google' }],
  ['POST', '/api/auth/unlink-account', { providerId: 'credential' }],
  ['POST', '/api/auth/send-verification-email', { email: 'a@example.org' }],
  ['GET', '/api/auth/verify-email?token=x', undefined],
  ['GET', '/api/auth/reset-password/x?callbackURL=/', undefined],
  ['GET', '/api/auth/ok', undefined],
  ['GET', '/api/auth/error', undefined],
  ['POST', '/api/auth/sign-in/anonymous', {}],
  ['GET', '/api/auth/callback/github', undefined],
];

describe("Better Auth's routes the product does not use", () => {
  it('answer 404 and change nothing, for visitors and signed-in members alike', async () => {
    const email = uniqueEmail();
    const c = t.client();
    await c.signUp(email);
    const elsewhere = t.client();
    expect((await elsewhere.signIn(email)).status).toBe(200);
    for (const client of [c, t.client()]) {
      for (const [method, url, body] of CLOSED) {
        const res = await client.request(method, url, body);
        expect(res.status, `${method} ${url}`).toBe(404);
        expect((await res.json()).code).toBe('NOT_FOUND');
      }
    }
    // The password and the other session are as they were.
    expect((await t.client().signIn(email, 'taken over 123')).status).toBe(401);
    expect((await t.client().signIn(email)).status).toBe(200);
    expect(await elsewhere.me()).not.toBeNull();
  });

  it('leave the routes the pages use open', async () => {
    const email = uniqueEmail();
    const c = t.client();
    expect((await c.post('/api/auth/sign-up/email', { email, password: 'correct horse 1', name: '' })).status).toBe(200);
    expect((await c.get('/api/auth/get-session')).status).toBe(200);
    expect((await c.post('/api/auth/sign-out', {})).status).toBe(200);
    expect((await c.post('/api/auth/sign-in/email', { email, password: 'correct horse 1' })).status).toBe(200);
    expect((await c.post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' })).status).toBe(200);
  });
});
