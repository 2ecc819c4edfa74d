import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/shared/messages';
import { seriousViolations } from './support/a11y';
import { openApi, openSite, useBrowser } from './support/browser';
import { expectNoPageErrors } from './support/journey';
import { waitForMail } from './support/mail';
import { memberProfile, signUpMember, uniqueEmail, uniqueTag } from './support/members';

const STAFF = 'team@network.test';

const browser = useBrowser();

describe('the contact form', () => {
  it('signed out: Send appears only after “I am indeed human”; the team receives the message, replyTo the visitor, with the name', async () => {
    const { page, errors } = await openSite(browser());
    await page.goto('/contact');
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    expect(await page.getByRole('button', { name: 'Send' }).count()).toBe(0);
    expect(await seriousViolations(page), '/contact').toEqual([]);

    const tag = uniqueTag('C');
    const email = uniqueEmail('visitor');
    await page.getByLabel('Name').fill(`Vera Visitor ${tag}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Message').fill(`How can our church help? ${tag}\nWe have a big hall.`);
    await page.getByRole('button', { name: MESSAGES.humanButton }).click();
    const send = page.getByRole('button', { name: 'Send' });
    await send.waitFor();
    await expect.poll(() => send.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByRole('button', { name: MESSAGES.humanButton }).count()).toBe(0);
    await send.click();
    await page.getByText(MESSAGES.messageSent).waitFor();
    expect(await page.getByLabel('Message').inputValue()).toBe('');

    const mail = await waitForMail(STAFF, (m) => m.text.includes(tag));
    expect(mail.parsed.replyTo?.value[0]?.address).toBe(email);
    expect(mail.subject).toBe(`Foster Care Network contact page: message from Vera Visitor ${tag}`);
    expect(mail.text).toContain(`Vera Visitor ${tag} (${email}) wrote through the contact page`);
    expect(mail.text).toContain('We have a big hall.');
    expect(mail.text).toContain('Sent by a visitor who was not signed in.');
    expect(await seriousViolations(page), '/contact after sending').toEqual([]);
    expectNoPageErrors(errors);
  });

  it('shows each missing field beside it', async () => {
    const { page, errors } = await openSite(browser());
    await page.goto('/contact');
    await page.getByRole('button', { name: MESSAGES.humanButton }).click();
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Email is required').waitFor();
    await expect.poll(() => page.getByText('Message is required').isVisible()).toBe(true);
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    // The keyboard moves to the first field that needs attention (Name is optional).
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    expectNoPageErrors(errors);
  });

  it('signed in: the email is filled in and the human check is already satisfied', async () => {
    const { page, errors } = await openSite(browser(), { viewport: { width: 390, height: 844 } });
    const { email } = await signUpMember(page, { profile: memberProfile() });
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send' }).waitFor();
    expect(await page.getByRole('button', { name: MESSAGES.humanButton }).count()).toBe(0);
    await expect.poll(() => page.getByText('confirmed by your sign-in', { exact: false }).isVisible()).toBe(true);
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    expect(await page.getByLabel('Name').inputValue()).toBe('Mia Member');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page), '/contact signed in, on a phone').toEqual([]);

    const tag = uniqueTag('C');
    await page.getByLabel('Message').fill(`A member’s note ${tag}`);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText(MESSAGES.messageSent).waitFor();
    const mail = await waitForMail(STAFF, (m) => m.text.includes(tag));
    expect(mail.parsed.replyTo?.value[0]?.address).toBe(email);
    expect(mail.text).toContain(`Sent while signed in as the member ${email}.`);
    expectNoPageErrors(errors);
  });

  it('refuses a script posting straight to the API without the human token, or filling the hidden field', async () => {
    const api = await openApi();
    const body = { name: 'Bot', email: 'bot@example.org', message: 'Buy now' };
    const bare = await api.post('/api/contact', { data: body });
    expect(bare.status()).toBe(403);
    expect(await bare.json()).toMatchObject({ code: 'FORBIDDEN', fieldErrors: { humanToken: expect.any(String) } });
    const forged = await api.post('/api/contact', { data: { ...body, humanToken: `h1.${Date.now() + 60_000}.abc.def` } });
    expect(forged.status()).toBe(403);

    const { token } = (await (await api.post('/api/contact/human')).json()) as { token: string };
    const honeypot = await api.post('/api/contact', { data: { ...body, humanToken: token, website: 'http://spam.example' } });
    expect(honeypot.status()).toBe(400);
    await api.dispose();
  });
});
