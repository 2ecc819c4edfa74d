import { EMAIL_LINK_MESSAGES } from '../../shared/account';
import { and, eq } from 'drizzle-orm';
import { NEEDS_PROFILE_TO_WRITE, NOT_IN_DIRECTORY } from '../../shared/directory';
import { displayNameOf } from '../../shared/member-name';
import type { SessionUser } from '../http/session';
import { profile, user } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { MAIL_FORMS, renderMail } from '../mail';
import { i18nFor, localeOfUser } from '../i18n';
import { isListed } from '../profiles';

type Deps = Pick<AppDeps, 'database' | 'logger' | 'outbox'>;

/** Who writes: the name from the member's saved profile, the address from the account. */
export type MessageSender = { id: string; email: string; firstName: string; lastName: string };

/**
 * Writing to a member needs a saved profile: the message is signed with the sender's name, and the
 * recipient should be able to find the sender in the directory too.
 */
export async function requireSender(deps: Pick<Deps, 'database'>, { who }: { who: SessionUser }): Promise<MessageSender> {
  const [row] = await deps.database.db
    .select({ savedAt: profile.savedAt, firstName: profile.firstName, lastName: profile.lastName })
    .from(profile)
    .where(eq(profile.uid, who.id));
  if (!row?.savedAt) throw new AppError('NEEDS_PROFILE', NEEDS_PROFILE_TO_WRITE);
  if (!who.emailVerified) throw new AppError('EMAIL_UNVERIFIED', EMAIL_LINK_MESSAGES.places.memberEmail);
  return { id: who.id, email: who.email.toLowerCase(), firstName: row.firstName ?? '', lastName: row.lastName ?? '' };
}

/**
 * Queues the message for a member of the directory, replyTo the sender (product.md §8, "member message").
 * The recipient's address is read here and goes only into the mail item: it is never part of an answer.
 */
export async function sendMemberMessage(
  deps: Deps,
  { sender, recipientUid, message }: { sender: MessageSender; recipientUid: string; message: string },
): Promise<void> {
  const [recipient] = await deps.database.db
    .select({ uid: profile.uid, firstName: profile.firstName, email: user.email })
    .from(profile)
    .innerJoin(user, eq(user.id, profile.uid))
    .where(and(eq(profile.uid, recipientUid), isListed));
  if (!recipient) throw new AppError('NOT_FOUND', NOT_IN_DIRECTORY);
  if (recipient.uid === sender.id) throw new AppError('BAD_REQUEST', /*i18n*/ 'This is your own card: you cannot write to yourself.');

  const senderName = displayNameOf({ isDeleted: false, ...sender }).name;
  // The framing in the recipient's language; the sender's own words as they wrote them.
  const locale = await localeOfUser(deps.database.db, recipient.uid);
  const i18n = i18nFor(locale);
  const item = await deps.outbox.add({
    form: MAIL_FORMS.memberMessage,
    to: recipient.email,
    replyTo: sender.email,
    ...renderMail({
      locale,
      subject: i18n._('{sender} wrote to you through the Foster Care Network', { sender: senderName }),
      paragraphs: [
        recipient.firstName ? i18n._('Hello {name},', { name: recipient.firstName }) : i18n._('Hello,'),
        i18n._('{sender}, a member of the Foster Care Network, is reaching out to you through the network’s member directory:', {
          sender: senderName,
        }),
        { quote: message },
        i18n._('To answer, reply to this email: your reply goes to {sender} at {email}.', { sender: senderName, email: sender.email }),
        i18n._('The directory never shows your email address to other members; they learn it only if you reply.'),
      ],
    }),
  });
  deps.logger.info('member message queued', { mailId: item.id, from: sender.id, to: recipient.uid });
}
