import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/shared/messages';
import { migrateDatabase, openDatabase } from '../src/server/db/client';
import { insertChurch, insertMember } from '../src/server/testing/factories';
import { expectAxeClean, seriousViolations } from './support/a11y';
import { openSite, useBrowser } from './support/browser';
import { ownServerFolder, startOwnServer, stopOwnServer, type OwnServer, mailFileTo } from './support/own-server';
import { expectNoPageErrors, openPage } from './support/journey';
import { uniqueTag } from './support/members';

// A visitor finds a church near their ZIP code from the landing page, opens its page and writes to it; the
// church's point person receives the message (issue 25). Churches are made by admins and point persons (their
// own journeys); here the church is written into a database of its own before its server starts, as the site's
// demo content is, so this journey needs none of their pages.

const browser = useBrowser();
let own: Partial<OwnServer> = {};
let keeper: { id: string; email: string };
const CHURCH = 'Riverside Assembly';

beforeAll(async () => {
  const folder = ownServerFolder('churches');
  own = folder;
  const database = await openDatabase({ dataDir: folder.dataDir });
  await migrateDatabase(database);
  keeper = await insertMember(database.db, { firstName: 'Paula', lastName: 'Point' });
  // Springfield, MO (65807), 3.1 miles from the ZIP code searched (65802); and one 19 miles off (65710).
  await insertChurch(database.db, {
    name: CHURCH,
    zip: '65807',
    street: '1 River Rd',
    offers: ['needs', 'respite'],
    languages: ['en', 'es'],
    description: 'Respite nights on the second Friday of each month.',
    website: 'https://riverside.example.org',
    phone: '4175550199',
    pointPersons: [keeper.id],
  });
  await insertChurch(database.db, { name: 'Morrisville Chapel', zip: '65710', offers: ['closet'] });
  await database.close();
  own = await startOwnServer('The churches server', folder);
}, 120_000);

afterAll(() => stopOwnServer(own));

const open = (viewport = { width: 1280, height: 900 }) => openSite(browser(), { baseURL: own.server!.url, viewport });

/** The server has no SMTP server here: it writes each message as a file in its data folder. */
const mailTo = (to: string, where: (m: ParsedMail) => boolean) => mailFileTo(own.dataDir!, to, where);

