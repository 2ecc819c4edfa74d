import type { Context } from 'hono';
import type { Contract } from '../../shared/contracts/define';
import * as contracts from '../../shared/contracts/notifications';
import type { AppDeps } from '../deps';
import { contractRouter, guarded, type MemberEnv } from '../http/contracts';
import { AppError } from '../http/errors';
import { i18nOf } from '../i18n';
import { sendAnswer, type ResponseCache } from '../http/response-cache';
import { requireForumAuthor } from '../forum';
import { POSTS_TOPIC } from '../../shared/forum';
import { listFollowedCategories, readFollowState, setCategoryFollow, setPostFollow } from './follows';
import {
  NOTIFICATIONS_TOPIC_FAMILY,
  UNSUBSCRIBE_KIND_LABELS,
  UNSUBSCRIBE_MESSAGES,
  type UnsubscribeState,
} from '../../shared/notifications';
import {
  changePreferences,
  listNotifications,
  markAllRead,
  markRead,
  readMailByLink,
  readPreferences,
  setMailByLink,
  unreadCount,
} from './service';
import { readUnsubscribeToken, type UnsubscribeClaim } from './unsubscribe-token';

/**
 * Notifications (issue 16): members who may post (a saved profile and a confirmed address) follow and
 * unfollow posts and categories; every signed-in member reads their own notifications and marks them read.
 */
export function notificationRoutes(deps: AppDeps, answers: ResponseCache) {
  const g = <const K extends Contract>(k: K) => guarded(deps, k);
  /** The member and kind a mailed link names, or the 4xx that says why it cannot be used. */
  const claimOf = (token: string): UnsubscribeClaim => {
    const claim = readUnsubscribeToken(deps.config.sessionSecret, token, deps.clock.now());
    if (claim === 'malformed') throw new AppError('BAD_REQUEST', UNSUBSCRIBE_MESSAGES.malformed);
    if (claim === 'forged' || claim === 'expired') throw new AppError('FORBIDDEN', UNSUBSCRIBE_MESSAGES[claim]);
    return claim;
  };
  // The label in the asker's language (the answer is never kept: no-store); the page words it from `kind` too.
  const unsubscribeState = (c: Parameters<typeof i18nOf>[0], claim: UnsubscribeClaim, mail: boolean): UnsubscribeState => ({
    kind: claim.kind,
    label: i18nOf(c)._(UNSUBSCRIBE_KIND_LABELS[claim.kind]),
    mail,
  });
  /** Who may follow: whoever may post. */
  const follower = async (c: Context<MemberEnv>) => (await requireForumAuthor(deps, { who: c.get('member') })).id;

  return contractRouter()
    .openapi(g(contracts.getPostFollow), async (c) => {
      const uid = await follower(c);
      c.header('Cache-Control', 'no-store');
      return c.json(await readFollowState(deps.database.db, { uid, postId: c.req.valid('param').id }), 200);
    })
    .openapi(g(contracts.followPost), async (c) => {
      const uid = await follower(c);
      const { id: postId } = c.req.valid('param');
      return c.json(await setPostFollow(deps.database.db, { uid, postId, following: true, now: deps.clock.now() }), 200);
    })
    .openapi(g(contracts.unfollowPost), async (c) => {
      const uid = await follower(c);
      const { id: postId } = c.req.valid('param');
      return c.json(await setPostFollow(deps.database.db, { uid, postId, following: false, now: deps.clock.now() }), 200);
    })
    .openapi(g(contracts.listCategoryFollows), async (c) => {
      const uid = await follower(c);
      c.header('Cache-Control', 'no-store');
      return c.json({ categoryIds: await listFollowedCategories(deps.database.db, uid) }, 200);
    })
    .openapi(g(contracts.followCategory), async (c) => {
      const uid = await follower(c);
      const { id: categoryId } = c.req.valid('param');
      return c.json(await setCategoryFollow(deps.database.db, { uid, categoryId, following: true, now: deps.clock.now() }), 200);
    })
    .openapi(g(contracts.unfollowCategory), async (c) => {
      const uid = await follower(c);
      const { id: categoryId } = c.req.valid('param');
      return c.json(await setCategoryFollow(deps.database.db, { uid, categoryId, following: false, now: deps.clock.now() }), 200);
    })
    .openapi(g(contracts.listNotifications), async (c) => {
      const uid = c.get('member').id;
      const { before } = c.req.valid('query');
      if (before) {
        c.header('Cache-Control', 'no-store');
        return c.json(await listNotifications(deps, { uid, before }), 200);
      }
      // The first page, as the notifications page opens: kept like the unread count it carries, and dropped
      // by any change of the forum too (a post's title, a post deleted).
      const answer = await answers.get(`notifications:${uid}`, [NOTIFICATIONS_TOPIC_FAMILY, POSTS_TOPIC], () =>
        listNotifications(deps, { uid }),
      );
      return sendAnswer(c, answer);
    })
    .openapi(g(contracts.countUnread), async (c) => {
      const uid = c.get('member').id;
      // The bell asks on every page a member opens: kept in memory until a notification event (created,
      // read; of anyone, as the cache cannot tell members' topics apart) is announced.
      const answer = await answers.get(`unread:${uid}`, [NOTIFICATIONS_TOPIC_FAMILY], async () => ({
        unread: await unreadCount(deps, { uid }),
      }));
      return sendAnswer(c, answer);
    })
    .openapi(g(contracts.markAllRead), async (c) => {
      const uid = c.get('member').id;
      const marked = await markAllRead(deps, { uid, now: deps.clock.now() });
      return c.json({ ok: true as const, marked }, 200);
    })
    .openapi(g(contracts.getPreferences), async (c) => {
      const uid = c.get('member').id;
      c.header('Cache-Control', 'no-store');
      return c.json(await readPreferences(deps.database.db, uid), 200);
    })
    .openapi(g(contracts.updatePreferences), async (c) => {
      const uid = c.get('member').id;
      return c.json(await changePreferences(deps.database.db, { uid, change: c.req.valid('json'), now: deps.clock.now() }), 200);
    })
    .openapi(g(contracts.readUnsubscribe), async (c) => {
      const claim = claimOf(c.req.valid('query').token);
      const mail = await readMailByLink(deps, claim);
      c.header('Cache-Control', 'no-store');
      return c.json(unsubscribeState(c, claim, mail), 200);
    })
    .openapi(g(contracts.unsubscribe), async (c) => {
      const { token, undo } = c.req.valid('query');
      const claim = claimOf(token);
      // Only the kind the link names, only for the member it names; the same answer however often it is sent.
      const mail = await setMailByLink(deps, {
        uid: claim.uid,
        kind: claim.kind,
        on: undo !== undefined,
        now: deps.clock.now(),
      });
      deps.logger.info('notification mail preference changed by a mailed link', {
        uid: claim.uid,
        kind: claim.kind,
        on: undo !== undefined,
      });
      c.header('Cache-Control', 'no-store');
      return c.json(unsubscribeState(c, claim, mail), 200);
    })
    .openapi(g(contracts.markRead), async (c) => {
      const uid = c.get('member').id;
      const { id } = c.req.valid('param');
      await markRead(deps, { uid, id, now: deps.clock.now() });
      return c.json({ ok: true as const }, 200);
    });
}
