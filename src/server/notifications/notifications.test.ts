import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { NOTIFICATIONS_PAGE_SIZE, notificationsTopic } from '../../shared/notifications';
import { notification, postFollow, profile, user } from '../db/schema';
import { nextLiveEvent, nextLiveEventOrResync, testClock, useOtherInstance, useTestApp } from '../testing/app';
import {
  authorOf,
  buildPost,
  buildResponse,
  expectAnswer,
  insertResponse,
  signedInMember,
  type SignedUpMember,
} from '../testing/factories';

const clock = testClock();
const t = useTestApp({ clock });
const other = useOtherInstance(t);

async function createPost(m: SignedUpMember, title?: string): Promise<number> {
  return (await expectAnswer(m.c.api.posts.$post({ json: buildPost(title ? { title } : {}) }), 201)).id;
}

async function respond(m: SignedUpMember, postId: number): Promise<number> {
  return (await expectAnswer(m.c.api.posts[':id'].responses.$post({ param: { id: String(postId) }, json: buildResponse() }), 201)).id;
}

const list = (m: SignedUpMember, query: { before?: string } = {}) => expectAnswer(m.c.api.notifications.$get({ query }));
const unread = async (m: SignedUpMember) => (await expectAnswer(m.c.api.notifications['unread-count'].$get())).unread;
const kindsOf = async (uid: string) =>
  (await t.db.select({ kind: notification.kind }).from(notification).where(eq(notification.recipientUid, uid))).map((r) => r.kind);

describe('notifications of a response', () => {
  it("tell the post's author and each other follower, never the responder, and announce it on the member's topic", async () => {
    const author = await signedInMember(t, { profile: { firstName: 'Ruth', lastName: 'Nguyen' } });
    const follower = await signedInMember(t);
    const responder = await signedInMember(t, { profile: { firstName: 'Sam', lastName: 'Ortiz' } });
    const postId = await createPost(author, 'A room for a first placement');
    await expectAnswer(follower.c.api.posts[':id'].follow.$put({ param: { id: String(postId) } }));

    const heard = nextLiveEvent(t.deps.live, (e) => e.topic === notificationsTopic(author.id));
    const responseId = await respond(responder, postId);
    expect(await heard).toMatchObject({ topic: notificationsTopic(author.id), kind: 'created' });

    expect(await kindsOf(author.id)).toEqual(['response']);
    expect(await kindsOf(follower.id)).toEqual(['followed_response']);
    expect(await kindsOf(responder.id)).toEqual([]);

    const mine = await list(author);
    expect(mine.unread).toBe(1);
    expect(mine.notifications).toEqual([
      expect.objectContaining({
        kind: 'response',
        actor: { name: 'Sam Ortiz', isFormerMember: false },
        post: { id: postId, title: 'A room for a first placement', language: 'en' },
        responseId,
        readAt: null,
        link: `/discuss/${postId}`,
      }),
    ]);

    // The responder now follows too: the author's own response tells them, not the author.
    await respond(author, postId);
    expect(await kindsOf(responder.id)).toEqual(['followed_response']);
    expect(await kindsOf(author.id)).toEqual(['response']);
  });

  it('tells nobody whose account is unconfirmed, suspended or deleted, nor a follower who unfollowed', async () => {
    const author = await signedInMember(t);
    const postId = await createPost(author);
    const unconfirmed = await signedInMember(t, { confirm: false });
    const suspended = await signedInMember(t);
    const gone = await signedInMember(t);
    const leaver = await signedInMember(t);
    for (const m of [unconfirmed, suspended, gone, leaver]) await t.db.insert(postFollow).values({ uid: m.id, postId, following: true });
    await t.db.update(profile).set({ suspendedAt: new Date() }).where(eq(profile.uid, suspended.id));
    await expectAnswer(leaver.c.api.posts[':id'].follow.$delete({ param: { id: String(postId) } }));
    await t.db.delete(user).where(eq(user.id, gone.id));

    await insertResponse(t.deps, authorOf(await signedInMember(t)), postId);
    for (const m of [unconfirmed, suspended, leaver]) expect(await kindsOf(m.id)).toEqual([]);
    expect(await kindsOf(author.id)).toEqual(['response']);
  });

  it('saves no notification when the response is refused', async () => {
    const author = await signedInMember(t);
    const postId = await createPost(author);
    const responder = await signedInMember(t);
    expect((await responder.c.post(`/api/posts/${postId}/responses`, { body: '' })).status).toBe(400);
    expect(await kindsOf(author.id)).toEqual([]);
  });
});

