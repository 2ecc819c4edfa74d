import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '../src/shared/messages';
import { seriousViolations } from './support/a11y';
import { openSite, type Session, useBrowser } from './support/browser';
import { expectNoPageErrors } from './support/journey';
import { waitForMail } from './support/mail';
import { signInAsAdmin, signUpMember, type ProfileFields, uniqueTag } from './support/members';

const browser = useBrowser();

/** A listed member (ag_affiliated Yes) with everything private filled in. */
function listedProfile(overrides: ProfileFields): ProfileFields {
  return {
    firstName: 'Test',
    lastName: 'Member',
    phone: '(417) 555-0100',
    state: 'MO',
    city: 'Springfield',
    agAffiliated: 'Yes',
    streetAddress: '1 Private Road',
    userZip: '65802',
    ...overrides,
  };
}

/** Members made in their own browser contexts, which are then closed. */
async function makeMember(profile: ProfileFields): Promise<string> {
  const s = await openSite(browser());
  const { email } = await signUpMember(s.page, { profile });
  await s.context.close();
  return email;
}

/** Everything the page sent and received: URLs, request bodies and response bodies. */
function recordTraffic(page: Page) {
  const traffic: string[] = [];
  page.on('request', (req) => {
    traffic.push(req.url());
    const data = req.postData();
    if (data) traffic.push(data);
  });
  page.on('response', async (res) => {
    traffic.push(JSON.stringify(await res.allHeaders()));
    if ((res.headers()['content-type'] ?? '').includes('event-stream')) return;
    try {
      traffic.push((await res.body()).toString('latin1'));
    } catch {
      // a redirect or a page closed meanwhile has no body to read
    }
  });
  return traffic;
}

const cards = (page: Page) => page.getByRole('list', { name: 'Members' }).getByRole('article');
const status = (page: Page) => page.getByRole('status').filter({ hasText: 'by last name' });

async function search(page: Page, words: string) {
  await page.getByLabel('Search members').fill(words);
  await page.getByLabel('Search members').press('Enter');
}

