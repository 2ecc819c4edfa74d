import { Hono, type Context } from 'hono';
import { postInputSchema, postListQuerySchema, responseInputSchema } from '../../shared/forum';
import { requireUser, type AuthVariables } from '../auth/session';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { readJson, readQuery } from '../http/validate';
import type { RateLimiter, RateRule } from '../rate-limit/rate-limit';
import { getPost, listCategories, listPosts } from './queries';
import {
  createPost,
  createResponse,
  deletePost,
  deleteResponse,
  requireForumAuthor,
  updatePost,
  updateResponse,
  viewerOf,
  type Editor,
} from './service';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
// Generous for a conversation, tight for a script: each post also mails the team and reaches every open page.
const POST_RULES: RateRule[] = [
  { limit: 5, windowMs: 10 * MINUTE },
  { limit: 20, windowMs: DAY },
];
const RESPONSE_RULES: RateRule[] = [
  { limit: 20, windowMs: 10 * MINUTE },
  { limit: 200, windowMs: DAY },
];
const CHANGE_RULES: RateRule[] = [{ limit: 60, windowMs: 10 * MINUTE }];

export const RATE_MESSAGES = {
  post: 'You have posted several times in the last few minutes. Please wait a while before posting again.',
  response: 'You have responded many times in the last few minutes. Please wait a while before responding again.',
  change: 'You have made many changes in the last few minutes. Please wait a while and try again.',
} as const;

type C = Context<{ Variables: AuthVariables }>;

/** Ids are positive 32-bit integers; anything else names no post. */
function idParam(c: C, what: 'post' | 'response'): number {
  const raw = c.req.param('id') ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  if (id < 1 || id > 2_147_483_647) throw new AppError('NOT_FOUND', `No such ${what}.`);
  return id;
}

async function signedInEditor(deps: AppDeps, c: C): Promise<Editor> {
  const viewer = await viewerOf(deps, requireUser(c));
  return viewer!;
}

/**
 * The forum (SPEC §2 Discuss, §6, §7): anybody reads; members with a profile post and respond; the author
 * or an admin edits and deletes. Every change is announced on the live topics 'posts' and 'post:<id>'.
 */
export function forumRoutes(deps: AppDeps, limiter: RateLimiter) {
  const app = new Hono<{ Variables: AuthVariables }>();
  const hit = (who: { id: string }, kind: keyof typeof RATE_MESSAGES, rules: RateRule[]) =>
    limiter.hit(
      rules.map((rule) => ({ key: `forum-${kind}:${who.id}:${rule.windowMs}`, rule })),
      RATE_MESSAGES[kind],
    );

  app.get('/posts', async (c) => {
    const filter = readQuery(c, postListQuerySchema);
    c.header('Cache-Control', 'no-store');
    return c.json(await listPosts(deps.database.db, filter));
  });

  app.get('/post-categories', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listCategories(deps.database.db));
  });

  app.get('/posts/:id', async (c) => {
    const id = idParam(c, 'post');
    const found = await getPost(deps.database.db, await viewerOf(deps, c.get('user')), id);
    if (!found) throw new AppError('NOT_FOUND', 'This post does not exist (it may have been deleted).');
    c.header('Cache-Control', 'no-store');
    return c.json(found);
  });

  app.post('/posts', async (c) => {
    const author = await requireForumAuthor(deps, requireUser(c));
    const input = await readJson(c, postInputSchema);
    await hit(author, 'post', POST_RULES);
    const { id } = await createPost(deps, author, input);
    return c.json({ id }, 201);
  });

  app.patch('/posts/:id', async (c) => {
    const editor = await signedInEditor(deps, c);
    const id = idParam(c, 'post');
    const input = await readJson(c, postInputSchema);
    await hit(editor, 'change', CHANGE_RULES);
    await updatePost(deps, editor, id, input);
    return c.json({ id });
  });

  app.delete('/posts/:id', async (c) => {
    const editor = await signedInEditor(deps, c);
    const id = idParam(c, 'post');
    await hit(editor, 'change', CHANGE_RULES);
    await deletePost(deps, editor, id);
    return c.json({ ok: true });
  });

  app.post('/posts/:id/responses', async (c) => {
    const author = await requireForumAuthor(deps, requireUser(c));
    const postId = idParam(c, 'post');
    const input = await readJson(c, responseInputSchema);
    await hit(author, 'response', RESPONSE_RULES);
    const { id } = await createResponse(deps, author, postId, input);
    return c.json({ id, postId }, 201);
  });

  app.patch('/post-responses/:id', async (c) => {
    const editor = await signedInEditor(deps, c);
    const id = idParam(c, 'response');
    const input = await readJson(c, responseInputSchema);
    await hit(editor, 'change', CHANGE_RULES);
    const { postId } = await updateResponse(deps, editor, id, input);
    return c.json({ id, postId });
  });

  app.delete('/post-responses/:id', async (c) => {
    const editor = await signedInEditor(deps, c);
    const id = idParam(c, 'response');
    await hit(editor, 'change', CHANGE_RULES);
    const { postId } = await deleteResponse(deps, editor, id);
    return c.json({ ok: true, postId });
  });

  return app;
}
