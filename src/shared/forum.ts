import type { I18n } from '@lingui/core';
import { z } from 'zod';
import { contentLanguageFilterSchema, contentLanguageSchema } from './i18n/content-language';
import { displayNameSchema } from './member-name';
import { lineOf, PG_INT_MAX, queryTextOf, textOf } from './text';

// The forum (product.md §4.3 Post and PostResponse, §10.1): one schema per thing a member writes, used by the API to
// validate and by the forms to check before sending. The lengths are ours (product.md §10.3).

export const CATEGORY_NAME_MAX = 40;
export const POST_TITLE_MAX = 150;
export const POST_BODY_MAX = 10_000;
export const RESPONSE_BODY_MAX = 5_000;
/** The keyword filter: more would only make slower queries, never better matches. */
export const SEARCH_QUERY_MAX = 100;
export const SEARCH_TERMS_MAX = 8;
/** Shorter words match too much to be a filter (every word starting with "a"). */
export const SEARCH_TERM_MIN = 2;
export const POSTS_PAGE_SIZE = 20;
/** Characters of the body shown under each title in the list. */
export const POST_EXCERPT_LENGTH = 220;
export { FORMER_MEMBER } from './member-name';

/**
 * The categories the forum starts with (migration 0002 writes them). They are the site's words, so a reader
 * sees them in the page's language; the categories members create are members' words, shown as written. The
 * stored English name stays the key everywhere (the API, the URL, follows), so a category is one and the
 * same whatever the language it is read in.
 */
export const SEEDED_CATEGORIES = [
  /*i18n*/ 'General',
  /*i18n*/ 'Prayer requests',
  /*i18n*/ 'Questions and advice',
  /*i18n*/ 'Events and resources',
] as const;

// Compared as the database compares names (lower(name) is unique), and as one spelling of each accent: the
// same words typed on another keyboard are the same category.
const keyOf = (name: string) => name.trim().normalize('NFC').toLowerCase();
const SEEDED_BY_KEY = new Map<string, string>(SEEDED_CATEGORIES.map((name) => [keyOf(name), name]));

/** A category's name as a reader of this language sees it: a seeded one translated, a member's as written. */
export function categoryLabel(i18n: Pick<I18n, '_'>, name: string): string {
  const seeded = SEEDED_BY_KEY.get(keyOf(name));
  return seeded ? i18n._(seeded) : name;
}

/**
 * What a member chose or typed in the post form → the category to send: a seeded category's label in the
 * page's language is that category (its stored name), so choosing "Peticiones de oración" does not create a
 * category of that name; anything else is sent as typed (an existing category, or a new one).
 */
export function categoryNameOf(i18n: Pick<I18n, '_'>, typed: string): string {
  const key = keyOf(typed);
  return SEEDED_CATEGORIES.find((name) => keyOf(i18n._(name)) === key) ?? typed;
}

/** A category: an existing one (matched without regard to case) or a new name, which creates it. */
export const categoryNameSchema = lineOf('Category', CATEGORY_NAME_MAX);

/** POST /api/posts and PATCH /api/posts/:id. */
export const postInputSchema = z.object({
  category: categoryNameSchema,
  title: lineOf('Title', POST_TITLE_MAX),
  body: textOf('Post', POST_BODY_MAX),
  /** The language the author wrote in; absent, the server takes the author's own (issue 28). */
  language: contentLanguageSchema.optional(),
});
export type PostInput = z.input<typeof postInputSchema>;

/** POST /api/posts/:id/responses and PATCH /api/post-responses/:id. */
export const responseInputSchema = z.object({
  body: textOf('Response', RESPONSE_BODY_MAX),
});
export type ResponseInput = z.input<typeof responseInputSchema>;

/** GET /api/posts: newest first, optionally one category and keywords; `before` continues a list. */
export const postListQuerySchema = z.object({
  q: queryTextOf('Keywords', SEARCH_QUERY_MAX),
  category: queryTextOf('Category', CATEGORY_NAME_MAX * 2, /*i18n*/ 'Unknown category'),
  /** Posts written in one language; absent, every language. */
  language: contentLanguageFilterSchema,
  // The time of the last post shown (µs since 1970) and its id, which an integer column holds.
  before: z
    .string()
    .regex(/^\d{1,16}\.\d{1,10}$/, /*i18n*/ 'Not a list position')
    .refine((s) => Number(s.split('.')[1]) <= PG_INT_MAX, /*i18n*/ 'Not a list position')
    .optional(),
});
export type PostListQuery = z.input<typeof postListQuerySchema>;

/** The words a keyword filter searches for (letters and digits, each at least SEARCH_TERM_MIN long). */
export function searchTermsOf(q: string): string[] {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => w.length >= SEARCH_TERM_MIN))].slice(0, SEARCH_TERMS_MAX);
}

// ---- What the API answers. Authors' email addresses are never part of it. ----------------------------

/** A post's or response's author, named by displayNameOf. */
export const authorSchema = displayNameSchema;
export type Author = z.infer<typeof authorSchema>;

export const postSummarySchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    excerpt: z.string(),
    category: z.string(),
    /** The language the author wrote in: pages mark its text with it (lang) and name it when it is not the page's. */
    language: contentLanguageSchema,
    author: authorSchema,
    postDate: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    responseCount: z.number().int(),
  })
  .meta({ id: 'PostSummary' });
export type PostSummary = z.infer<typeof postSummarySchema>;

export const postListResponseSchema = z.object({
  posts: z.array(postSummarySchema),
  /** Pass as `before` to get the next (older) page; null at the end of the list. */
  nextCursor: z.string().nullable(),
});
export type PostListResponse = z.infer<typeof postListResponseSchema>;

export const postDetailSchema = postSummarySchema
  .omit({ excerpt: true })
  .extend({
    body: z.string(),
    /** The reader wrote it or is an admin. */
    canEdit: z.boolean(),
  })
  .meta({ id: 'PostDetail' });
export type PostDetail = z.infer<typeof postDetailSchema>;

export const responseViewSchema = z
  .object({
    id: z.number().int(),
    postId: z.number().int(),
    body: z.string(),
    author: authorSchema,
    postDate: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    canEdit: z.boolean(),
  })
  .meta({ id: 'Response' });
export type ResponseView = z.infer<typeof responseViewSchema>;

export const postWithResponsesSchema = z.object({ post: postDetailSchema, responses: z.array(responseViewSchema) });
export type PostWithResponses = z.infer<typeof postWithResponsesSchema>;

export const categoryCountSchema = z.object({ id: z.number().int(), name: z.string(), postCount: z.number().int() });
export type CategoryCount = z.infer<typeof categoryCountSchema>;
export const categoryListResponseSchema = z.object({ categories: z.array(categoryCountSchema), totalPosts: z.number().int() });
export type CategoryListResponse = z.infer<typeof categoryListResponseSchema>;

/** Live topics (src/shared/live.ts): the list, and one post with its responses. */
export const POSTS_TOPIC = 'posts';
export function postTopic(id: number | string): string {
  return `post:${id}`;
}
