import { spawnSync } from 'node:child_process';
import type { APIRequestContext } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { nextTotpCode } from '../src/server/testing/totp';
import { openApi } from './support/browser';
import { signUpMember, uniqueEmail } from './support/members';
import { PASSWORD } from './support/journey';

/** Who the API says this client is. */
const meOf = async (api: APIRequestContext) => (await (await api.get('/api/me')).json()).user;

function admin(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    env: { ...process.env, DATA_DIR: inject('dataDir'), DATABASE_URL: '' },
    encoding: 'utf8',
  });
}

describe('npm run admin', () => {
  it('grants and revokes through the running server that holds the database', async () => {
    const api = await openApi();
    const { email } = await signUpMember(api, { prefix: 'cli', confirm: false });
    const me = () => meOf(api);
    expect((await me()).isAdmin).toBe(false);

    const grant = admin('grant', email);
    expect(grant.stdout + grant.stderr).toContain(`${email} is now an admin`);
    expect(grant.status).toBe(0);
    expect((await me()).isAdmin).toBe(true);

    const revoke = admin('revoke', email);
    expect(revoke.status).toBe(0);
    expect((await me()).isAdmin).toBe(false);
    await api.dispose();
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
    const api = await openApi();
    // Confirmed: two-step sign-in needs a confirmed address (issue 23).
    const { email } = await signUpMember(api, { prefix: 'cli-2fa' });
    const { totpURI } = (await (await api.post('/api/auth/two-factor/enable', { data: { password: PASSWORD } })).json()) as {
      totpURI: string;
    };
    expect((await api.post('/api/auth/two-factor/verify-totp', { data: { code: await nextTotpCode(totpURI) } })).status()).toBe(200);
    const me = () => meOf(api);
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
