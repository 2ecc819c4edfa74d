import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/a11y';
import { openSite, useBrowser } from './support/browser';
import { expectNoPageErrors, openPage } from './support/journey';
import { openAdminApi, uniqueTag } from './support/members';

// The landing map's churches layer (issue 25): a visitor switches the layer, finds a church's marker with the
// mouse and with the keyboard, opens it and follows a church's link; axe-clean at phone and desktop widths.

const browser = useBrowser();

// Two churches of one town (one marker saying 2) in a town no other journey uses, added as an admin adds them.
const TOWN = { city: 'Bozeman', state: 'MT', zip: '59715' };
const names = [`${uniqueTag('Gallatin')} Assembly`, `${uniqueTag('Bridger')} Chapel`];
const ids: number[] = [];
let admin: APIRequestContext;

beforeAll(async () => {
  admin = await openAdminApi();
  for (const name of names) {
    const res = await admin.post('/api/admin/churches', {
      data: { name, ag: true, street: '1 Main St', ...TOWN, website: '', phone: '', languages: ['en'], description: '', offers: ['needs'] },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { id: number }).id);
  }
});
afterAll(() => admin.dispose());

/** Opens the landing page, brings the map into view and shows its churches layer. */
async function openChurchesLayer(page: Page) {
  await openPage(page, '/');
  await page.getByRole('heading', { name: 'Children in foster care, state by state' }).scrollIntoViewIfNeeded();
  await page.getByRole('group', { name: 'Map of the United States' }).waitFor();
  await page.getByRole('radiogroup', { name: 'Show on the map' }).getByText('Churches in the network').click();
  await page.getByRole('group', { name: 'Churches on the map' }).getByRole('button').first().waitFor();
}

/** The marker of the town's two churches (other journeys' churches elsewhere may be on the map too). */
const townMarker = (page: Page) => page.getByRole('button', { name: /^\d+ churches near Bozeman, MT$/ });
const popover = (page: Page) => page.getByRole('dialog', { name: /churches near Bozeman, MT$/ });

describe("the landing map's churches layer", () => {
  it('finds the churches with the mouse: a marker opens their list, a name opens the church', async () => {
    const { page, errors } = await openSite(browser());
    await openChurchesLayer(page);
    const marker = townMarker(page);
    expect(await marker.getAttribute('data-count')).toBe('2');
    await marker.click();
    const list = popover(page);
    await list.waitFor();
    for (const [i, name] of names.entries()) {
      expect(await list.getByRole('link', { name }).getAttribute('href')).toBe(`/churches/${ids[i]}`);
    }

    // The state's panel counts them and links to them; the list by state does too.
    await page.keyboard.press('Escape');
    await page.getByLabel('Choose a state').selectOption('MT');
    const panel = page.getByTestId('map-churches');
    await expect.poll(() => panel.innerText()).toMatch(/^\d+ churches are active in the network in Montana\./);
    expect(await panel.getByRole('link', { name: 'See churches in Montana' }).getAttribute('href')).toBe('/churches?state=MT');
    await page.getByText('Churches by state, as a list').click();
    expect(await page.getByRole('link', { name: /^Montana: \d+ churches$/ }).getAttribute('href')).toBe('/churches?state=MT');

    await marker.click();
    await popover(page).getByRole('link', { name: names[0] }).click();
    await page.waitForURL(`**/churches/${ids[0]}`);
    expectNoPageErrors(errors);
  });

  it('finds them with the keyboard: arrows to the marker, Enter opens, Escape closes, Enter on a name follows it', async () => {
    const { page, errors } = await openSite(browser());
    await openPage(page, '/');
    await page.getByRole('heading', { name: 'Children in foster care, state by state' }).scrollIntoViewIfNeeded();
    // The layer toggle is a pair of radios: the arrow key moves to the churches.
    await page.getByRole('radio', { name: 'Children in foster care' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: 'Churches in the network' }).isChecked()).toBe(true);
    await page.getByRole('group', { name: 'Churches on the map' }).getByRole('button').first().waitFor();

    // Tab reaches the first marker (the states step aside on this layer); the arrows walk the markers.
    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    const isMarker = () => page.evaluate(() => document.activeElement?.closest('[aria-label="Churches on the map"]') !== null);
    for (let i = 0; i < 10 && !(await isMarker()); i++) await page.keyboard.press('Tab');
    expect(await isMarker(), 'Tab never reached a marker').toBe(true);
    for (let i = 0; i < 300 && !/churches near Bozeman, MT$/.test(await focusedName()); i++) await page.keyboard.press('ArrowRight');
    expect(await focusedName()).toMatch(/^\d+ churches near Bozeman, MT$/);

    await page.keyboard.press('Enter');
    await popover(page).waitFor();
    // Focus moves into the list; Escape closes it and gives focus back to the marker.
    await page.keyboard.press('Escape');
    await popover(page).waitFor({ state: 'hidden' });
    expect(await focusedName()).toMatch(/^\d+ churches near Bozeman, MT$/);

    await page.keyboard.press('Space');
    const list = popover(page);
    await list.waitFor();
    await list.getByRole('link', { name: names[1] }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/churches/${ids[1]}`);
    expectNoPageErrors(errors);
  });

  for (const width of [390, 1280]) {
    it(`is clean for axe at ${width} px, with a marker's list open, and fits the screen`, async () => {
      const { page, errors } = await openSite(browser(), { viewport: { width, height: 900 } });
      await openChurchesLayer(page);
      expect(await page.getByTestId('network-churches').innerText()).toMatch(/^\d+$/);
      expect(await seriousViolations(page)).toEqual([]);
      await townMarker(page).click();
      await popover(page).waitFor();
      // The popover fades in: axe measures colours as drawn, so it waits for the fade to end.
      await expect.poll(() => popover(page).evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expectNoPageErrors(errors);
    });
  }
});
