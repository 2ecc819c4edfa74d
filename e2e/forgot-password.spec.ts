import { describe, expect, it } from 'vitest';
import { descriptionOf } from './support/a11y';
import { openSite, useBrowser } from './support/browser';
import { uniqueEmail } from './support/members';
import { waitForMail } from './support/mail';
import { refuseAsInvalid, signInViaForm, signUpViaForm } from './support/journey';

const browser = useBrowser();

describe('forgot password', () => {
  it('mails a link that sets a new password once', async () => {
    const email = uniqueEmail('forgot');
    const setup = await openSite(browser());
    await signUpViaForm(setup.page, email);
    await setup.context.close();

    const { page } = await openSite(browser());
    await page.goto('/signin');
    await page.getByRole('link', { name: /forgot password/i }).click();
    // The sign-in page has an Email field too: fill the one of the page we went to.
    await page.getByRole('heading', { level: 1, name: 'Forgot Password' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: /reset|send/i }).click();
    await expect.poll(() => page.getByText('check your inbox for instructions').isVisible()).toBe(true);

    const mail = await waitForMail(email, (m) => /reset/i.test(m.subject));
    const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();

    await page.goto(link!);
    await page.getByLabel(/^New password\W*$/).fill('my brand new password');
    await page.getByLabel('New password confirmation').fill('my brand new password');
    await page.getByRole('button', { name: /password/i }).click();
    await page.waitForURL('**/signin**');

    await signInViaForm(page, email, 'my brand new password');
    await page.waitForURL((url) => url.pathname === '/');

    const again = await openSite(browser());
    await again.page.goto(link!);
    await again.page.getByLabel(/^New password\W*$/).fill('yet another password');
    await again.page.getByLabel('New password confirmation').fill('yet another password');
    await again.page.getByRole('button', { name: /password/i }).click();
    await expect.poll(() => again.page.getByText('Failed to reset').first().isVisible()).toBe(true);
  });

  it("shows the server's newPassword error beside New password, focused", async () => {
    const { page } = await openSite(browser());
    await refuseAsInvalid(page, '**/api/auth/reset-password', 'POST', { newPassword: 'That password is refused' }, 'Invalid body');
    await page.goto('/reset-password?token=some-token');
    await page.getByLabel(/^New password\W*$/).fill('my brand new password');
    await page.getByLabel('New password confirmation').fill('my brand new password');
    await page.getByRole('button', { name: /password/i }).click();
    await expect.poll(() => page.getByText('That password is refused').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Failed to reset' }).isVisible()).toBe(true);
    expect(await page.getByLabel(/^New password\W*$/).getAttribute('aria-invalid')).toBe('true');
    // The hint and the error are read with the field.
    const description = await descriptionOf(page.getByLabel(/^New password\W*$/));
    expect(description).toContain('That password is refused');
    expect(description).toMatch(/At least \d+ characters/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password');
  });

  it('answers the same for an address nobody uses, and mails nothing', async () => {
    const { page } = await openSite(browser());
    const nobody = uniqueEmail('nobody');
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(nobody);
    await page.getByRole('button', { name: /reset|send/i }).click();
    await expect.poll(() => page.getByText('check your inbox for instructions').isVisible()).toBe(true);
    await expect(waitForMail(nobody, () => true, 1500)).rejects.toThrow(/No mail/);
  });
});
