import { createHash } from 'node:crypto';
import { CONTACT_HONEYPOT_FIELD, HUMAN_TOKEN_TTL_MS, type ContactFields } from '../../shared/contact';
import type { SessionUser } from '../http/session';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { MAIL_FORMS, renderMail } from '../mail';
import { i18nFor, localeOfEmail } from '../i18n';
import { checkHumanToken, humanTokenExpiry, issueHumanToken } from './human-token';
import type { RateLimiter } from '../rate-limit/rate-limit';

type Deps = Pick<AppDeps, 'config' | 'clock' | 'logger' | 'outbox'>;
type SendDeps = Deps & Pick<AppDeps, 'database'>;

export const HUMAN_CHECK_MESSAGES = {
  missing: /*i18n*/ 'Please click “I am indeed human” before sending.',
  expired: /*i18n*/ 'Your “I am indeed human” confirmation has expired. Please click it again, then send.',
  invalid: /*i18n*/ 'Your “I am indeed human” confirmation is not valid. Please click it again, then send.',
  used: /*i18n*/ 'Your “I am indeed human” confirmation was used for a message already. Please click it again, then send.',
} as const;

/** Deliberately vague: a program that fills the hidden field learns nothing about why it was refused. */
export const HONEYPOT_MESSAGE = /*i18n*/ 'The message could not be sent. Please reload the page and try again.';

/** What 'I am indeed human' gives a visitor: a token good for HUMAN_TOKEN_TTL_MS. */
export function confirmHuman(deps: Deps): { token: string; expiresAt: string } {
  const { token, expiresAt } = issueHumanToken(deps.config.sessionSecret, deps.clock.now(), HUMAN_TOKEN_TTL_MS);
  return { token, expiresAt: expiresAt.toISOString() };
}

/**
 * Refuses what people would not send: the hidden field filled in, or, from someone not signed in, no valid
 * token from the 'I am indeed human' button. A signed-in member has confirmed already (product.md §3.15).
 */
export function requireHuman(deps: Deps, { who, input }: { who: SessionUser | null; input: ContactFields }): void {
  if (input[CONTACT_HONEYPOT_FIELD]?.trim()) {
    deps.logger.info('contact message refused: hidden field filled');
    throw new AppError('BAD_REQUEST', HONEYPOT_MESSAGE);
  }
  if (who) return;
  const check = checkHumanToken(deps.config.sessionSecret, input.humanToken, deps.clock.now(), HUMAN_TOKEN_TTL_MS);
  if (check === 'ok') return;
  const message = HUMAN_CHECK_MESSAGES[check];
  throw new AppError('FORBIDDEN', message, { humanToken: message });
}

/**
 * A visitor's token is good for one message: the first message that passes every other check spends it
 * (in the shared database, so a copy sent through another instance is refused too).
 */
export async function spendHumanToken(
  { limiter }: { limiter: Pick<RateLimiter, 'useOnce'> },
  { who, input }: { who: SessionUser | null; input: ContactFields },
): Promise<void> {
  if (who || !input.humanToken) return;
  const digest = createHash('sha256').update(input.humanToken).digest('base64url');
  if (await limiter.useOnce(`contact-human-used:${digest}`, humanTokenExpiry(input.humanToken))) return;
  throw new AppError('FORBIDDEN', HUMAN_CHECK_MESSAGES.used, { humanToken: HUMAN_CHECK_MESSAGES.used });
}

/** The message goes to the network's team (STAFF_EMAIL) through the outbox; replying writes to the sender. */
export async function sendContactMessage(deps: SendDeps, { who, input }: { who: SessionUser | null; input: ContactFields }): Promise<void> {
  const sender = input.name ? `${input.name} (${input.email})` : input.email;
  // In the team's language: the account of the team's address, if it has one and chose Spanish.
  const locale = await localeOfEmail(deps.database.db, deps.config.staffEmail);
  const i18n = i18nFor(locale);
  const item = await deps.outbox.add({
    form: MAIL_FORMS.contactUs,
    to: deps.config.staffEmail,
    replyTo: input.email,
    ...renderMail({
      locale,
      subject: i18n._('Foster Care Network contact page: message from {from}', { from: input.name ?? input.email }),
      paragraphs: [
        i18n._('{sender} wrote through the contact page of the Foster Care Network:', { sender }),
        { quote: input.message },
        who
          ? i18n._('Sent while signed in as the member {email}.', { email: who.email })
          : i18n._('Sent by a visitor who was not signed in.'),
        i18n._('Replying to this message writes to the sender.'),
      ],
    }),
  });
  deps.logger.info('contact message queued', { mailId: item.id, signedIn: who !== null });
}
