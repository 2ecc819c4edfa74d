import { describe, expect, inject, it } from 'vitest';
import { expectAxeClean, seriousViolations } from './support/a11y';
import { openSite, useBrowser } from './support/browser';
import { expectNoPageErrors, openPage } from './support/journey';
import { waitForMail } from './support/mail';
import { memberProfile, openAdminApi, signUpMember, uniqueTag } from './support/members';

// Members and point persons (issue 25): a member proposes a church from the profile page and keeps its page.

const browser = useBrowser();

describe('a member and their church', () => {
  it('proposes a church from the profile page, then keeps its page while it waits for approval', async () => {
    const { page, errors } = await openSite(browser());
    await signUpMember(page, { prefix: 'proposer', profile: memberProfile({ firstName: 'Paula', lastName: 'Proposer' }) });
    await openPage(page, '/update-profile');
    const section = page.getByRole('region', { name: 'Your church' });
    await section.getByLabel('Find your church').waitFor();

    // Nothing of the network matches yet: the member proposes it.
    const name = `${uniqueTag('Nueva Vida')} Iglesia`;
    await section.getByLabel('Find your church').fill(name);
    await expect.poll(() => section.getByText(/No church of the network matches/).isVisible()).toBe(true);
    await expectAxeClean(page, 'the profile page with the church picker');
    await page.setViewportSize({ width: 1280, height: 900 });
    await section.getByRole('button', { name: 'Propose a church that is not listed' }).click();

    const dialog = page.getByRole('dialog', { name: 'Propose a church' });
    await dialog.getByLabel('Church name').waitFor();
    // Checked before anything is sent, each note beside its field.
    await dialog.getByRole('button', { name: 'Propose the church' }).click();
    await expect.poll(() => dialog.getByText('Church name is required').isVisible()).toBe(true);
    await dialog.getByLabel('Church name').fill(name);
    await dialog.getByLabel('City').fill('Dallas');
    await dialog.getByLabel('State').selectOption({ label: 'Texas' });
    // A ZIP code of another state: the server says so on the field.
    await dialog.getByLabel('ZIP code').fill('65802');
    await dialog
      .getByRole('radiogroup', { name: /Assemblies of God/ })
      .getByRole('radio', { name: 'Yes', exact: true })
      .check();
    await dialog.getByLabel('I will keep its page').check();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Propose the church' }).click();
    await expect.poll(() => dialog.getByText('This ZIP code is not in Texas.').isVisible()).toBe(true);
    await dialog.getByLabel('ZIP code').fill('75211');
    await dialog.getByRole('button', { name: 'Propose the church' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await expect.poll(() => section.getByText(name).first().isVisible()).toBe(true);
    await expect.poll(() => section.getByText('You proposed this church').isVisible()).toBe(true);
    await expectAxeClean(page, 'the profile page with the member’s church');
    await page.setViewportSize({ width: 1280, height: 900 });
    // The team hears of it.
    const alert = await waitForMail('team@network.test', (m) => m.subject.includes(name));
    expect(alert.text).toContain('Paula Proposer');

    // The proposer keeps its page: the address and what it offers, filled in while an admin looks at it.
    await section.getByRole('link', { name: `Manage ${name} (waiting for approval)` }).click();
    await page.waitForURL(/\/churches\/\d+\/manage$/);
    const form = page.getByRole('form', { name: 'The church’s page' });
    await form.getByLabel('Street address').waitFor();
    await expect.poll(() => page.getByText('waiting for approval').first().isVisible()).toBe(true);
    await form.getByLabel('Street address').fill('2415 W Jefferson Blvd');
    await form.getByRole('checkbox', { name: 'Spanish (Español)' }).check();
    await form.getByRole('checkbox', { name: 'Respite nights' }).check();
    await form.getByLabel('Its foster-care ministry').fill('Noches de descanso para padres de acogida.');
    await form.getByRole('button', { name: 'Save the page' }).click();
    await expect.poll(() => page.getByText('The church’s page has been saved.').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Paula Proposer').first().isVisible()).toBe(true);
    await expectAxeClean(page, 'the point person’s page');

    // The dashboard links to it.
    await openPage(page, '/dashboard');
    await expect.poll(() => page.getByRole('link', { name: `Manage ${name}` }).isVisible()).toBe(true);
    expectNoPageErrors(errors);
  });

  it('refuses the point person’s page to a member who does not keep the church', async () => {
    const owner = await openSite(browser());
    await signUpMember(owner.page, { prefix: 'owner', profile: memberProfile() });
    const proposed = await owner.page.request.post('/api/churches/proposals', {
      data: { name: `${uniqueTag('Kept')} Chapel`, city: 'Springfield', state: 'MO', zip: '65802', ag: true, pointPerson: true },
      headers: { origin: inject('baseUrl') },
    });
    const id = ((await proposed.json()) as { keeps: Array<{ id: number }> }).keeps[0]!.id;
    await owner.context.close();

    const { page, errors } = await openSite(browser());
    await signUpMember(page, { prefix: 'stranger', profile: memberProfile() });
    await openPage(page, `/churches/${id}/manage`);
    await expect.poll(() => page.getByText('Only the point persons of this church and admins can manage its page.').isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    expectNoPageErrors(errors);
  });

  it('a point person of an active church confirms a member’s claim and edits the page', async () => {
    // A church proposed by its point person and approved by an admin.
    const keeper = await openSite(browser());
    await signUpMember(keeper.page, { prefix: 'keeper', profile: memberProfile({ firstName: 'Kim', lastName: 'Keeper' }) });
    const name = `${uniqueTag('Central')} Assembly of God`;
    const proposed = await keeper.page.request.post('/api/churches/proposals', {
      data: { name, city: 'Springfield', state: 'MO', zip: '65802', ag: true, pointPerson: true },
      headers: { origin: inject('baseUrl') },
    });
    expect(proposed.status(), await proposed.text()).toBe(201);
    const id = ((await proposed.json()) as { keeps: Array<{ id: number }> }).keeps[0]!.id;
    const admin = await openAdminApi();
    const approved = await admin.post(`/api/admin/churches/${id}/approve`, { data: {} });
    expect(approved.status(), await approved.text()).toBe(200);
    await admin.dispose();

    // A member finds it by name on the profile page and says it is theirs.
    const joiner = await openSite(browser());
    const { email: joinerEmail } = await signUpMember(joiner.page, {
      prefix: 'joiner',
      profile: memberProfile({ firstName: 'Jo', lastName: 'Joiner', city: 'Nixa', fosterParent: 'Yes', numberOfFosterKids: 2 }),
    });
    await openPage(joiner.page, '/update-profile');
    const section = joiner.page.getByRole('region', { name: 'Your church' });
    await section.getByLabel('Find your church').fill(name);
    await section.getByRole('button', { name: `${name} is my church` }).click();
    await expect.poll(() => section.getByText('waiting for confirmation').isVisible()).toBe(true);

    // Its point person confirms the claim: name, city and role, never an address.
    await openPage(keeper.page, `/churches/${id}/manage`);
    const joinerRow = keeper.page.getByRole('listitem').filter({ hasText: 'Jo Joiner' });
    await joinerRow.waitFor();
    expect(await joinerRow.textContent()).toContain('Nixa, MO · Foster parent');
    expect(await keeper.page.content()).not.toContain(joinerEmail);
    await expectAxeClean(keeper.page, 'the point person’s page with a member waiting');
    await keeper.page.setViewportSize({ width: 1280, height: 900 });
    await joinerRow.getByRole('button', { name: 'Confirm Jo Joiner' }).click();
    await expect.poll(() => joinerRow.getByText('confirmed', { exact: true }).isVisible()).toBe(true);

    // And edits the page.
    const form = keeper.page.getByRole('form', { name: 'The church’s page' });
    await form.getByLabel('Street address').fill('1301 N Boonville Ave');
    await form.getByRole('checkbox', { name: 'Care teams' }).check();
    await form.getByRole('button', { name: 'Save the page' }).click();
    await expect.poll(() => keeper.page.getByText('The church’s page has been saved.').isVisible()).toBe(true);
    await expectAxeClean(keeper.page, 'the point person’s page');

    // The member sees the claim confirmed, without reloading.
    await expect.poll(() => section.getByText('confirmed', { exact: true }).isVisible()).toBe(true);
    expectNoPageErrors(keeper.errors);
    expectNoPageErrors(joiner.errors);
  });
});
