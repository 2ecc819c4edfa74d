import type { Locale } from '../../shared/i18n/locale';
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ADMIN_TOPICS } from '../../shared/admin';
import { systemClock, type Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import { mail, mailEvent, type MailMessage } from '../db/schema';
import type { LivePublisher } from '../live';
import { blockToText, type MailBlock } from './layout/blocks';
import { renderLayout } from './layout/mail-layout';

/**
 * What each mail item is for; stored in `mail.form` and shown in the admin's mail log.
 * Add a name here before adding a new kind of message.
 */
export const MAIL_FORMS = {
  passwordReset: 'password reset',
  newPostAlert: 'new post alert',
  contactUs: 'contact us',
  memberMessage: 'member message',
  emailVerification: 'email verification',
  emailChange: 'email change',
  emailChangeNotice: 'email change notice',
  // To the owner of an address someone tried to sign up with (issue 23: sign-up answers the same either way).
  existingAccountSignUp: 'existing account sign-up',
  // Someone asked to move another account to this address, which has an account already (issue 23).
  emailInUse: 'email in use',
  accountSuspended: 'account suspended',
  suspensionLifted: 'suspension lifted',
  // To the member who proposed a church (issue 25): approved, with its link, or declined, with the reason.
  churchApproved: 'church approved',
  churchDeclined: 'church declined',
  // Notifications (issue 16): each kind's mail is a form of its own, with its one-click unsubscribe.
  notifyResponse: 'notification: response',
  notifyFollowedResponse: 'notification: followed response',
  // The digest of new and much discussed posts, daily or weekly (decision 026).
  digest: 'notification: digest',
  // "Contact this church" (issue 25): to the church's point persons, or to the team when it has none.
  churchContact: 'church contact',
  // Churches (issue 25): a proposal for the team, and a point person's message to the church's members.
  churchProposal: 'church proposal',
  churchMembersMessage: 'church members message',
  // The needs board (issue 26): a caseworker's request to their supervisor, with the single-use link.
  needSupervisor: 'need supervisor approval',
  // Approving (issue 26): a caseworker's application for the team; the admin's answer to the caseworker; the
  // answer to a request (an admin's or the supervisor's), or its link running out, to whoever asked.
  caseworkerApplication: 'caseworker application',
  caseworkerApproved: 'caseworker approved',
  caseworkerDeclined: 'caseworker declined',
  needApproved: 'need approved',
  needDeclined: 'need declined',
  needLinkExpired: 'need supervisor link expired',
  // Responding (issue 26): the asker hears of each commitment and withdrawal (Reply-To the responder), the
  // responder gets a confirmation (Reply-To the asker), and those who committed hear that the need closed.
  needCommitment: 'need commitment',
  needCommitmentConfirmation: 'need commitment confirmation',
  needCommitmentWithdrawn: 'need commitment withdrawn',
  needClosed: 'need closed',
  // Routing (issue 26): a need announced near a church or a member's alert (a notification's mail, with its
  // one-click unsubscribe); the asker reminded to record the outcome, and told when the board closed the need.
  notifyNeed: 'notification: need',
  needOutcomeReminder: 'need outcome reminder',
  needExpired: 'need closed by the board',
  // Care teams (issue 27): every team event told by the bell and by mail (claims, withdrawals, joining, updates)
  // is one form with its one-click unsubscribe; the calendar's reminders, offers and the family's Sunday summary;
  // clearances about to expire or expired; the 12-month question to the family.
  notifyCare: 'notification: care',
  careInvitation: 'care invitation',
  careReminder: 'care reminder',
  careReoffer: 'care reoffer',
  careSummary: 'care week summary',
  clearanceExpiring: 'clearance expiring',
  clearanceExpired: 'clearance expired',
  careAnniversary: 'care anniversary',
} as const;
export type MailForm = (typeof MAIL_FORMS)[keyof typeof MAIL_FORMS];

/**
 * The only headers a mail item may add to the ones the transport writes: RFC 8058's one-click unsubscribe.
 * A list, not any name, so nothing queued can set From, To or anything the transport owns.
 */
export const MAIL_EXTRA_HEADERS = ['List-Unsubscribe', 'List-Unsubscribe-Post'] as const;
export type MailHeaders = Partial<Record<(typeof MAIL_EXTRA_HEADERS)[number], string>>;

export type MailItem = typeof mail.$inferSelect;
export type MailEvent = typeof mailEvent.$inferSelect;
export type DeliveryState = MailItem['state'];

/** The database, or a transaction on it, so a mail item can be added atomically with the change it reports. */
export type MailDb = Pick<Db, 'transaction'>;

export type OutgoingMail = {
  form: string;
  to: string;
  replyTo?: string;
  subject: string;
  /** Plain text; without `html`, the HTML part is the mail layout around it, escaped. */
  text: string;
  /** Only for HTML we composed ourselves from escaped parts; never user-written HTML. */
  html?: string;
  /** Extra headers (MAIL_EXTRA_HEADERS only): the one-click unsubscribe of notification mail. */
  headers?: MailHeaders;
};

/** Adds items to the mail outbox. Code never sends mail directly. */
export type Outbox = {
  /**
   * Pass `tx` to add the item in the caller's transaction (it is sent only if that commits); call wake()
   * after the commit then.
   */
  add(mail: OutgoingMail, tx?: MailDb): Promise<{ id: string }>;
  /** Asks the delivery worker to look for due items now (after an admin's retry). */
  wake(): void;
};

/** The admin's mail log follows this topic: every add, state change and deletion of a mail item. */
export const MAIL_TOPIC = ADMIN_TOPICS.mail;

/** Announces a change of a mail item inside the transaction that makes it (heard once it commits). */
export async function announceMail(live: LivePublisher | undefined, tx: Tx, kind: 'created' | 'updated' | 'deleted', id: string) {
  await live?.publish(tx, { topic: MAIL_TOPIC, kind, id });
}

// ---- Rendering: user text reaches the HTML part only through renderMail, escaped by React -------------

export type { MailBlock } from './layout/blocks';

export type RenderMailInput = {
  subject: string;
  paragraphs: readonly MailBlock[];
  /**
   * Why the recipient gets this mail and how to get less of it (a notification's preferences and unsubscribe
   * links): the quiet footer of the HTML part, and the end of the text part. Without it the layout says why
   * in general words (HTML part only).
   */
  footer?: readonly MailBlock[];
  /** The recipient's language (decision 043): the HTML part's lang. The words are the caller's, already in it. */
  locale?: Locale;
};

export type RenderedMail = MailMessage;

/**
 * Builds the text and the HTML part of a message from plain-text blocks, so callers never write HTML and
 * cannot forget to escape what a member typed. The HTML part is the site's mail layout (decision 044).
 */
export function renderMail({ subject, paragraphs, footer = [], locale = 'en' }: RenderMailInput): RenderedMail {
  const text = [...paragraphs, ...footer].map(blockToText).join('\n\n');
  const html = renderLayout({ locale, subject, blocks: paragraphs, footer });
  return { subject, text, html };
}

// ---- Enqueueing ------------------------------------------------------------------------------------

export type EnqueueMailInput = {
  /** One of MAIL_FORMS; other labels are stored as given (the admin log shows them). */
  form: MailForm | (string & Record<never, never>);
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  /** Only HTML built by renderMail(); without it the text is escaped into the mail layout's HTML part. */
  html?: string;
  headers?: MailHeaders;
};

const enqueueSchema = z.object({
  form: z.string().trim().min(1).max(100),
  // One bare address: the outbox must never become a relay to a list of recipients.
  to: z.email(),
  replyTo: z.email().nullish(),
  // Header text: a line break in a subject must not start a new header.
  subject: z
    .string()
    .transform((s) => s.replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(1).max(500)),
  text: z.string().min(1).max(100_000),
  html: z.string().max(300_000).optional(),
  // Header values: one line each, so none can start another header.
  headers: z
    .partialRecord(
      z.enum(MAIL_EXTRA_HEADERS),
      z
        .string()
        .min(1)
        .max(2000)
        .regex(/^[^\r\n]*$/),
    )
    .optional(),
});

/**
 * Adds a PENDING mail item and its first event. Code never sends mail itself: the mail worker delivers the
 * item and records every state change. Call the worker's wake() afterwards to deliver without waiting for
 * its next poll. Pass a transaction as `db` to add the item atomically with the change it reports, and
 * the live bus to tell the admin's open mail log (the clock is the system's unless given).
 * Throws on invalid input: callers validate what users send before they get here.
 */
export async function enqueueMail(
  { db, clock = systemClock, live }: { db: MailDb; clock?: Clock; live?: LivePublisher | undefined },
  input: EnqueueMailInput,
): Promise<MailItem> {
  const { form, to, replyTo, subject, text, html, headers } = enqueueSchema.parse(input);
  const now = clock.now();
  const message: MailMessage = {
    subject,
    text,
    html: html ?? renderLayout({ locale: 'en', subject, blocks: [text] }),
    ...(headers && Object.keys(headers).length > 0 ? { headers: headers } : {}),
  };
  return db.transaction(async (tx) => {
    const [item] = await tx
      .insert(mail)
      .values({ form, to, replyTo: replyTo ?? null, message, date: now, nextAttemptAt: now, state: 'PENDING' })
      .returning();
    if (!item) throw new Error('Inserting the mail item returned no row');
    await tx.insert(mailEvent).values({ mailId: item.id, at: now, state: 'PENDING', attempt: 0, detail: 'queued' });
    await announceMail(live, tx, 'created', item.id);
    return item;
  });
}

// ---- Depth (the metrics of decision 022) ------------------------------------------------------------

/** The states of mail not delivered: still to be sent (PENDING, RETRY), being sent, or given up (ERROR). */
export const UNDELIVERED_STATES = ['PENDING', 'PROCESSING', 'RETRY', 'ERROR'] as const satisfies readonly DeliveryState[];
type UndeliveredState = (typeof UNDELIVERED_STATES)[number];

export type OutboxDepth = {
  /** Items in each state of mail not delivered (delivered mail, kept for the admin's log, is not counted). */
  byState: Record<UndeliveredState, number>;
  /** When the oldest item still to be delivered (PENDING, RETRY or PROCESSING) was queued; null when none is. */
  oldestWaitingSince: Date | null;
};

/**
 * How much mail waits, read in one query over the (state, date) index, so reading it every scrape costs
 * little however much delivered mail the log keeps.
 */
export async function outboxDepth(db: Db): Promise<OutboxDepth> {
  const rows = await db
    .select({ state: mail.state, count: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${mail.date})`.mapWith(mail.date) })
    .from(mail)
    .where(inArray(mail.state, [...UNDELIVERED_STATES]))
    .groupBy(mail.state);
  const byState: OutboxDepth['byState'] = { PENDING: 0, PROCESSING: 0, RETRY: 0, ERROR: 0 };
  let oldestWaitingSince: Date | null = null;
  for (const row of rows) {
    const state = row.state as UndeliveredState;
    byState[state] = Number(row.count);
    if (state !== 'ERROR' && row.oldest && (!oldestWaitingSince || row.oldest < oldestWaitingSince)) oldestWaitingSince = row.oldest;
  }
  return { byState, oldestWaitingSince };
}
