import { screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CategoryListResponse } from '../../shared/forum';
import { loadLocale } from '../i18n/i18n';
import { meQueryOptions } from '../lib/me-query';
import { testMe } from '../testing/me';
import { renderWithSite, testQueryClient } from '../testing/render';
import { categoriesQueryOptions } from './forum-api';
import { NewPost } from './new-post-form';

// The new-post form's category (issue 28): the forum's four seeded categories are the site's words, offered
// in the page's language, and choosing or typing one's label sends the category itself (its stored English
// name), so a Spanish reader does not create "Peticiones de oración" beside "Prayer requests". A member's own
// category is offered and sent as written. happy-dom has no server: the test answers the requests at the
// browser's edge (fetch) and reads what the form sent; everything of ours runs for real.

const ME = testMe({ email: 'lucia@example.org', firstName: 'Lucía', lastName: 'Reyes' });

const CATEGORIES: CategoryListResponse = {
  categories: [
    { id: 1, name: 'General', postCount: 4 },
    { id: 2, name: 'Prayer requests', postCount: 3 },
    { id: 3, name: 'Questions and advice', postCount: 2 },
    { id: 4, name: 'Events and resources', postCount: 1 },
    { id: 5, name: 'Comidas del martes', postCount: 1 },
  ],
  totalPosts: 11,
};

// The message field grows with its text and measures again once the page's fonts load: happy-dom has no
// FontFaceSet, so the page gets one that never loads anything.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });

/** The bodies of the posts the form sent. */
let sent: unknown[] = [];
beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(input instanceof Request ? input.url : String(input), 'http://site.test'), init);
    const path = new URL(request.url).pathname;
    if (request.method === 'POST' && path === '/api/posts') {
      sent.push(await request.json());
      return Response.json({ id: sent.length }, { status: 201 });
    }
    if (path === '/api/post-categories') return Response.json(CATEGORIES);
    return Response.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 });
  });
});
afterEach(() => vi.unstubAllGlobals());
afterAll(() => loadLocale('en'));

function renderForm(defaultCategory = '') {
  const queryClient = testQueryClient();
  queryClient.setQueryData(meQueryOptions.queryKey, { user: ME });
  queryClient.setQueryData(categoriesQueryOptions.queryKey, CATEGORIES);
  return renderWithSite(<NewPost defaultCategory={defaultCategory} />, { queryClient });
}

type Words = { write: string; category: string; title: string; message: string; post: string; published: (title: string) => string };
const SPANISH: Words = {
  write: 'Escribir una publicación nueva',
  category: 'Categoría',
  title: 'Título',
  message: 'Mensaje',
  post: 'Publicar',
  published: (title) => `Su publicación “${title}” está publicada.`,
};
const ENGLISH: Words = {
  write: 'Write a new post',
  category: 'Category',
  title: 'Title',
  message: 'Message',
  post: 'Post',
  published: (title) => `Your post “${title}” is published.`,
};

// The suggestions' list, open: happy-dom runs no CSS transitions, so Mantine's dropdown keeps the
// `display: none` it starts with, and the list is found among hidden elements.
const suggestions = () => screen.findByRole('listbox', { hidden: true });

/** Opens the form, puts `category` in its field (typed, or chosen from the suggestions), posts: what was sent. */
async function post(words: Words, category: { typed: string } | { chosen: string }, defaultCategory = '') {
  const { user } = renderForm(defaultCategory);
  await user.click(screen.getByRole('button', { name: words.write }));
  const field = screen.getByRole('combobox', { name: words.category });
  if ('typed' in category) {
    await user.clear(field);
    await user.type(field, category.typed);
  } else {
    await user.click(field);
    await user.click(within(await suggestions()).getByRole('option', { name: category.chosen, hidden: true }));
  }
  const title = `A post of ${sent.length + 1}`;
  await user.type(screen.getByRole('textbox', { name: words.title }), title);
  await user.type(screen.getByRole('textbox', { name: words.message }), 'Some words.');
  await user.click(screen.getByRole('button', { name: words.post }));
  await screen.findByText(words.published(title));
  expect(sent).toHaveLength(1);
  return (sent[0] as { category: string }).category;
}

describe('the new post’s category, on a Spanish page', () => {
  it('offers the seeded categories in Spanish and a member’s own as written', async () => {
    await loadLocale('es');
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: SPANISH.write }));
    await user.click(screen.getByRole('combobox', { name: SPANISH.category }));
    const options = within(await suggestions()).getAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual([
      'General',
      'Peticiones de oración',
      'Preguntas y consejos',
      'Eventos y recursos',
      'Comidas del martes',
    ]);
  });

  it('sends a seeded category chosen by its Spanish label by its own name', async () => {
    await loadLocale('es');
    expect(await post(SPANISH, { chosen: 'Peticiones de oración' })).toBe('Prayer requests');
  });

  it('knows the Spanish label typed in another case, with spaces around it', async () => {
    await loadLocale('es');
    expect(await post(SPANISH, { typed: '  preguntas Y CONSEJOS ' })).toBe('Questions and advice');
  });

  it('keeps a new name as typed', async () => {
    await loadLocale('es');
    expect(await post(SPANISH, { typed: 'Ropa para bebés' })).toBe('Ropa para bebés');
  });

  it('sends a member’s category as written', async () => {
    await loadLocale('es');
    expect(await post(SPANISH, { chosen: 'Comidas del martes' })).toBe('Comidas del martes');
  });

  it('starts from the list’s category filter, shown by its label', async () => {
    await loadLocale('es');
    const { user } = renderForm('Events and resources');
    await user.click(screen.getByRole('button', { name: SPANISH.write }));
    expect(screen.getByRole('combobox', { name: SPANISH.category })).toHaveProperty('value', 'Eventos y recursos');
  });
});

describe('the new post’s category, on an English page', () => {
  it('offers and sends the seeded categories as they are', async () => {
    await loadLocale('en');
    expect(await post(ENGLISH, { chosen: 'Prayer requests' })).toBe('Prayer requests');
  });

  it('sends a Spanish label typed on an English page as typed: only the page’s language is read', async () => {
    await loadLocale('en');
    expect(await post(ENGLISH, { typed: 'Peticiones de oración' })).toBe('Peticiones de oración');
  });
});

describe('a refused post', () => {
  it('focuses the first field to fix without opening its list over the notes', async () => {
    await loadLocale('en');
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: ENGLISH.write }));
    await user.click(screen.getByRole('button', { name: ENGLISH.post }));
    const field = screen.getByRole('combobox', { name: ENGLISH.category });
    await vi.waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(sent).toHaveLength(0);
  });
});
