import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAxeClean } from './support/a11y';
import { openSite, useBrowser } from './support/browser';
import { expectNoPageErrors, openPage } from './support/journey';
import { markPage, wasNotReloaded } from './support/live-page';
import { waitForMail } from './support/mail';
import { ADMIN_EMAIL, memberProfile, openAdminApi, signInAsAdmin, signUpMember, uniqueTag } from './support/members';

// Responding to a need (issue 26): a member commits from the need's page while another member watches what is
// still needed change without a reload; the responder withdraws and commits again; the asker closes the need.
// The asker is the admin here, whose requests go on the board at once.

const browser = useBrowser();

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

describe('responding to a need', () => {
  it('commits in one browser while another watches, withdraws, and the asker closes it', async () => {
    const title = `${uniqueTag('Meals')} for a family of five`;
    const admin = await openAdminApi();
    const asked = await admin.post('/api/needs', {
      data: {
        kind: 'meals',
        title,
        description: 'A family welcomed two brothers this week and would love a few evenings without cooking.',
        city: 'Springfield',
        state: 'MO',
        zip: '65802',
        urgency: 'normal',
        items: [{ name: 'Dinner for a family of 5', quantity: 4, unitValue: 40, note: 'Any evening next week' }],
        familyConsent: true,
      },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    const { id } = (await asked.json()) as { id: number };
    await admin.dispose();

    // Another member watches the need's page.
    const watcher = await openSite(browser());
    await signUpMember(watcher.page, { prefix: 'watcher', profile: memberProfile({ firstName: 'Wes', lastName: 'Watcher' }) });
    await openPage(watcher.page, `/needs/${id}`);
    await expect.poll(visible(watcher.page, '4 of 4 still needed')).toBe(true);
    await markPage(watcher.page);

    // The responder commits to two of the four evenings.
    const responder = await openSite(browser());
    const { email: responderEmail } = await signUpMember(responder.page, {
      prefix: 'responder',
      profile: memberProfile({ firstName: 'Rita', lastName: 'Responder' }),
    });
    const page = responder.page;
    await openPage(page, `/needs/${id}`);
    const panel = page.getByRole('region', { name: 'Help with this need' });
    await panel.getByLabel('How many of Dinner for a family of 5').waitFor();
    await expectAxeClean(page, 'the need’s page, to commit');
    await panel.getByLabel('How many of Dinner for a family of 5').fill('2');
    await panel.getByRole('button', { name: 'Commit to 2 of 4' }).click();
    await expect.poll(visible(page, /You committed to 2 of Dinner for a family of 5/)).toBe(true);

    // The watcher sees it at once, without a reload.
    await expect.poll(visible(watcher.page, '2 of 4 still needed')).toBe(true);
    expect(await wasNotReloaded(watcher.page)).toBe(true);

    // The asker is mailed (Reply-To the responder), the responder gets a confirmation (Reply-To the asker).
    const toAsker = await waitForMail(ADMIN_EMAIL, (m) => m.subject.includes(`committed to your request “${title}”`));
    expect(toAsker.subject).toContain('Rita Responder');
    expect(toAsker.parsed.replyTo?.text).toContain(responderEmail);
    const confirmation = await waitForMail(responderEmail, (m) => m.subject === `You committed to “${title}”`);
    expect(confirmation.text).toContain('Dinner for a family of 5: 2 of 4');
    expect(confirmation.parsed.replyTo?.text).toContain(ADMIN_EMAIL);

    // The responder promises to pray too, then withdraws the two evenings: the watcher sees them needed again.
    await panel.getByRole('button', { name: 'I will pray' }).click();
    await expect.poll(visible(page, 'You are praying for this need. Thank you.')).toBe(true);
    await expectAxeClean(page, 'the need’s page with the responder’s commitments');
    await panel.getByRole('button', { name: 'Withdraw: 2 of Dinner for a family of 5' }).click();
    await expect.poll(visible(watcher.page, '4 of 4 still needed')).toBe(true);
    await waitForMail(ADMIN_EMAIL, (m) => m.subject === `Rita Responder withdrew a commitment to “${title}”`);

    // All four evenings, then: nothing is left to commit to.
    await panel.getByLabel('How many of Dinner for a family of 5').fill('4');
    await panel.getByRole('button', { name: 'Commit to 4 of 4' }).click();
    await expect.poll(visible(watcher.page, 'Everything asked is committed. Thank you!')).toBe(true);
    expect(await wasNotReloaded(watcher.page)).toBe(true);

    // The asker closes it: met, with a thank-you (a phone number in it is refused, the field named).
    const asker = await openSite(browser());
    await signInAsAdmin(asker.page);
    await openPage(asker.page, `/needs/${id}`);
    await asker.page.getByRole('button', { name: 'Close this need' }).click();
    const dialog = asker.page.getByRole('dialog', { name: `Close “${title}”` });
    await dialog.getByLabel('Children it served').waitFor();
    await dialog.getByRole('radio', { name: 'Met', exact: true }).check();
    await dialog.getByLabel('Children it served').fill('2');
    await dialog.getByLabel('Thank-you (shown on the need)').fill('Thank you! Call us at 417-555-0100 any time.');
    await dialog.getByRole('button', { name: 'Close the need' }).click();
    await expect.poll(visible(asker.page, /Thank-you must not hold a phone number/)).toBe(true);
    await expectAxeClean(asker.page, 'the close dialog with a refused thank-you');
    await dialog.getByLabel('Thank-you (shown on the need)').fill('Thank you! The boys loved every dinner.');
    await dialog.getByRole('button', { name: 'Close the need' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Every open page hears of it: the commit forms go; the responder is told how it went.
    await expect.poll(() => watcher.page.getByRole('region', { name: 'Help with this need' }).count()).toBe(0);
    await expect.poll(visible(watcher.page, 'Thank you! The boys loved every dinner.')).toBe(true);
    expect(await wasNotReloaded(watcher.page)).toBe(true);
    const closed = await waitForMail(responderEmail, (m) => m.subject === `“${title}” is closed: met`);
    expect(closed.text).toContain('The boys loved every dinner.');

    expectNoPageErrors(watcher.errors);
    expectNoPageErrors(responder.errors);
    expectNoPageErrors(asker.errors);
  });
});
