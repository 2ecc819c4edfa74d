import { beforeAll, describe, expect, it } from 'vitest';
import { openSite, useBrowser } from './support/browser';
import { uniqueEmail } from './support/members';
import { expectNoPageErrors, signInViaForm, signOutViaDashboard, signUpViaForm } from './support/journey';

const browser = useBrowser();
let email: string;
beforeAll(async () => {
  email = uniqueEmail('signin');
  const { page, context } = await openSite(browser());
  await signUpViaForm(page, email);
  await context.close();
});

describe('sign in', () => {
  it('refuses a wrong password with "Failed to sign in"', async () => {
    const { page } = await openSite(browser());
    await signInViaForm(page, email, 'not the password');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Failed to sign in' }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/signin');
  });

  it('goes home after signing in, with links to forgot password and sign up', async () => {
    const { page, errors } = await openSite(browser());
    await page.goto('/signin');
    expect(await page.getByRole('link', { name: /forgot password/i }).getAttribute('href')).toBe('/forgot-password');
    expect(
      await page
        .getByRole('main')
        .getByRole('link', { name: /sign up/i })
        .getAttribute('href'),
    ).toBe('/signup');
    await signInViaForm(page, email);
    await page.waitForURL((url) => url.pathname === '/');
    await signOutViaDashboard(page);
    expectNoPageErrors(errors);
  });

  it('sends a visitor from a guarded page to /signin and back there after signing in', async () => {
    const { page } = await openSite(browser());
    for (const guarded of ['/directory', '/profile', '/update-password', '/admin', '/update-profile', '/delete-account']) {
      await page.goto(guarded);
      await page.waitForURL('**/signin**');
    }
    await page.goto('/dashboard');
    await page.waitForURL('**/signin**');
    await signInViaForm(page, email);
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByRole('main').getByText(`Email: ${email}`).isVisible()).toBe(true);
  });
});
