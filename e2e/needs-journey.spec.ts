import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApi, openSite, useBrowser, type Session } from './support/browser';
import { expectNoPageErrors, openPage } from './support/journey';
import { markPage, wasNotReloaded } from './support/live-page';
import { waitForMail } from './support/mail';
import { memberProfile, openAdminApi, signUpMember, uniqueEmail, uniqueTag } from './support/members';

// The needs board's whole journey (issue 26), each step through the pages people use: a caseworker applies →
// an admin approves the account → the caseworker writes a need → the supervisor approves it from the mail → a
// nearby church's point person is mailed → a member of that church commits from the need's page while a visitor
// watches it fill without a reload → the caseworker marks it met → the landing band, the map layer and the church
// page count it. The church is in Boise, Idaho, where no other journey puts a church or a need.

const browser = useBrowser();
const PLACE = { city: 'Boise', state: 'ID', zip: '83702' };
const tag = uniqueTag('Journey');
const churchName = `${tag} Assembly`;
const title = `${tag} crib and car seat`;

let admin: APIRequestContext;
let churchId: number;
let pointPersonEmail: string;

/** A member signed up through the API (their own client), with the id the admin links them by. */
async function memberOf(prefix: string, firstName: string): Promise<{ api: APIRequestContext; email: string; uid: string }> {
  const api = await openApi();
  const { email, profile } = await signUpMember(api, { prefix, profile: memberProfile({ firstName, state: 'ID' }) });
  return { api, email, uid: profile!.uid };
}

