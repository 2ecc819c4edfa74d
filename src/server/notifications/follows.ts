import { and, eq, sql } from 'drizzle-orm';
import type { CategoryFollowState, FollowState } from '../../shared/notifications';
import type { Db, Tx } from '../db/client';
import { categoryFollow, post, postCategory, postFollow } from '../db/schema';
import { AppError } from '../http/errors';

/** The database or a transaction on it. */
type Executor = Db | Tx;

const POST_NOT_FOUND = /*i18n*/ 'This post does not exist (it may have been deleted).';
const CATEGORY_NOT_FOUND = /*i18n*/ 'This category does not exist.';

/**
 * The author of a post or a response follows the post, in the transaction that writes it, unless they
 * unfollowed it before: an explicit unfollow sticks.
 */
export async function followAutomatically(tx: Executor, { uid, postId, now }: { uid: string; postId: number; now: Date }) {
  await tx.insert(postFollow).values({ uid, postId, following: true, updatedAt: now }).onConflictDoNothing();
}

/** Whether the member follows the post (itself, or through its category) and its category. */
export async function readFollowState(db: Executor, { uid, postId }: { uid: string; postId: number }): Promise<FollowState> {
  const [row] = await db
    .select({
      categoryId: post.postCategory,
      authorUid: post.posterUid,
      own: postFollow.following,
      category: sql<boolean>`${categoryFollow.uid} is not null`,
    })
    .from(post)
    .leftJoin(postFollow, and(eq(postFollow.postId, post.id), eq(postFollow.uid, uid)))
    .leftJoin(categoryFollow, and(eq(categoryFollow.categoryId, post.postCategory), eq(categoryFollow.uid, uid)))
    .where(eq(post.id, postId));
  if (!row) throw new AppError('NOT_FOUND', POST_NOT_FOUND);
  const categoryFollowing = Boolean(row.category);
  return {
    postId,
    following: row.own ?? categoryFollowing,
    categoryId: row.categoryId,
    categoryFollowing,
    isAuthor: row.authorUid === uid,
  };
}

/** Follows or unfollows a post; an unfollow is kept, so neither a response nor the category follows it again. */
export async function setPostFollow(
  db: Db,
  { uid, postId, following, now }: { uid: string; postId: number; following: boolean; now: Date },
): Promise<FollowState> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ id: post.id }).from(post).where(eq(post.id, postId));
    if (!found) throw new AppError('NOT_FOUND', POST_NOT_FOUND);
    await tx
      .insert(postFollow)
      .values({ uid, postId, following, updatedAt: now })
      .onConflictDoUpdate({ target: [postFollow.uid, postFollow.postId], set: { following, updatedAt: now } });
    return readFollowState(tx, { uid, postId });
  });
}

export async function setCategoryFollow(
  db: Db,
  { uid, categoryId, following, now }: { uid: string; categoryId: number; following: boolean; now: Date },
): Promise<CategoryFollowState> {
  const [found] = await db.select({ id: postCategory.id }).from(postCategory).where(eq(postCategory.id, categoryId));
  if (!found) throw new AppError('NOT_FOUND', CATEGORY_NOT_FOUND);
  if (following) await db.insert(categoryFollow).values({ uid, categoryId, createdAt: now }).onConflictDoNothing();
  else await db.delete(categoryFollow).where(and(eq(categoryFollow.uid, uid), eq(categoryFollow.categoryId, categoryId)));
  return { categoryId, following };
}

/** The categories the member follows, in no particular order. */
export async function listFollowedCategories(db: Executor, uid: string): Promise<number[]> {
  const rows = await db.select({ id: categoryFollow.categoryId }).from(categoryFollow).where(eq(categoryFollow.uid, uid));
  return rows.map((r) => r.id);
}

/**
 * Who follows the post: those who follow it themselves, and those who follow its category and did not
 * unfollow the post.
 */
export async function followersOf(tx: Executor, postId: number): Promise<string[]> {
  const own = await tx
    .select({ uid: postFollow.uid, following: postFollow.following })
    .from(postFollow)
    .where(eq(postFollow.postId, postId));
  const byCategory = await tx
    .select({ uid: categoryFollow.uid })
    .from(categoryFollow)
    .innerJoin(post, eq(post.postCategory, categoryFollow.categoryId))
    .where(eq(post.id, postId));
  const unfollowed = new Set(own.filter((r) => !r.following).map((r) => r.uid));
  const followers = new Set(own.filter((r) => r.following).map((r) => r.uid));
  for (const { uid } of byCategory) if (!unfollowed.has(uid)) followers.add(uid);
  return [...followers];
}
