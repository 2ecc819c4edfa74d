import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/a11y';
import { openSite, useBrowser } from './support/browser';
import { expectNoPageErrors, openPage } from './support/journey';
import { openAdminApi, uniqueTag } from './support/members';

// The needs board's figures (issue 26): the landing map's "Open needs" layer by mouse and keyboard (a marker per
// state with its count, the state's panel linking to its needs), the landing page's band for this year; axe-clean
// at phone and desktop widths.

const browser = useBrowser();

// Two open needs in a state no other journey uses, asked by an admin (an admin's request goes on the board at once).
const PLACE = { city: 'Bismarck', state: 'ND', zip: '58501' };
let admin: APIRequestContext;

beforeAll(async () => {
  admin = await openAdminApi();
  for (const title of [`${uniqueTag('Crib')} for a baby`, `${uniqueTag('Rides')} to school`]) await askNeed(title, PLACE);
});

async function askNeed(title: string, place: { city: string; state: string; zip: string }) {
  const res = await admin.post('/api/needs', {
    data: {
      kind: 'items',
      title,
      description: 'A foster family in town needs help this week.',
      ...place,
      urgency: 'normal',
      items: [{ name: 'Crib', quantity: 1, unitValue: 150, note: null }],
      familyConsent: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}
afterAll(() => admin.dispose());

const layerGroup = (page: Page) => page.getByRole('group', { name: 'Open needs on the map' });
const stateMarker = (page: Page) => layerGroup(page).getByRole('button', { name: /^North Dakota, \d+ open needs$/ });

/** Opens the landing page, brings the map into view and shows its needs layer. */
async function openNeedsLayer(page: Page) {
  await openPage(page, '/');
  await page.getByRole('heading', { name: 'Children in foster care, state by state' }).scrollIntoViewIfNeeded();
  await page.getByRole('group', { name: 'Map of the United States' }).waitFor();
  await page.getByRole('radiogroup', { name: 'Show on the map' }).getByText('Open needs').click();
  await layerGroup(page).getByRole('button').first().waitFor();
}

/** The state's panel: its open needs, and the link to them on the board. */
async function expectNorthDakotaPanel(page: Page) {
  const panel = page.getByTestId('map-needs');
  await expect.poll(() => panel.innerText()).toMatch(/^\d+ open needs in North Dakota\./);
  expect(await panel.getByRole('link', { name: 'See the needs in North Dakota' }).getAttribute('href')).toBe('/needs?state=ND');
}

describe("the landing map's needs layer", () => {
  it('shows a state’s open needs with the mouse: its marker picks the state, whose panel links to them', async () => {
    const { page, errors } = await openSite(browser());
    await openNeedsLayer(page);
    const marker = stateMarker(page);
    expect(Number(await marker.getAttribute('data-count'))).toBeGreaterThanOrEqual(2);
    await marker.click();
    expect(await marker.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByRole('heading', { name: 'North Dakota', level: 3 }).isVisible()).toBe(true);
    await expectNorthDakotaPanel(page);
    // The text alternative under the map lists every state with open needs.
    await page.getByText('Open needs by state, as a list').click();
    expect(await page.getByRole('link', { name: /^North Dakota: \d+ open needs$/ }).getAttribute('href')).toBe('/needs?state=ND');
    expectNoPageErrors(errors);
  });

  it('reaches them with the keyboard: the layer by arrows, Tab to the markers, arrows to the state, Enter picks it', async () => {
    const { page, errors } = await openSite(browser());
    await openPage(page, '/');
    await page.getByRole('heading', { name: 'Children in foster care, state by state' }).scrollIntoViewIfNeeded();
    await page.getByRole('radio', { name: 'Children in foster care' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: 'Open needs' }).isChecked()).toBe(true);
    await layerGroup(page).getByRole('button').first().waitFor();

    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    const isMarker = () => page.evaluate(() => document.activeElement?.closest('[aria-label="Open needs on the map"]') !== null);
    for (let i = 0; i < 10 && !(await isMarker()); i++) await page.keyboard.press('Tab');
    expect(await isMarker(), 'Tab never reached a marker').toBe(true);
    for (let i = 0; i < 60 && !/^North Dakota,/.test(await focusedName()); i++) await page.keyboard.press('ArrowRight');
    expect(await focusedName()).toMatch(/^North Dakota, \d+ open needs$/);
    await page.keyboard.press('Enter');
    await expectNorthDakotaPanel(page);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'North Dakota selected' }).innerText()).toMatch(/open needs\.$/);
    expectNoPageErrors(errors);
  });
});

describe("the landing map's needs layer, live", () => {
  it('shows a need approved elsewhere without a reload', async () => {
    const { page, errors } = await openSite(browser());
    await openNeedsLayer(page);
    const marker = layerGroup(page).getByRole('button', { name: /^South Dakota, \d+ open needs?$/ });
    const before = (await marker.count()) === 0 ? 0 : Number(await marker.getAttribute('data-count'));
    await askNeed(`${uniqueTag('Coats')} for winter`, { city: 'Pierre', state: 'SD', zip: '57501' });
    await expect
      .poll(async () => ((await marker.count()) === 0 ? 0 : Number(await marker.getAttribute('data-count'))), { timeout: 10_000 })
      .toBe(before + 1);
    expectNoPageErrors(errors);
  });
});

describe("the landing page's band", () => {
  it("shows this year's needs met, children served, value provided and churches that responded, and leads to the board", async () => {
    const { page, errors } = await openSite(browser());
    await openPage(page, '/');
    const band = page.getByRole('region', { name: /^Needs met in \d{4}$/ });
    await expect.poll(() => band.getByTestId('band-needs-met').innerText()).toMatch(/^\d[\d,]*$/);
    expect(await band.getByTestId('band-children').innerText()).toMatch(/^(\d[\d,]*|Fewer than 3)$/);
    expect(await band.getByTestId('band-value').innerText()).toMatch(/^\$\d[\d,]*$/);
    expect(await band.getByTestId('band-churches').innerText()).toMatch(/^\d[\d,]*$/);
    const link = band.getByRole('link', { name: /^See the \d+ open needs$/ });
    expect(await link.getAttribute('href')).toBe('/needs');
    expectNoPageErrors(errors);
  });
});

for (const width of [390, 1280]) {
  it(`the needs layer and the band are clean for axe at ${width} px, and fit the screen`, async () => {
    const { page, errors } = await openSite(browser(), { viewport: { width, height: 900 } });
    await openNeedsLayer(page);
    await stateMarker(page).click();
    await expectNorthDakotaPanel(page);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expectNoPageErrors(errors);
  });
}
