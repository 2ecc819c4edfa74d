import { describe, expect, it } from 'vitest';
import { openSite, useBrowser } from './support/browser';
import { uniqueEmail } from './support/members';
import { expectNoPageErrors, menuEntries, PASSWORD, PASSWORD_LABEL, signOutViaDashboard } from './support/journey';

const browser = useBrowser();

describe('sign up', () => {
  it('needs the person button, checks the confirmation, lands on /update-profile, and signs out to /signin', async () => {
    const { page, errors } = await openSite(browser());
    await page.goto('/');
    expect(await menuEntries(page)).toEqual(expect.arrayContaining(['Home', 'Sign In', 'Discuss', 'Resources', 'Contact', 'Give']));
    expect(await menuEntries(page)).not.toContain('Directory');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).click();
    await page.getByRole('link', { name: /sign up/i }).click();
    await page.waitForURL('**/signup');
    await expect.poll(() => page.getByText(/allow the information/i).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Sign Up' }).count()).toBe(0);

    const email = uniqueEmail('signup');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(PASSWORD_LABEL).fill(PASSWORD);
    await page.getByLabel('Password Confirmation').fill(`${PASSWORD}!`);
    await page.getByRole('button', { name: 'I am indeed a person' }).click();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => page.getByText('Passwords do not match').isVisible()).toBe(true);

    await page.getByLabel('Password Confirmation').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL('**/update-profile');

    expect(await menuEntries(page)).toContain('Directory');
    expect(await menuEntries(page)).not.toContain('Sign In');
    await expect.poll(() => page.getByRole('contentinfo').getByRole('link', { name: email }).isVisible()).toBe(true);

    await signOutViaDashboard(page);
    expect(await menuEntries(page)).toContain('Sign In');
    expectNoPageErrors(errors);
  });

  it('says so when the account cannot be created', async () => {
    const { page } = await openSite(browser());
    const email = uniqueEmail('twice');
    const first = await openSite(browser());
    await first.page.goto('/signup');
    await first.page.getByLabel('Email').fill(email);
    await first.page.getByLabel(PASSWORD_LABEL).fill(PASSWORD);
    await first.page.getByLabel('Password Confirmation').fill(PASSWORD);
    await first.page.getByRole('button', { name: 'I am indeed a person' }).click();
    await first.page.getByRole('button', { name: 'Sign Up' }).click();
    await first.page.waitForURL('**/update-profile');

    await page.goto('/signup');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(PASSWORD_LABEL).fill(PASSWORD);
    await page.getByLabel('Password Confirmation').fill(PASSWORD);
    await page.getByRole('button', { name: 'I am indeed a person' }).click();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Failed to create an account' }).isVisible()).toBe(true);
    expect(page.url()).toContain('/signup');
  });
});
