import { eq, like, sql } from 'drizzle-orm';
import { ADMIN_ACTIONS, ADMIN_TOPICS } from '../../shared/admin';
import { systemClock } from '../clock';
import { session, twoFactor, user, verification } from '../db/schema';
import { COMMAND_LINE, recordActivity } from '../activity';
import type { CommandLineDeps } from './roles';

export type TwoFactorResetResult = { ok: true; email: string; hadFactor: boolean } | { ok: false; reason: 'no-account' };

/**
 * The command line's reset-2fa (npm run admin): clears a lost factor. The account's authenticator key and
 * recovery codes go, two-step sign-in is off, and none of its sessions counts as having passed a second
 * factor any more (they stay signed in; an admin sets a new factor up on the next visit to /admin). Logged
 * as made by the command line, in the same transaction.
 */
export async function resetTwoFactor(deps: CommandLineDeps, input: { email: string }): Promise<TwoFactorResetResult> {
  const { db } = deps;
  const email = input.email.trim().toLowerCase();
  const [found] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email));
  if (!found) return { ok: false, reason: 'no-account' };
  const at = (deps.clock ?? systemClock).now();
  const hadFactor = await db.transaction(async (tx) => {
    const removed = await tx.delete(twoFactor).where(eq(twoFactor.userId, found.id)).returning({ id: twoFactor.id });
    await tx.update(user).set({ twoFactorEnabled: false, updatedAt: at }).where(eq(user.id, found.id));
    await tx.update(session).set({ secondFactorAt: null }).where(eq(session.userId, found.id));
    // Codes spent with the old key (auth/two-factor.ts) mean nothing for a new one.
    await tx.delete(verification).where(like(verification.identifier, `totp-spent:${found.id}:%`));
    await recordActivity(
      { db: tx, live: deps.live },
      {
        actor: COMMAND_LINE,
        action: ADMIN_ACTIONS.twoFactorReset,
        target: email,
        details: { uid: found.id, hadFactor: removed.length > 0, via: 'command line' },
        at,
      },
    );
    await deps.live.publish(tx, { topic: ADMIN_TOPICS.users, kind: 'updated', id: found.id });
    return removed.length > 0;
  });
  return { ok: true, email, hadFactor };
}
