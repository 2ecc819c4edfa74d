import { and, eq, ne, sql } from 'drizzle-orm';
import type { Me } from '../../shared/account';
import { ADMIN_TOPICS } from '../../shared/admin';
import { MESSAGES } from '../../shared/messages';
import { RECENT_SIGN_IN_MS } from '../../shared/limits';
import type { Auth } from '../auth/auth';
import { isAdmin, type SessionInfo, type SessionUser } from '../auth/session';
import type { AppDeps } from '../deps';
import { account, post, postResponse, profile, session, user, verification } from '../db/schema';
import { AppError } from '../http/errors';
import { photoKey } from '../storage/storage';

type Deps = Pick<AppDeps, 'config' | 'database' | 'clock' | 'storage' | 'logger' | 'live'>;

export async function getMe(deps: Deps, who: SessionUser): Promise<Me> {
  const { db } = deps.database;
  // The profile row is made with the account; this insert only repairs an account made before that hook.
  await db.insert(profile).values({ uid: who.id, email: who.email.toLowerCase() }).onConflictDoNothing();
  const [row] = await db.select().from(profile).where(eq(profile.uid, who.id));
  return {
    id: who.id,
    email: who.email,
    isAdmin: await isAdmin(db, deps.config, who),
    hasProfile: row?.savedAt != null,
    firstName: row?.firstName ?? null,
    lastName: row?.lastName ?? null,
    photoUrl: row?.photoVersion != null ? `/api/photos/${who.id}?v=${row.photoVersion}` : null,
  };
}

function requireRecentSignIn(deps: Deps, current: SessionInfo) {
  if (deps.clock.now().getTime() - current.createdAt.getTime() > RECENT_SIGN_IN_MS) {
    throw new AppError('RECENT_LOGIN_REQUIRED', MESSAGES.recentLoginRequired);
  }
}

/**
 * /profile and /update-password: a new email (which the profile follows) and/or a new password.
 * Both need a recent sign-in. A new password signs out every other session of the account.
 */
export async function updateAccount(
  deps: Deps,
  auth: Auth,
  who: SessionUser,
  current: SessionInfo,
  input: { email: string; password: string },
): Promise<{ emailChanged: boolean; passwordChanged: boolean }> {
  const { db } = deps.database;
  const emailChanged = input.email !== who.email.toLowerCase();
  const passwordChanged = input.password !== '';
  if (!emailChanged && !passwordChanged) return { emailChanged, passwordChanged };
  requireRecentSignIn(deps, current);

  const hash = passwordChanged ? await (await auth.$context).password.hash(input.password) : undefined;
  const now = deps.clock.now();
  await db.transaction(async (tx) => {
    if (emailChanged) {
      const taken = await tx
        .select({ id: user.id })
        .from(user)
        .where(and(eq(sql`lower(${user.email})`, input.email), ne(user.id, who.id)));
      if (taken.length) {
        throw new AppError('CONFLICT', MESSAGES.updateAccountFailed, {
          email: 'Another account already uses this email address.',
        });
      }
      await tx.update(user).set({ email: input.email, emailVerified: false, updatedAt: now }).where(eq(user.id, who.id));
      await tx.update(profile).set({ email: input.email }).where(eq(profile.uid, who.id));
      await deps.live.publish(tx, { topic: ADMIN_TOPICS.users, kind: 'updated', id: who.id });
    }
    if (hash) {
      const updated = await tx
        .update(account)
        .set({ password: hash, updatedAt: now })
        .where(and(eq(account.userId, who.id), eq(account.providerId, 'credential')))
        .returning({ id: account.id });
      if (!updated.length) throw new AppError('BAD_REQUEST', 'This account signs in without a password.');
      await tx.delete(session).where(and(eq(session.userId, who.id), ne(session.id, current.id)));
    }
  });
  deps.logger.info('account updated', { uid: who.id, emailChanged, passwordChanged });
  return { emailChanged, passwordChanged };
}

/** Removes the login, its sessions, its reset tokens, the profile and the photo, and the email on forum posts. */
export async function deleteAccount(deps: Deps, who: SessionUser): Promise<void> {
  const { db } = deps.database;
  await db.transaction(async (tx) => {
    await tx.delete(verification).where(eq(verification.value, who.id));
    // Forum posts and responses stay, shown as from a former member (poster_uid becomes null with the
    // user row); the address goes now (decision 007).
    await tx.update(post).set({ posterEmail: null }).where(eq(post.posterUid, who.id));
    await tx.update(postResponse).set({ posterEmail: null }).where(eq(postResponse.posterUid, who.id));
    // session, account and profile rows go with the user (ON DELETE CASCADE).
    await tx.delete(user).where(eq(user.id, who.id));
    await deps.live.publish(tx, { topic: ADMIN_TOPICS.users, kind: 'deleted', id: who.id });
  });
  await deps.storage.delete(photoKey(who.id));
  deps.logger.info('account deleted', { uid: who.id });
}
