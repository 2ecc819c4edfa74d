import { describe, expect, inject, it } from 'vitest';
import { EMAIL_LINK_MESSAGES } from '../src/shared/account';
import { seriousViolations } from './support/a11y';
import { openSite, useBrowser } from './support/browser';
import { uniqueEmail } from './support/members';
import { expectNoPageErrors, signUpViaForm } from './support/journey';
import { waitForEmailLink, waitForMail } from './support/mail';

const browser = useBrowser();

describe('a new member confirms their address', () => {
  it('signs up, is told what waits for the mailed link, opens it, and is then listed in the directory', async () => {
    const { page, errors } = await openSite(browser());
    const email = uniqueEmail('confirm');
    const lastName = `Linkfollower${Date.now().toString(36)}`;
    await signUpViaForm(page, email);

    // The profile can be filled before confirming.
    const saved = await page.request.put('/api/profile', {
      data: { firstName: 'Lena', lastName, phone: '4175550123', state: 'MO', agAffiliated: 'Yes' },
      headers: { origin: inject('baseUrl') },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    await page.goto('/dashboard');
    const notice = page.locator('[data-email-unconfirmed]');
    await expect.poll(() => notice.getByText(EMAIL_LINK_MESSAGES.places.dashboard).isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/directory');
    await expect.poll(() => page.getByText(EMAIL_LINK_MESSAGES.places.directory).isVisible()).toBe(true);
    await page.goto('/discuss');
    await expect.poll(() => page.getByText(EMAIL_LINK_MESSAGES.places.forum).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Write a new post' }).count()).toBe(0);

    // "Send the link again": a second mail; the newest link is the one that works.
    const firstLink = await waitForEmailLink(email);
    expect((await waitForMail(email)).text).toContain('Confirm my email address');
    await page.getByRole('button', { name: 'Send the link again' }).click();
    await expect.poll(() => page.getByRole('status').getByText(`Sent. Check your inbox at ${email}.`).isVisible()).toBe(true);
    let link = firstLink;
    await expect.poll(async () => (link = await waitForEmailLink(email))).not.toBe(firstLink);

    await page.goto(link);
    await expect.poll(() => page.getByText(EMAIL_LINK_MESSAGES.confirmed).isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Open the directory' }).click();
    await page.waitForURL('**/directory');
    await page.getByLabel('Search members').fill(lastName);
    await page.getByLabel('Search members').press('Enter');
    await expect.poll(() => page.getByRole('heading', { name: `Lena ${lastName}` }).isVisible()).toBe(true);
    expect(await page.getByText(EMAIL_LINK_MESSAGES.places.directory).count()).toBe(0);

    // The link works once.
    await page.goto(link);
    await expect.poll(() => page.getByRole('alert').getByText(EMAIL_LINK_MESSAGES.invalidLink).isVisible()).toBe(true);
    expectNoPageErrors(errors);
  });
});

describe('a visitor who wants to post', () => {
  it("sees the spec's message with ways to sign in and to sign up", async () => {
    const { page, errors } = await openSite(browser());
    await page.goto('/discuss');
    await expect.poll(() => page.getByText('You need a profile to post. You can create one in your dashboard.').isVisible()).toBe(true);
    const gate = page.locator('[data-needs-profile]');
    expect(await gate.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toMatch(/^\/signin/);
    expect(await gate.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expectNoPageErrors(errors);
  });
});
