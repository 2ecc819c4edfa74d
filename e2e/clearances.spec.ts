import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAxeClean } from './support/a11y';
import { openApi, openSite, useBrowser, type Session } from './support/browser';
import { expectNoPageErrors, openPage } from './support/journey';
import { markPage, wasNotReloaded } from './support/live-page';
import { memberProfile, openAdminApi, signInAsAdmin, signUpMember, uniqueTag } from './support/members';

// Clearances (issue 27): a member accepts the confidentiality agreement on their own page; an admin records a
// background check from the admin section and the member's open page shows it without a reload; a church's point
// person records a training for a confirmed member of their church. Each form says that only statuses and dates
// are kept. Every page is clean under axe at a phone's and a desktop's width.

const browser = useBrowser();
const ONLY_DATES = /The site keeps only the status and the dates/;
let adminApi: APIRequestContext;

beforeAll(async () => {
  adminApi = await openAdminApi();
});

afterAll(async () => {
  await adminApi?.dispose();
});

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();
const today = () => new Date().toISOString().slice(0, 10);

/** The card of one requirement on the member's page. */
const requirementCard = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });

describe("a member's clearances", () => {
  let member: Session;
  let lastName: string;

  it('the member accepts the agreement; an admin records a background check, which the open page shows at once', async () => {
    member = await openSite(browser());
    lastName = uniqueTag('Clear');
    await signUpMember(member.page, { prefix: 'cleared', profile: memberProfile({ firstName: 'Carla', lastName }) });
    const { page } = member;
    await openPage(page, '/care/clearances');
    await page.getByRole('heading', { level: 1, name: 'Your clearances' }).waitFor();
    await expect.poll(() => page.getByLabel(/^Loading/).count()).toBe(0);
    expect(await page.getByText(ONLY_DATES).count()).toBeGreaterThan(0);
    await expectAxeClean(page, 'the member’s clearances', { noSidewaysScroll: true });

    // The agreement's text, its box and its button: nothing is recorded until the box is ticked.
    const agreement = requirementCard(page, 'Confidentiality agreement');
    await agreement.getByRole('button', { name: 'Accept the agreement' }).click();
    await agreement.getByText('Tick the box to agree.').waitFor();
    await agreement.getByLabel("I agree to keep this family's information confidential").check();
    await agreement.getByRole('button', { name: 'Accept the agreement' }).click();
    await agreement.getByText('Thank you: the agreement is recorded.').waitFor();
    await expect.poll(() => agreement.getByText('Cleared', { exact: true }).isVisible()).toBe(true);
    await expect.poll(visible(page, 'Seeing a family’s details: you have what it needs.')).toBe(true);
    await expectAxeClean(page, 'the member’s clearances, agreement accepted');
    await markPage(page);

    // The admin finds the member in the Clearances section and records a background check.
    const admin = await openSite(browser());
    await signInAsAdmin(admin.page);
    await admin.page.goto('/admin');
    await admin.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Clearances' }).click();
    await admin.page.getByRole('heading', { level: 1, name: 'Clearances' }).waitFor();
    await expect.poll(() => admin.page.getByLabel(/^Loading/).count()).toBe(0);
    const search = admin.page.getByRole('search', { name: "Search the members' records" });
    await search.getByLabel('Name').fill(lastName);
    await search.getByRole('button', { name: 'Search' }).click();
    await expect.poll(visible(admin.page, '1 member')).toBe(true);
    await expectAxeClean(admin.page, 'the admin’s clearances', { noSidewaysScroll: true });
    await admin.page.getByRole('button', { name: `Record a clearance for Carla ${lastName}` }).click();
    const form = admin.page.getByRole('form', { name: `Clearance record for Carla ${lastName}` });
    expect(await form.getByText(ONLY_DATES).count()).toBe(1);
    await form.getByLabel('Requirement').selectOption({ label: 'Background check' });
    await form.getByLabel('Status').selectOption({ label: 'Cleared' });
    await form.getByLabel('Completed on').fill(today());
    await expectAxeClean(admin.page, 'the admin’s record form');
    await form.getByRole('button', { name: 'Save the record' }).click();
    await expect.poll(() => form.count()).toBe(0);

    // The member's open page shows it without a reload.
    const check = requirementCard(page, 'Background check');
    await expect.poll(() => check.getByText('Cleared', { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await wasNotReloaded(page)).toBe(true);
    expectNoPageErrors(member.errors);
    expectNoPageErrors(admin.errors);
  });

  it('the admin adds a requirement with its Spanish name and description, and archives it', async () => {
    const admin = await openSite(browser());
    await signInAsAdmin(admin.page);
    await openPage(admin.page, '/admin/clearances');
    await admin.page.getByRole('heading', { level: 1, name: 'Clearances' }).waitFor();
    const name = `${uniqueTag('Course')} first aid`;
    await admin.page.getByRole('button', { name: 'Add a requirement' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Add a requirement' });
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel(/^Name in Spanish/).fill(`${name} en español`);
    await dialog.getByLabel('Description', { exact: true }).fill('A two-hour first-aid course.');
    await dialog.getByLabel(/^Description in Spanish/).fill('Un curso de primeros auxilios de dos horas.');
    await dialog.getByLabel(/^Months valid/).fill('200');
    await dialog.getByRole('button', { name: 'Add the requirement' }).click();
    await dialog.getByText('Months valid must be at most 120').waitFor();
    await dialog.getByLabel(/^Months valid/).fill('24');
    await expectAxeClean(admin.page, 'the requirement form');
    await dialog.getByRole('button', { name: 'Add the requirement' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    // The form edits both names.
    await admin.page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = admin.page.getByRole('dialog', { name: `Edit ${name}` });
    await expect.poll(() => edit.getByLabel(/^Name in Spanish/).inputValue()).toBe(`${name} en español`);
    await edit.getByRole('button', { name: 'Close' }).click();
    await admin.page.getByRole('button', { name: `Archive ${name}` }).click();
    await admin.page.getByRole('button', { name: `Restore ${name}` }).waitFor();
    expectNoPageErrors(admin.errors);
  });
});

describe("a church's point person", () => {
  it("records a training for a confirmed member of the church from the church's page", async () => {
    const tag = uniqueTag('Kept');
    const made = await adminApi.post('/api/admin/churches', {
      data: {
        name: `${tag} Assembly`,
        ag: true,
        street: '1 Main St',
        city: 'Springfield',
        state: 'MO',
        zip: '65802',
        website: '',
        phone: '',
        languages: ['en'],
        description: '',
        offers: ['needs'],
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const churchId = ((await made.json()) as { id: number }).id;

    const keeper = await openSite(browser());
    const kept = await signUpMember(keeper.page, { prefix: 'keeper', profile: memberProfile({ firstName: 'Paula', lastName: tag }) });
    const assigned = await adminApi.put(`/api/admin/churches/${churchId}/point-persons`, { data: { uids: [kept.profile!.uid] } });
    expect(assigned.status(), await assigned.text()).toBe(200);

    const api = await openApi();
    const { profile } = await signUpMember(api, { prefix: 'respite', profile: memberProfile({ firstName: 'Rosa', lastName: tag }) });
    const claimed = await api.put('/api/me/church', { data: { churchId } });
    expect(claimed.status(), await claimed.text()).toBe(200);
    await api.dispose();
    const confirmed = await adminApi.post(`/api/churches/${churchId}/members/${profile!.uid}/confirm`);
    expect(confirmed.status(), await confirmed.text()).toBe(200);

    const { page } = keeper;
    await openPage(page, `/churches/${churchId}/manage`);
    const section = page.getByRole('region', { name: 'Clearances' });
    await section.getByText(`Rosa ${tag}`).waitFor();
    await expectAxeClean(page, 'the church’s page with its clearances');
    await section.getByRole('button', { name: `Record a clearance for Rosa ${tag}` }).click();
    const form = section.getByRole('form', { name: `Clearance record for Rosa ${tag}` });
    expect(await form.getByText(ONLY_DATES).count()).toBe(1);
    await form.getByLabel('Requirement').selectOption({ label: 'Respite care training' });
    await form.getByLabel('Completed on').fill(today());
    await form.getByRole('button', { name: 'Save the record' }).click();
    await expect.poll(() => form.count()).toBe(0);
    const rosa = section
      .getByRole('listitem')
      .filter({ hasText: `Rosa ${tag}` })
      .first();
    const training = rosa.getByRole('listitem').filter({ hasText: 'Respite care training' });
    await expect.poll(async () => (await training.innerText()).replace(/\s+/g, ' ')).toMatch(/^Respite care training: Cleared/i);
    expectNoPageErrors(keeper.errors);
  });
});
