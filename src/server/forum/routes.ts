import type { Context } from 'hono';
import type { Contract } from '../../shared/contracts/define';
import * as contracts from '../../shared/contracts/forum';
import type { AuthVariables } from '../http/session';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { localeOf } from '../i18n';
import { answeredFirstBy, contractRouter, guarded, type MemberEnv } from '../http/contracts';
import { keptByAddress, sendAnswer, type ResponseCache } from '../http/response-cache';
import { POSTS_TOPIC } from '../../shared/forum';
import type { RateLimiter } from '../rate-limit/rate-limit';
import { FORUM_RATE_MESSAGES, FORUM_RULES } from '../rate-limit/rules';
import { getPost, listCategories, listPosts } from './queries';
import {
  createPost,
  createResponse,
  deletePost,
  deleteResponse,
  editorOf,
  requireForumAuthor,
  updatePost,
  updateResponse,
  viewerOf,
  type Editor,
} from './service';

type C = Context<{ Variables: AuthVariables }>;

/** Every change to a post or a response is announced on 'posts' (and on its 'post:<id>'). */
const FORUM_DEPENDS_ON = [POSTS_TOPIC];

/** The member who asks (guarded has checked it), with whether they act as an admin. */
const signedInEditor = (deps: AppDeps, c: Context<MemberEnv>): Promise<Editor> =>
  editorOf(deps, { who: c.get('member'), session: c.get('session') });

/**
 * The forum (product.md §3.13, §7.4, §11.2.7): anybody reads; members with a profile post and respond; the author
 * or an admin edits and deletes. Every change is announced on the live topics 'posts' and 'post:<id>'.
 */
export function forumRoutes(deps: AppDeps, limiter: RateLimiter, answers: ResponseCache) {
  const hit = (who: { id: string }, kind: keyof typeof FORUM_RULES) =>
    limiter.hit(
      FORUM_RULES[kind].map((rule) => ({ key: `forum-${kind}:${who.id}:${rule.windowMs}`, rule })),
      FORUM_RATE_MESSAGES[kind],
    );

  const g = <const C extends Contract>(c: C) => guarded(deps, c);
  /** The public reads' keys by the address asked: asked again, answered before the input is parsed again. */
  const byAddress = keptByAddress(answers);
  /** What every visitor reads, from memory until the next change to the forum is announced. */
  const sendPublic = async <T>(c: C, key: string, read: () => Promise<T>) => {
    const answer = await answers.get(key, FORUM_DEPENDS_ON, read);
    byAddress.remember(c, key);
    return sendAnswer(c, answer);
  };

  // A post as a visitor reads it is the same for every visitor; a member's says what they may edit.
  const toVisitors = byAddress.answerAgain<{ Variables: AuthVariables }>((c) => !c.get('user'));

  return contractRouter()
    .openapi(answeredFirstBy(g(contracts.listPosts), byAddress.answerAgain()), async (c) => {
      const query = c.req.valid('query');
      return sendPublic(c, `posts?${JSON.stringify(query)}`, () => listPosts(deps, query));
    })
    .openapi(g(contracts.listCategories), async (c) => sendPublic(c, 'post-categories', () => listCategories(deps)))
    .openapi(answeredFirstBy(g(contracts.getPost), toVisitors), async (c) => {
      const { id } = c.req.valid('param');
      const viewer = await viewerOf(deps, { who: c.get('user'), session: c.get('session') });
      const read = async () => {
        const found = await getPost(deps, { viewer, id });
        if (!found) throw new AppError('NOT_FOUND', /*i18n*/ 'This post does not exist (it may have been deleted).');
        return found;
      };
      // A member's answer says what they may edit; a visitor's is the same for all of them.
      if (!viewer) return sendPublic(c, `post:${id}`, read);
      c.header('Cache-Control', 'no-store');
      return c.json(await read(), 200);
    })
    .openapi(g(contracts.createPost), async (c) => {
      const author = await requireForumAuthor(deps, { who: c.get('member') });
      const input = c.req.valid('json');
      await hit(author, 'post');
      const { id } = await createPost(deps, { author, input, locale: localeOf(c) });
      return c.json({ id }, 201);
    })
    .openapi(g(contracts.updatePost), async (c) => {
      const editor = await signedInEditor(deps, c);
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      await hit(editor, 'change');
      await updatePost(deps, { editor, id, input });
      return c.json({ id }, 200);
    })
    .openapi(g(contracts.deletePost), async (c) => {
      const editor = await signedInEditor(deps, c);
      const { id } = c.req.valid('param');
      await hit(editor, 'change');
      await deletePost(deps, { editor, id });
      return c.json({ ok: true as const }, 200);
    })
    .openapi(g(contracts.createResponse), async (c) => {
      const author = await requireForumAuthor(deps, { who: c.get('member') });
      const { id: postId } = c.req.valid('param');
      const input = c.req.valid('json');
      await hit(author, 'response');
      const { id } = await createResponse(deps, { author, postId, input });
      return c.json({ id, postId }, 201);
    })
    .openapi(g(contracts.updateResponse), async (c) => {
      const editor = await signedInEditor(deps, c);
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      await hit(editor, 'change');
      const { postId } = await updateResponse(deps, { editor, id, input });
      return c.json({ id, postId }, 200);
    })
    .openapi(g(contracts.deleteResponse), async (c) => {
      const editor = await signedInEditor(deps, c);
      const { id } = c.req.valid('param');
      await hit(editor, 'change');
      const { postId } = await deleteResponse(deps, { editor, id });
      return c.json({ ok: true as const, postId }, 200);
    });
}
