import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSite, useBrowser } from './support/browser';
import { uniqueEmail } from './support/members';
import { descriptionOf, seriousViolations } from './support/a11y';
import { expectNoPageErrors, refuseAsInvalid, signInViaForm, signOutViaDashboard, signUpViaForm } from './support/journey';
import { waitForEmailLink, waitForMail } from './support/mail';

const browser = useBrowser();

/** Signs up and opens the link mailed to confirm the address: only a confirmed address may be changed (issue 23). */
async function signUpConfirmed(page: Page, email: string) {
  await signUpViaForm(page, email);
  await page.goto(await waitForEmailLink(email));
  await expect.poll(() => page.getByText('Thank you: your email address is confirmed.').isVisible()).toBe(true);
}

describe('update email or password', () => {
  it('changes the password at once and the email once the new address confirms; the new ones sign in', async () => {
    const email = uniqueEmail('change');
    const { page } = await openSite(browser());
    await signUpConfirmed(page, email);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: /update email or password/i }).click();
    await page.waitForURL('**/update-password');
    expect(await page.getByLabel('Email').inputValue()).toBe(email);

    const newEmail = uniqueEmail('changed');
    await page.getByLabel('Email').fill(newEmail);
    await page.getByLabel(/^New password\W*$/).fill('the new password');
    await page.getByLabel('New password confirmation').fill('the other password');
    await page.getByRole('button', { name: /update|save/i }).click();
    await expect.poll(() => page.getByText('Passwords do not match').isVisible()).toBe(true);

    await page.getByLabel('New password confirmation').fill('the new password');
    await page.getByRole('button', { name: /update|save/i }).click();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByText(`We sent a link to ${newEmail}.`, { exact: false }).isVisible()).toBe(true);
    // Until the new address confirms, the account keeps the old one and says what is pending.
    await expect.poll(() => page.locator('[data-pending-email]').getByText(newEmail).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('main').getByText(`Email: ${email}`).isVisible()).toBe(true);
    expect((await waitForMail(email, (m) => /change of your Foster Care Network email/.test(m.subject))).text).toContain(newEmail);

    await page.goto(await waitForEmailLink(newEmail, /^Confirm your new email address/));
    await expect.poll(() => page.getByText('Thank you: your account now uses this email address.').isVisible()).toBe(true);
    await page.goto('/dashboard');
    await expect.poll(() => page.getByRole('main').getByText(`Email: ${newEmail}`).isVisible()).toBe(true);

    await signOutViaDashboard(page);
    await signInViaForm(page, email);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Failed to sign in' }).isVisible()).toBe(true);
    await signInViaForm(page, newEmail, 'the new password');
    await page.waitForURL((url) => url.pathname === '/');
  });

  it("puts the server's field errors beside their fields, focuses the first on the page, and says the update failed", async () => {
    const { page } = await openSite(browser());
    await signUpConfirmed(page, uniqueEmail('refused'));
    await page.goto('/update-password');
    // Listed in another order than the page's: focus follows the page.
    await refuseAsInvalid(page, '**/api/account', 'PATCH', {
      confirmPassword: 'The confirmation is refused',
      email: 'This address is refused',
    });
    await page.getByLabel('Email').fill(uniqueEmail('other'));
    await page.getByRole('button', { name: /update|save/i }).click();
    await expect.poll(() => page.getByText('This address is refused').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('The confirmation is refused').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Failed to update account' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
  });

  it('keeps the password when it is left blank, and /profile cancels to home', async () => {
    const email = uniqueEmail('keep');
    const { page } = await openSite(browser());
    await signUpConfirmed(page, email);
    await page.goto('/profile');
    expect(await page.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/');
    const newEmail = uniqueEmail('kept');
    await page.getByLabel('Email').fill(newEmail);
    await page.getByRole('button', { name: /update|save/i }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.getByText(`We sent a link to ${newEmail}.`, { exact: false }).isVisible()).toBe(true);
    // Opened in another browser, signed in nowhere: the address changes all the same.
    const other = await openSite(browser());
    await other.page.goto(await waitForEmailLink(newEmail, /^Confirm your new email address/));
    await expect.poll(() => other.page.getByText('Thank you: your account now uses this email address.').isVisible()).toBe(true);
    await other.context.close();
    // The change ended the account's other sessions, this one included.
    await page.goto('/dashboard');
    await page.waitForURL('**/signin**');
    await signInViaForm(page, newEmail);
    await page.waitForURL('**/dashboard');
  });

  it('an address not yet confirmed cannot be changed: the field says why, and the password still can', async () => {
    const email = uniqueEmail('unconfirmed');
    const { page, errors } = await openSite(browser());
    await signUpViaForm(page, email);
    await page.goto('/profile');
    const field = page.getByLabel('Email');
    expect(await field.inputValue()).toBe(email);
    expect(await field.getAttribute('readonly')).not.toBeNull();
    expect(await descriptionOf(field)).toContain('Please confirm your current email address before changing it');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel(/^New password\W*$/).fill('the new password');
    await page.getByLabel('New password confirmation').fill('the new password');
    await page.getByRole('button', { name: /update|save/i }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.getByText('Your account has been updated.').isVisible()).toBe(true);
    expectNoPageErrors(errors);
  });
});

describe('sign out everywhere', () => {
  it('signs the account out in this browser and every other one, and cancels a change of address', async () => {
    const email = uniqueEmail('everywhere');
    const { page, errors } = await openSite(browser());
    await signUpConfirmed(page, email);
    const other = await openSite(browser());
    await signInViaForm(other.page, email);
    await other.page.waitForURL((url) => url.pathname === '/');

    const newEmail = uniqueEmail('never');
    await page.goto('/profile');
    await page.getByLabel('Email').fill(newEmail);
    await page.getByRole('button', { name: /update|save/i }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const link = await waitForEmailLink(newEmail, /^Confirm your new email address/);

    await page.goto('/profile');
    await expect.poll(() => page.getByText(/signs your account out on every device, this one included/).isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL('**/signin');
    await expect.poll(() => page.getByText('You are signed out on every device.', { exact: false }).isVisible()).toBe(true);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).waitFor();
    await page.goto('/dashboard');
    await page.waitForURL('**/signin**');

    await other.page.goto('/dashboard');
    await other.page.waitForURL('**/signin**');
    // The change of address asked for before is over: its link confirms nothing.
    await other.page.goto(link);
    await expect.poll(() => other.page.getByText(/This link does not work any more/).isVisible()).toBe(true);
    await other.context.close();

    // Signing in again goes on where the member was sent to sign in (the dashboard).
    await signInViaForm(page, email);
    await page.waitForURL('**/dashboard');
    expectNoPageErrors(errors);
  });
});
