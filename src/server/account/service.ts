import { and, eq, ne, sql } from 'drizzle-orm';
import type { Me } from '../../shared/account';
import { isLocale, type Locale } from '../../shared/i18n/locale';
import { ADMIN_TOPICS } from '../../shared/admin';
import { POSTS_TOPIC } from '../../shared/forum';
import { MESSAGES } from '../../shared/messages';
import { RECENT_SIGN_IN_MS } from '../../shared/limits';
import { announceSessionChanges, type Auth } from '../auth';
import { isListedAdmin, type SessionInfo, type SessionUser } from '../http/session';
import type { AppDeps } from '../deps';
import { account, post, postResponse, profile, session, user, verification } from '../db/schema';
import { AppError } from '../http/errors';
import { closeNeedsOfDeletedAsker } from '../needs';
import { photoKey } from '../storage/storage';
import { assertCanChangeEmail, endEmailChanges, pendingEmailQuery, requestEmailChange } from './email-links';

type Deps = Pick<AppDeps, 'config' | 'database' | 'clock' | 'storage' | 'logger' | 'live' | 'outbox'>;

export async function getMe(deps: Deps, { who, current }: { who: SessionUser; current: SessionInfo | null }): Promise<Me> {
  const { db } = deps.database;
  // One query: the profile and the address change waiting for its link (the page asks on every load).
  const read = () =>
    db
      .select({
        savedAt: profile.savedAt,
        firstName: profile.firstName,
        lastName: profile.lastName,
        photoVersion: profile.photoVersion,
        isAdmin: profile.isAdmin,
        pendingEmail: sql<string | null>`(${pendingEmailQuery(deps, who.id)})`,
        // Read here, not from the session kept in memory: right after a switch, that may still say the old one.
        locale: sql<string | null>`(select ${user.locale} from ${user} where ${user.id} = ${who.id})`,
      })
      .from(profile)
      .where(eq(profile.uid, who.id));
  let [row] = await read();
  if (!row) {
    // The profile row is made with the account; this only repairs an account made before that hook.
    await db.insert(profile).values({ uid: who.id, email: who.email.toLowerCase() }).onConflictDoNothing();
    [row] = await read();
  }
  return {
    id: who.id,
    email: who.email,
    emailVerified: who.emailVerified,
    pendingEmail: row?.pendingEmail ?? null,
    isAdmin: isListedAdmin(deps.config, who) || row?.isAdmin === true,
    twoFactorEnabled: who.twoFactorEnabled,
    locale: isLocale(row?.locale) ? row.locale : null,
    secondFactorPassed: current?.secondFactorAt != null,
    secondFactorNeeded: who.twoFactorEnabled && current?.secondFactorAt == null,
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
 * /profile and /update-password: a new email and/or a new password. Both need a recent sign-in. A new
 * password signs out every other session of the account and ends the changes of address waiting (whoever
 * asked for them may be who the password now keeps out). A new email only asks: the new address gets a
 * link, and the account (and its profile) move to it when the link is opened (email-links.ts); an account
 * whose own address is not confirmed may not ask.
 */
export async function updateAccount(
  deps: Deps & { auth: Auth },
  {
    who,
    current,
    limitEmailChange,
    ...input
  }: {
    who: SessionUser;
    current: SessionInfo;
    email: string;
    password: string;
    /** Counts a change of address against its rate limits (it mails an address the request names); throws when over. */
    limitEmailChange: () => Promise<void>;
  },
): Promise<{ emailChangeRequested: boolean; passwordChanged: boolean }> {
  const { db } = deps.database;
  const emailChangeRequested = input.email !== who.email.toLowerCase();
  const passwordChanged = input.password !== '';
  if (!emailChangeRequested && !passwordChanged) return { emailChangeRequested, passwordChanged };
  requireRecentSignIn(deps, current);
  // Refused before anything changes (the request itself checks again).
  if (emailChangeRequested) {
    assertCanChangeEmail(who);
    await limitEmailChange();
  }

  const hash = passwordChanged ? await (await deps.auth.$context).password.hash(input.password) : undefined;
  const now = deps.clock.now();
  await db.transaction(async (tx) => {
    if (hash) {
      const updated = await tx
        .update(account)
        .set({ password: hash, updatedAt: now })
        .where(and(eq(account.userId, who.id), eq(account.providerId, 'credential')))
        .returning({ id: account.id });
      if (!updated.length) throw new AppError('BAD_REQUEST', /*i18n*/ 'This account signs in without a password.');
      await tx.delete(session).where(and(eq(session.userId, who.id), ne(session.id, current.id)));
      await announceSessionChanges(deps.live, tx, [who.id]);
      // A new address asked for in the same request is asked for below, after this.
      await endEmailChanges(tx, deps.live, who.id);
    }
  });
  if (emailChangeRequested) await requestEmailChange(deps, { who, newEmail: input.email });
  deps.logger.info('account updated', { uid: who.id, emailChangeRequested, passwordChanged });
  return { emailChangeRequested, passwordChanged };
}

/**
 * "Sign out everywhere": ends every session of the account, the one asking too, and every change of
 * address waiting for its link (issue 23, defect 2). Announced, so no instance keeps a session in memory.
 */
export async function signOutEverywhere(deps: Pick<Deps, 'database' | 'live' | 'logger'>, { who }: { who: SessionUser }): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    await tx.delete(session).where(eq(session.userId, who.id));
    await announceSessionChanges(deps.live, tx, [who.id]);
    await endEmailChanges(tx, deps.live, who.id);
  });
  deps.logger.info('signed out everywhere', { uid: who.id });
}

/** Removes the login, its sessions, its reset tokens, the profile and the photo, and the email on forum posts. */
export async function deleteAccount(deps: Deps, { who }: { who: SessionUser }): Promise<void> {
  const { db } = deps.database;
  await db.transaction(async (tx) => {
    await tx.delete(verification).where(eq(verification.value, who.id));
    // Forum posts and responses stay, shown as from a former member (poster_uid becomes null with the
    // user row); the address goes now (decision 007).
    const posts = await tx.update(post).set({ posterEmail: null }).where(eq(post.posterUid, who.id)).returning({ id: post.id });
    const responses = await tx
      .update(postResponse)
      .set({ posterEmail: null })
      .where(eq(postResponse.posterUid, who.id))
      .returning({ id: postResponse.id });
    // Nobody is left to receive what was committed to their needs (issue 26): those close now, and say why.
    await closeNeedsOfDeletedAsker(deps, tx, { uid: who.id, now: deps.clock.now() });
    // session, account and profile rows go with the user (ON DELETE CASCADE).
    await tx.delete(user).where(eq(user.id, who.id));
    await deps.live.publish(tx, { topic: ADMIN_TOPICS.users, kind: 'deleted', id: who.id });
    // Their posts now show a former member: the forum's answers kept in memory (and open pages) read them again.
    if (posts.length || responses.length) await deps.live.publish(tx, { topic: POSTS_TOPIC, kind: 'updated' });
  });
  await deps.storage.delete(photoKey(who.id));
  deps.logger.info('account deleted', { uid: who.id });
}

/** A member's language (decision 043): saved, and every instance's cache of their sessions told. */
export async function saveLocale(deps: Deps, { who, locale }: { who: SessionUser; locale: Locale }): Promise<void> {
  const { db } = deps.database;
  await db.transaction(async (tx) => {
    await tx.update(user).set({ locale }).where(eq(user.id, who.id));
    await announceSessionChanges(deps.live, tx, [who.id]);
  });
}
