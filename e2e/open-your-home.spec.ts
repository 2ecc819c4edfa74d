import { describe, expect, it } from 'vitest';
import { expectAxeClean } from './support/a11y';
import { openSite, useBrowser } from './support/browser';
import { expectNoPageErrors, openPage } from './support/journey';

const browser = useBrowser();

describe('open your home', () => {
  it("shows how to become a foster parent in the state chosen, and leads to that state's churches", async () => {
    const { page, errors } = await openSite(browser());
    await openPage(page, '/open-your-home');
    expect(await page.getByRole('heading', { level: 2, name: 'Becoming a foster parent' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(['Inquiry', 'Training', 'Home study', 'License']);

    await page.getByLabel('Your state').selectOption({ label: 'Texas' });
    await page.waitForURL(/\/open-your-home\?state=TX$/);
    await page.getByRole('heading', { name: 'Becoming a foster parent in Texas' }).waitFor();
    expect(await page.getByRole('link', { name: 'Texas fact sheet (PDF)' }).getAttribute('href')).toMatch(/TX/);

    await page.getByRole('link', { name: 'Churches of the network in Texas' }).click();
    await page.waitForURL(/\/churches\?state=TX$/);
    await page.getByRole('heading', { level: 1, name: 'Find a church' }).waitFor();
    expect(await page.getByRole('radio', { name: 'In a state' }).isChecked()).toBe(true);
    expectNoPageErrors(errors);
  });

  it('opens at a state from its address, and is accessible at 390 and 1280 px in both languages', async () => {
    for (const [locale, heading] of [
      ['en-US', 'Becoming a foster parent in Ohio'],
      ['es-US', 'Cómo ser padre o madre de crianza en Ohio'],
    ] as const) {
      const { page, errors, context } = await openSite(browser(), { locale });
      await openPage(page, '/open-your-home?state=oh');
      await page.getByRole('heading', { name: heading }).waitFor();
      await expectAxeClean(page, `open your home (${locale})`, { noSidewaysScroll: true });
      expectNoPageErrors(errors);
      await context.close();
    }
  });
});
