import { describe, expect, inject, it } from 'vitest';
import { expectAxeClean } from './support/a11y';
import { openSite, useBrowser } from './support/browser';
import { expectNoPageErrors } from './support/journey';

// Issue 28: the sign-in and sign-up pages in Spanish for a visitor who chose it (the switcher's cookie),
// accessible at a phone's width and a desktop's.

const browser = useBrowser();

async function openInSpanish(path: string) {
  const session = await openSite(browser());
  await session.context.addCookies([{ name: 'lang', value: 'es', url: inject('baseUrl') }]);
  await session.page.goto(path);
  return session;
}

describe('the account’s pages in Spanish', () => {
  it('/signin: its heading, fields and links in Spanish, axe clean', async () => {
    const { page, errors } = await openInSpanish('/signin');
    await page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(await page.title()).toContain('Iniciar sesión');
    expect(await page.getByLabel(/^Contraseña/).count()).toBe(1);
    expect(await page.getByRole('link', { name: '¿Olvidó su contraseña?' }).getAttribute('href')).toBe('/forgot-password');
    await expect.poll(() => page.getByRole('main').getByText('¿Necesita una cuenta?').isVisible()).toBe(true);
    expect(await page.getByRole('main').getByRole('link', { name: 'Crear una cuenta' }).getAttribute('href')).toBe('/signup');
    await expect.poll(() => page.getByRole('button', { name: 'Iniciar sesión', exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Iniciar sesión con Google' }).isVisible()).toBe(true);
    await expectAxeClean(page, '/signin in Spanish', { noSidewaysScroll: true });
    expectNoPageErrors(errors);
  });

  it('/signup: its heading and password fields in Spanish, axe clean', async () => {
    const { page, errors } = await openInSpanish('/signup');
    await page.getByRole('heading', { level: 1, name: 'Crear una cuenta' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(await page.getByLabel(/^Contraseña/).count()).toBe(1);
    expect(await page.getByLabel(/^Confirmación de la contraseña/).count()).toBe(1);
    await expect.poll(() => page.getByRole('main').getByText('¿Ya tiene una cuenta?').isVisible()).toBe(true);
    await expectAxeClean(page, '/signup in Spanish', { noSidewaysScroll: true });
    expectNoPageErrors(errors);
  });

  it('/reset-password with a used-up link: the sentence and its link in Spanish', async () => {
    const { page, errors } = await openInSpanish('/reset-password?error=INVALID_TOKEN');
    await page.getByRole('heading', { level: 1, name: 'Restablecer la contraseña' }).waitFor();
    expect(
      await page
        .getByRole('main')
        .getByText(/^Este enlace para restablecer la contraseña ya no es válido\./)
        .isVisible(),
    ).toBe(true);
    expect(await page.getByRole('link', { name: 'Pida un enlace nuevo' }).getAttribute('href')).toBe('/forgot-password');
    expectNoPageErrors(errors);
  });
});