describe('the member directory', () => {
  it('A writes to B from B’s card: B receives it, replyTo A, and B’s address never reaches A', async () => {
    const tag = uniqueTag('Q');
    const bPhone = '4175550177';
    const bStreet = `77 Hidden Hollow ${tag}`;
    const bEmail = await makeMember(
      listedProfile({
        firstName: 'Bea',
        lastName: `Recipient${tag}`,
        phone: bPhone,
        streetAddress: bStreet,
        city: 'Joplin',
        church: 'Harbor Assembly',
        agChurch: 'Yes',
        fosterParent: 'Yes',
        orgOther: 'Hope Family Services',
        orgOtherTitle: 'Volunteer',
        orgOtherUrl: 'hope.example.org',
        comments: 'Happy to help with respite care.',
      }),
    );

    const a: Session = await openSite(browser());
    const traffic = recordTraffic(a.page);
    const { email: aEmail } = await signUpMember(a.page, { profile: listedProfile({ firstName: 'Alma', lastName: `Author${tag}` }) });
    await a.page.goto('/directory');
    await search(a.page, tag);
    await expect.poll(() => cards(a.page).count()).toBe(2);
    await a.page.waitForURL(`**/directory?q=${tag}`);

    const card = a.page.getByRole('article', { name: `Bea Recipient${tag}` });
    await expect.poll(() => card.getByText('Joplin, Missouri').isVisible()).toBe(true);
    await expect.poll(() => card.getByText('Foster Parent', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => card.getByText('AG church', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText('AG Credentialed').count()).toBe(0);
    // Their own card has no box to write to oneself.
    const own = a.page.getByRole('article', { name: `Alma Author${tag}` });
    await expect.poll(() => own.getByText('This is you.').isVisible()).toBe(true);
    expect(await own.getByRole('button', { name: /^Email/ }).count()).toBe(0);

    // Details open and close with a button that says whether they are shown.
    const details = card.getByRole('button', { name: `Details about Bea Recipient${tag}` });
    expect(await details.getAttribute('aria-expanded')).toBe('false');
    await details.click();
    expect(await details.getAttribute('aria-expanded')).toBe('true');
    await card.getByText('Harbor Assembly').waitFor();
    await expect.poll(() => card.getByText('Volunteer', { exact: false }).isVisible()).toBe(true);
    const link = card.getByRole('link', { name: 'hope.example.org' });
    expect(await link.getAttribute('href')).toBe('https://hope.example.org/');
    expect(await link.getAttribute('rel')).toContain('noopener');
    await expect.poll(() => card.getByText('Happy to help with respite care.').isVisible()).toBe(true);

    // The email box.
    const toggle = card.getByRole('button', { name: 'Email Bea' });
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const box = card.getByLabel(`Message to Bea Recipient${tag}`);
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await seriousViolations(a.page), '/directory with a card open').toEqual([]);
    // Nothing typed: the field says so, nothing is sent.
    await card.getByRole('button', { name: 'Send' }).click();
    await card.getByText('Message is required').waitFor();
    const words = `Could you help with a ride on Sunday? ${tag}`;
    await box.fill(words);
    await card.getByRole('button', { name: 'Send' }).click();
    await card.getByRole('status').getByText(MESSAGES.emailSent).waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    const mail = await waitForMail(bEmail, (m) => m.text.includes(tag));
    expect(mail.parsed.replyTo?.value[0]?.address).toBe(aEmail);
    expect(mail.subject).toBe(`Alma Author${tag} wrote to you through the Foster Care Network`);
    expect(mail.text).toContain(words);
    expect(mail.text).toContain(`Alma Author${tag}, a member of the Foster Care Network`);

    // B's address, phone and street are nowhere in A's page or in anything A's browser sent or received.
    const html = await a.page.content();
    for (const secret of [bEmail, bPhone, bStreet, '(417) 555-0177']) {
      expect(html.includes(secret), `${secret} in the page`).toBe(false);
      expect(
        traffic.filter((t) => t.includes(secret)),
        `${secret} in the traffic`,
      ).toEqual([]);
    }
    expect(traffic.some((t) => t.includes(`Recipient${tag}`))).toBe(true);
    expectNoPageErrors(a.errors);
    await a.context.close();
  });

  it('each filter and the search narrow the list; the address keeps them; Show all clears them', async () => {
    const town = uniqueTag('Q');
    const base = { city: town };
    await makeMember(listedProfile({ ...base, firstName: 'Fran', lastName: 'Foster', fosterParent: 'Yes', state: 'MO' }));
    await makeMember(listedProfile({ ...base, firstName: 'Cy', lastName: 'Credentialed', agCredentialed: 'Yes', state: 'TX' }));
    await makeMember(
      listedProfile({ ...base, firstName: 'Bo', lastName: 'Both', fosterParent: 'Yes', agCredentialed: 'Yes', state: 'MO' }),
    );
    await makeMember(listedProfile({ ...base, firstName: 'Nel', lastName: 'Neither', state: 'KS', fosterParent: 'No' }));
    await makeMember(listedProfile({ ...base, firstName: 'Ned', lastName: 'Unlisted', agAffiliated: 'No', fosterParent: 'Yes' }));

    const m = await openSite(browser());
    await signUpMember(m.page, { profile: listedProfile({ firstName: 'Fil', lastName: 'Ter' }) });
    await m.page.goto('/directory');
    await cards(m.page).first().waitFor();
    const button = (name: string) => m.page.getByRole('group', { name: 'Filters' }).getByRole('button', { name, exact: true });
    const shown = async () => (await cards(m.page).locator('h3').allInnerTexts()).sort();
    const isPressed = async (name: string) => (await button(name).getAttribute('aria-pressed')) === 'true';
    expect(await isPressed('Show all')).toBe(true);

    await search(m.page, town);
    await expect.poll(shown).toEqual(['Bo Both', 'Cy Credentialed', 'Fran Foster', 'Nel Neither']);
    // Sorted by last name.
    expect(await cards(m.page).locator('h3').allInnerTexts()).toEqual(['Bo Both', 'Cy Credentialed', 'Fran Foster', 'Nel Neither']);
    expect(await isPressed('Show all')).toBe(false);

    await button('Foster Parent').click();
    await expect.poll(shown).toEqual(['Bo Both', 'Fran Foster']);
    expect(await isPressed('Foster Parent')).toBe(true);
    expect(new URL(m.page.url()).searchParams.get('foster')).toBe('1');

    await button('AG Credentialed').click();
    await expect.poll(shown).toEqual(['Bo Both']);
    await button('Foster Parent').click();
    await expect.poll(shown).toEqual(['Bo Both', 'Cy Credentialed']);
    expect(await isPressed('Foster Parent')).toBe(false);

    await m.page.getByLabel('State to filter by').selectOption('MO');
    await expect.poll(shown).toEqual(['Bo Both']);
    expect(await isPressed('State')).toBe(true);
    await button('State').click();
    await expect.poll(shown).toEqual(['Bo Both', 'Cy Credentialed']);
    expect(await isPressed('State')).toBe(false);
    await button('State').click();
    await expect.poll(shown).toEqual(['Bo Both']);
    await m.page.getByLabel('State to filter by').selectOption('TX');
    await expect.poll(shown).toEqual(['Cy Credentialed']);
    expect(new URL(m.page.url()).search).toBe(`?q=${town}&credentialed=1&state=TX`);

    // The words narrow too: a first name within the town.
    await search(m.page, `${town} nel`);
    await expect.poll(() => status(m.page).innerText()).toContain('matching');
    await expect.poll(() => m.page.getByText('No members match this search.').isVisible()).toBe(true);

    // A shared or reloaded address opens the same view.
    await m.page.goto(`/directory?q=${town}&foster=1&state=MO`);
    await expect.poll(shown).toEqual(['Bo Both', 'Fran Foster']);
    expect(await m.page.getByLabel('Search members').inputValue()).toBe(town);
    expect(await isPressed('Foster Parent')).toBe(true);
    expect(await isPressed('State')).toBe(true);
    expect(await m.page.getByLabel('State to filter by').inputValue()).toBe('MO');
    expect(await status(m.page).innerText()).toBe(`Foster parents in Missouri matching “${town}”, by last name`);

    await button('Show all').click();
    await m.page.waitForURL((url) => url.pathname === '/directory' && url.search === '');
    // The field follows the address on the next render.
    await expect.poll(() => m.page.getByLabel('Search members').inputValue()).toBe('');
    expect(await isPressed('Show all')).toBe(true);
    expect(await isPressed('Foster Parent')).toBe(false);
    await expect.poll(() => cards(m.page).count()).toBeGreaterThan(4);
    expectNoPageErrors(m.errors);
    await m.context.close();
  });

  it('the admin sees the member count; a member does not', async () => {
    const tag = uniqueTag('Q');
    await makeMember(listedProfile({ firstName: 'Counted', lastName: `One${tag}` }));
    await makeMember(listedProfile({ firstName: 'Counted', lastName: `Two${tag}`, fosterParent: 'Yes' }));

    const admin = await openSite(browser());
    await signInAsAdmin(admin.page);
    await admin.page.goto(`/directory?q=${tag}`);
    await expect.poll(() => status(admin.page).innerText()).toMatch(new RegExp(`· 2 of [\\d,]+ members$`));
    await admin.page.goto(`/directory?q=${tag}&foster=1`);
    await expect.poll(() => status(admin.page).innerText()).toMatch(/· 1 of [\d,]+ members$/);
    await admin.page.goto('/directory');
    await expect.poll(() => status(admin.page).innerText()).toMatch(/^All members, by last name · [\d,]+ members$/);
    const total = Number((await status(admin.page).innerText()).match(/· ([\d,]+) members/)![1]!.replace(/,/g, ''));
    expect(total).toBeGreaterThanOrEqual(2);

    const member = await openSite(browser());
    await signUpMember(member.page);
    await member.page.goto(`/directory?q=${tag}`);
    await expect.poll(() => cards(member.page).count()).toBe(2);
    expect(await status(member.page).innerText()).toBe(`Members matching “${tag}”, by last name`);
    expect(await member.page.getByText(/\d+ of \d+ members|\d+ members/).count()).toBe(0);
    // Without a profile, the box says how to get one instead of offering a form.
    const card = member.page.getByRole('article', { name: `Counted One${tag}` });
    await card.getByRole('button', { name: 'Email Counted' }).click();
    await card.getByText('You need a profile to write to members.', { exact: false }).waitFor();
    expect(await card.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/dashboard');
    expectNoPageErrors(admin.errors);
    expectNoPageErrors(member.errors);
    await admin.context.close();
    await member.context.close();
  });

  it('is for members only, fits a phone and has no serious accessibility problems', async () => {
    const visitor = await openSite(browser());
    await visitor.page.goto('/directory?state=MO');
    await visitor.page.waitForURL(/\/signin\?next=/);

    const phone = await openSite(browser(), { viewport: { width: 390, height: 844 } });
    // A place written as one long word (a web address, a name in another script) must wrap, not widen the page.
    const lastName = `Phone${uniqueTag('Q')}`;
    const city = 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch'.repeat(2);
    await signUpMember(phone.page, { prefix: 'phone', profile: listedProfile({ firstName: 'Pat', lastName, city }) });
    await phone.page.goto(`/directory?q=${lastName}`);
    await cards(phone.page).filter({ hasText: city }).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.page.goto('/directory');
    await cards(phone.page).first().waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(phone.page), '/directory on a phone').toEqual([]);
    await phone.page.getByRole('group', { name: 'Filters' }).getByRole('button', { name: 'Foster Parent' }).click();
    await phone.page.waitForURL('**/directory?foster=1');
    expect(await seriousViolations(phone.page), '/directory filtered').toEqual([]);
    expectNoPageErrors(phone.errors);
    await visitor.context.close();
    await phone.context.close();
  });
});
