import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { profile } from '../db/schema';
import { AppError, SecondFactorRequiredError } from './errors';
import type { SecondFactorStep } from '../../shared/two-factor';

// Who is asking: set on each request by the auth feature's loadSession (src/server/auth/session.ts),
// read by every route that checks it.

/** twoFactorEnabled: the account has a confirmed authenticator app (Better Auth's two-factor plugin). */
export type SessionUser = { id: string; email: string; emailVerified: boolean; twoFactorEnabled: boolean };
/** secondFactorAt: when this session passed TOTP or a recovery code (null if it never did). */
export type SessionInfo = { id: string; createdAt: Date; secondFactorAt: Date | null };
export type AuthVariables = { user: SessionUser | null; session: SessionInfo | null };

/** Throws 401 unless someone is signed in. */
export function requireUser(c: Context<{ Variables: AuthVariables }>): SessionUser {
  const user = c.get('user');
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
}

/** Whether ADMIN_EMAILS lists this account's address, and the account has confirmed it. */
export function isListedAdmin(config: Config, user: SessionUser): boolean {
  return user.emailVerified && config.adminEmails.includes(user.email.toLowerCase());
}

/**
 * isAdmin on the profile, or an address listed in ADMIN_EMAILS once it is confirmed: a listed address
 * nobody has proven to own grants nothing (anyone could sign up with it, or change their email to it).
 */
export async function isAdmin(db: Db, config: Config, user: SessionUser): Promise<boolean> {
  if (isListedAdmin(config, user)) return true;
  const rows = await db.select({ isAdmin: profile.isAdmin }).from(profile).where(eq(profile.uid, user.id));
  return rows[0]?.isAdmin === true;
}

/**
 * What this session still needs before admin data may leave the server (decision 013): a factor set up on
 * the account, then a code (or recovery code) passed in this very session. Null when it has both.
 */
export function secondFactorStepOf(user: SessionUser, session: SessionInfo | null): SecondFactorStep | null {
  if (!user.twoFactorEnabled) return 'setup';
  if (!session?.secondFactorAt) return 'verify';
  return null;
}

/** Throws 403 SECOND_FACTOR_REQUIRED (with the step it needs) unless this session passed a second factor. */
export function requireSecondFactor(c: Context<{ Variables: AuthVariables }>, user: SessionUser): void {
  const step = secondFactorStepOf(user, c.get('session'));
  if (step) throw new SecondFactorRequiredError(step);
}

/**
 * Whether this request may use an admin's powers over other people's data (moderating their posts, exact
 * counts): an admin whose session passed the second factor. Without it an admin is a member like any other.
 */
export async function actsAsAdmin(db: Db, config: Config, user: SessionUser | null, session: SessionInfo | null): Promise<boolean> {
  return user !== null && secondFactorStepOf(user, session) === null && (await isAdmin(db, config, user));
}

/**
 * Throws 401 for visitors, 403 FORBIDDEN for members who are not admins, and 403 SECOND_FACTOR_REQUIRED for
 * admins whose session has not passed a second factor.
 */
export async function requireAdmin(c: Context<{ Variables: AuthVariables }>, db: Db, config: Config): Promise<SessionUser> {
  const user = requireUser(c);
  if (!(await isAdmin(db, config, user))) throw new AppError('FORBIDDEN');
  requireSecondFactor(c, user);
  return user;
}
