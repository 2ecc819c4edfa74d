import { describe, expect, it } from 'vitest';
import { EMAIL_LINK_MESSAGES } from '../src/shared/account';
import { seriousViolations } from './support/a11y';
import { openSite, useBrowser } from './support/browser';
import { signUpMember, uniqueEmail } from './support/members';
import {
  expectNoPageErrors,
  menuEntries,
  PASSWORD,
  PASSWORD_LABEL,
  signInViaForm,
  signOutViaDashboard,
  submitSignUpForm,
} from './support/journey';
import { waitForEmailLink, waitForMail } from './support/mail';

const browser = useBrowser();

describe('sign up', () => {
  it('needs the person button, checks the confirmation, says to check the inbox; the mailed link and a sign-in lead to /update-profile', async () => {
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

    // The sign-up signs nobody in: the page says where the link went, and offers it again.
    await page.getByLabel('Password Confirmation').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const heading = page.getByRole('heading', { level: 1, name: 'Check your inbox' });
    await heading.waitFor();
    await expect.poll(() => heading.evaluate((h) => h === document.activeElement)).toBe(true);
    await expect.poll(() => page.getByRole('main').getByText(email).isVisible()).toBe(true);
    expect(await menuEntries(page)).toContain('Sign In');
    expect(await seriousViolations(page)).toEqual([]);

    const firstLink = await waitForEmailLink(email);
    await page.getByRole('button', { name: 'Send the link again' }).click();
    await expect.poll(() => page.getByRole('status').getByText(`Sent. Check your inbox at ${email}.`).isVisible()).toBe(true);
    let link = firstLink;
    await expect.poll(async () => (link = await waitForEmailLink(email))).not.toBe(firstLink);

    // The newest link, opened signed out, asks for the sign-in first (the mailbox alone confirms nothing,
    // issue 23); signed in, the page opens the same link again and the address is confirmed.
    await page.goto(link);
    await expect.poll(() => page.getByText(EMAIL_LINK_MESSAGES.signInToConfirm).isVisible()).toBe(true);
    expect(await menuEntries(page)).toContain('Sign In');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/signin?**');
    await signInViaForm(page, email);
    await page.waitForURL('**/verify-email?token=**');
    await expect.poll(() => page.getByText(EMAIL_LINK_MESSAGES.confirmed).isVisible()).toBe(true);
    // Then on to the profile form, as a sign-up goes (product.md §3.4).
    await page.getByRole('link', { name: 'Fill in your profile' }).click();
    await page.waitForURL('**/update-profile');

    expect(await menuEntries(page)).toContain('Directory');
    expect(await menuEntries(page)).not.toContain('Sign In');
    await expect.poll(() => page.getByRole('contentinfo').getByRole('link', { name: email }).isVisible()).toBe(true);

    await signOutViaDashboard(page);
    expect(await menuEntries(page)).toContain('Sign In');
    expectNoPageErrors(errors);
  });

  it('answers a taken address as a new one, and mails its owner a note with ways to sign in or reset', async () => {
    const owner = await openSite(browser());
    const { email } = await signUpMember(owner.page);

    const { page, errors } = await openSite(browser());
    await submitSignUpForm(page, email, 'somebody else’s password');
    await expect.poll(() => page.getByRole('main').getByText(email).isVisible()).toBe(true);
    expect(await menuEntries(page)).toContain('Sign In');

    const note = await waitForMail(email, (m) => /tried to sign up/i.test(m.subject));
    expect(note.text).toMatch(/\/signin\b/);
    expect(note.text).toMatch(/\/forgot-password\b/);
    // The owner's account is as it was: still signed in, still their password.
    expect((await (await owner.page.request.get('/api/me')).json()).user).toMatchObject({ email });
    await page.goto('/signin');
    await signInViaForm(page, email, 'somebody else’s password');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Failed to sign in' }).isVisible()).toBe(true);
    expectNoPageErrors(errors);
  });

  it('says so when the account cannot be created', async () => {
    const { page } = await openSite(browser());
    await page.route('**/api/auth/sign-up/email', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'FAILED_TO_CREATE_USER', message: 'x' }),
      }),
    );
    await page.goto('/signup');
    await page.getByLabel('Email').fill(uniqueEmail('refused'));
    await page.getByLabel(PASSWORD_LABEL).fill(PASSWORD);
    await page.getByLabel('Password Confirmation').fill(PASSWORD);
    await page.getByRole('button', { name: 'I am indeed a person' }).click();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Failed to create an account' }).isVisible()).toBe(true);
    expect(page.url()).toContain('/signup');
  });
});
