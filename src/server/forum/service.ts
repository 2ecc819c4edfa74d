import { EMAIL_LINK_MESSAGES } from '../../shared/account';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { categoryLabel, POSTS_TOPIC, postTopic, type postInputSchema, type ResponseInput } from '../../shared/forum';
import type { Locale } from '../../shared/i18n/locale';
import { displayNameOf } from '../../shared/member-name';
import { actsAsAdmin, type SessionInfo, type SessionUser } from '../http/session';
import type { Tx } from '../db/client';
import { post, postCategory, postResponse, profile } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { MAIL_FORMS, renderMail } from '../mail';
import { i18nFor, localeOfEmail } from '../i18n';
import { followAutomatically, notifyResponse } from '../notifications';
import { canEdit, type Viewer } from './queries';

type Deps = Pick<AppDeps, 'config' | 'database' | 'clock' | 'logger' | 'live' | 'outbox'>;

/** Who writes: the names come from the member's saved profile, the email from the account. */
export type ForumAuthor = { id: string; email: string; firstName: string; lastName: string };

/** Validated input: what the shared schemas give after parsing. */
type PostFields = z.output<typeof postInputSchema>;
type ResponseFields = { [K in keyof ResponseInput]: string };

const POST_NOT_FOUND = /*i18n*/ 'This post does not exist (it may have been deleted).';
const RESPONSE_NOT_FOUND = /*i18n*/ 'This response does not exist (it may have been deleted).';

/** Posting and responding need a saved profile (product.md §7.2); its names are copied onto what the member writes. */
export async function requireForumAuthor(deps: Pick<Deps, 'database'>, { who }: { who: SessionUser }): Promise<ForumAuthor> {
  const [row] = await deps.database.db
    .select({ savedAt: profile.savedAt, firstName: profile.firstName, lastName: profile.lastName })
    .from(profile)
    .where(eq(profile.uid, who.id));
  if (!row?.savedAt) throw new AppError('NEEDS_PROFILE');
  if (!who.emailVerified) throw new AppError('EMAIL_UNVERIFIED', EMAIL_LINK_MESSAGES.places.forum);
  return { id: who.id, email: who.email.toLowerCase(), firstName: row.firstName ?? '', lastName: row.lastName ?? '' };
}

/** The columns a new post or response copies from its author (product.md §4.3), and its first date. */
function writtenBy(author: ForumAuthor, now: Date) {
  return {
    posterUid: author.id,
    posterFirstName: author.firstName,
    posterLastName: author.lastName,
    posterEmail: author.email,
    postDate: now,
    updatedAt: now,
  };
}

/** A signed-in member, with whether they are an admin. */
export type Editor = NonNullable<Viewer>;

/** Who edits: an admin's powers over other members' posts need a passed second factor. */
export async function editorOf(
  deps: Pick<Deps, 'database' | 'config'>,
  { who, session }: { who: SessionUser; session: SessionInfo | null },
): Promise<Editor> {
  return { id: who.id, isAdmin: await actsAsAdmin(deps.database.db, deps.config, who, session) };
}

/** Who reads: a visitor, or a member as editorOf says. */
export async function viewerOf(
  deps: Pick<Deps, 'database' | 'config'>,
  { who, session }: { who: SessionUser | null; session: SessionInfo | null },
): Promise<Viewer> {
  return who ? editorOf(deps, { who, session }) : null;
}

/** An existing category whatever the case of the name typed, or a new one. */
async function ensureCategory(tx: Tx, name: string): Promise<{ id: number; name: string }> {
  // Two members creating the same new category at once: the second waits for the first and finds its row.
  await tx.execute(sql`insert into ${postCategory} (name) values (${name}) on conflict do nothing`);
  const [row] = await tx
    .select({ id: postCategory.id, name: postCategory.name })
    .from(postCategory)
    .where(sql`lower(${postCategory.name}) = lower(${name})`);
  if (!row) throw new Error(`category ${name} neither inserted nor found`);
  return row;
}

/** Locks the post for the rest of the transaction, so changes to it and its responses happen one at a time. */
async function lockPost(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: post.id, posterUid: post.posterUid, postTitle: post.postTitle, language: post.language })
    .from(post)
    .where(eq(post.id, id))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', POST_NOT_FOUND);
  return row;
}

