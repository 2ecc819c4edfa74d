import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  POST_EXCERPT_LENGTH,
  POSTS_PAGE_SIZE,
  searchTermsOf,
  type Author,
  type CategoryListResponse,
  type PostListResponse,
  type PostSummary,
  type PostWithResponses,
} from '../../shared/forum';
import { contentLanguageOf } from '../../shared/i18n/content-language';
import type { Locale } from '../../shared/i18n/locale';
import { displayNameOf } from '../../shared/member-name';
import type { DbDeps } from '../deps';
import { post, postCategory, postResponse } from '../db/schema';

// The reading side of the forum: what anybody may see. Authors' email addresses are never selected here.

export type Viewer = { id: string; isAdmin: boolean } | null;

type AuthorColumns = { posterUid: string | null; posterFirstName: string; posterLastName: string };

/** What a read needs of a post's or response's author (never the email: readers do not get it). */
function authorColumnsOf(table: typeof post | typeof postResponse) {
  return { posterUid: table.posterUid, posterFirstName: table.posterFirstName, posterLastName: table.posterLastName };
}

/** A deleted account leaves its posts behind without a name (decision 007): poster_uid is null then. */
export function authorOf(row: AuthorColumns): Author {
  return displayNameOf({ isDeleted: row.posterUid === null, firstName: row.posterFirstName, lastName: row.posterLastName });
}

export function canEdit(viewer: Viewer, posterUid: string | null): boolean {
  return viewer !== null && (viewer.isAdmin || (posterUid !== null && viewer.id === posterUid));
}

/**
 * The words as a prefix query ('fost famil' → 'fost':* & 'famil':*), so a filter matches while a word is
 * still being typed and across word forms (each post's language's stemming: see matchesWords). Only letters
 * and digits reach the query text, so nothing a visitor types is parsed as tsquery syntax.
 */
export function toPrefixQuery(q: string): string | null {
  const terms = searchTermsOf(q);
  return terms.length ? terms.map((t) => `${t}:*`).join(' & ') : null;
}

/**
 * A post's words are stemmed in its own language (the generated `search` column), so the query is stemmed the
 * same way for each post: in Spanish for Spanish posts, in English for the others. Two conditions joined by OR,
 * each a plain `search @@ constant`, let PostgreSQL read the GIN index twice (a BitmapOr) and check the language
 * on the few rows found; a CASE choosing the query per row could not use the index at all. The language test
 * keeps a Spanish stem from matching an English post (and the other way round): "casas" stems to 'cas' in
 * Spanish, which must not find an English post about a "cast".
 */
export function matchesWords(query: string): SQL {
  return sql`((${post.search} @@ to_tsquery('spanish', ${query}) AND ${post.language} = 'es') OR (${post.search} @@ to_tsquery('english', ${query}) AND ${post.language} <> 'es'))`;
}

/** The list position after a post: its date in microseconds since 1970 and its id (see the `before` filter). */
const cursorOf = sql<string>`((extract(epoch from ${post.postDate}) * 1000000)::bigint)::text`;

function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > POST_EXCERPT_LENGTH ? `${flat.slice(0, POST_EXCERPT_LENGTH).trimEnd()}…` : flat;
}

const responseCount = sql<number>`(select count(*)::int from ${postResponse} where ${postResponse.originalPostId} = ${post.id})`;

/**
 * Newest first, POSTS_PAGE_SIZE at a time, continued with keyset pagination on (post_date, id) so a page
 * costs the same however deep the reader scrolls and a new post never shifts the next page.
 */