describe('reading notifications', () => {
  it('lists newest first in pages, and marks one or all read', async () => {
    const author = await signedInMember(t);
    const postId = await createPost(author);
    const responder = authorOf(await signedInMember(t));
    const count = NOTIFICATIONS_PAGE_SIZE + 2;
    const responses: number[] = [];
    for (let i = 0; i < count; i++) {
      responses.push(await insertResponse(t.deps, responder, postId));
      clock.advance(1000);
    }

    const first = await list(author);
    expect(first.unread).toBe(count);
    expect(first.notifications.map((n) => n.responseId)).toEqual(responses.slice(-NOTIFICATIONS_PAGE_SIZE).reverse());
    expect(first.nextCursor).not.toBeNull();
    const second = await list(author, { before: first.nextCursor! });
    expect(second.notifications.map((n) => n.responseId)).toEqual(responses.slice(0, 2).reverse());
    expect(second.nextCursor).toBeNull();
    expect((await author.c.get('/api/notifications?before=nonsense')).status).toBe(400);

    const one = first.notifications[0]!.id;
    const heard = nextLiveEvent(t.deps.live, (e) => e.topic === notificationsTopic(author.id) && e.kind === 'read');
    await expectAnswer(author.c.api.notifications[':id'].read.$post({ param: { id: one } }));
    await heard;
    await expectAnswer(author.c.api.notifications[':id'].read.$post({ param: { id: one } }));
    expect(await unread(author)).toBe(count - 1);
    expect((await list(author)).notifications[0]!.readAt).not.toBeNull();

    expect(await expectAnswer(author.c.api.notifications['read-all'].$post())).toEqual({ ok: true, marked: count - 1 });
    expect(await expectAnswer(author.c.api.notifications['read-all'].$post())).toEqual({ ok: true, marked: 0 });
    expect(await unread(author)).toBe(0);
  });

  it("keeps each member to their own: another's notification is not found, and their live topic refused", async () => {
    const author = await signedInMember(t);
    const postId = await createPost(author);
    await insertResponse(t.deps, authorOf(await signedInMember(t)), postId);
    const [{ id } = { id: '' }] = (await list(author)).notifications;
    const other = await signedInMember(t);

    expect((await other.c.api.notifications[':id'].read.$post({ param: { id } })).status).toBe(404);
    expect((await other.c.post('/api/notifications/not-a-uuid/read')).status).toBe(404);
    expect(await unread(author)).toBe(1);
    expect((await t.client().api.notifications.$get({ query: {} })).status).toBe(401);

    expect((await other.c.get(`/api/live?topics=${notificationsTopic(author.id)}`)).status).toBe(403);
    expect((await t.client().get(`/api/live?topics=${notificationsTopic(author.id)}`)).status).toBe(401);
    const own = await other.c.get(`/api/live?topics=${notificationsTopic(other.id)}`);
    expect(own.status).toBe(200);
    await own.body?.cancel();
  });

  it('keeps the unread count and the first page in memory, and changes on another instance still reach them', async () => {
    const author = await signedInMember(t);
    const postId = await createPost(author);
    const responder = await signedInMember(t);
    await respond(responder, postId);
    expect(await unread(author)).toBe(1);
    expect(await unread(author)).toBe(1);
    expect((await list(author)).notifications).toHaveLength(1);

    // Another instance on the same database: its changes reach this one's memory through the bus.
    const elsewhere = other.client();
    await elsewhere.signIn(responder.email);
    const created = nextLiveEventOrResync(t.deps.live, (e) => e.topic === notificationsTopic(author.id) && e.kind === 'created');
    expect((await elsewhere.post(`/api/posts/${postId}/responses`, buildResponse())).status).toBe(201);
    await created;
    expect(await unread(author)).toBe(2);
    expect((await list(author)).notifications).toHaveLength(2);
    // A post renamed on another instance shows its new title in the kept first page.
    const authorElsewhereFirst = other.client();
    await authorElsewhereFirst.signIn(author.email);
    const renamed = nextLiveEventOrResync(t.deps.live, (e) => e.topic === 'posts');
    expect((await authorElsewhereFirst.patch(`/api/posts/${postId}`, buildPost({ title: 'A new title for it' }))).status).toBe(200);
    await renamed;
    expect((await list(author)).notifications.map((n) => n.post?.title)).toEqual(['A new title for it', 'A new title for it']);

    const authorElsewhere = other.client();
    await authorElsewhere.signIn(author.email);
    const read = nextLiveEventOrResync(t.deps.live, (e) => e.topic === notificationsTopic(author.id) && e.kind === 'read');
    expect((await authorElsewhere.post('/api/notifications/read-all')).status).toBe(200);
    await read;
    expect(await unread(author)).toBe(0);
  });
});