/** The author or an admin (decided before the transaction: the embedded database runs one query at a time). */
function requireEditor(editor: Editor, posterUid: string | null, what: 'post' | 'response') {
  if (canEdit(editor, posterUid)) return;
  throw new AppError(
    'FORBIDDEN',
    what === 'post'
      ? /*i18n*/ 'Only the author of this post or an admin may change it.'
      : /*i18n*/ 'Only the author of this response or an admin may change it.',
  );
}

/** Announces a change of a post (or of its responses) to the list and to the post's own page. */
async function announce(deps: Deps, tx: Tx, postId: number, kind: string) {
  const id = String(postId);
  await deps.live.publish(tx, { topic: POSTS_TOPIC, kind, id });
  await deps.live.publish(tx, { topic: postTopic(postId), kind, id });
}

/**
 * The text search configuration of the post's language: responses are stemmed as their post is, since a thread
 * goes on in its post's language and the keyword filter stems a query by the post's language (queries.ts).
 */
const stemmingOf = sql`(CASE WHEN ${post.language} = 'es' THEN 'spanish'::regconfig ELSE 'english'::regconfig END)`;

/** The words of the post's responses, for the keyword filter; rebuilt after an edit, a deletion or a change of language. */
async function rebuildResponsesSearch(tx: Tx, postId: number) {
  await tx
    .update(post)
    .set({
      responsesSearch: sql`(select strip(to_tsvector(${stemmingOf}, string_agg(${postResponse.post}, ' '))) from ${postResponse} where ${postResponse.originalPostId} = ${postId})`,
    })
    .where(eq(post.id, postId));
}

/** A new post is in the language its author chose, or else the one they use the site in. */
export async function createPost(
  deps: Deps,
  { author, input, locale }: { author: ForumAuthor; input: PostFields; locale: Locale },
): Promise<{ id: number }> {
  const now = deps.clock.now();
  const { id, category } = await deps.database.db.transaction(async (tx) => {
    const category = await ensureCategory(tx, input.category);
    const [row] = await tx
      .insert(post)
      .values({
        ...writtenBy(author, now),
        postTitle: input.title,
        post: input.body,
        postCategory: category.id,
        language: input.language ?? locale,
      })
      .returning({ id: post.id });
    await followAutomatically(tx, { uid: author.id, postId: row!.id, now });
    await announce(deps, tx, row!.id, 'created');
    await queueNewPostAlert(deps, tx, author, { id: row!.id, title: input.title, body: input.body, category: category.name });
    return { id: row!.id, category };
  });
  deps.outbox.wake();
  deps.logger.info('post created', { postId: id, uid: author.id, category: category.name });
  return { id };
}

/**
 * The network team hears of each new post (product.md §8, "new post alert"), queued in the post's
 * own transaction: a post is never saved without its alert, even if the process dies between the two (the
 * kill -9 drill found one that was, when the alert was queued after the commit).
 */
async function queueNewPostAlert(
  deps: Deps,
  tx: Tx,
  author: ForumAuthor,
  created: { id: number; title: string; body: string; category: string },
) {
  const { name } = displayNameOf({ isDeleted: false, ...author });
  const link = `${deps.config.publicUrl}/discuss/${created.id}`;
  // The team's address may be a member's, with a language of its own.
  const locale = await localeOfEmail(tx, deps.config.staffEmail);
  const i18n = i18nFor(locale);
  await deps.outbox.add(
    {
      form: MAIL_FORMS.newPostAlert,
      to: deps.config.staffEmail,
      replyTo: author.email,
      ...renderMail({
        locale,
        subject: i18n._('New forum post: {title}', { title: created.title }),
        paragraphs: [
          i18n._('{name} ({email}) posted in "{category}" on the Foster Care Network forum:', {
            name,
            email: author.email,
            category: categoryLabel(i18n, created.category),
          }),
          { quote: `${created.title}\n\n${created.body}` },
          { action: link, label: i18n._('Read the post and its responses') },
          i18n._('Replying to this message writes to the author.'),
        ],
      }),
    },
    tx,
  );
}

