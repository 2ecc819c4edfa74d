import { eq } from 'drizzle-orm';
import { ACCOUNT_NOT_FOUND, ADMIN_ACTIONS, ADMIN_TOPICS, type AdminAction } from '../../shared/admin';
import type { Tx } from '../db/client';
import { profile, session, user } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { i18nFor, isLocale, later } from '../i18n';
import { MAIL_FORMS, renderMail, type MailForm, type RenderMailInput } from '../mail';
import { recordActivity, type Actor } from '../activity';

type Deps = Pick<AppDeps, 'config' | 'database' | 'clock' | 'live' | 'outbox' | 'logger'>;

async function targetOf(deps: Deps, uid: string) {
  const [found] = await deps.database.db
    .select({ uid: user.id, email: user.email, locale: user.locale, isAdmin: profile.isAdmin, suspendedAt: profile.suspendedAt })
    .from(user)
    .leftJoin(profile, eq(profile.uid, user.id))
    .where(eq(user.id, uid));
  if (!found) throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND);
  // The member is told in their own language, whoever suspends them (decision 043).
  return { ...found, email: found.email.toLowerCase(), locale: isLocale(found.locale) ? found.locale : 'en' };
}

type Target = Awaited<ReturnType<typeof targetOf>>;
type SuspensionChange = {
  /** The change itself, at `now`. */
  write: (tx: Tx, now: Date) => Promise<void>;
  action: AdminAction;
  details: Record<string, unknown>;
  /** The mail that tells the member, in their language. */
  form: MailForm;
  mail: RenderMailInput;
  /** What the server's log says. */
  log: string;
};

/**
 * A suspension or its lifting, in one transaction: the change itself, the entry of the activity log, the
 * mail that tells the member, and the admin pages' live update; then the mail goes out. Answers its time.
 */
async function changeSuspension(deps: Deps, actor: Actor & { uid: string }, target: Target, change: SuspensionChange): Promise<Date> {
  const now = deps.clock.now();
  await deps.database.db.transaction(async (tx) => {
    await change.write(tx, now);
    await recordActivity(
      { db: tx, live: deps.live },
      { actor, action: change.action, target: target.email, details: change.details, at: now },
    );
    await deps.outbox.add({ form: change.form, to: target.email, ...renderMail(change.mail) }, tx);
    await deps.live.publish(tx, { topic: ADMIN_TOPICS.users, kind: 'updated', id: target.uid });
  });
  deps.outbox.wake();
  deps.logger.info(change.log, { uid: target.uid, by: actor.uid });
  return now;
}

/**
 * An admin stops a bad actor: their sessions end at once, they cannot sign in, they leave the directory and
 * get no member mail; what they wrote stays. The member is told why by mail, and the log keeps the reason.
 * Admins are not suspended (revoke the role first), nor is oneself.
 */
export async function suspendMember(deps: Deps, { actor, uid, reason }: { actor: Actor & { uid: string }; uid: string; reason: string }) {
  const target = await targetOf(deps, uid);
  if (target.uid === actor.uid) throw new AppError('CONFLICT', /*i18n*/ 'You cannot suspend your own account.');
  if (target.isAdmin || deps.config.adminEmails.includes(target.email)) {
    throw new AppError(
      'CONFLICT',
      later(/*i18n*/ '{email} is an admin. Revoke the admin role first, then suspend the account.', { email: target.email }),
    );
  }
  if (target.suspendedAt) throw new AppError('CONFLICT', later(/*i18n*/ '{email} is already suspended.', { email: target.email }));
  const i18n = i18nFor(target.locale);
  const now = await changeSuspension(deps, actor, target, {
    write: async (tx, at) => {
      await tx
        .insert(profile)
        .values({ uid: target.uid, email: target.email, suspendedAt: at, suspensionReason: reason })
        .onConflictDoUpdate({ target: profile.uid, set: { suspendedAt: at, suspensionReason: reason } });
      await tx.delete(session).where(eq(session.userId, target.uid));
    },
    action: ADMIN_ACTIONS.memberSuspended,
    details: { uid: target.uid, reason },
    form: MAIL_FORMS.accountSuspended,
    mail: {
      locale: target.locale,
      subject: i18n._('Your Foster Care Network account is suspended'),
      paragraphs: [
        i18n._(
          'The team of the Foster Care Network has suspended your account. You cannot sign in, you are not listed in the directory, and members cannot write to you. What you wrote in Discuss stays.',
        ),
        i18n._('The reason given:'),
        // The admin's own words, as they wrote them.
        { quote: reason },
        i18n._('If you think this is a mistake, write to the team through the contact page:'),
        { action: `${deps.config.publicUrl}/contact`, label: i18n._('Contact the team') },
      ],
    },
    log: 'member suspended',
  });
  return { uid: target.uid, email: target.email, suspendedAt: now.toISOString(), suspensionReason: reason };
}

export async function liftSuspension(deps: Deps, { actor, uid }: { actor: Actor & { uid: string }; uid: string }) {
  const target = await targetOf(deps, uid);
  if (!target.suspendedAt) throw new AppError('CONFLICT', later(/*i18n*/ '{email} is not suspended.', { email: target.email }));
  const i18n = i18nFor(target.locale);
  await changeSuspension(deps, actor, target, {
    write: async (tx) => {
      await tx.update(profile).set({ suspendedAt: null, suspensionReason: null }).where(eq(profile.uid, target.uid));
    },
    action: ADMIN_ACTIONS.suspensionLifted,
    details: { uid: target.uid },
    form: MAIL_FORMS.suspensionLifted,
    mail: {
      locale: target.locale,
      subject: i18n._('Your Foster Care Network account is open again'),
      paragraphs: [
        i18n._(
          'The team of the Foster Care Network has lifted the suspension of your account. You can sign in again, and you are listed in the directory as before.',
        ),
        { action: `${deps.config.publicUrl}/signin`, label: i18n._('Sign in') },
      ],
    },
    log: 'suspension lifted',
  });
  return { uid: target.uid, email: target.email, suspendedAt: null, suspensionReason: null };
}
