import { describe, expect, it } from 'vitest';
import { openSite, useBrowser } from './support/browser';
import { uniqueEmail } from './support/members';
import { menuEntries, signInViaForm, signUpViaForm } from './support/journey';

const browser = useBrowser();

describe('delete account', () => {
  it('asks to confirm, deletes, signs out, and the login no longer works', async () => {
    const email = uniqueEmail('delete');
    const { page } = await openSite(browser());
    await signUpViaForm(page, email);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Delete account' }).click();
    await page.waitForURL('**/delete-account');

    await page.getByRole('button', { name: /delete/i }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /cancel|keep/i }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    await page.getByRole('button', { name: /delete/i }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /delete/i })
      .click();
    await expect.poll(() => page.getByText('Success! Your account is deleted.').isVisible()).toBe(true);
    expect(await menuEntries(page)).toContain('Sign In');

    await signInViaForm(page, email);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Failed to sign in' }).isVisible()).toBe(true);
  });
});