export async function listPosts(
  deps: DbDeps,
  filter: { q?: string | undefined; category?: string | undefined; language?: Locale | undefined; before?: string | undefined },
): Promise<PostListResponse> {
  const { db } = deps.database;
  const where: SQL[] = [];
  if (filter.category) {
    const [found] = await db
      .select({ id: postCategory.id })
      .from(postCategory)
      .where(sql`lower(${postCategory.name}) = lower(${filter.category})`);
    if (!found) return { posts: [], nextCursor: null };
    where.push(eq(post.postCategory, found.id));
  }
  if (filter.q !== undefined) {
    const query = toPrefixQuery(filter.q);
    if (!query) return { posts: [], nextCursor: null };
    where.push(matchesWords(query));
  }
  if (filter.language) where.push(eq(post.language, filter.language));
  if (filter.before) {
    const [us, id] = filter.before.split('.');
    where.push(sql`(${post.postDate}, ${post.id}) < (timestamptz 'epoch' + ${us}::bigint * interval '1 microsecond', ${Number(id)}::int)`);
  }
  const rows = await db
    .select({
      id: post.id,
      title: post.postTitle,
      head: sql<string>`left(${post.post}, ${POST_EXCERPT_LENGTH * 2})`,
      category: postCategory.name,
      language: post.language,
      ...authorColumnsOf(post),
      postDate: post.postDate,
      updatedAt: post.updatedAt,
      responseCount,
      cursor: cursorOf,
    })
    .from(post)
    .innerJoin(postCategory, eq(postCategory.id, post.postCategory))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(post.postDate), desc(post.id))
    .limit(POSTS_PAGE_SIZE + 1);

  const page = rows.slice(0, POSTS_PAGE_SIZE);
  const last = page.at(-1);
  const posts: PostSummary[] = page.map((r) => ({
    id: r.id,
    title: r.title,
    excerpt: excerptOf(r.head),
    category: r.category,
    language: contentLanguageOf(r.language),
    author: authorOf(r),
    postDate: r.postDate.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    responseCount: Number(r.responseCount),
  }));
  return { posts, nextCursor: rows.length > POSTS_PAGE_SIZE && last ? `${last.cursor}.${last.id}` : null };
}

/** One post with all its responses, oldest response first, and what this reader may change. */
export async function getPost(deps: DbDeps, { viewer, id }: { viewer: Viewer; id: number }): Promise<PostWithResponses | undefined> {
  const { db } = deps.database;
  const [row] = await db
    .select({
      id: post.id,
      title: post.postTitle,
      body: post.post,
      category: postCategory.name,
      language: post.language,
      ...authorColumnsOf(post),
      postDate: post.postDate,
      updatedAt: post.updatedAt,
    })
    .from(post)
    .innerJoin(postCategory, eq(postCategory.id, post.postCategory))
    .where(eq(post.id, id));
  if (!row) return undefined;
  const responses = await db
    .select({
      id: postResponse.id,
      body: postResponse.post,
      ...authorColumnsOf(postResponse),
      postDate: postResponse.postDate,
      updatedAt: postResponse.updatedAt,
    })
    .from(postResponse)
    .where(eq(postResponse.originalPostId, id))
    .orderBy(asc(postResponse.postDate), asc(postResponse.id));
  return {
    post: {
      id: row.id,
      title: row.title,
      body: row.body,
      category: row.category,
      language: contentLanguageOf(row.language),
      author: authorOf(row),
      postDate: row.postDate.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      responseCount: responses.length,
      canEdit: canEdit(viewer, row.posterUid),
    },
    responses: responses.map((r) => ({
      id: r.id,
      postId: row.id,
      body: r.body,
      author: authorOf(r),
      postDate: r.postDate.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      canEdit: canEdit(viewer, r.posterUid),
    })),
  };
}

/** Every category with its number of posts, alphabetical; the new-post form offers all of them. */
export async function listCategories(deps: DbDeps): Promise<CategoryListResponse> {
  const { db } = deps.database;
  const counts = db
    .select({ category: post.postCategory, n: sql<number>`count(*)::int`.as('n') })
    .from(post)
    .groupBy(post.postCategory)
    .as('counts');
  const rows = await db
    .select({ id: postCategory.id, name: postCategory.name, postCount: sql<number>`coalesce(${counts.n}, 0)::int` })
    .from(postCategory)
    .leftJoin(counts, eq(counts.category, postCategory.id))
    .orderBy(sql`lower(${postCategory.name})`);
  const categories = rows.map((r) => ({ ...r, postCount: Number(r.postCount) }));
  return { categories, totalPosts: categories.reduce((sum, c) => sum + c.postCount, 0) };
}