describe('finding a church', () => {
  it('a visitor finds a church by ZIP code from the landing page, opens it and writes to it; the point person gets the mail', async () => {
    const { page, errors } = await open();
    await openPage(page, '/');
    const box = page.getByRole('region', { name: 'Find a church near you' });
    await box.getByLabel('ZIP code').fill('65802');
    await box.getByRole('button', { name: 'Find churches' }).click();

    await page.waitForURL(/\/churches\?zip=65802/);
    await page.getByRole('heading', { level: 1, name: 'Find a church' }).waitFor();
    const card = page.getByRole('article', { name: CHURCH });
    await card.waitFor();
    expect(await card.textContent()).toContain('3.1 miles');
    expect(await card.textContent()).toContain('Respite nights');
    expect(await page.getByRole('article', { name: 'Morrisville Chapel' }).count()).toBe(1);
    expect(await page.getByRole('textbox', { name: 'ZIP code' }).inputValue()).toBe('65802');
    expect(await seriousViolations(page), '/churches').toEqual([]);

    // Nearer search: 10 miles keeps Riverside and drops Morrisville (19 miles); the address holds the search.
    await page.getByLabel('Within').selectOption('10');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/radius=10/);
    // Polled both ways: while the new answer loads, the list may be empty for a moment.
    await expect.poll(() => page.getByRole('article', { name: 'Morrisville Chapel' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('article', { name: CHURCH }).count()).toBe(1);

    // An unknown ZIP code is named under its field.
    await page.getByRole('textbox', { name: 'ZIP code' }).fill('00000');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('We do not know this ZIP code. Check the five digits.').waitFor();

    await page.goto('/churches?zip=65802&radius=25');
    await page.getByRole('link', { name: CHURCH }).click();
    await page.getByRole('heading', { level: 1, name: CHURCH }).waitFor();
    expect(await page.title()).toContain(CHURCH);
    await expect.poll(() => page.getByText('1 River Rd').isVisible()).toBe(true);
    expect(await page.getByTestId('church-members').textContent()).toBe('Fewer than 3');
    await page.getByRole('img', { name: /Map of Missouri/ }).waitFor();
    expect(await page.getByTestId('church-marker').count()).toBe(1);
    expect(await seriousViolations(page), '/churches/:id').toEqual([]);

    const tag = uniqueTag('CH');
    const form = page.getByRole('form', { name: 'Contact this church' });
    await form.getByLabel('Name').fill(`Vera Visitor ${tag}`);
    await form.getByLabel('Email').fill('vera.visitor@example.org');
    await form.getByLabel('Message').fill(`Can we help with respite nights? ${tag}`);
    await form.getByRole('button', { name: MESSAGES.humanButton }).click();
    await form.getByRole('button', { name: 'Send' }).click();
    await page.getByText(MESSAGES.messageSent).waitFor();

    const mail = await mailTo(keeper.email, (m) => (m.text ?? '').includes(tag));
    expect(mail.replyTo?.value[0]?.address).toBe('vera.visitor@example.org');
    expect(mail.subject).toBe(`Vera Visitor ${tag} wrote to ${CHURCH} through the Foster Care Network`);
    expect(mail.text).toContain('Hello Paula,');
    expectNoPageErrors(errors);
  }, 120_000);

  it('is usable on a phone: no sideways scrolling, and axe finds nothing serious', async () => {
    const { page, errors } = await open({ width: 390, height: 844 });
    await page.goto('/churches?zip=65802&radius=25&offers=respite');
    await page.getByRole('article', { name: CHURCH }).waitFor();
    expect(await page.getByRole('article', { name: 'Morrisville Chapel' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page), '/churches on a phone').toEqual([]);
    await page.getByRole('link', { name: CHURCH }).click();
    await page.getByRole('heading', { level: 1, name: CHURCH }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page), '/churches/:id on a phone').toEqual([]);

    // By state, from the menu's Churches link.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Churches' }).click();
    await page.getByRole('heading', { level: 1, name: 'Find a church' }).waitFor();
    await page.getByRole('radio', { name: 'In a state' }).check();
    await page.getByRole('combobox', { name: 'State' }).selectOption('MO');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/state=MO/);
    await page.getByRole('article', { name: 'Morrisville Chapel' }).waitFor();
    expect(await page.getByText('miles', { exact: false }).count()).toBe(0);
    expectNoPageErrors(errors);
  }, 120_000);
  it('speaks Spanish to a visitor who chose it: the search, the results and a church’s page, axe clean at both widths', async () => {
    const { context, page, errors } = await open();
    // The visitor's choice (the header's switch keeps it in this cookie), before the first page is asked for.
    await context.addCookies([{ name: 'lang', value: 'es', url: own.server!.url }]);
    await page.goto('/churches?zip=65802&radius=25');
    await page.getByRole('heading', { level: 1, name: 'Buscar una iglesia' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    const card = page.getByRole('article', { name: CHURCH });
    await card.waitFor();
    expect(await card.textContent()).toContain('3.1 millas');
    expect(await card.textContent()).toContain('Noches de cuidado de relevo');
    expect(await card.textContent()).toContain('Idiomas de los servicios: Inglés (English), Español');
    await page.getByText('2 iglesias a menos de 25 millas de 65802 (Springfield, MO).').waitFor();
    expect(await page.getByRole('combobox', { name: 'A menos de' }).inputValue()).toBe('25');
    await expectAxeClean(page, '/churches in Spanish', { noSidewaysScroll: true });

    await page.getByRole('link', { name: CHURCH }).click();
    await page.getByRole('heading', { level: 2, name: 'Dónde está' }).waitFor();
    expect(await page.title()).toContain(`${CHURCH} | Iglesias`);
    expect(await page.getByTestId('church-members').textContent()).toBe('Menos de 3');
    await page.getByRole('form', { name: 'Contactar a esta iglesia' }).waitFor();
    await expectAxeClean(page, '/churches/:id in Spanish', { noSidewaysScroll: true });
    expectNoPageErrors(errors);
  }, 120_000);
});
