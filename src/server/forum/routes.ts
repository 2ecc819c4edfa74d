import type { Context } from 'hono';
import type { Contract } from '../../shared/contracts/define';
import * as contracts from '../../shared/contracts/forum';
import { requireUser, type AuthVariables } from '../http/session';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { serialIdParam } from '../http/validate';
import { contractRouter, guarded } from '../http/contracts';
import { sendAnswer, type ResponseCache } from '../http/response-cache';
import { POSTS_TOPIC } from '../../shared/forum';
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

/** Every change to a post or a response is announced on 'posts' (and on its 'post:<id>'). */
const FORUM_DEPENDS_ON = [POSTS_TOPIC];

async function signedInEditor(deps: AppDeps, c: C): Promise<Editor> {
  const viewer = await viewerOf(deps, { who: requireUser(c), session: c.get('session') });
  return viewer!;
}

/**
 * The forum (product.md §3.13, §7.4, §11.2.7): anybody reads; members with a profile post and respond; the author
 * or an admin edits and deletes. Every change is announced on the live topics 'posts' and 'post:<id>'.
 */
export function forumRoutes(deps: AppDeps, limiter: RateLimiter, answers: ResponseCache) {
  const hit = (who: { id: string }, kind: keyof typeof RATE_MESSAGES, rules: RateRule[]) =>
    limiter.hit(
      rules.map((rule) => ({ key: `forum-${kind}:${who.id}:${rule.windowMs}`, rule })),
      RATE_MESSAGES[kind],
    );

  const g = <const C extends Contract>(c: C) => guarded(deps, c);
  /** What every visitor reads, from memory until the next change to the forum is announced. */
  const sendPublic = async <T>(c: C, key: string, read: () => Promise<T>) => sendAnswer(c, await answers.get(key, FORUM_DEPENDS_ON, read));

  return contractRouter()
    .openapi(g(contracts.listPosts), async (c) => {
      const query = c.req.valid('query');
      return sendPublic(c, `posts?${JSON.stringify(query)}`, () => listPosts(deps.database.db, query));
    })
    .openapi(g(contracts.listCategories), async (c) => sendPublic(c, 'post-categories', () => listCategories(deps.database.db)))
    .openapi(g(contracts.getPost), async (c) => {
      const id = serialIdParam(c, 'post');
      const viewer = await viewerOf(deps, { who: c.get('user'), session: c.get('session') });
      const read = async () => {
        const found = await getPost(deps.database.db, { viewer, id });
        if (!found) throw new AppError('NOT_FOUND', 'This post does not exist (it may have been deleted).');
        return found;
      };
      // A member's answer says what they may edit; a visitor's is the same for all of them.
      if (!viewer) return sendPublic(c, `post:${id}`, read);
      c.header('Cache-Control', 'no-store');
      return c.json(await read(), 200);
    })
    .openapi(g(contracts.createPost), async (c) => {
      const author = await requireForumAuthor(deps, requireUser(c));
      const input = c.req.valid('json');
      await hit(author, 'post', POST_RULES);
      const { id } = await createPost(deps, { author, input });
      return c.json({ id }, 201);
    })
    .openapi(g(contracts.updatePost), async (c) => {
      const editor = await signedInEditor(deps, c);
      const id = serialIdParam(c, 'post');
      const input = c.req.valid('json');
      await hit(editor, 'change', CHANGE_RULES);
      await updatePost(deps, { editor, id, input });
      return c.json({ id }, 200);
    })
    .openapi(g(contracts.deletePost), async (c) => {
      const editor = await signedInEditor(deps, c);
      const id = serialIdParam(c, 'post');
      await hit(editor, 'change', CHANGE_RULES);
      await deletePost(deps, { editor, id });
      return c.json({ ok: true as const }, 200);
    })
    .openapi(g(contracts.createResponse), async (c) => {
      const author = await requireForumAuthor(deps, requireUser(c));
      const postId = serialIdParam(c, 'post');
      const input = c.req.valid('json');
      await hit(author, 'response', RESPONSE_RULES);
      const { id } = await createResponse(deps, { author, postId, input });
      return c.json({ id, postId }, 201);
    })
    .openapi(g(contracts.updateResponse), async (c) => {
      const editor = await signedInEditor(deps, c);
      const id = serialIdParam(c, 'response');
      const input = c.req.valid('json');
      await hit(editor, 'change', CHANGE_RULES);
      const { postId } = await updateResponse(deps, { editor, id, input });
      return c.json({ id, postId }, 200);
    })
    .openapi(g(contracts.deleteResponse), async (c) => {
      const editor = await signedInEditor(deps, c);
      const id = serialIdParam(c, 'response');
      await hit(editor, 'change', CHANGE_RULES);
      const { postId } = await deleteResponse(deps, { editor, id });
      return c.json({ ok: true as const, postId }, 200);
    });
}
