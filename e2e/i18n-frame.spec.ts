import { describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAxeClean } from './support/a11y';
import { openSite, useBrowser } from './support/browser';
import { expectNoPageErrors, openPage, PASSWORD } from './support/journey';
import { signUpMember } from './support/members';

// The frame and the landing page in Spanish (issue 28): a browser that prefers Spanish gets the prerendered
// Spanish landing page, which hydrates without a mismatch; the header's switcher turns the page English in
// place and the choice stays; the header fits at a phone's and a desktop's width in both languages.

const browser = useBrowser();

/** A fresh browser profile whose Accept-Language asks for this language; React reports a hydration mismatch as an error there. */
const openIn = (b: Browser, locale: string) => openSite(b, { locale });

const heroOf = (page: Page) => page.getByRole('heading', { level: 1 });

/**
 * Nothing in the header wraps or is cut: every entry of the visible menu sits on one line, inside the bar,
 * and the bar does not scroll sideways.
 */
async function expectHeaderFits(page: Page, where: string) {
  const problems = await page.evaluate(() => {
    const header = document.querySelector('header');
    if (!header) return ['no header'];
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const el of header.querySelectorAll<HTMLElement>('a, button')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0) continue;
      const name = el.textContent?.trim() || el.getAttribute('aria-label') || el.tagName;
      // The site's name (the same in both languages) takes two lines on a phone by design.
      if (name === 'Foster Care Network') continue;
      if (box.right > width + 0.5 || box.left < -0.5) found.push(`${name} is cut`);
      // The lines its words are on (its icons aside).
      const lines = new Set<number>();
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.width > 0) lines.add(Math.round(rect.top / 4));
      }
      if (lines.size > 1) found.push(`${name} wraps (${header.innerText.replace(/\s+/g, ' ')})`);
    }
    if (header.scrollWidth > header.clientWidth + 1) found.push('the bar scrolls sideways');
    return found;
  });
  expect(problems, where).toEqual([]);
}

