import { eq, sql } from 'drizzle-orm';
import type { CheckInbox } from '../../shared/account';
import { user } from '../db/schema';
import type { AppDeps } from '../deps';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { i18nFor, localeOfEmail } from '../i18n';
import { MAIL_FORMS, renderMail, type Outbox } from '../mail';
import { sendVerificationMail } from './email-links';

// Issue 23, defect 4: a sign-up, and "send the link again" from the page that follows it, answer the same
// for every address. What differs goes to the address itself: a new account's link, or a note to the
// owner of an account that already has it.

/**
 * The note to the owner of an address someone tried to sign up with: they may have forgotten that they have
 * an account; if it was not them, nothing changed. Queued through the outbox, so the admin's log names it.
 */
export async function mailExistingAccountNote(deps: { config: Config; outbox: Outbox; db: Db }, email: string): Promise<void> {
  const { publicUrl } = deps.config;
  const to = email.toLowerCase();
  // In the owner's language, not the language of whoever tried (decision 043).
  const locale = await localeOfEmail(deps.db, to);
  const i18n = i18nFor(locale);
  await deps.outbox.add({
    form: MAIL_FORMS.existingAccountSignUp,
    to,
    ...renderMail({
      locale,
      subject: i18n._('Someone tried to sign up with your address at the Foster Care Network'),
      paragraphs: [
        i18n._(
          'Someone (maybe you) tried to sign up for the Foster Care Network with {email}. You already have an account with this address, so nothing new was created.',
          { email: to },
        ),
        i18n._('To use your account, sign in:'),
        { action: `${publicUrl}/signin`, label: i18n._('Sign in') },
        i18n._('If you forgot your password, choose a new one:'),
        { link: `${publicUrl}/forgot-password`, label: i18n._('Reset my password') },
        i18n._('If it was not you, you can ignore this message: your account and its password stay as they are.'),
      ],
    }),
  });
}

/**
 * "Send the link again" without a session, from the page a sign-up shows: an account that has not confirmed
 * its address gets a new link (the old one stops working), one that has gets the note its owner got at the
 * sign-up, and an address without an account gets nothing. The answer is the same in every case.
 */
export async function sendConfirmationMailTo(
  deps: Pick<AppDeps, 'config' | 'database' | 'clock' | 'outbox' | 'logger' | 'live'>,
  email: string,
): Promise<CheckInbox> {
  const [account] = await deps.database.db
    .select({ id: user.id, email: user.email, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email));
  if (account && !account.emailVerified) await sendVerificationMail(deps, account);
  else if (account) await mailExistingAccountNote({ ...deps, db: deps.database.db }, account.email);
  return { ok: true, email };
}
