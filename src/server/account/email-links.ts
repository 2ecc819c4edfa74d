import { DIRECTORY_RULE } from '../../shared/profile';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, like, ne, sql } from 'drizzle-orm';
import { ADMIN_TOPICS } from '../../shared/admin';
import { EMAIL_LINK_TTL_MS } from '../../shared/limits';
import { EMAIL_LINK_MESSAGES } from '../../shared/account';
import { MESSAGES } from '../../shared/messages';
import type { SessionUser } from '../http/session';
import type { Db, Tx } from '../db/client';
import type { LivePublisher } from '../live';
import { emailToken, profile, session, user, verification } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { MAIL_FORMS, renderMail, type MailForm } from '../mail';
import { i18nFor, localeOfEmail, localeOfUser, type Locale } from '../i18n';

type Deps = Pick<AppDeps, 'config' | 'database' | 'clock' | 'outbox' | 'logger' | 'live'>;
export type EmailLinkPurpose = 'verify' | 'change';

/** How Better Auth names a password-reset token in its verification table (`reset-password:<token>`). */
const RESET_PASSWORD_PREFIX = 'reset-password:';

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Makes a link token for the account and purpose, replacing any earlier one (only the newest link of each
 * kind works). Only its hash is stored, so a copy of the database opens no account.
 */
async function issueToken(tx: Tx, deps: Deps, uid: string, purpose: EmailLinkPurpose, email: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  await tx.delete(emailToken).where(and(eq(emailToken.uid, uid), eq(emailToken.purpose, purpose)));
  await tx.insert(emailToken).values({
    tokenHash: hashOf(token),
    uid,
    purpose,
    email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + EMAIL_LINK_TTL_MS),
  });
  return token;
}

type ConfirmationMail = {
  uid: string;
  purpose: EmailLinkPurpose;
  /** The address the link confirms, which the mail goes to. */
  to: string;
  form: MailForm;
  /** The recipient's language (decision 043): the words below are in it. */
  locale: Locale;
  subject: string;
  /** Before the link, then the link's label, then after it. */
  intro: string;
  label: string;
  after: string[];
};