beforeAll(async () => {
  // A church of the network in Boise that responds to needs, with its point person and a confirmed member.
  admin = await openAdminApi();
  const made = await admin.post('/api/admin/churches', {
    data: {
      name: churchName,
      ag: true,
      street: '1 Main St',
      ...PLACE,
      website: '',
      phone: '',
      languages: ['en'],
      description: '',
      offers: ['needs'],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  churchId = ((await made.json()) as { id: number }).id;
  const keeper = await memberOf('journey-keeper', 'Paula');
  pointPersonEmail = keeper.email;
  const assigned = await admin.put(`/api/admin/churches/${churchId}/point-persons`, { data: { uids: [keeper.uid] } });
  expect(assigned.status(), await assigned.text()).toBe(200);
  await keeper.api.dispose();
});

afterAll(async () => {
  await admin?.dispose();
});

type BandFigures = { needsMet: number; value: number };

/** The landing page's band for this year, as a visitor reads it. */
async function bandFigures(page: Page): Promise<BandFigures> {
  await openPage(page, '/');
  const band = page.getByRole('region', { name: /^Needs met in \d{4}$/ });
  await expect.poll(() => band.getByTestId('band-needs-met').innerText()).toMatch(/^\d[\d,]*$/);
  const read = async (id: string) => Number((await band.getByTestId(id).innerText()).replace(/[$,]/g, ''));
  return { needsMet: await read('band-needs-met'), value: await read('band-value') };
}

/** The map's needs layer: Idaho's marker, or none when Idaho has no open need. */
async function idahoMarker(page: Page) {
  await openPage(page, '/');
  await page.getByRole('heading', { name: 'Children in foster care, state by state' }).scrollIntoViewIfNeeded();
  await page.getByRole('group', { name: 'Map of the United States' }).waitFor();
  await page.getByRole('radiogroup', { name: 'Show on the map' }).getByText('Open needs').click();
  const layer = page.getByRole('group', { name: 'Open needs on the map' });
  await layer.waitFor();
  return layer.getByRole('button', { name: /^Idaho, \d+ open needs?$/ });
}

describe('the needs board, from a caseworker to a church and back', () => {
  let caseworker: Session;
  let caseworkerEmail: string;
  let supervisorEmail: string;
  let needId: number;
  let before: BandFigures;

  it('a caseworker applies and an admin approves the account', async () => {
    const visitor = await openSite(browser());
    before = await bandFigures(visitor.page);

    caseworker = await openSite(browser());
    caseworkerEmail = (await signUpMember(caseworker.page, { prefix: 'journey-caseworker' })).email;
    supervisorEmail = uniqueEmail('journey-supervisor');
    await openPage(caseworker.page, '/needs/new');
    await caseworker.page.getByRole('link', { name: 'Apply for a caseworker account' }).click();
    const form = caseworker.page.getByRole('form', { name: 'Apply as a caseworker' });
    await form.getByLabel(/^Your name/).fill(`Casey ${tag}`);
    await form.getByLabel(/^Agency/).fill('Ada County Child Welfare');
    await form.getByLabel(/^Supervisor's name/).fill('Sam Supervisor');
    await form.getByLabel(/^Supervisor's work email/).fill(supervisorEmail);
    await form.getByRole('button', { name: 'Apply' }).click();
    await caseworker.page.getByText('Your application waits for the network’s team').waitFor();

    const me = (await (await caseworker.page.request.get('/api/me')).json()) as { user: { id: string } };
    const approved = await admin.post(`/api/admin/caseworkers/${me.user.id}/approve`);
    expect(approved.status(), await approved.text()).toBe(200);
    await waitForMail(caseworkerEmail, (m) => m.subject === 'Your caseworker account is approved');
  });

  it('the caseworker writes a need, the supervisor approves it from the mail, the church near it is told', async () => {
    const { page } = caseworker;
    await openPage(page, '/needs/new');
    const form = page.getByRole('form', { name: 'Send the request' });
    await form.getByLabel('Kind of need').selectOption({ label: 'Physical items' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Description').fill('A baby girl arrives this week; the family has nothing for an infant yet.');
    await form.getByLabel('Town').fill(PLACE.city);
    await form.getByLabel('State').selectOption({ label: 'Idaho' });
    await form.getByLabel('ZIP code').fill(PLACE.zip);
    await form.getByLabel('Needed').selectOption({ label: 'Within 72 hours' });
    await form.getByRole('textbox', { name: 'Item' }).fill('Crib');
    await form.getByRole('textbox', { name: 'Value of one, in dollars' }).fill('150');
    await form.getByRole('button', { name: 'Add an item' }).click();
    await form.getByRole('textbox', { name: 'Item' }).nth(1).fill('Infant car seat');
    await form.getByRole('textbox', { name: 'Value of one, in dollars' }).nth(1).fill('90');
    await form.getByLabel(/The family agreed to this request/).check();
    await form.getByRole('button', { name: 'Send the request' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your requests' }).waitFor();
    const mine = page.getByRole('listitem').filter({ hasText: title });
    await mine.waitFor();
    needId = Number((await mine.getByRole('link').first().getAttribute('href'))!.split('/').pop());

    // The supervisor opens the single-use link from the mail, signed in as nobody, and approves.
    const mail = await waitForMail(supervisorEmail, (m) => m.text.includes(title));
    const link = mail.text.match(/https?:\/\/\S+(\/needs\/approve\/[A-Za-z0-9_-]{43})/)![1]!;
    const supervisor = await openSite(browser());
    await openPage(supervisor.page, link);
    await supervisor.page.getByRole('button', { name: 'Approve the request' }).click();
    await supervisor.page.getByText('Thank you: the request is approved.').waitFor();

    // The church's point person, 0 miles away, hears of it by mail (the routing job runs when a need opens).
    const told = await waitForMail(pointPersonEmail, (m) => m.text.includes(title));
    expect(told.text).toContain(`/needs/${needId}`);
    expectNoPageErrors(supervisor.errors);
  });

  it("a member of the church commits while a visitor watches it fill; the map's layer shows it open", async () => {
    const visitor = await openSite(browser());
    expect(Number(await (await idahoMarker(visitor.page)).getAttribute('data-count'))).toBeGreaterThanOrEqual(1);
    await openPage(visitor.page, `/needs/${needId}`);
    await visitor.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await markPage(visitor.page);

    // A member of the church (confirmed by the admin's link), signed in in their own browser.
    const helper = await openSite(browser());
    const { profile } = await signUpMember(helper.page, {
      prefix: 'journey-member',
      profile: memberProfile({ firstName: 'Mia', state: 'ID' }),
    });
    const linked = await admin.post(`/api/admin/churches/${churchId}/link`, { data: { uid: profile!.uid } });
    expect(linked.status(), await linked.text()).toBe(200);
    await openPage(helper.page, `/needs/${needId}`);
    const panel = helper.page.getByRole('region', { name: 'Help with this need' });
    for (const item of ['Crib', 'Infant car seat']) {
      // Each item has its form, named by the item (both buttons read "Commit to 1 of 1").
      const form = panel.getByRole('form', { name: item });
      await form.getByLabel(`How many of ${item}`).fill('1');
      await form.getByRole('button', { name: 'Commit to 1 of 1' }).click();
      // Listed under "Your commitments", for the church the member belongs to (the item's form goes once it is met).
      await expect.poll(() => panel.getByText(`1 of ${item} (${churchName})`).isVisible()).toBe(true);
    }
    await expect.poll(() => visitor.page.getByText('$240 of $240 committed').first().isVisible()).toBe(true);
    expect(await wasNotReloaded(visitor.page)).toBe(true);
    // Visitors see the church that committed, never a name.
    await expect.poll(() => visitor.page.getByText(churchName).first().isVisible()).toBe(true);
    expectNoPageErrors(helper.errors);
    expectNoPageErrors(visitor.errors);
  });

  it('the caseworker marks it met; the landing band, the map layer and the church page count it', async () => {
    const { page, errors } = caseworker;
    await openPage(page, `/needs/${needId}`);
    await page.getByRole('button', { name: 'Close this need' }).click();
    const dialog = page.getByRole('dialog', { name: `Close “${title}”` });
    await dialog.getByRole('radio', { name: 'Met', exact: true }).check();
    await dialog.getByLabel('Children it served').fill('3');
    await dialog.getByLabel('Thank-you (shown on the need)').fill('Thank you, the baby sleeps safe and sound.');
    await dialog.getByRole('button', { name: 'Close the need' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Thank you, the baby sleeps safe and sound.').first().waitFor();
    expectNoPageErrors(errors);

    const visitor = await openSite(browser());
    // The band counts the need and its $240. A new visitor each time: a browser may keep the figures a minute.
    await expect
      .poll(
        async () => {
          const fresh = await openSite(browser());
          const after = await bandFigures(fresh.page);
          await fresh.context.close();
          return [after.needsMet - before.needsMet >= 1, after.value - before.value >= 240];
        },
        { timeout: 45_000, interval: 5_000 },
      )
      .toEqual([true, true]);
    // Idaho has no open need left on the map's layer.
    expect(await (await idahoMarker(visitor.page)).count()).toBe(0);
    // The church's page counts the need it met, the children it served and the value it gave.
    await openPage(visitor.page, `/churches/${churchId}`);
    await expect.poll(() => visitor.page.getByTestId('church-needs-met').innerText()).toBe('1 of 1 responded to');
    expect(await visitor.page.getByTestId('church-needs-children').innerText()).toBe('3');
    expect(await visitor.page.getByTestId('church-needs-value').innerText()).toBe('$240');
    expectNoPageErrors(visitor.errors);
  });
});
