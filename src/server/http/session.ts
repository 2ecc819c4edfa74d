import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { profile } from '../db/schema';
import { AppError, SecondFactorRequiredError } from './errors';
import { isLocale, type Locale } from '../../shared/i18n/locale';
import { SECOND_FACTOR_SIGN_IN_MESSAGE, type SecondFactorStep } from '../../shared/two-factor';

// Who is asking: set on each request by the auth feature's loadSession (src/server/auth/session.ts),
// read by every route that checks it.

export { isLocale };
/** twoFactorEnabled: the account has a confirmed authenticator app (Better Auth's two-factor plugin). */
export type SessionUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  /** The language the member chose (decision 043), or null if they never did. */
  locale: Locale | null;
};
/** secondFactorAt: when this session passed TOTP or a recovery code (null if it never did). */
export type SessionInfo = { id: string; createdAt: Date; secondFactorAt: Date | null };
/**
 * user and session: who is fully signed in (null for visitors and for pending sessions). pending: a session
 * of an account with two-step sign-in on that has not passed it in this session (in practice one made by
 * Google sign-in, decision 028): it may read /api/me, pass the factor and sign out, and is otherwise a visitor.
 */
export type AuthVariables = { user: SessionUser | null; session: SessionInfo | null; pending: PendingSession | null };
export type PendingSession = { user: SessionUser; session: SessionInfo };
/** What the checks below read of a request (any context that carries AuthVariables, a member's route's too). */
type Asking = Pick<Context<{ Variables: AuthVariables }>, 'get'>;

/** Whether a session of this account still owes its second factor before it counts as signed in (decision 028). */
export function isPendingSecondFactor(user: SessionUser, session: SessionInfo): boolean {
  return user.twoFactorEnabled && session.secondFactorAt === null;
}

/** Throws 401 unless someone is signed in, and 403 SECOND_FACTOR_REQUIRED for a pending session. */
export function requireUser(c: Asking): SessionUser {
  const user = c.get('user');
  if (user) return user;
  if (c.get('pending')) throw new SecondFactorRequiredError('verify', SECOND_FACTOR_SIGN_IN_MESSAGE);
  throw new AppError('UNAUTHENTICATED');
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
export function requireSecondFactor(c: Asking, user: SessionUser): void {
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
export async function requireAdmin(c: Asking, db: Db, config: Config): Promise<SessionUser> {
  // A pending admin is asked for the code as before decision 028, in the admin area's words.
  const pending = c.get('pending');
  if (pending && (await isAdmin(db, config, pending.user))) throw new SecondFactorRequiredError('verify');
  const user = requireUser(c);
  if (!(await isAdmin(db, config, user))) throw new AppError('FORBIDDEN');
  requireSecondFactor(c, user);
  return user;
}