/** A new link (issueToken) for the address, mailed to it in the transaction of the change. */
async function mailConfirmationLink(tx: Tx, deps: Deps, mail: ConfirmationMail): Promise<void> {
  const token = await issueToken(tx, deps, mail.uid, mail.purpose, mail.to);
  const link = `${deps.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  const paragraphs = [mail.intro, { action: link, label: mail.label }, ...mail.after];
  await deps.outbox.add({ form: mail.form, to: mail.to, ...renderMail({ locale: mail.locale, subject: mail.subject, paragraphs }) }, tx);
}

/** The confirmation mail of a new account (sign-up) or of an address never confirmed. */
export async function sendVerificationMail(deps: Deps, who: { id: string; email: string }): Promise<void> {
  const email = who.email.toLowerCase();
  await deps.database.db.transaction(async (tx) => {
    // A new account's language is the one its sign-up was made in (saved when it was created, auth.ts).
    const locale = await localeOfUser(tx, who.id);
    const i18n = i18nFor(locale);
    await mailConfirmationLink(tx, deps, {
      uid: who.id,
      purpose: 'verify',
      to: email,
      form: MAIL_FORMS.emailVerification,
      locale,
      subject: i18n._('Confirm your email address for the Foster Care Network'),
      intro: i18n._('Welcome to the Foster Care Network. Please confirm that {email} is your address:', { email }),
      label: i18n._('Confirm my email address'),
      after: [
        i18n._(
          'The link works once, within 24 hours. Until you confirm, you can fill in your profile, but you are not listed in the directory and cannot post or write to members.',
        ),
        // The directory's rule, said before the profile is filled in (issue 29): a blank answer used to leave people out unseen.
        i18n._(DIRECTORY_RULE),
        i18n._('If you did not create this account, ignore this message and nothing more will happen.'),
      ],
    });
  });
  deps.outbox.wake();
}

/**
 * A change of address (on /profile or /update-password) waits for the new address to confirm: the link
 * goes there, and the current address is told that a change was asked for. Only an account whose own
 * address is confirmed may ask (issue 23, defect 2: whoever signed up with somebody else's address could
 * otherwise keep a link that moves the account away after its owner took it back).
 *
 * An address another account has gets no link; its owner is told someone tried instead. The requester
 * sees what any request shows (the address waiting for its link, the same notice at their own address),
 * so asking tells nobody who belongs to the network (defect 4). The unusable link's row is what shows the
 * address waiting; its token is never sent.
 */
export async function requestEmailChange(deps: Deps, { who, newEmail }: { who: SessionUser; newEmail: string }): Promise<void> {
  assertCanChangeEmail(who);
  const { db } = deps.database;
  await db.transaction(async (tx) => {
    // Each mail in its recipient's language: the member's own for their addresses, the other account's for its.
    const locale = await localeOfUser(tx, who.id);
    const i18n = i18nFor(locale);
    if (await isAddressTaken(tx, { uid: who.id, email: newEmail })) {
      await issueToken(tx, deps, who.id, 'change', newEmail);
      const ownerLocale = await localeOfEmail(tx, newEmail);
      const owners = i18nFor(ownerLocale);
      await deps.outbox.add(
        {
          form: MAIL_FORMS.emailInUse,
          to: newEmail,
          ...renderMail({
            locale: ownerLocale,
            subject: owners._('Someone tried to use your email address on the Foster Care Network'),
            paragraphs: [
              owners._(
                'Someone signed in to another Foster Care Network account asked to use {email}, which is the address of your account. Nothing has changed: your account keeps its address, and the other account does not get it.',
                { email: newEmail },
              ),
              owners._(
                'If it was you, you already have an account with this address: sign in with it, or, if you have forgotten its password, ask for a new one on the sign-in page.',
              ),
              owners._('If it was not you, you need do nothing. If it happens again, write to the team through the contact page.'),
              { action: `${deps.config.publicUrl}/contact`, label: owners._('Contact the team') },
            ],
          }),
        },
        tx,
      );
    } else {
      await mailConfirmationLink(tx, deps, {
        uid: who.id,
        purpose: 'change',
        to: newEmail,
        form: MAIL_FORMS.emailChange,
        locale,
        subject: i18n._('Confirm your new email address for the Foster Care Network'),
        intro: i18n._(
          'The Foster Care Network account of {current} asked to use {email} from now on. To confirm that this is your address, open this link:',
          { current: who.email.toLowerCase(), email: newEmail },
        ),
        label: i18n._('Confirm my new email address'),
        after: [
          i18n._('The link works once, within 24 hours. Until then the account keeps its current address.'),
          i18n._('If you did not ask for this, ignore this message: nothing changes.'),
        ],
      });
    }
    await deps.outbox.add(
      {
        form: MAIL_FORMS.emailChangeNotice,
        to: who.email.toLowerCase(),
        ...renderMail({
          locale,
          subject: i18n._('A change of your Foster Care Network email address was asked for'),
          paragraphs: [
            i18n._('Someone signed in to your Foster Care Network account asked to change its email address to {email}.', {
              email: newEmail,
            }),
            i18n._('Nothing changes until that address confirms. If this was you, open the link we sent there.'),
            i18n._('If it was not you, sign in and change your password, and write to the team through the contact page.'),
            { action: `${deps.config.publicUrl}/contact`, label: i18n._('Contact the team') },
          ],
        }),
      },
      tx,
    );
    // The account's page shows the address waiting for its link (and answers in memory hear of it).
    await deps.live.publish(tx, { topic: ADMIN_TOPICS.users, kind: 'updated', id: who.id });
  });
  deps.outbox.wake();
  deps.logger.info('email change requested', { uid: who.id });
}

/** 403 for an account whose own address is not confirmed: it may not move (see requestEmailChange). */
export function assertCanChangeEmail(who: Pick<SessionUser, 'emailVerified'>): void {
  if (!who.emailVerified) {
    const message = EMAIL_LINK_MESSAGES.changeNeedsConfirmedAddress;
    throw new AppError('EMAIL_UNVERIFIED', message, { email: message });
  }
}

/**
 * Ends every change of address the account has waiting: its links stop working. Whatever proves who holds
 * the account now (a password reset or change, the confirmation of its own address, "sign out everywhere")
 * calls this, so a link asked for by someone who held it before does not outlive them (issue 23, defect 2).
 * Announced, so kept answers of /api/me drop the pending address.
 */
export async function endEmailChanges(executor: Db | Tx, live: LivePublisher, uid: string): Promise<void> {
  await executor.delete(emailToken).where(and(eq(emailToken.uid, uid), eq(emailToken.purpose, 'change')));
  await live.publish(executor, { topic: ADMIN_TOPICS.users, kind: 'updated', id: uid });
}

/** The address a member asked to move to, while its link is still good: a query, to read on its own or inside another. */
export function pendingEmailQuery(deps: Pick<Deps, 'database' | 'clock'>, uid: string) {
  return deps.database.db
    .select({ email: emailToken.email })
    .from(emailToken)
    .where(and(eq(emailToken.uid, uid), eq(emailToken.purpose, 'change'), gt(emailToken.expiresAt, deps.clock.now())))
    .limit(1);
}

export async function pendingEmailOf(deps: Pick<Deps, 'database' | 'clock'>, uid: string): Promise<string | null> {
  const [row] = await pendingEmailQuery(deps, uid);
  return row?.email ?? null;
}

export async function cancelEmailChange(deps: Pick<Deps, 'database' | 'live'>, uid: string): Promise<void> {
  await deps.database.db.transaction((tx) => endEmailChanges(tx, deps.live, uid));
}

/**
 * "Send the link again": the pending change's link when there is one, else the confirmation of the
 * account's own address. Nothing to confirm is a 400.
 */
export async function resendEmailLink(deps: Deps, who: SessionUser): Promise<{ sentTo: string }> {
  // An unconfirmed account has no change to resend (requestEmailChange refuses it): its own address comes first.
  const pending = who.emailVerified ? await pendingEmailOf(deps, who.id) : null;
  if (pending) {
    await requestEmailChange(deps, { who, newEmail: pending });
    return { sentTo: pending };
  }
  if (who.emailVerified) throw new AppError('BAD_REQUEST', EMAIL_LINK_MESSAGES.alreadyConfirmed);
  await sendVerificationMail(deps, who);
  return { sentTo: who.email.toLowerCase() };
}

/** Another account than `uid` uses the address. */
async function isAddressTaken(db: Db | Tx, { uid, email }: { uid: string; email: string }): Promise<boolean> {
  const taken = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(sql`lower(${user.email})`, email), ne(user.id, uid)))
    .limit(1);
  return taken.length > 0;
}

/**
 * 409 when another account already uses the address: when a change's link is opened (the address may have
 * been taken since it was asked for; asking never says so, see requestEmailChange).
 */
async function assertAddressFree(db: Db | Tx, { uid, email }: { uid: string; email: string }) {
  if (await isAddressTaken(db, { uid, email })) {
    throw new AppError('CONFLICT', MESSAGES.updateAccountFailed, { email: /*i18n*/ 'Another account already uses this email address.' });
  }
}

export type ConfirmedLink = { purpose: EmailLinkPurpose; email: string };

/**
 * Opens a link: good once, within its time, and only for the address it was made for. A change moves the
 * account and its profile to the new address and ends the account's other sessions (`keepSessionId`, the
 * browser that opened the link, stays signed in when it is the same account's).
 */
export async function confirmEmailLink(
  deps: Deps,
  { token, askerUid, keepSessionId }: { token: string; askerUid: string | null; keepSessionId: string | null },
): Promise<ConfirmedLink> {
  const { db } = deps.database;
  const now = deps.clock.now();
  const result = await db.transaction(async (tx) => {
    // Deleting first makes the link single-use even when it is opened twice at the same moment.
    const [row] = await tx
      .delete(emailToken)
      .where(eq(emailToken.tokenHash, hashOf(token)))
      .returning();
    if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
    const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, row.uid));
    if (!account) return null;
    if (row.purpose === 'verify') {
      // A link for an address the account no longer has proves nothing about the current one.
      if (account.email.toLowerCase() !== row.email) return null;
      // The mailbox alone does not confirm an account whose password someone else may have chosen (an
      // attacker who signed up with the owner's address): the link works in a session of that account.
      // Thrown, so the transaction gives the link back for after the sign-in.
      if (askerUid === null) throw new AppError('UNAUTHENTICATED', EMAIL_LINK_MESSAGES.signInToConfirm);
      if (askerUid !== row.uid) throw new AppError('FORBIDDEN', EMAIL_LINK_MESSAGES.otherAccount);
      await tx.update(user).set({ emailVerified: true, updatedAt: now }).where(eq(user.id, row.uid));
      // The owner of the address has proven it: a change asked for before, by whoever held the account
      // until now, ends here (issue 23, defect 2).
      await endEmailChanges(tx, deps.live, row.uid);
    } else {
      await assertAddressFree(tx, { uid: row.uid, email: row.email });
      await tx.update(user).set({ email: row.email, emailVerified: true, updatedAt: now }).where(eq(user.id, row.uid));
      await tx.update(profile).set({ email: row.email }).where(eq(profile.uid, row.uid));
      await tx.delete(emailToken).where(eq(emailToken.uid, row.uid));
      // A password-reset link mailed to the old address would still open the account that left it (Better
      // Auth keeps it by account, not by address): whoever reads the old mailbox has no say any more.
      await tx.delete(verification).where(and(eq(verification.value, row.uid), like(verification.identifier, `${RESET_PASSWORD_PREFIX}%`)));
      await tx
        .delete(session)
        .where(keepSessionId ? and(eq(session.userId, row.uid), ne(session.id, keepSessionId)) : eq(session.userId, row.uid));
    }
    await deps.live.publish(tx, { topic: ADMIN_TOPICS.users, kind: 'updated', id: row.uid });
    return { purpose: row.purpose, email: row.email, uid: row.uid };
  });
  if (!result) throw new AppError('BAD_REQUEST', EMAIL_LINK_MESSAGES.invalidLink);
  deps.logger.info('email confirmed', { uid: result.uid, purpose: result.purpose });
  return { purpose: result.purpose, email: result.email };
}
