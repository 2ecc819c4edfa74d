import { z } from 'zod';
import { lineOf, PG_INT_MAX, queryTextOf, textOf } from './text';

// The forum (SPEC.md §3 Post and PostResponse, §5): one schema per thing a member writes, used by the API to
// validate and by the forms to check before sending. The spec gives no lengths; these are ours.

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
/** What readers see instead of the name of an author who has deleted their account. */
export const FORMER_MEMBER = 'Former member';

/** A category: an existing one (matched without regard to case) or a new name, which creates it. */
export const categoryNameSchema = lineOf('Category', CATEGORY_NAME_MAX);

/** POST /api/posts and PATCH /api/posts/:id. */
export const postInputSchema = z.object({
  category: categoryNameSchema,
  title: lineOf('Title', POST_TITLE_MAX),
  body: textOf('Post', POST_BODY_MAX),
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
  category: queryTextOf('Category', CATEGORY_NAME_MAX * 2, 'Unknown category'),
  // The time of the last post shown (µs since 1970) and its id, which an integer column holds.
  before: z
    .string()
    .regex(/^\d{1,16}\.\d{1,10}$/, 'Not a list position')
    .refine((s) => Number(s.split('.')[1]) <= PG_INT_MAX, 'Not a list position')
    .optional(),
});
export type PostListQuery = z.input<typeof postListQuerySchema>;

/** The words a keyword filter searches for (letters and digits, each at least SEARCH_TERM_MIN long). */
export function searchTermsOf(q: string): string[] {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => w.length >= SEARCH_TERM_MIN))].slice(0, SEARCH_TERMS_MAX);
}

// ---- What the API answers. Authors' email addresses are never part of it. ----------------------------

export type Author = {
  /** "First Last", or FORMER_MEMBER once the author has deleted their account. */
  name: string;
  isFormerMember: boolean;
};

export type PostSummary = {
  id: number;
  title: string;
  excerpt: string;
  category: string;
  author: Author;
  postDate: string;
  updatedAt: string;
  responseCount: number;
};

export type PostListResponse = {
  posts: PostSummary[];
  /** Pass as `before` to get the next (older) page; null at the end of the list. */
  nextCursor: string | null;
};

export type PostDetail = Omit<PostSummary, 'excerpt'> & {
  body: string;
  /** The reader wrote it or is an admin. */
  canEdit: boolean;
};

export type ResponseView = {
  id: number;
  postId: number;
  body: string;
  author: Author;
  postDate: string;
  updatedAt: string;
  canEdit: boolean;
};

export type PostWithResponses = { post: PostDetail; responses: ResponseView[] };

export type CategoryCount = { id: number; name: string; postCount: number };
export type CategoryListResponse = { categories: CategoryCount[]; totalPosts: number };

/** Live topics (src/shared/live.ts): the list, and one post with its responses. */
export const POSTS_TOPIC = 'posts';
export function postTopic(id: number | string): string {
  return `post:${id}`;
}
