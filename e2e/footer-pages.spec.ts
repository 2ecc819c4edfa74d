import { describe, expect, inject, it } from 'vitest';
import { expectAxeClean } from './support/a11y';
import { openSite, useBrowser } from './support/browser';
import { expectNoPageErrors } from './support/journey';

const browser = useBrowser();

// The footer's pages about the network (issue 29): reached from the footer on any page, in both languages,
// accessible at both widths; and the missing page offers ways on.
describe('the footer’s pages', () => {
  const PAGES = [
    { link: 'About', heading: 'About the network', path: '/about', es: { link: 'Quiénes somos', heading: 'Acerca de la red' } },
    { link: 'Privacy', heading: 'Privacy', path: '/privacy', es: { link: 'Privacidad', heading: 'Privacidad' } },
    { link: 'Accessibility', heading: 'Accessibility', path: '/accessibility', es: { link: 'Accesibilidad', heading: 'Accesibilidad' } },
  ];

  it('are linked from the footer and open in English, axe clean at 390 and 1280 px', async () => {
    const { page, errors } = await openSite(browser());
    for (const p of PAGES) {
      await page.goto('/discuss');
      await page.getByRole('contentinfo').getByRole('link', { name: p.link, exact: true }).click();
      await page.waitForURL(`**${p.path}`);
      await page.getByRole('heading', { level: 1, name: p.heading }).waitFor();
      await expectAxeClean(page, p.path, { noSidewaysScroll: true });
    }
    // What the privacy page promises a member: how to delete the account, and how to reach the team.
    await page.goto('/privacy');
    expect(await page.getByRole('link', { name: 'Delete your account' }).getAttribute('href')).toBe('/delete-account');
    expectNoPageErrors(errors);
  });

  it('are in Spanish for a reader who chose it', async () => {
    const { page, context, errors } = await openSite(browser());
    await context.addCookies([{ name: 'lang', value: 'es', url: inject('baseUrl') }]);
    for (const p of PAGES) {
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: p.es.link, exact: true }).click();
      await page.waitForURL(`**${p.path}`);
      await page.getByRole('heading', { level: 1, name: p.es.heading }).waitFor();
      await expectAxeClean(page, `${p.path} in Spanish`, { noSidewaysScroll: true });
    }
    expectNoPageErrors(errors);
  });
});

describe('the missing page', () => {
  it('offers the home page, Discuss, the directory and a search of the posts, on the page grid', async () => {
    const { page, errors } = await openSite(browser());
    await page.goto('/no/such/page');
    const heading = page.getByRole('heading', { level: 1, name: 'page not found' });
    await heading.waitFor();
    for (const [name, href] of [
      ['Go to the home page', '/'],
      ['Discuss: questions, ideas and prayer requests', '/discuss'],
      ['The member directory', '/directory'],
    ]) {
      expect(await page.getByRole('main').getByRole('link', { name }).getAttribute('href'), name).toBe(href);
    }
    // Its heading starts where the footer's links do, as on the pages with columns.
    const headingLeft = (await heading.boundingBox())?.x;
    const footerLeft = (await page.getByRole('contentinfo').getByRole('link', { name: 'Home' }).boundingBox())?.x;
    expect(headingLeft).toBe(footerLeft);
    await expectAxeClean(page, 'the missing page', { noSidewaysScroll: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('textbox', { name: 'Search the posts' }).fill('respite');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL('**/discuss?q=respite');
    expectNoPageErrors(errors);
  });
});