describe('the frame in Spanish', () => {
  it('gives a browser that prefers Spanish the Spanish landing page, which the switcher turns English for good', async () => {
    const { page, errors } = await openIn(browser(), 'es-US');
    const response = await page.goto('/');
    expect(response?.headers()['content-language']).toBe('es');
    // The page as sent: Spanish, and naming its version in each language for search engines.
    const sent = (await response?.text()) ?? '';
    expect(sent).toContain('<html lang="es"');
    expect(sent).toMatch(/<link rel="alternate" hreflang="en" href="[^"]*\/\?lang=en">/);
    expect(sent).toMatch(/<link rel="alternate" hreflang="es" href="[^"]*\/\?lang=es">/);
    expect(sent).toMatch(/<link rel="alternate" hreflang="x-default" href="[^"]*\/">/);
    expect(sent).toContain('Todo niño merece una <em>familia</em> que se quede.');

    await openPage(page, '/');
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    expect(await heroOf(page).innerText()).toBe('Todo niño merece una familia que se quede.');
    const nav = page.getByRole('navigation', { name: 'Principal' });
    expect((await nav.getByRole('link').allInnerTexts()).map((t) => t.trim())).toEqual([
      'Inicio',
      'Iniciar sesión',
      'Iglesias',
      'Necesidades',
      'Conversar',
      'Recursos',
      'Contacto',
      'English',
      'Donar',
    ]);
    // The map names the states as US Spanish does.
    await page.getByRole('heading', { name: 'Niños en cuidado de crianza, estado por estado' }).scrollIntoViewIfNeeded();
    await page.getByRole('group', { name: 'Mapa de los Estados Unidos' }).waitFor();
    await page.getByRole('button', { name: /^Nuevo Hampshire, 1,211 niños en cuidado de crianza$/ }).click();
    await expect.poll(() => page.locator('#map-details').innerText()).toBe('Nuevo Hampshire');
    const options = await page.getByLabel('Elija un estado').locator('option').allInnerTexts();
    expect(options[0]).toBe('Estados Unidos (410,308)');
    // In Spanish order: the Carolinas under C.
    expect(options.findIndex((o) => o.startsWith('Carolina del Norte ('))).toBeLessThan(
      options.findIndex((o) => o.startsWith('Colorado (')),
    );

    // "English", in place: the page is not loaded again (a mark left on this window stays).
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await nav.getByRole('link', { name: 'English' }).click();
    await expect.poll(() => heroOf(page).innerText()).toBe('Every child deserves a family that stays.');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await expect.poll(() => page.locator('#map-details').innerText()).toBe('New Hampshire');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Español' }).waitFor();

    // The choice outweighs the browser's Spanish from now on.
    await page.reload();
    await openPage(page, '/');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await heroOf(page).innerText()).toBe('Every child deserves a family that stays.');
    expectNoPageErrors(errors);
  });

  it('is accessible, and its header fits, at 390 and 1280 px in both languages', async () => {
    for (const locale of ['es-US', 'en-US']) {
      const { page, errors, context } = await openIn(browser(), locale);
      await openPage(page, '/');
      await expectAxeClean(page, `the landing page (${locale})`, { noSidewaysScroll: true });
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await expectHeaderFits(page, `the header (${locale}) at ${width} px`);
      }
      // The phone menu, with the other language in it.
      await page.setViewportSize({ width: 390, height: 844 });
      const menu = page.getByRole('dialog');
      for (let tries = 0; tries < 20 && !(await menu.isVisible()); tries++) {
        await page.getByRole('button', { name: locale === 'es-US' ? 'Abrir el menú' : 'Open menu' }).click();
        await menu.waitFor({ state: 'visible', timeout: 1000 }).catch(() => undefined);
      }
      await menu.getByRole('link', { name: locale === 'es-US' ? 'English' : 'Español' }).waitFor();
      const cut = await menu.evaluate((el) =>
        [...el.querySelectorAll<HTMLElement>('a')].filter((a) => a.scrollWidth > a.clientWidth + 1).map((a) => a.textContent),
      );
      expect(cut, `the phone menu (${locale})`).toEqual([]);
      expectNoPageErrors(errors);
      await context.close();
    }
  });

  it("fits a member's longer menu in Spanish, and the member's language follows them to another browser", async () => {
    // Signed up from a Spanish page: the account speaks Spanish.
    const { page, errors, context } = await openIn(browser(), 'es-US');
    await context.addCookies([{ name: 'lang', value: 'es', url: inject('baseUrl') }]);
    const { email } = await signUpMember(page, { prefix: 'i18n-frame' });
    await openPage(page, '/dashboard');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Panel');
    // Folded into the menu button at 1280 px; in full from xl (1408 px) on.
    for (const width of [1280, 1408, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await expectHeaderFits(page, `a member's header in Spanish at ${width} px`);
    }
    const careTeams = page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Equipos de cuidado' });
    await expect.poll(() => careTeams.isVisible()).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await careTeams.isVisible()).toBe(false);
    await expectAxeClean(page, 'the dashboard in Spanish');
    expectNoPageErrors(errors);

    // Saved with the member: a browser that asks for English gets Spanish once they sign in there.
    const other = await openIn(browser(), 'en-US');
    const signIn = await other.context.request.post('/api/auth/sign-in/email', {
      data: { email, password: PASSWORD },
      headers: { origin: inject('baseUrl') },
    });
    expect(signIn.status()).toBe(200);
    await openPage(other.page, '/dashboard');
    await expect.poll(() => other.page.getByRole('heading', { level: 1 }).innerText()).toBe('Panel');
    expect(await other.page.locator('html').getAttribute('lang')).toBe('es');
    expectNoPageErrors(other.errors);
    await other.context.close();
    await context.close();
  });
});
