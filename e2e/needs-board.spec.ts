import { describe, expect, inject, it } from 'vitest';
import { NEED_PRIVACY_RULE } from '../src/shared/needs';
import { NEED_ASKED_MESSAGES } from '../src/shared/needs-board';
import { expectAxeClean } from './support/a11y';
import { openSite, useBrowser } from './support/browser';
import { expectNoPageErrors, openPage } from './support/journey';
import { memberProfile, openAdminApi, signUpMember, uniqueTag } from './support/members';

// The needs board (issue 26): a member asks through the form (the privacy rule above it, a phone number refused
// under its field), the request waits for the team; a need on the board is found by a visitor with the filters,
// and its page shows its items and progress. Axe clean at phone and desktop widths.

const browser = useBrowser();

describe('the needs board', () => {
  it('a member asks through the form: the privacy rule is stated, a phone number is refused under its field, the request waits', async () => {
    const { page, errors } = await openSite(browser());
    await signUpMember(page, { prefix: 'asker', profile: memberProfile({ firstName: 'Hope', lastName: 'Asker' }) });
    await openPage(page, '/needs');
    await page.getByRole('link', { name: 'Ask for a need' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ask for a need' }).waitFor();
    await page.getByText(NEED_PRIVACY_RULE).waitFor();
    await expectAxeClean(page, '/needs/new', { noSidewaysScroll: true });

    const tag = uniqueTag('B');
    const form = page.getByRole('form', { name: 'Send the request' });
    await form.getByLabel('Kind of need').selectOption({ label: 'Physical items' });
    await form.getByLabel('Title').fill(`${tag} bunk bed for two brothers`);
    await form.getByLabel('Description').fill('Two brothers share a small room. Call me at 417-555-0100.');
    await form.getByLabel('Town').fill('Springfield');
    await form.getByLabel('State').selectOption({ label: 'Missouri' });
    await form.getByLabel('ZIP code').fill('65802');
    await form.getByLabel('Needed').selectOption({ label: 'Within 10 days' });
    await form.getByRole('textbox', { name: 'Item' }).fill('Twin bunk bed');
    await form.getByRole('textbox', { name: 'Value of one, in dollars' }).fill('300');
    await form.getByRole('button', { name: 'Add an item' }).click();
    await form.getByRole('textbox', { name: 'Item' }).nth(1).fill('Twin sheets');
    await form.getByRole('textbox', { name: 'Quantity' }).nth(1).fill('2');
    await form.getByRole('textbox', { name: 'Value of one, in dollars' }).nth(1).fill('25');
    await form.getByRole('button', { name: 'Send the request' }).click();

    // Refused before anything is sent: the phone number under the description, the missing consent under its box.
    const description = form.getByLabel('Description');
    await expect.poll(() => description.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => form.getByText(/^Description must not hold a phone number/).isVisible()).toBe(true);
    await expect.poll(() => form.getByText('Confirm that the family agreed to this request').isVisible()).toBe(true);
    await expectAxeClean(page, '/needs/new with its refusals', { noSidewaysScroll: true });

    await description.fill('Two brothers share a small room; a bunk bed would give them space to play.');
    await form.getByLabel(/The family agreed to this request/).check();
    await form.getByRole('button', { name: 'Send the request' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your requests' }).waitFor();
    await page.getByText(NEED_ASKED_MESSAGES.review).waitFor();
    const mine = page.getByRole('listitem').filter({ hasText: tag });
    await expect.poll(() => mine.getByText('Waiting for approval').isVisible()).toBe(true);
    await expectAxeClean(page, '/needs/mine', { noSidewaysScroll: true });

    // Not on the board before approval: a visitor searching for it finds nothing.
    const visitor = await openSite(browser());
    await openPage(visitor.page, `/needs?q=${encodeURIComponent(tag)}`);
    await visitor.page.getByText(/No open needs/).waitFor();
    expectNoPageErrors(errors);
    expectNoPageErrors(visitor.errors);
  }, 180_000);

  it('a visitor finds a need on the board by ZIP code and filters, and opens its page', async () => {
    const admin = await openAdminApi();
    const tag = uniqueTag('M');
    const ask = (fields: Record<string, unknown>) =>
      admin.post('/api/needs', {
        headers: { origin: inject('baseUrl') },
        data: {
          kind: 'meals',
          title: `${tag} dinners for a family of five`,
          description: 'A family took in three siblings this week. Four dinners would carry them through.',
          city: 'Springfield',
          state: 'MO',
          zip: '65807',
          urgency: 'urgent',
          items: [{ name: 'Dinner for a family of five', quantity: 4, unitValue: 40, note: 'Monday to Thursday' }],
          familyConsent: true,
          ...fields,
        },
      });
    const near = await ask({});
    expect(near.status(), await near.text()).toBe(201);
    const { id } = (await near.json()) as { id: number };
    const far = await ask({
      kind: 'rides',
      title: `${tag} rides to school`,
      city: 'Lawrence',
      state: 'KS',
      zip: '66044',
      urgency: 'normal',
      // Time given, with no money value: the card says nothing of dollars rather than "about $0".
      items: [{ name: 'Ride to school', quantity: 5, unitValue: 0 }],
    });
    expect(far.status()).toBe(201);

    const { page, errors } = await openSite(browser(), { viewport: { width: 390, height: 900 } });
    await openPage(page, '/');
    await page.getByRole('link', { name: 'See the needs near you' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Needs of foster families' }).waitFor();
    const search = page.getByRole('form', { name: 'Search needs' });
    await search.getByLabel('ZIP code').fill('65802');
    await search.getByLabel('Keyword').fill(tag);
    await search.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/zip=65802/);
    const card = page.getByRole('article', { name: `${tag} dinners for a family of five` });
    // The list before the search shows the same card, without a distance, until the search's answer replaces it.
    await expect.poll(() => card.textContent()).toContain('3.1 miles');
    expect(await card.textContent()).toContain('0 of 4 committed');
    expect(await page.getByRole('article', { name: `${tag} rides to school` }).count()).toBe(0);
    await expectAxeClean(page, '/needs', { noSidewaysScroll: true });

    // Filters: in Kansas, rides only; the map's state panel links here the same way.
    await openPage(page, `/needs?state=KS&kind=rides&q=${encodeURIComponent(tag)}`);
    const rides = page.getByRole('article', { name: `${tag} rides to school` });
    await rides.waitFor();
    expect(await rides.textContent()).toContain('Lawrence, KS');
    expect(await rides.textContent()).not.toContain('$');
    expect(await page.getByRole('article', { name: `${tag} dinners for a family of five` }).count()).toBe(0);

    await openPage(page, `/needs/${id}`);
    await page.getByRole('heading', { level: 1, name: `${tag} dinners for a family of five` }).waitFor();
    await expect.poll(() => page.getByText('Within 72 hours').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Dinner for a family of five × 4').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Nobody has committed yet.').isVisible()).toBe(true);
    // Visitors do not see who asked.
    await expect.poll(() => page.getByText('Members of the network see who asked.').isVisible()).toBe(true);
    await expectAxeClean(page, '/needs/:id', { noSidewaysScroll: true });

    // In Spanish (the visitor's choice, the `lang` cookie): the board's words, kinds and progress in Spanish, the
    // need's title as its asker wrote it; axe clean at both widths.
    const spanish = await openSite(browser(), { viewport: { width: 390, height: 900 } });
    await spanish.context.addCookies([{ name: 'lang', value: 'es', url: inject('baseUrl') }]);
    await openPage(spanish.page, `/needs?zip=65802&q=${encodeURIComponent(tag)}`);
    await spanish.page.getByRole('heading', { level: 1, name: 'Necesidades de familias de crianza' }).waitFor();
    expect(await spanish.page.locator('html').getAttribute('lang')).toBe('es');
    const tarjeta = spanish.page.getByRole('article', { name: `${tag} dinners for a family of five` });
    await tarjeta.waitFor();
    expect(await tarjeta.textContent()).toContain('0 de 4 comprometidos');
    expect(await tarjeta.textContent()).toContain('Comidas');
    expect(await tarjeta.textContent()).toContain('3.1 millas');
    expect(await spanish.page.getByRole('status').filter({ hasText: 'a menos de 30 millas de 65802' }).count()).toBe(1);
    expect(await spanish.page.getByRole('form', { name: 'Buscar necesidades' }).getByLabel('Código postal').inputValue()).toBe('65802');
    await expectAxeClean(spanish.page, '/needs in Spanish', { noSidewaysScroll: true });
    expectNoPageErrors(spanish.errors);
    await admin.dispose();
    expectNoPageErrors(errors);
  }, 180_000);
});
