import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/shared/messages';
import { expectAxeClean } from './support/a11y';
import { openSite, useBrowser } from './support/browser';
import { expectNoPageErrors, openPage } from './support/journey';
import { waitForMail } from './support/mail';
import { memberProfile, signInAsAdmin, signUpMember, uniqueEmail, uniqueTag } from './support/members';

// Issue 25's whole journey, across its parts: a member proposes a church and offers to keep its page → an admin
// approves it → a visitor finds it by ZIP code and on the map's churches layer (mouse and keyboard) → writes to
// it, and the member who keeps it receives the mail. In a town no other journey uses (Boise, Idaho).

const browser = useBrowser();
const TOWN = { city: 'Boise', state: 'Idaho', code: 'ID', zip: '83702' };

describe('a church joins the network and is found', () => {
  it('proposed by a member, approved by an admin, found by a visitor by ZIP and on the map, contacted', async () => {
    const name = `${uniqueTag('Treasure Valley')} Assembly`;
    const keeperEmail = uniqueEmail('keeper');

    // 1. A member proposes the church from the profile page and offers to keep its page.
    const member = await openSite(browser());
    await signUpMember(member.page, { email: keeperEmail, profile: memberProfile({ firstName: 'Kim', lastName: 'Keeper' }) });
    await openPage(member.page, '/update-profile');
    const section = member.page.getByRole('region', { name: 'Your church' });
    await section.getByLabel('Find your church').fill(name);
    await section.getByRole('button', { name: 'Propose a church that is not listed' }).click();
    const dialog = member.page.getByRole('dialog', { name: 'Propose a church' });
    await dialog.getByLabel('Church name').fill(name);
    await dialog.getByLabel('City').fill(TOWN.city);
    await dialog.getByLabel('State').selectOption({ label: TOWN.state });
    await dialog.getByLabel('ZIP code').fill(TOWN.zip);
    await dialog
      .getByRole('radiogroup', { name: /Assemblies of God/ })
      .getByRole('radio', { name: 'Yes', exact: true })
      .check();
    await dialog.getByLabel('I will keep its page').check();
    await dialog.getByRole('button', { name: 'Propose the church' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expectNoPageErrors(member.errors);
    await member.context.close();

    // Not public while it waits.
    const visitor = await openSite(browser());
    const waiting = await visitor.page.request.get(`/api/churches?zip=${TOWN.zip}&radius=10`);
    expect(JSON.stringify(await waiting.json())).not.toContain(name);

    // 2. An admin approves it from the proposals queue.
    const admin = await openSite(browser());
    await signInAsAdmin(admin.page);
    await openPage(admin.page, '/admin/churches');
    await admin.page.getByRole('heading', { level: 1, name: 'Churches' }).waitFor();
    const proposal = admin.page.getByRole('list', { name: 'Proposals' }).getByRole('listitem').filter({ hasText: name });
    await proposal.getByRole('button', { name: `Approve ${name}` }).click();
    await proposal.waitFor({ state: 'detached' });
    expectNoPageErrors(admin.errors);
    await admin.context.close();

    // 3. A visitor finds it from the landing page's box, by ZIP code, with its distance.
    const { page, errors } = visitor;
    await openPage(page, '/');
    const box = page.getByRole('region', { name: 'Find a church near you' });
    await box.getByLabel('ZIP code').fill(TOWN.zip);
    await box.getByRole('button', { name: 'Find churches' }).click();
    await page.getByRole('heading', { level: 1, name: 'Find a church' }).waitFor();
    const card = page.getByRole('article', { name });
    await card.waitFor();
    expect(await card.innerText()).toMatch(/\d+(\.\d)? miles?/);
    await expectAxeClean(page, 'the finder with results');

    // … and on the map's churches layer, by keyboard: the layer's radios, then the markers, then Enter.
    await openPage(page, '/');
    await page.getByRole('heading', { name: 'Children in foster care, state by state' }).scrollIntoViewIfNeeded();
    await page.getByRole('radio', { name: 'Children in foster care' }).focus();
    await page.keyboard.press('ArrowRight');
    const marker = page.getByRole('button', { name: new RegExp(`(${name}, Boise, ID|churches near Boise, ID)$`) });
    await marker.waitFor();
    await marker.focus();
    await page.keyboard.press('Enter');
    const link = page.getByRole('dialog').getByRole('link', { name });
    await link.waitFor();
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/churches\/\d+$/);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await expectAxeClean(page, "the church's page");

    // 4. The visitor writes to it; the member who keeps its page receives the message, with a Reply-To.
    const tag = uniqueTag('journey');
    const form = page.getByRole('form', { name: 'Contact this church' });
    await form.getByLabel('Name').fill('Vic Visitor');
    await form.getByLabel('Email').fill('vic.visitor@example.org');
    await form.getByLabel('Message').fill(`We would like to bring meals. ${tag}`);
    await form.getByRole('button', { name: MESSAGES.humanButton }).click();
    await form.getByRole('button', { name: 'Send' }).click();
    const mail = await waitForMail(keeperEmail, (m) => m.text.includes(tag));
    expect(mail.parsed.replyTo?.text).toContain('vic.visitor@example.org');
    expect(mail.text).toContain(name);
    expectNoPageErrors(errors);
  });
});
