import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './support/a11y';
import { openSite, useBrowser } from './support/browser';
import { signUpMember, uniqueEmail } from './support/members';
import { expectNoPageErrors, signUpViaForm } from './support/journey';

const browser = useBrowser();

describe('the frame', () => {
  it("shows 'page not found' for any other path, with a 404", async () => {
    const { page } = await openSite(browser());
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { name: 'page not found' }).isVisible()).toBe(true);
  });

  it('opens Give in a new tab at the donation address', async () => {
    const { page } = await openSite(browser());
    await page.goto('/');
    const give = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Give' });
    expect(await give.getAttribute('href')).toBe('https://give.network.test/');
    expect(await give.getAttribute('target')).toBe('_blank');
    expect(await give.getAttribute('rel')).toContain('noopener');
  });

  it('offers the menu behind a button on a phone', async () => {
    const { page } = await openSite(browser(), { viewport: { width: 390, height: 844 } });
    await page.goto('/');
    // A tap before the prerendered page has hydrated does nothing (a busy machine can take seconds): tap
    // again until the menu opens, as a person would.
    const menu = page.getByRole('dialog');
    for (let tries = 0; tries < 20 && !(await menu.isVisible()); tries++) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await menu.waitFor({ state: 'visible', timeout: 1000 }).catch(() => undefined);
    }
    // Its link, not the footer's (inert behind the open menu).
    await menu.getByRole('link', { name: 'Contact' }).click();
    await page.waitForURL('**/contact');
  });

  it('gives focus back to the menu button when the phone menu closes, the first time it opens too', async () => {
    const { page } = await openSite(browser(), { viewport: { width: 390, height: 844 } });
    await page.goto('/discuss');
    const button = page.getByRole('banner').getByRole('button', { name: 'Open menu' });
    const menu = page.getByRole('dialog', { name: 'Menu' });
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName);
    // By keyboard, at once: the menu's code is still on its way when Enter comes.
    await button.focus();
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await expect.poll(focused).toBe('Open menu');
    // Again, closed by its close button.
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await menu.waitFor({ state: 'hidden' });
    await expect.poll(focused).toBe('Open menu');
  });

  it('keeps the network’s name on one line in a signed-in phone’s header, in English and Spanish', async () => {
    for (const lang of ['en', 'es']) {
      const { page, context } = await openSite(browser(), { viewport: { width: 390, height: 844 } });
      await context.addCookies([{ name: 'lang', value: lang, url: inject('baseUrl') }]);
      await signUpMember(page, { prefix: 'frame' });
      await page.goto('/dashboard');
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(lang);
      const name = page.getByRole('banner').getByRole('link').first().locator('span').first();
      const lineHeight = await name.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      expect(await name.innerText(), lang).toMatch(/^Foster Care\s+Network$/);
      expect((await name.boundingBox())?.height, lang).toBeLessThan(lineHeight * 1.5);
      await context.close();
    }
  });

  it('links the logo and the user icon to the dashboard when signed in', async () => {
    const { page } = await openSite(browser());
    await signUpViaForm(page, uniqueEmail('frame'));
    await page.getByRole('link', { name: 'Your dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await page.goto('/');
    await page
      .getByRole('banner')
      .getByRole('link', { name: /your dashboard/i })
      .first()
      .click();
    await page.waitForURL('**/dashboard');
  });

  it('has no serious accessibility problems on the account pages', async () => {
    const { page, errors } = await openSite(browser());
    for (const path of ['/', '/signin', '/signup', '/forgot-password', '/no/such/page']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await signUpViaForm(page, uniqueEmail('a11y'));
    for (const path of ['/dashboard', '/update-password', '/delete-account']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await seriousViolations(page), path).toEqual([]);
    }
    expectNoPageErrors(errors);
  });
});
