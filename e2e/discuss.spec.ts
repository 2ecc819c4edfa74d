import { describe, expect, it, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '../src/shared/messages';
import { openSite, useBrowser } from './support/browser';
import { waitForMail } from './support/mail';
import { expectNoPageErrors } from './support/journey';
import { seriousViolations } from './support/a11y';
import { markPage, wasNotReloaded } from './support/live-page';
import { memberProfile, signUpMember } from './support/members';

const browser = useBrowser();

/** What another browser must show within, with no reload (the promise). */
const LIVE_MS = 2000;

async function writePost(page: Page, post: { category: string; title: string; body: string }) {
  await page.getByRole('button', { name: 'Write a new post' }).click();
  await page.getByRole('combobox', { name: 'Category' }).fill(post.category);
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(post.title);
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill(post.body);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await page.getByText(`Your post “${post.title}” is published.`).waitFor();
}

describe('discuss, live in two browsers', () => {
  it('A posts, responds, edits and deletes; B sees each change without a reload', async () => {
    const a = await openSite(browser());
    const b = await openSite(browser());
    await signUpMember(a.page, { prefix: 'discuss', profile: memberProfile({ firstName: 'Alma', lastName: 'Author' }) });
    await signUpMember(b.page, { prefix: 'discuss', profile: memberProfile({ firstName: 'Ben', lastName: 'Reader' }) });
    await a.page.goto('/discuss');
    await b.page.goto('/discuss');
    await b.page.getByRole('heading', { name: 'Posts' }).waitFor();
    await markPage(b.page);

    // A posts → B's list shows it.
    const title = `Respite weekend ${Date.now().toString(36)}`;
    const category = `Respite ${Date.now().toString(36)}`;
    await writePost(a.page, { category, title, body: 'Who can help on Saturday?\nWe have two kids, 3 and 5.' });
    const inB = b.page.getByRole('article', { name: title });
    await inB.waitFor({ timeout: LIVE_MS });
    await expect.poll(() => inB.getByText('By Alma Author').isVisible()).toBe(true);
    await expect.poll(() => inB.getByText(category).isVisible()).toBe(true);
    await expect.poll(() => inB.getByText('No responses yet').isVisible()).toBe(true);
    // The new category is in B's list too, with its count.
    await b.page.getByRole('button', { name: `${category} (1 post)` }).waitFor({ timeout: LIVE_MS });

    // B opens it with 'More'; A responds → B's open post shows the response.
    await inB.getByRole('link', { name: /^More/ }).click();
    await b.page.waitForURL(/\/discuss\/\d+$/);
    await b.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await expect.poll(() => b.page.getByText('Who can help on Saturday?').isVisible()).toBe(true);
    expect(await wasNotReloaded(b.page)).toBe(true);

    await a.page.getByRole('article', { name: title }).getByRole('link', { name: /^More/ }).click();
    await a.page.getByLabel('Your response').fill('I can drive them to church on Sunday.');
    await a.page.getByRole('button', { name: 'Respond' }).click();
    await b.page.getByText('I can drive them to church on Sunday.').waitFor({ timeout: LIVE_MS });
    await expect.poll(() => b.page.getByRole('heading', { name: 'Responses (1)' }).isVisible()).toBe(true);

    // A edits: the control toggles Edit Post → Save Post.
    await a.page.getByRole('button', { name: 'Edit Post', exact: true }).click();
    expect(await a.page.getByRole('button', { name: 'Edit Post', exact: true }).count()).toBe(0);
    await a.page.getByRole('textbox', { name: 'Title', exact: true }).fill(`${title} (updated)`);
    await a.page.getByRole('button', { name: 'Save Post', exact: true }).click();
    await a.page.getByRole('button', { name: 'Edit Post', exact: true }).waitFor();
    await b.page.getByRole('heading', { level: 1, name: `${title} (updated)` }).waitFor({ timeout: LIVE_MS });

    // B, not the author, may not edit or delete.
    expect(await b.page.getByRole('button', { name: 'Edit Post', exact: true }).count()).toBe(0);
    expect(await b.page.getByRole('button', { name: 'Delete Post' }).count()).toBe(0);

    // A deletes after confirming; B's open post says so.
    await a.page.getByRole('button', { name: 'Delete Post' }).click();
    await a.page.getByRole('dialog').getByRole('button', { name: 'Keep it' }).click();
    await expect.poll(() => a.page.getByRole('dialog').count()).toBe(0);
    await a.page.getByRole('button', { name: 'Delete Post' }).click();
    await a.page.getByRole('dialog').getByRole('button', { name: 'Yes, delete' }).click();
    await a.page.waitForURL(/\/discuss$/);
    await a.page.getByText('The post has been deleted.').waitFor();
    await b.page.getByText('This post has been deleted, or never existed.').waitFor({ timeout: LIVE_MS });
    expect(await wasNotReloaded(b.page)).toBe(true);

    expectNoPageErrors(a.errors);
    expectNoPageErrors(b.errors);
    await a.context.close();
    await b.context.close();
  });

  it('the team receives a new-post alert with a link to the post', async () => {
    const a = await openSite(browser());
    await signUpMember(a.page, { prefix: 'discuss', profile: memberProfile({ firstName: 'Mail', lastName: 'Sender' }) });
    await a.page.goto('/discuss');
    const title = `Alert me ${Date.now().toString(36)}`;
    await writePost(a.page, { category: 'General', title, body: 'The team should hear of this.' });
    const mail = await waitForMail('team@network.test', (m) => m.subject.includes(title));
    const link = /\/discuss\/(\d+)/.exec(mail.text);
    expect(link).not.toBeNull();
    expect(mail.text).toContain(`${inject('baseUrl')}/discuss/${link![1]}`);
    expect(mail.text).toContain('Mail Sender');
    await a.page.goto(`/discuss/${link![1]}`);
    await a.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await a.context.close();
  });
});

describe('discuss, who may write', () => {
  it('a visitor reads posts and responses but is asked to sign in to write', async () => {
    const author = await openSite(browser());
    await signUpMember(author.page, { prefix: 'discuss', profile: memberProfile({ firstName: 'Vera', lastName: 'Visible' }) });
    const title = `Readable ${Date.now().toString(36)}`;
    const created = await author.page.request.post('/api/posts', {
      data: { category: 'General', title, body: 'Anyone may read this.' },
      headers: { origin: inject('baseUrl') },
    });
    const { id } = (await created.json()) as { id: number };
    await author.page.request.post(`/api/posts/${id}/responses`, {
      data: { body: 'And this response.' },
      headers: { origin: inject('baseUrl') },
    });

    const visitor = await openSite(browser());
    await visitor.page.goto('/discuss');
    await visitor.page.getByRole('article', { name: title }).waitFor();
    expect(await visitor.page.getByRole('button', { name: 'Write a new post' }).count()).toBe(0);
    expect(await visitor.page.getByRole('link', { name: 'Sign in', exact: true }).getAttribute('href')).toBe('/signin?next=%2Fdiscuss');
    await visitor.page.getByRole('article', { name: title }).getByRole('link', { name: /^More/ }).click();
    await visitor.page.getByText('And this response.').waitFor();
    expect(await visitor.page.getByLabel('Your response').count()).toBe(0);
    expect(await visitor.page.getByRole('button', { name: /Edit Post|Delete/ }).count()).toBe(0);
    await visitor.page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await visitor.page.waitForURL(/\/signin\?next=%2Fdiscuss%2F\d+$/);
    expectNoPageErrors(visitor.errors);
  });

  it('a member without a profile sees the spec’s message and a link to the dashboard', async () => {
    const m = await openSite(browser());
    await signUpMember(m.page, { prefix: 'discuss' });
    await m.page.goto('/discuss');
    await m.page.getByText(MESSAGES.needProfileToPost).waitFor();
    expect(await m.page.getByRole('button', { name: 'Write a new post' }).count()).toBe(0);
    await m.page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await m.page.waitForURL('**/dashboard');
    expectNoPageErrors(m.errors);
  });
});

describe('discuss, what members write is text', () => {
  it('shows markup as typed, keeps line breaks, links web addresses, and opens no dialog', async () => {
    const m = await openSite(browser());
    await signUpMember(m.page, { prefix: 'discuss', profile: memberProfile({ firstName: 'Xena', lastName: 'Script' }) });
    const dialogs: string[] = [];
    m.page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await m.page.goto('/discuss');
    const title = `Markup <b>${Date.now().toString(36)}</b>`;
    await writePost(m.page, {
      category: 'General',
      title,
      body: '<img src=x onerror=alert(1)>\nSecond line https://example.org/guide.',
    });
    const item = m.page.getByRole('article', { name: title });
    await item.waitFor();
    await item.getByRole('link', { name: /^More/ }).click();
    await m.page.getByRole('heading', { level: 1, name: title }).waitFor();
    const body = m.page.getByText('<img src=x onerror=alert(1)>');
    await body.waitFor();
    expect(await body.innerText()).toBe('<img src=x onerror=alert(1)>\nSecond line https://example.org/guide.');
    expect(await m.page.locator('main img[src="x"]').count()).toBe(0);
    const link = m.page.getByRole('link', { name: 'https://example.org/guide' });
    expect(await link.getAttribute('href')).toBe('https://example.org/guide');
    expect(await link.getAttribute('rel')).toContain('nofollow ugc');
    expect(await link.getAttribute('target')).toBe('_blank');
    await m.page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
    expectNoPageErrors(m.errors);
  });
});

describe('discuss, finding posts', () => {
  it('filters by category and keyword, keeps the filters in the URL, and Back to main returns there', async () => {
    const m = await openSite(browser());
    await signUpMember(m.page, { prefix: 'discuss', profile: memberProfile({ firstName: 'Fil', lastName: 'Ter' }) });
    const word = `kw${Date.now().toString(36)}`;
    const category = `Filters ${Date.now().toString(36)}`;
    const origin = inject('baseUrl');
    for (const [title, cat] of [
      [`Match ${word}`, category],
      [`Other ${word}`, 'General'],
      ['Not matching at all', category],
    ] as const) {
      const res = await m.page.request.post('/api/posts', { data: { category: cat, title, body: 'text' }, headers: { origin } });
      expect(res.status()).toBe(201);
    }

    await m.page.goto('/discuss');
    await m.page.getByRole('button', { name: `${category} (2 posts)` }).click();
    await expect.poll(() => new URL(m.page.url()).searchParams.get('category')).toBe(category);
    await m.page.getByRole('article', { name: 'Not matching at all' }).waitFor();
    await m.page.getByLabel('Keyword filter').fill(word);
    await expect.poll(() => new URL(m.page.url()).searchParams.get('q')).toBe(word);
    await expect.poll(() => m.page.getByRole('article').count()).toBe(1);
    await expect.poll(() => m.page.getByRole('article', { name: `Match ${word}` }).isVisible()).toBe(true);

    await m.page
      .getByRole('article', { name: `Match ${word}` })
      .getByRole('link', { name: /^More/ })
      .click();
    await m.page.getByRole('heading', { level: 1, name: `Match ${word}` }).waitFor();
    await m.page.getByRole('link', { name: /Back to main/ }).click();
    await m.page.waitForURL(/\/discuss\?/);
    const url = new URL(m.page.url());
    expect([url.searchParams.get('category'), url.searchParams.get('q')]).toEqual([category, word]);
    expect(await m.page.getByLabel('Keyword filter').inputValue()).toBe(word);
    // Focus is back on the post the reader came from.
    await expect
      .poll(() => m.page.evaluate(() => document.activeElement?.closest('article')?.querySelector('h3')?.textContent))
      .toBe(`Match ${word}`);

    await m.page.getByRole('button', { name: 'Clear Filter' }).click();
    await expect.poll(() => new URL(m.page.url()).search).toBe('');
    await m.page.getByRole('article', { name: `Other ${word}` }).waitFor();
    expectNoPageErrors(m.errors);
  });

  it('a post written in Spanish on the English site: its badge and lang, the language filter, and a Spanish search', async () => {
    const m = await openSite(browser());
    await signUpMember(m.page, { prefix: 'idioma', profile: memberProfile({ firstName: 'Rosa', lastName: 'Vega' }) });
    // Letters only: the tag is a word both stemmers leave as it is.
    const tag = `zq${[...Date.now().toString(36)].map((c) => 'bcdfghjklmnpqrstvwxz'[parseInt(c, 36) % 20]).join('')}`;
    const category = `Idiomas ${tag}`;
    const english = await m.page.request.post('/api/posts', {
      data: { category, title: `Families welcome ${tag}`, body: 'An English post.', language: 'en' },
      headers: { origin: inject('baseUrl') },
    });
    expect(english.status()).toBe(201);

    await m.page.goto(`/discuss?category=${encodeURIComponent(category)}`);
    await m.page.getByRole('button', { name: 'Write a new post' }).click();
    // The form starts at the page's language; the member says it is Spanish.
    const writtenIn = m.page.getByRole('radiogroup', { name: 'Written in' });
    expect(await writtenIn.getByRole('radio', { name: 'English' }).isChecked()).toBe(true);
    await writtenIn.getByRole('radio', { name: 'Español' }).check();
    const title = `Una familia para el fin de semana ${tag}`;
    await m.page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await m.page.getByRole('textbox', { name: 'Message', exact: true }).fill('Buscamos quien ayude con el cuidado de relevo.');
    await m.page.getByRole('button', { name: 'Post', exact: true }).click();
    await m.page.getByText(`Your post “${title}” is published.`).waitFor();

    // In the list: the title and excerpt carry lang="es", and a quiet badge says "Español"; the English post has neither.
    const spanishPost = m.page.getByRole('article', { name: title });
    await spanishPost.waitFor();
    expect(await spanishPost.getByRole('heading', { level: 3 }).getAttribute('lang')).toBe('es');
    expect(await spanishPost.locator('[lang="es"]', { hasText: /^Español$/ }).count()).toBe(1);
    const englishPost = m.page.getByRole('article', { name: `Families welcome ${tag}` });
    expect(await englishPost.getByRole('heading', { level: 3 }).getAttribute('lang')).toBeNull();
    expect(await englishPost.getByText('Español', { exact: true }).count()).toBe(0);
    expect(await seriousViolations(m.page), '/discuss with a Spanish post').toEqual([]);

    // The language filter, in the URL like the others.
    await m.page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await expect.poll(() => new URL(m.page.url()).searchParams.get('language')).toBe('es');
    await expect.poll(() => m.page.getByRole('article').count()).toBe(1);
    await spanishPost.waitFor();
    await m.page.getByRole('combobox', { name: 'Language' }).selectOption('');
    await expect.poll(() => m.page.getByRole('article').count()).toBe(2);

    // Searched with another form of a Spanish word: "familias" is stemmed in Spanish for the Spanish post.
    await m.page.getByLabel('Keyword filter').fill(`familias ${tag}`);
    await expect.poll(() => new URL(m.page.url()).searchParams.get('q')).toBe(`familias ${tag}`);
    await expect.poll(() => m.page.getByRole('article').count()).toBe(1);
    await spanishPost.waitFor();

    // The post's own page: its h1 and text in Spanish for screen readers, with the badge.
    await spanishPost.getByRole('link', { name: /^More/ }).click();
    const heading = m.page.getByRole('heading', { level: 1, name: title });
    await heading.waitFor();
    expect(await heading.getAttribute('lang')).toBe('es');
    expect(await m.page.getByText('Buscamos quien ayude con el cuidado de relevo.').getAttribute('lang')).toBe('es');
    expect(await seriousViolations(m.page), 'a Spanish post on the English site').toEqual([]);
    expectNoPageErrors(m.errors);
  });

  it('reloads and links a single post by its own address', async () => {
    const visitor = await openSite(browser());
    const res = await visitor.page.goto('/discuss/999999');
    expect(res?.status()).toBe(200);
    await visitor.page.getByText('This post has been deleted, or never existed.').waitFor();
    await visitor.page.getByRole('link', { name: /Back to main/ }).click();
    await visitor.page.waitForURL(/\/discuss$/);
  });
});

describe('discuss, accessibility', () => {
  it('has no serious problems on the list and on a post, at desktop and phone widths', async () => {
    for (const viewport of [undefined, { width: 390, height: 844 }]) {
      const m = await openSite(browser(), viewport ? { viewport } : {});
      await signUpMember(m.page, { prefix: 'discuss', profile: memberProfile({ firstName: 'Axe', lastName: 'Checker' }) });
      const title = `Accessible ${Date.now().toString(36)}`;
      const created = await m.page.request.post('/api/posts', {
        data: { category: 'General', title, body: 'See https://example.org for more.' },
        headers: { origin: inject('baseUrl') },
      });
      const { id } = (await created.json()) as { id: number };
      await m.page.request.post(`/api/posts/${id}/responses`, {
        data: { body: 'A response.' },
        headers: { origin: inject('baseUrl') },
      });

      await m.page.goto('/discuss');
      await m.page.getByRole('article', { name: title }).waitFor();
      expect(await seriousViolations(m.page), '/discuss').toEqual([]);
      await m.page.getByRole('button', { name: 'Write a new post' }).click();
      await m.page.getByRole('textbox', { name: 'Title', exact: true }).waitFor();
      expect(await seriousViolations(m.page), '/discuss with the form').toEqual([]);

      await m.page.goto(`/discuss/${id}`);
      await m.page.getByText('A response.').waitFor();
      expect(await seriousViolations(m.page), '/discuss/:id').toEqual([]);
      await m.page.getByRole('button', { name: 'Edit Post', exact: true }).click();
      await m.page.getByRole('button', { name: 'Save Post', exact: true }).waitFor();
      expect(await seriousViolations(m.page), '/discuss/:id editing').toEqual([]);

      const visitor = await openSite(browser(), viewport ? { viewport } : {});
      await visitor.page.goto(`/discuss/${id}`);
      await visitor.page.getByText('A response.').waitFor();
      expect(await seriousViolations(visitor.page), '/discuss/:id as a visitor').toEqual([]);
      expectNoPageErrors(m.errors);
      await m.context.close();
      await visitor.context.close();
    }
  });
});

describe('discuss, the list’s rough edges (issue 29)', () => {
  it('opens a post from its title, links addresses in previews, and keeps a refused post’s notes in view', async () => {
    const m = await openSite(browser());
    await signUpMember(m.page, { prefix: 'discuss', profile: memberProfile({ firstName: 'Tia', lastName: 'Title' }) });
    const title = `Title link ${Date.now().toString(36)}`;
    await m.page.request.post('/api/posts', {
      data: { category: 'General', title, body: 'Sign up at https://example.org/respite today.' },
      headers: { origin: inject('baseUrl') },
    });
    await m.page.goto('/discuss');
    const item = m.page.getByRole('article', { name: title });
    const preview = item.getByRole('link', { name: 'https://example.org/respite' });
    expect(await preview.getAttribute('href')).toBe('https://example.org/respite');
    expect((await preview.getAttribute('rel'))?.split(' ')).toEqual(expect.arrayContaining(['noopener', 'nofollow', 'ugc']));

    // A post sent empty: focus on the first field to fix, its list closed, the note beside it readable.
    await m.page.getByRole('button', { name: 'Write a new post' }).click();
    await m.page.getByRole('button', { name: 'Post', exact: true }).click();
    const category = m.page.getByRole('combobox', { name: 'Category' });
    await expect.poll(() => category.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await category.getAttribute('aria-expanded')).toBe('false');
    expect(await m.page.getByRole('listbox').count()).toBe(0);
    await m.page.getByRole('button', { name: 'Cancel' }).click();

    await item.getByRole('link', { name: title, exact: true }).click();
    await m.page.waitForURL(/\/discuss\/\d+$/);
    await m.page.getByRole('heading', { level: 1, name: title }).waitFor();
    expectNoPageErrors(m.errors);
  });

  it('folds the filters behind a button on a phone, so the posts start near the top', async () => {
    const m = await openSite(browser(), { viewport: { width: 390, height: 844 } });
    await signUpMember(m.page, { prefix: 'discuss', profile: memberProfile({ firstName: 'Phil', lastName: 'Phone' }) });
    await m.page.request.post('/api/posts', {
      data: { category: 'General', title: `On a phone ${Date.now().toString(36)}`, body: 'Read on a phone.' },
      headers: { origin: inject('baseUrl') },
    });
    await m.page.goto('/discuss');
    const first = m.page.getByRole('article').first();
    await first.waitFor();
    expect((await first.boundingBox())?.y).toBeLessThan(600);
    const toggle = m.page.getByRole('button', { name: 'Filters', exact: true });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await m.page.getByLabel('Keyword filter').isVisible()).toBe(false);
    // By keyboard, as anyone may open it.
    await toggle.focus();
    await m.page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await m.page.getByLabel('Keyword filter').waitFor();
    await m.page.getByRole('heading', { name: 'Categories' }).waitFor();
    expect(await seriousViolations(m.page), '/discuss with the filters open').toEqual([]);
    // On a computer the filters are always there, and the toggle is not.
    await m.page.setViewportSize({ width: 1280, height: 900 });
    expect(await toggle.isVisible()).toBe(false);
    expect(await m.page.getByLabel('Keyword filter').isVisible()).toBe(true);
    expectNoPageErrors(m.errors);
  });
});
