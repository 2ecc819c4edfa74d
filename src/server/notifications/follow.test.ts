import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { CategoryFollows, CategoryFollowState, FollowState } from '../../shared/notifications';
import { postFollow } from '../db/schema';
import { useTestApp } from '../testing/app';
import { buildPost, buildResponse, expectJson, signedInMember, type SignedUpMember } from '../testing/factories';

const t = useTestApp();

async function createPost(m: SignedUpMember, category?: string): Promise<number> {
  const res = await m.c.post('/api/posts', buildPost(category ? { category } : {}));
  return (await expectJson<{ id: number }>(res, 201)).id;
}

async function respond(m: SignedUpMember, postId: number): Promise<void> {
  await expectJson(await m.c.post(`/api/posts/${postId}/responses`, buildResponse()), 201);
}

const state = async (m: SignedUpMember, postId: number) => expectJson<FollowState>(await m.c.get(`/api/posts/${postId}/follow`));

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

    expect((await expectJson<FollowState>(await member.c.put(`/api/posts/${postId}/follow`))).following).toBe(true);
    // Idempotent: following twice is still following.
    expect((await expectJson<FollowState>(await member.c.put(`/api/posts/${postId}/follow`))).following).toBe(true);
    expect((await expectJson<FollowState>(await author.c.delete(`/api/posts/${postId}/follow`))).following).toBe(false);

    await respond(author, postId);
    expect((await state(author, postId)).following).toBe(false);
    const [row] = await t.db
      .select({ following: postFollow.following })
      .from(postFollow)
      .where(and(eq(postFollow.uid, author.id), eq(postFollow.postId, postId)));
    expect(row).toEqual({ following: false });

    expect((await expectJson<FollowState>(await author.c.put(`/api/posts/${postId}/follow`))).following).toBe(true);
  });

  it('follows every post of a followed category, except those unfollowed one by one', async () => {
    const author = await signedInMember(t);
    const member = await signedInMember(t);
    const category = `Category ${crypto.randomUUID().slice(0, 8)}`;
    const first = await createPost(author, category);
    const second = await createPost(author, category);
    const { categoryId } = await state(member, first);

    const followed = await expectJson<CategoryFollowState>(await member.c.put(`/api/post-categories/${categoryId}/follow`));
    expect(followed).toEqual({ categoryId, following: true });
    expect(await state(member, first)).toEqual({ postId: first, following: true, categoryId, categoryFollowing: true, isAuthor: false });
    await expectJson(await member.c.delete(`/api/posts/${second}/follow`));
    expect(await state(member, second)).toMatchObject({ following: false, categoryFollowing: true });

    await expectJson(await member.c.delete(`/api/post-categories/${categoryId}/follow`));
    expect(await state(member, first)).toMatchObject({ following: false, categoryFollowing: false });
  });

  it("lists the categories a member follows, and only that member's", async () => {
    const author = await signedInMember(t);
    const member = await signedInMember(t);
    const other = await signedInMember(t);
    const follows = async (m: SignedUpMember) =>
      (await expectJson<CategoryFollows>(await m.c.get('/api/post-categories/follows'))).categoryIds.sort((a, b) => a - b);
    const { categoryId: first } = await state(member, await createPost(author, `Category ${crypto.randomUUID().slice(0, 8)}`));
    const { categoryId: second } = await state(member, await createPost(author, `Category ${crypto.randomUUID().slice(0, 8)}`));
    expect(await follows(member)).toEqual([]);

    await expectJson(await member.c.put(`/api/post-categories/${first}/follow`));
    await expectJson(await member.c.put(`/api/post-categories/${second}/follow`));
    await expectJson(await other.c.put(`/api/post-categories/${second}/follow`));
    expect(await follows(member)).toEqual([first, second].sort((a, b) => a - b));
    await expectJson(await member.c.delete(`/api/post-categories/${first}/follow`));
    expect(await follows(member)).toEqual([second]);
    expect(await follows(other)).toEqual([second]);

    const noProfile = await signedInMember(t, { profile: null });
    expect((await noProfile.c.get('/api/post-categories/follows')).status).toBe(403);
    expect((await t.client().get('/api/post-categories/follows')).status).toBe(401);
  });

  it('answers 404 for a post or category that does not exist, and refuses members who may not post', async () => {
    const member = await signedInMember(t);
    expect((await member.c.put('/api/posts/2147483647/follow')).status).toBe(404);
    expect((await member.c.get('/api/posts/abc/follow')).status).toBe(404);
    expect((await member.c.put('/api/post-categories/2147483647/follow')).status).toBe(404);

    const author = await signedInMember(t);
    const postId = await createPost(author);
    const noProfile = await signedInMember(t, { profile: null });
    expect((await noProfile.c.put(`/api/posts/${postId}/follow`)).status).toBe(403);
    expect((await t.client().put(`/api/posts/${postId}/follow`)).status).toBe(401);
    const rows = await t.db.select().from(postFollow).where(eq(postFollow.uid, noProfile.id));
    expect(rows).toEqual([]);
  });
});
