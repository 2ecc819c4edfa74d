import { describe, expect, it, inject } from 'vitest';
import { openSite, useBrowser } from './support/browser';
import { seriousViolations } from './support/a11y';
import { expectNoPageErrors } from './support/journey';
import { waitForMail } from './support/mail';
import { memberProfile, signUpMember } from './support/members';

const browser = useBrowser();

describe('notification mail settings', () => {
  it('a member changes their mail settings and they stay changed after a reload', async () => {
    const member = await openSite(browser());
    await signUpMember(member.page, { prefix: 'notify-settings' });
    await member.page.goto('/dashboard');
    await member.page.getByRole('link', { name: 'Mail settings' }).click();
    await member.page.waitForURL(/\/settings\/notifications$/);
    await member.page.getByRole('heading', { level: 1, name: 'Mail settings' }).waitFor();

    const followed = member.page.getByRole('checkbox', { name: 'Responses in posts you follow' });
    const own = member.page.getByRole('checkbox', { name: 'Responses to your posts' });
    expect(await own.isChecked()).toBe(true);
    expect(await followed.isChecked()).toBe(true);
    expect(await member.page.getByRole('radio', { name: 'Once a week' }).isChecked()).toBe(true);
    expect(await seriousViolations(member.page)).toEqual([]);

    // Keyboard: Space toggles the checkbox; arrows move within the radio group.
    await followed.focus();
    await member.page.keyboard.press('Space');
    await member.page.getByRole('radio', { name: 'Once a week' }).focus();
    await member.page.keyboard.press('ArrowUp');
    await member.page.getByRole('button', { name: 'Save' }).click();
    await member.page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();

    await member.page.reload();
    await followed.waitFor();
    expect(await followed.isChecked()).toBe(false);
    expect(await own.isChecked()).toBe(true);
    expect(await member.page.getByRole('radio', { name: 'Once a day' }).isChecked()).toBe(true);
    expectNoPageErrors(member.errors);

    // Members only, like /profile: a visitor is sent to sign in and brought back.
    const visitor = await openSite(browser());
    await visitor.page.goto('/settings/notifications');
    await visitor.page.waitForURL(/\/signin\?next=%2Fsettings%2Fnotifications$/);
  });

  it('the mailed "Stop mail like this one" link asks first, stops that mail, and can be undone', async () => {
    const origin = inject('baseUrl');
    const author = await openSite(browser());
    const { email } = await signUpMember(author.page, {
      prefix: 'notify-unsub',
      profile: memberProfile({ firstName: 'Una', lastName: 'Author' }),
    });
    const title = `Car seats ${Date.now().toString(36)}`;
    const created = await author.page.request.post('/api/posts', {
      data: { category: 'General', title, body: 'Who has a spare?' },
      headers: { origin },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    const responder = await openSite(browser());
    await signUpMember(responder.page, { prefix: 'notify-unsub', profile: memberProfile({ firstName: 'Rae', lastName: 'Responder' }) });
    const responded = await responder.page.request.post(`/api/posts/${id}/responses`, {
      data: { body: 'I have one.' },
      headers: { origin },
    });
    expect(responded.status(), await responded.text()).toBe(201);

    const mail = await waitForMail(email, (m) => m.subject.includes(title));
    const stopLink = /Stop mail like this one:\s*(\S+)/.exec(mail.text)?.[1];
    expect(stopLink, mail.text).toMatch(/\/unsubscribe\?token=/);
    expect(mail.text).toContain(`${origin}/settings/notifications`);
    // The mail program's one-click header carries the same token, to the API.
    const header = mail.parsed.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '';
    const token = new URL(stopLink!).searchParams.get('token')!;
    expect(header).toContain(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`);

    // Opened signed out (another device): the page says what it will stop and changes nothing yet.
    const reader = await openSite(browser());
    const { pathname, search } = new URL(stopLink!);
    await reader.page.goto(pathname + search);
    await reader.page.getByText('Stop mail for: Responses to your posts?').waitFor();
    expect(await seriousViolations(reader.page)).toEqual([]);
    const prefs = async () =>
      ((await (await author.page.request.get('/api/notifications/preferences')).json()) as { mailResponse: boolean }).mailResponse;
    expect(await prefs()).toBe(true);

    await reader.page.getByRole('button', { name: 'Stop this mail' }).click();
    await reader.page.getByRole('status').filter({ hasText: 'you will no longer get mail for “Responses to your posts”' }).waitFor();
    expect(await prefs()).toBe(false);
    expect(await seriousViolations(reader.page)).toEqual([]);

    await reader.page.getByRole('button', { name: 'Undo' }).click();
    await reader.page.getByRole('status').filter({ hasText: 'you will get mail for “Responses to your posts” again' }).waitFor();
    expect(await prefs()).toBe(true);
    expect(await reader.page.getByRole('link', { name: 'Choose which mail you get' }).getAttribute('href')).toBe('/settings/notifications');

    // A link altered by hand: the server's own sentence.
    await reader.page.goto(`/unsubscribe?token=${encodeURIComponent(token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA'))}`);
    await reader.page.getByRole('alert').filter({ hasText: 'not made by this site' }).waitFor();
    expectNoPageErrors(reader.errors);
    expectNoPageErrors(author.errors);
  });
});
