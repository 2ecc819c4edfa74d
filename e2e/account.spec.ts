import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openSite, uniqueEmail } from './support/browser';
import { signInViaForm, signOutViaDashboard, signUpViaForm } from './support/journey';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('update email or password', () => {
  it('changes both, returns to the dashboard, and the new ones sign in', async () => {
    const email = uniqueEmail('change');
    const { page } = await openSite(browser);
    await signUpViaForm(page, email);
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
    await expect.poll(() => page.getByRole('main').getByText(newEmail).isVisible()).toBe(true);

    await signOutViaDashboard(page);
    await signInViaForm(page, email);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Failed to sign in' }).isVisible()).toBe(true);
    await signInViaForm(page, newEmail, 'the new password');
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('keeps the password when it is left blank, and /profile cancels to home', async () => {
    const email = uniqueEmail('keep');
    const { page } = await openSite(browser);
    await signUpViaForm(page, email);
    await page.goto('/profile');
    expect(await page.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/');
    const newEmail = uniqueEmail('kept');
    await page.getByLabel('Email').fill(newEmail);
    await page.getByRole('button', { name: /update|save/i }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.getByText('Your account has been updated.').isVisible()).toBe(true);
    await signOutViaDashboard(page);
    await signInViaForm(page, newEmail);
    await page.waitForURL((url) => url.pathname === '/');
  });
});