export async function updatePost(deps: Deps, { editor, id, input }: { editor: Editor; id: number; input: PostFields }): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const current = await lockPost(tx, id);
    requireEditor(editor, current.posterUid, 'post');
    const category = await ensureCategory(tx, input.category);
    // Without a language the post keeps its own: an admin tidying a Spanish post does not make it English.
    const language = input.language ?? current.language;
    await tx
      .update(post)
      .set({ postTitle: input.title, post: input.body, postCategory: category.id, language, updatedAt: deps.clock.now() })
      .where(eq(post.id, id));
    if (language !== current.language) await rebuildResponsesSearch(tx, id);
    await announce(deps, tx, id, 'updated');
  });
  deps.logger.info('post updated', { postId: id, uid: editor.id });
}

/** Deletes the post and, through the foreign key, its responses. */
export async function deletePost(deps: Deps, { editor, id }: { editor: Editor; id: number }): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const current = await lockPost(tx, id);
    requireEditor(editor, current.posterUid, 'post');
    await tx.delete(post).where(eq(post.id, id));
    await announce(deps, tx, id, 'deleted');
  });
  deps.logger.info('post deleted', { postId: id, uid: editor.id });
}

export async function createResponse(
  deps: Deps,
  { author, postId, input }: { author: ForumAuthor; postId: number; input: ResponseFields },
): Promise<{ id: number }> {
  const now = deps.clock.now();
  const { id, mailed } = await deps.database.db.transaction(async (tx) => {
    const { posterUid, postTitle } = await lockPost(tx, postId);
    const [row] = await tx
      .insert(postResponse)
      .values({
        originalPostId: postId,
        ...writtenBy(author, now),
        post: input.body,
      })
      .returning({ id: postResponse.id });
    await followAutomatically(tx, { uid: author.id, postId, now });
    // Adding words needs no rebuild: the new response's words join the others.
    await tx
      .update(post)
      .set({
        responsesSearch: sql`coalesce(${post.responsesSearch}, ''::tsvector) || strip(to_tsvector(${stemmingOf}, ${input.body}))`,
      })
      .where(eq(post.id, postId));
    await announce(deps, tx, postId, 'response-created');
    const actor = { uid: author.id, name: displayNameOf({ isDeleted: false, ...author }).name };
    const told = await notifyResponse(deps, tx, {
      postId,
      postTitle,
      postAuthorUid: posterUid,
      responseId: row!.id,
      responseBody: input.body,
      actor,
      now,
    });
    return { id: row!.id, mailed: told.length > 0 };
  });
  // Mail queued in the transaction is sent once it committed.
  if (mailed) deps.outbox.wake();
  deps.logger.info('response created', { postId, responseId: id, uid: author.id });
  return { id };
}

/** The response's post, locked first (the same order as every other change of a post), then the response. */
async function lockResponse(tx: Tx, id: number) {
  const [found] = await tx.select({ postId: postResponse.originalPostId }).from(postResponse).where(eq(postResponse.id, id));
  if (!found) throw new AppError('NOT_FOUND', RESPONSE_NOT_FOUND);
  await lockPost(tx, found.postId);
  const [row] = await tx
    .select({ postId: postResponse.originalPostId, posterUid: postResponse.posterUid })
    .from(postResponse)
    .where(eq(postResponse.id, id))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', RESPONSE_NOT_FOUND);
  return row;
}

export async function updateResponse(
  deps: Deps,
  { editor, id, input }: { editor: Editor; id: number; input: ResponseFields },
): Promise<{ postId: number }> {
  const postId = await deps.database.db.transaction(async (tx) => {
    const current = await lockResponse(tx, id);
    requireEditor(editor, current.posterUid, 'response');
    await tx.update(postResponse).set({ post: input.body, updatedAt: deps.clock.now() }).where(eq(postResponse.id, id));
    await rebuildResponsesSearch(tx, current.postId);
    await announce(deps, tx, current.postId, 'response-updated');
    return current.postId;
  });
  deps.logger.info('response updated', { postId, responseId: id, uid: editor.id });
  return { postId };
}

export async function deleteResponse(deps: Deps, { editor, id }: { editor: Editor; id: number }): Promise<{ postId: number }> {
  const postId = await deps.database.db.transaction(async (tx) => {
    const current = await lockResponse(tx, id);
    requireEditor(editor, current.posterUid, 'response');
    await tx.delete(postResponse).where(eq(postResponse.id, id));
    await rebuildResponsesSearch(tx, current.postId);
    await announce(deps, tx, current.postId, 'response-deleted');
    return current.postId;
  });
  deps.logger.info('response deleted', { postId, responseId: id, uid: editor.id });
  return { postId };
}
