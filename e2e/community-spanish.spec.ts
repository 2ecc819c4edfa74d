import { describe, expect, inject, it } from 'vitest';
import { expectAxeClean } from './support/a11y';
import { openSite, useBrowser } from './support/browser';
import { expectNoPageErrors, openPage } from './support/journey';
import { memberProfile, signUpMember, uniqueTag } from './support/members';

const browser = useBrowser();

// The community's pages in Spanish (issue 28): a member whose browser chose Spanish (the switcher's cookie)
// reads Discuss, a post with its responses, and the profile form in Spanish, axe clean at both widths.

describe('the community in Spanish', () => {
  it('Discuss, a post and the profile form are in Spanish, and axe finds nothing serious', async () => {
    const { context, page, errors } = await openSite(browser());
    await context.addCookies([{ name: 'lang', value: 'es', url: inject('baseUrl') }]);
    await signUpMember(page, { prefix: 'espanol', profile: memberProfile({ firstName: 'Lucía', lastName: 'Reyes' }) });

    await openPage(page, '/discuss');
    await page.getByRole('heading', { name: 'Conversar', level: 1 }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await page.getByRole('heading', { name: 'Publicaciones' }).waitFor();
    await page.getByRole('heading', { name: 'Categorías' }).waitFor();
    await page.getByLabel('Filtrar por palabras').waitFor();

    // A post written in the form: the labels and the confirmation in Spanish, the member's words as written.
    const title = `Una cena para el sábado ${uniqueTag('')}`;
    await page.getByRole('button', { name: 'Escribir una publicación nueva' }).click();
    await page.getByRole('combobox', { name: 'Categoría' }).fill(`Comidas ${uniqueTag('')}`);
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: 'Título', exact: true }).fill(title);
    await page.getByRole('textbox', { name: 'Mensaje', exact: true }).fill('¿Quién puede ayudar?');
    await page.getByRole('button', { name: 'Publicar', exact: true }).click();
    await page.getByText(`Su publicación “${title}” está publicada.`).waitFor();
    await expectAxeClean(page, '/discuss in Spanish');

    await page.getByRole('link', { name: 'Abrirla' }).click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByText('Por Lucía Reyes').waitFor();
    await page.getByRole('heading', { name: 'Respuestas (0)' }).waitFor();
    await page.getByRole('button', { name: 'Editar publicación' }).waitFor();
    await expectAxeClean(page, 'a post in Spanish');

    await openPage(page, '/update-profile');
    await page.getByRole('heading', { name: 'Su perfil', level: 1 }).waitFor();
    await page.getByLabel(/^Nombre\W*$/).waitFor();
    expect(
      await page
        .getByRole('radiogroup', { name: /¿Es usted padre o madre de crianza\?/ })
        .getByRole('radio', { name: 'Sí' })
        .count(),
    ).toBe(1);
    await page.getByRole('group', { name: 'Dónde vive' }).waitFor();
    await expectAxeClean(page, '/update-profile in Spanish');

    await openPage(page, '/profile');
    await page.getByRole('heading', { name: 'Actualizar perfil', level: 1 }).waitFor();
    await expectAxeClean(page, '/profile in Spanish');
    expectNoPageErrors(errors);
  });
});
