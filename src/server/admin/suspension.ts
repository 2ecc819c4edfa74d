import { eq } from 'drizzle-orm';
import { ADMIN_ACTIONS, ADMIN_TOPICS } from '../../shared/admin';
import { profile, session, user } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { MAIL_FORMS, renderMail } from '../mail';
import { recordActivity, type Actor } from '../activity';

type Deps = Pick<AppDeps, 'config' | 'database' | 'clock' | 'live' | 'outbox' | 'logger'>;

const NO_ACCOUNT = 'This account no longer exists.';

async function targetOf(deps: Deps, uid: string) {
  const [found] = await deps.database.db
    .select({ uid: user.id, email: user.email, isAdmin: profile.isAdmin, suspendedAt: profile.suspendedAt })
    .from(user)
    .leftJoin(profile, eq(profile.uid, user.id))
    .where(eq(user.id, uid));
  if (!found) throw new AppError('NOT_FOUND', NO_ACCOUNT);
  return { ...found, email: found.email.toLowerCase() };
}

/**
 * An admin stops a bad actor: their sessions end at once, they cannot sign in, they leave the directory and
 * get no member mail; what they wrote stays. The member is told why by mail, and the log keeps the reason.
 * Admins are not suspended (revoke the role first), nor is oneself.
 */
export async function suspendMember(deps: Deps, { actor, uid, reason }: { actor: Actor & { uid: string }; uid: string; reason: string }) {
  const target = await targetOf(deps, uid);
  if (target.uid === actor.uid) throw new AppError('CONFLICT', 'You cannot suspend your own account.');
  if (target.isAdmin || deps.config.adminEmails.includes(target.email)) {
    throw new AppError('CONFLICT', `${target.email} is an admin. Revoke the admin role first, then suspend the account.`);
  }
  if (target.suspendedAt) throw new AppError('CONFLICT', `${target.email} is already suspended.`);
  const now = deps.clock.now();
  await deps.database.db.transaction(async (tx) => {
    await tx
      .insert(profile)
      .values({ uid: target.uid, email: target.email, suspendedAt: now, suspensionReason: reason })
      .onConflictDoUpdate({ target: profile.uid, set: { suspendedAt: now, suspensionReason: reason } });
    await tx.delete(session).where(eq(session.userId, target.uid));
    await recordActivity({ db: tx, live: deps.live }, {
      actor,
      action: ADMIN_ACTIONS.memberSuspended,
      target: target.email,
      details: { uid: target.uid, reason },
      at: now,
    });
    await deps.outbox.add(
      {
        form: MAIL_FORMS.accountSuspended,
        to: target.email,
        ...renderMail({
          subject: 'Your Foster Care Network account is suspended',
          paragraphs: [
            'The team of the Foster Care Network has suspended your account. You cannot sign in, you are not listed in the directory, and members cannot write to you. What you wrote in Discuss stays.',
            'The reason given:',
            { quote: reason },
            'If you think this is a mistake, write to the team through the contact page:',
            { link: `${deps.config.publicUrl}/contact`, label: 'Contact the team' },
          ],
        }),
      },
      tx,
    );
    await deps.live.publish(tx, { topic: ADMIN_TOPICS.users, kind: 'updated', id: target.uid });
  });
  deps.outbox.wake();
  deps.logger.info('member suspended', { uid: target.uid, by: actor.uid });
  return { uid: target.uid, email: target.email, suspendedAt: now.toISOString(), suspensionReason: reason };
}

export async function liftSuspension(deps: Deps, { actor, uid }: { actor: Actor & { uid: string }; uid: string }) {
  const target = await targetOf(deps, uid);
  if (!target.suspendedAt) throw new AppError('CONFLICT', `${target.email} is not suspended.`);
  const now = deps.clock.now();
  await deps.database.db.transaction(async (tx) => {
    await tx.update(profile).set({ suspendedAt: null, suspensionReason: null }).where(eq(profile.uid, target.uid));
    await recordActivity({ db: tx, live: deps.live }, {
      actor,
      action: ADMIN_ACTIONS.suspensionLifted,
      target: target.email,
      details: { uid: target.uid },
      at: now,
    });
    await deps.outbox.add(
      {
        form: MAIL_FORMS.suspensionLifted,
        to: target.email,
        ...renderMail({
          subject: 'Your Foster Care Network account is open again',
          paragraphs: [
            'The team of the Foster Care Network has lifted the suspension of your account. You can sign in again, and you are listed in the directory as before.',
            { link: `${deps.config.publicUrl}/signin`, label: 'Sign in' },
          ],
        }),
      },
      tx,
    );
    await deps.live.publish(tx, { topic: ADMIN_TOPICS.users, kind: 'updated', id: target.uid });
  });
  deps.outbox.wake();
  deps.logger.info('suspension lifted', { uid: target.uid, by: actor.uid });
  return { uid: target.uid, email: target.email, suspendedAt: null, suspensionReason: null };
}
