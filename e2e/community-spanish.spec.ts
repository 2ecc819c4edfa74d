import { describe, expect, inject, it } from 'vitest';
import { expectAxeClean } from './support/a11y';
import { openSite, useBrowser } from './support/browser';
import { expectNoPageErrors, openPage } from './support/journey';
import { memberProfile, signUpMember, uniqueTag } from './support/members';

const browser = useBrowser();

// The community's pages in Spanish (issue 28): a member whose browser chose Spanish (the switcher's cookie)
// reads Discuss, a post with its responses, and the profile form in Spanish, axe clean at both widths. The
// forum's seeded categories are the site's words, in Spanish too; the categories members create are as written.

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

    // A post written in the form: the labels and the confirmation in Spanish, the member's words as written,
    // the category a new one of the member's own.
    const own = `Comidas ${uniqueTag('')}`;
    await page.getByRole('button', { name: 'Escribir una publicación nueva' }).click();
    await page.getByRole('combobox', { name: 'Categoría' }).fill(own);
    await page.keyboard.press('Escape');
    const dinner = `Una cena para el sábado ${uniqueTag('')}`;
    await page.getByRole('textbox', { name: 'Título', exact: true }).fill(dinner);
    await page.getByRole('textbox', { name: 'Mensaje', exact: true }).fill('¿Quién puede ayudar?');
    await page.getByRole('button', { name: 'Publicar', exact: true }).click();
    await page.getByText(`Su publicación “${dinner}” está publicada.`).waitFor();

    // A seeded category chosen by its Spanish name: the post goes to 'Prayer requests', no category is created.
    const title = `Oren por nuestra familia ${uniqueTag('')}`;
    await page.getByRole('button', { name: 'Escribir una publicación nueva' }).click();
    await page.getByRole('combobox', { name: 'Categoría' }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Peticiones de oración', exact: true }).click();
    await page.getByRole('textbox', { name: 'Título', exact: true }).fill(title);
    await page.getByRole('textbox', { name: 'Mensaje', exact: true }).fill('Tenemos una audiencia el martes.');
    await page.getByRole('button', { name: 'Publicar', exact: true }).click();
    await page.getByText(`Su publicación “${title}” está publicada.`).waitFor();
    const categories = page.getByRole('region', { name: 'Categorías' });
    await categories.getByRole('button', { name: /^Peticiones de oración \(\d+ publicaci(ón|ones)\)$/ }).waitFor();
    await categories.getByRole('button', { name: /^Comidas .* \(1 publicación\)$/ }).waitFor();
    // The list's badge says "Categoría:" to screen readers before the name.
    await page.getByRole('article', { name: title }).getByText('Peticiones de oración').waitFor();
    const stored = (await (await page.request.get('/api/post-categories')).json()) as { categories: { name: string }[] };
    expect(stored.categories.map((c) => c.name)).toContain(own);
    expect(stored.categories.map((c) => c.name.toLowerCase())).not.toContain('peticiones de oración');
    await expectAxeClean(page, '/discuss in Spanish');

    await page.getByRole('link', { name: 'Abrirla' }).click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    const postId = new URL(page.url()).pathname.split('/').pop();
    const categoryOf = async () =>
      ((await (await page.request.get(`/api/posts/${postId}`)).json()) as { post: { category: string } }).post.category;
    expect(await categoryOf()).toBe('Prayer requests');
    await page.getByText('Por Lucía Reyes').waitFor();
    await page.getByRole('main').getByText('Peticiones de oración', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Respuestas (0)' }).waitFor();
    await expectAxeClean(page, 'a post in Spanish');

    // Editing shows the category by its Spanish name, and saving keeps it in 'Prayer requests'.
    await page.getByRole('button', { name: 'Editar publicación' }).click();
    expect(await page.getByRole('combobox', { name: 'Categoría' }).inputValue()).toBe('Peticiones de oración');
    await page.getByRole('textbox', { name: 'Mensaje', exact: true }).fill('Tenemos una audiencia el miércoles.');
    await page.getByRole('button', { name: 'Guardar publicación' }).click();
    await page.getByRole('button', { name: 'Editar publicación' }).waitFor();
    await page.getByText('Tenemos una audiencia el miércoles.').waitFor();
    expect(await categoryOf()).toBe('Prayer requests');

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
