import { CARE_SITE_ACTOR, notificationsTopic } from '../../shared/notifications';
import type { Tx } from '../db/client';
import { notification } from '../db/schema';
import type { AppDeps } from '../deps';
import { MAIL_FORMS, renderMail, type MailForm, type RenderMailInput } from '../mail';
import {
  createUnsubscribeToken,
  NOTIFICATION_SETTINGS_PAGE,
  reachable,
  unsubscribeHeaders,
  unsubscribePageUrl,
  wantingMail,
  type Recipient,
} from '../notifications';
import { careTeamPath } from './store';
import { i18nFor, localesOf, type I18n } from '../i18n';

// Telling a care team's members what happened (issue 27): a bell notification each (kind 'care', the team and a
// few words), and mail for those whose "care teams" preference wants it, with its one-click unsubscribe. Runs in
// the change's transaction: the change and its notifications are saved together or not at all.

/** A care mail written in a language (each recipient gets it in theirs). */
export type CareMail = (i18n: I18n) => Omit<RenderMailInput, 'locale'>;

export type CareNotifyDeps = Pick<AppDeps, 'config' | 'live' | 'outbox'>;

export type CareEvent = {
  teamId: number;
  /** Who hears of it (the actor is left out). */
  recipients: string[];
  /** Who did it; null for the site itself (a reminder, an offer). */
  actor: { uid: string; name: string } | null;
  /**
   * What happened, after the actor's name in the bell ("claimed Meal on Saturday, December 5"), in a
   * recipient's language: the bell keeps the words as they were written for each one.
   */
  text: (i18n: I18n) => string;
  /** The mail in a recipient's language, without its closing links (the team's page, the settings and unsubscribe links are added). */
  mail: CareMail | null;
  /** The mail's form in the log (MAIL_FORMS.notifyCare unless a job's own: an offer again, a reminder). */
  form?: MailForm;
  now: Date;
};

/** Tells each recipient (a confirmed address, not suspended) of a care event. Answers how many were told. */
export async function notifyCare(deps: CareNotifyDeps, tx: Tx, event: CareEvent): Promise<number> {
  const uids = [...new Set(event.recipients)].filter((uid) => uid !== event.actor?.uid);
  const emails = await reachable(tx, uids);
  if (emails.size === 0) return 0;
  const locales = await localesOf(tx, emails.keys());
  const rows = await tx
    .insert(notification)
    .values(
      [...emails.keys()].map((uid) => ({
        recipientUid: uid,
        kind: 'care' as const,
        actorUid: event.actor?.uid ?? null,
        actorName: event.actor?.name ?? CARE_SITE_ACTOR,
        careTeamId: event.teamId,
        careText: event.text(i18nFor(locales.get(uid))),
        createdAt: event.now,
      })),
    )
    .returning({ id: notification.id, uid: notification.recipientUid });
  for (const r of rows) await deps.live.publish(tx, { topic: notificationsTopic(r.uid), kind: 'created', id: r.id });
  if (!event.mail) return rows.length;
  await mailCare(deps, tx, {
    recipients: rows.map((r) => ({ uid: r.uid, email: emails.get(r.uid)!, kind: 'care', notificationId: r.id })),
    teamId: event.teamId,
    mail: event.mail,
    form: event.form ?? MAIL_FORMS.notifyCare,
    now: event.now,
  });
  return rows.length;
}

/**
 * Mails care news to those of `recipients` whose "Your care teams" preference wants it, each with the team's
 * link, the settings link and a one-click unsubscribe. The jobs' mail without a bell (a reminder, the family's
 * summary) comes here too. Answers who was mailed.
 */
export async function mailCare(
  deps: CareNotifyDeps,
  tx: Tx,
  { recipients, teamId, mail, form, now }: { recipients: Recipient[]; teamId: number; mail: CareMail; form: MailForm; now: Date },
): Promise<string[]> {
  const mailed: string[] = [];
  const wanting = await wantingMail(tx, recipients);
  const locales = await localesOf(
    tx,
    wanting.map((r) => r.uid),
  );
  for (const r of wanting) {
    const locale = locales.get(r.uid) ?? 'en';
    const i18n = i18nFor(locale);
    const words = mail(i18n);
    const token = createUnsubscribeToken(deps.config.sessionSecret, { uid: r.uid, kind: 'care', now });
    await deps.outbox.add(
      {
        form,
        to: r.email,
        ...renderMail({
          locale,
          subject: words.subject,
          paragraphs: [
            ...words.paragraphs,
            { action: `${deps.config.publicUrl}${careTeamPath(teamId)}`, label: i18n._('Open your care team') },
          ],
          footer: [
            { link: `${deps.config.publicUrl}${NOTIFICATION_SETTINGS_PAGE}`, label: i18n._('Choose which mail you get') },
            { link: unsubscribePageUrl(deps.config, token), label: i18n._('Stop mail about care teams') },
          ],
        }),
        headers: unsubscribeHeaders(deps.config, token),
      },
      tx,
    );
    mailed.push(r.uid);
  }
  return mailed;
}
