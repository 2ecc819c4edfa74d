import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { ACCOUNT_NOT_FOUND, ADMIN_ACTIONS, ADMIN_TOPICS } from '../../shared/admin';
import { systemClock, type Clock } from '../clock';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { profile, user } from '../db/schema';
import { AppError } from '../http/errors';
import { later } from '../i18n';
import type { LivePublisher } from '../live';
import { COMMAND_LINE, recordActivity, type Actor } from '../activity';

export type RoleChange = { email: string; isAdmin: boolean };
/** What the command line's changes need: the database, and the live bus and clock when the server makes them. */
export type CommandLineDeps = { db: Db; live: LivePublisher; clock?: Clock | undefined };

export type RoleResult = { ok: true; email: string; isAdmin: boolean } | { ok: false; reason: 'no-account' };

type Target = { uid: string; email: string };

// Role changes take this lock, so two admins removing each other at the same moment are decided one
// after the other and the second sees the first's change (see the last-admin rule below).
const ROLE_LOCK = sql`select pg_advisory_xact_lock(hashtext('admin-roles'))`;

/**
 * Stores the flag (the profile row is made if missing), and when it changed, records who changed it and
 * tells the admins' open profile lists. Runs in the caller's transaction.
 */
async function storeRole(
  tx: Tx,
  target: Target,
  isAdmin: boolean,
  context: { actor: Actor; live: LivePublisher; at: Date; via: 'admin area' | 'command line' },
): Promise<void> {
  const [before] = await tx.select({ isAdmin: profile.isAdmin }).from(profile).where(eq(profile.uid, target.uid));
  await tx
    .insert(profile)
    .values({ uid: target.uid, email: target.email, isAdmin })
    .onConflictDoUpdate({ target: profile.uid, set: { isAdmin } });
  if ((before?.isAdmin ?? false) === isAdmin) return;
  await recordActivity(
    { db: tx, live: context.live },
    {
      actor: context.actor,
      action: isAdmin ? ADMIN_ACTIONS.roleGranted : ADMIN_ACTIONS.roleRevoked,
      target: target.email,
      details: { uid: target.uid, isAdmin, via: context.via },
      at: context.at,
    },
  );
  await context.live.publish(tx, { topic: ADMIN_TOPICS.users, kind: 'updated', id: target.uid });
}

/**
 * The command line's grant and revoke (npm run admin), by email. No last-admin rule here: the command line
 * is how the network gets an admin back. The change is logged as made by the command line.
 */
export async function setAdmin(deps: CommandLineDeps, change: RoleChange): Promise<RoleResult> {
  const { db } = deps;
  const email = change.email.trim().toLowerCase();
  const [found] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email));
  if (!found) return { ok: false, reason: 'no-account' };
  const at = (deps.clock ?? systemClock).now();
  await db.transaction(async (tx) => {
    await tx.execute(ROLE_LOCK);
    await storeRole(tx, { uid: found.id, email }, change.isAdmin, { actor: COMMAND_LINE, live: deps.live, at, via: 'command line' });
  });
  return { ok: true, email, isAdmin: change.isAdmin };
}

export type RoleDeps = { config: Config; database: { db: Db }; live: LivePublisher; clock: Clock };

/** "This account is an admin", over `user` left-joined with `profile`: the profile's flag, or ADMIN_EMAILS. */
export function adminCondition(config: Config): SQL {
  const listed = config.adminEmails.length
    ? sql`lower(${user.email}) in (${sql.join(
        config.adminEmails.map((e) => sql`${e}`),
        sql`, `,
      )})`
    : sql`false`;
  return sql`(${profile.isAdmin} is true or ${listed})`;
}

/** Accounts that are admins now, but one. */
async function countOtherAdmins(tx: Tx, config: Config, except: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(user)
    .leftJoin(profile, eq(profile.uid, user.id))
    .where(and(ne(user.id, except), adminCondition(config)));
  return row?.n ?? 0;
}

/**
 * An admin grants or revokes another account's admin role in the admin area (also their own).
 * Refused with 409: revoking an account listed in ADMIN_EMAILS (the configuration keeps it an admin; it
 * must be removed there), and revoking the last admin (nobody could then reach the admin area).
 */
export async function changeAdminRole(
  deps: RoleDeps,
  { actor, uid, isAdmin }: { actor: Actor; uid: string; isAdmin: boolean },
): Promise<{ email: string; isAdmin: boolean }> {
  const { db } = deps.database;
  const [found] = await db.select({ uid: user.id, email: user.email }).from(user).where(eq(user.id, uid));
  if (!found) throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND);
  const target = { uid: found.uid, email: found.email.toLowerCase() };
  if (!isAdmin && deps.config.adminEmails.includes(target.email)) {
    throw new AppError(
      'CONFLICT',
      later(/*i18n*/ "{email} is listed in ADMIN_EMAILS in the site's configuration, so it stays an admin. Remove it there to revoke it.", {
        email: target.email,
      }),
    );
  }
  await db.transaction(async (tx) => {
    await tx.execute(ROLE_LOCK);
    if (!isAdmin && (await countOtherAdmins(tx, deps.config, target.uid)) === 0) {
      throw new AppError(
        'CONFLICT',
        later(/*i18n*/ '{email} is the last admin. Make another member an admin first.', { email: target.email }),
      );
    }
    await storeRole(tx, target, isAdmin, { actor, live: deps.live, at: deps.clock.now(), via: 'admin area' });
  });
  return { email: target.email, isAdmin };
}
