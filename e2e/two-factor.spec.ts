import { spawnSync } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TWO_FACTOR_MESSAGES } from '../src/shared/two-factor';
import { nextTotpCode } from '../src/server/testing/totp';
import { seriousViolations } from './support/a11y';
import { openSite, useBrowser } from './support/browser';
import { expectNoPageErrors, PASSWORD, signInViaForm, signOutViaDashboard } from './support/journey';
import { signUpMember, uniqueEmail } from './support/members';

// Decision 013: an admin is led through setting up an authenticator app the first time /admin opens, then
// signs in with a code from it, or once with each recovery code.

const browser = useBrowser();

/** npm run admin -- grant <email>, against the running server's embedded database. */
function grantAdmin(email: string) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'grant', email], {
    env: { ...process.env, DATA_DIR: inject('dataDir'), DATABASE_URL: '' },
    encoding: 'utf8',
  });
  expect(res.stdout + res.stderr).toContain(`${email} is now an admin`);
}

const overview = (page: Page) => page.getByRole('heading', { level: 1, name: 'Overview' });
const codeField = (page: Page) => page.getByLabel(/^Code from your authenticator app/);

/** The sign-in form, then its second step with a code or a recovery code. */
async function signInWithSecondFactor(page: Page, email: string, code: { totp: string } | { recovery: string }) {
  await page.goto('/signin?next=/admin');
  await signInViaForm(page, email);
  await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
  if ('totp' in code) {
    await codeField(page).fill(code.totp);
  } else {
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel(/^Recovery code/).fill(code.recovery);
  }
  await page.getByRole('button', { name: 'Verify' }).click();
}

describe('two-step sign-in for admins', () => {
  it('sets up TOTP at the first visit to /admin, then signs in with a code, and with each recovery code once', async () => {
    const { page, errors } = await openSite(browser());
    const email = uniqueEmail('2fa-admin');
    await signUpMember(page, { email });
    // A session of the same admin that exists before the factor: it will have to step up.
    const other = await openSite(browser());
    await signInViaForm(other.page, email);
    await other.page.waitForURL((url) => url.pathname === '/');
    grantAdmin(email);

    // Set-up: password, QR code and key, recovery codes, a code computed from the key shown.
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Set up two-step sign-in' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Admin' }).count()).toBe(0);
    await page.getByLabel(/^Your password/).fill('not my password');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(TWO_FACTOR_MESSAGES.wrongPassword).waitFor();
    await page.getByLabel(/^Your password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const key = await page.getByLabel(/Enter this key in the app/).inputValue();
    expect(key).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    const recoveryCodes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    await page.getByText(TWO_FACTOR_MESSAGES.storeRecoveryCodes).waitFor();
    const field = codeField(page);
    expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await field.getAttribute('inputmode')).toBe('numeric');
    expect(await seriousViolations(page)).toEqual([]);

    await field.fill('000000');
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await page.getByText(TWO_FACTOR_MESSAGES.wrongCode).waitFor();
    await codeField(page).fill(await nextTotpCode(key));
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await overview(page).waitFor();
    await page.getByRole('navigation', { name: 'Admin' }).waitFor();

    // The session signed in before the set-up is asked for a code of its own (here a recovery code).
    await other.page.goto('/admin');
    await other.page.getByRole('heading', { level: 1, name: 'Two-step sign-in' }).waitFor();
    expect(await seriousViolations(other.page)).toEqual([]);
    await other.page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await other.page.getByLabel(/^Recovery code/).fill(recoveryCodes[0]!);
    await other.page.getByRole('button', { name: 'Verify' }).click();
    await overview(other.page).waitFor();
    expectNoPageErrors(other.errors);

    // Signing in again: the password, then a code from the app.
    await signOutViaDashboard(page);
    await page.goto('/signin?next=/admin');
    await signInViaForm(page, email);
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('one-time-code');
    expect(await seriousViolations(page)).toEqual([]);
    await codeField(page).fill(await nextTotpCode(key));
    await page.getByRole('button', { name: 'Verify' }).click();
    await overview(page).waitFor();

    // A recovery code works once.
    await signOutViaDashboard(page);
    await signInWithSecondFactor(page, email, { recovery: recoveryCodes[1]! });
    await overview(page).waitFor();
    await signOutViaDashboard(page);
    await signInWithSecondFactor(page, email, { recovery: recoveryCodes[1]! });
    await page.getByText(TWO_FACTOR_MESSAGES.wrongRecoveryCode).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signin');
    expect((await page.request.get('/api/me').then((r) => r.json())).user).toBeNull();
    await page.getByLabel(/^Recovery code/).fill(recoveryCodes[2]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await overview(page).waitFor();
    expectNoPageErrors(errors);
  });

  it('any member turns it on and off from the dashboard', async () => {
    const { page, errors } = await openSite(browser());
    const { email } = await signUpMember(page);
    await page.goto('/dashboard');
    const section = page.getByRole('region', { name: 'Two-step sign-in' });
    await section.getByText('Off.').waitFor();
    await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await section.getByLabel(/^Your password/).fill(PASSWORD);
    await section.getByRole('button', { name: 'Continue' }).click();
    const key = await section.getByLabel(/Enter this key in the app/).inputValue();
    expect(await seriousViolations(page)).toEqual([]);
    await codeField(page).fill(await nextTotpCode(key));
    await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await section.getByText('Two-step sign-in is on.').waitFor();

    await section.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
    await section.getByLabel(/^Your password/).fill(PASSWORD);
    await section.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
    await section.getByText('Two-step sign-in is off.').waitFor();
    // The password alone signs in again.
    await signOutViaDashboard(page);
    await signInViaForm(page, email);
    await page.waitForURL((url) => url.pathname === '/');
    expectNoPageErrors(errors);
  });
});
