import { spawnSync } from 'node:child_process';
import { request } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { nextTotpCode } from '../src/server/testing/totp';
import { clientAddress, uniqueEmail } from './support/browser';
import { PASSWORD } from './support/journey';

async function signUpAndMe(email: string) {
  const base = inject('baseUrl');
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': clientAddress() },
    body: JSON.stringify({ email, password: PASSWORD, name: '' }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return async () => (await (await fetch(`${base}/api/me`, { headers: { cookie } })).json()).user;
}

function admin(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    env: { ...process.env, DATA_DIR: inject('dataDir'), DATABASE_URL: '' },
    encoding: 'utf8',
  });
}

describe('npm run admin', () => {
  it('grants and revokes through the running server that holds the database', async () => {
    const email = uniqueEmail('cli');
    const me = await signUpAndMe(email);
    expect((await me()).isAdmin).toBe(false);

    const grant = admin('grant', email);
    expect(grant.stdout + grant.stderr).toContain(`${email} is now an admin`);
    expect(grant.status).toBe(0);
    expect((await me()).isAdmin).toBe(true);

    const revoke = admin('revoke', email);
    expect(revoke.status).toBe(0);
    expect((await me()).isAdmin).toBe(false);
  });

  it('says clearly when no account has the address, and shows usage for bad arguments', () => {
    const missing = admin('grant', uniqueEmail('ghost'));
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/No account uses the email/);
    const usage = admin('promote');
    expect(usage.status).toBe(1);
    expect(usage.stderr).toMatch(/Usage: npm run admin -- grant <email>/);
  });

  it('reset-2fa clears a lost second factor through the running server', async () => {
    const base = inject('baseUrl');
    const api = await request.newContext({ baseURL: base, extraHTTPHeaders: { origin: base, 'x-forwarded-for': clientAddress() } });
    const email = uniqueEmail('cli-2fa');
    expect((await api.post('/api/auth/sign-up/email', { data: { email, password: PASSWORD, name: '' } })).status()).toBe(200);
    const { totpURI } = (await (await api.post('/api/auth/two-factor/enable', { data: { password: PASSWORD } })).json()) as { totpURI: string };
    expect((await api.post('/api/auth/two-factor/verify-totp', { data: { code: await nextTotpCode(totpURI) } })).status()).toBe(200);
    const me = async () => (await (await api.get('/api/me')).json()).user;
    expect(await me()).toMatchObject({ twoFactorEnabled: true, secondFactorPassed: true });

    const reset = admin('reset-2fa', email);
    expect(reset.stdout + reset.stderr).toContain(`Two-step sign-in is cleared for ${email}`);
    expect(reset.status).toBe(0);
    expect(await me()).toMatchObject({ twoFactorEnabled: false, secondFactorPassed: false });
    expect(admin('reset-2fa', email).stdout).toContain('had no two-step sign-in set up');
    const missing = admin('reset-2fa', uniqueEmail('ghost'));
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/No account uses the email/);
    await api.dispose();
  });
});
