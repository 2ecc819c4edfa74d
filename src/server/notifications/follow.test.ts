import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { postFollow } from '../db/schema';
import { useTestApp } from '../testing/app';
import { buildPost, buildResponse, expectAnswer, signedInMember, type SignedUpMember } from '../testing/factories';

const t = useTestApp();

async function createPost(m: SignedUpMember, category?: string): Promise<number> {
  return (await expectAnswer(m.c.api.posts.$post({ json: buildPost(category ? { category } : {}) }), 201)).id;
}

async function respond(m: SignedUpMember, postId: number): Promise<void> {
  await expectAnswer(m.c.api.posts[':id'].responses.$post({ param: { id: String(postId) }, json: buildResponse() }), 201);
}

const state = (m: SignedUpMember, postId: number) => expectAnswer(m.c.api.posts[':id'].follow.$get({ param: { id: String(postId) } }));
const follow = (m: SignedUpMember, postId: number) => m.c.api.posts[':id'].follow.$put({ param: { id: String(postId) } });
const unfollow = (m: SignedUpMember, postId: number) => m.c.api.posts[':id'].follow.$delete({ param: { id: String(postId) } });
const followCategory = (m: SignedUpMember, id: number) => m.c.api['post-categories'][':id'].follow.$put({ param: { id: String(id) } });
const unfollowCategory = (m: SignedUpMember, id: number) => m.c.api['post-categories'][':id'].follow.$delete({ param: { id: String(id) } });

describe('following posts', () => {
  it('follows a post for its author and for each member who responds', async () => {
    const author = await signedInMember(t);
    const responder = await signedInMember(t);
    const reader = await signedInMember(t);
    const postId = await createPost(author);
    await respond(responder, postId);
    expect(await state(author, postId)).toMatchObject({ following: true, isAuthor: true });
    expect(await state(responder, postId)).toMatchObject({ following: true, isAuthor: false });
    expect(await state(reader, postId)).toMatchObject({ following: false, isAuthor: false });
  });

  it('lets a member follow and unfollow any post, and an unfollow sticks when they respond later', async () => {
    const author = await signedInMember(t);
    const member = await signedInMember(t);
    const postId = await createPost(author);

    expect((await expectAnswer(follow(member, postId))).following).toBe(true);
    // Idempotent: following twice is still following.
    expect((await expectAnswer(follow(member, postId))).following).toBe(true);
    expect((await expectAnswer(unfollow(author, postId))).following).toBe(false);

    await respond(author, postId);
    expect((await state(author, postId)).following).toBe(false);
    const [row] = await t.db
      .select({ following: postFollow.following })
      .from(postFollow)
      .where(and(eq(postFollow.uid, author.id), eq(postFollow.postId, postId)));
    expect(row).toEqual({ following: false });

    expect((await expectAnswer(follow(author, postId))).following).toBe(true);
  });

  it('follows every post of a followed category, except those unfollowed one by one', async () => {
    const author = await signedInMember(t);
    const member = await signedInMember(t);
    const category = `Category ${crypto.randomUUID().slice(0, 8)}`;
    const first = await createPost(author, category);
    const second = await createPost(author, category);
    const { categoryId } = await state(member, first);

    const followed = await expectAnswer(followCategory(member, categoryId));
    expect(followed).toEqual({ categoryId, following: true });
    expect(await state(member, first)).toEqual({ postId: first, following: true, categoryId, categoryFollowing: true, isAuthor: false });
    await expectAnswer(unfollow(member, second));
    expect(await state(member, second)).toMatchObject({ following: false, categoryFollowing: true });

    await expectAnswer(unfollowCategory(member, categoryId));
    expect(await state(member, first)).toMatchObject({ following: false, categoryFollowing: false });
  });

  it("lists the categories a member follows, and only that member's", async () => {
    const author = await signedInMember(t);
    const member = await signedInMember(t);
    const other = await signedInMember(t);
    const follows = async (m: SignedUpMember) =>
      (await expectAnswer(m.c.api['post-categories'].follows.$get())).categoryIds.sort((a, b) => a - b);
    const { categoryId: first } = await state(member, await createPost(author, `Category ${crypto.randomUUID().slice(0, 8)}`));
    const { categoryId: second } = await state(member, await createPost(author, `Category ${crypto.randomUUID().slice(0, 8)}`));
    expect(await follows(member)).toEqual([]);

    await expectAnswer(followCategory(member, first));
    await expectAnswer(followCategory(member, second));
    await expectAnswer(followCategory(other, second));
    expect(await follows(member)).toEqual([first, second].sort((a, b) => a - b));
    await expectAnswer(unfollowCategory(member, first));
    expect(await follows(member)).toEqual([second]);
    expect(await follows(other)).toEqual([second]);

    const noProfile = await signedInMember(t, { profile: null });
    expect((await noProfile.c.api['post-categories'].follows.$get()).status).toBe(403);
    expect((await t.client().api['post-categories'].follows.$get()).status).toBe(401);
  });

  it('answers 404 for a post or category that does not exist, and refuses members who may not post', async () => {
    const member = await signedInMember(t);
    expect((await follow(member, 2147483647)).status).toBe(404);
    expect((await member.c.get('/api/posts/abc/follow')).status).toBe(404);
    expect((await followCategory(member, 2147483647)).status).toBe(404);

    const author = await signedInMember(t);
    const postId = await createPost(author);
    const noProfile = await signedInMember(t, { profile: null });
    expect((await follow(noProfile, postId)).status).toBe(403);
    expect((await t.client().api.posts[':id'].follow.$put({ param: { id: String(postId) } })).status).toBe(401);
    const rows = await t.db.select().from(postFollow).where(eq(postFollow.uid, noProfile.id));
    expect(rows).toEqual([]);
  });
});
