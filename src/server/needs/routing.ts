import { and, arrayContains, asc, between, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { SITE_NAME } from '../../shared/brand';
import {
  NEED_ALERT_RADII,
  NEED_EXPIRE_DAYS,
  NEED_RADIUS_STEPS,
  NEED_REMIND_DAYS,
  NEED_WIDEN_AFTER_HOURS,
  type NeedItem,
  type NeedOutcome,
} from '../../shared/needs';
import { needNotificationLink, notificationsTopic } from '../../shared/notifications';
import { boundingBox, milesBetween } from '../churches';
import type { Tx } from '../db/client';
import { church, churchPointPerson, need, needAlert, needCommitment, needItem, needRecipient, notification, user } from '../db/schema';
import type { AppDeps } from '../deps';
import { i18nFor, isLocale, localesOf, type I18n, type Locale } from '../i18n';
import { MAIL_FORMS, renderMail } from '../mail';
import { dollars } from './mail-words';
import {
  createUnsubscribeToken,
  NOTIFICATION_SETTINGS_PAGE,
  reachable,
  unsubscribeHeaders,
  unsubscribePageUrl,
  wantingMail,
  type Recipient,
} from '../notifications';
import { closesAt, itemsOf, NEEDS_TOPIC, totalsOf, type NeedRow } from './store';

// Routing and the board's clock (issue 26, decision 039): an open need is announced to the point persons of
// the active churches near it that respond to needs, and to the members whose "needs near me" reaches it; while
// nobody commits it widens (15, 30, then 60 miles), each step announced to those who had not heard of it; its
// asker is reminded to record the outcome, and an open need closes itself after NEED_EXPIRE_DAYS. Each is a job
// on the runner (site-jobs.ts) that every instance runs: each need is claimed by the statement (or the row lock,
// FOR UPDATE SKIP LOCKED) that changes it, so two instances never do the same work twice, and need_recipient
// holds who heard of which need, so nobody hears of one twice however far it widens.

export type RoutingDeps = Pick<AppDeps, 'config' | 'database' | 'outbox' | 'live'>;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Needs one run works on at most for each kind of work; the next run goes on where it stopped. */
export const ROUTING_BATCH = 100;

/** Someone to tell of a need: how far it is, and why they hear of it (the church they keep, or their alert). */
type Hearer = { miles: number; church: string | null; alert: { zip: string; radiusMiles: number } | null };

/** "about 12 miles", or "less than a mile" (ZIP centroids: two ZIP codes of one town may be a mile apart). */
export function milesText(i18n: I18n, miles: number): string {
  if (miles < 1) return i18n._('less than a mile');
  return i18n._('{miles, plural, one {about # mile} other {about # miles}}', { miles: Math.round(miles) });
}

/**
 * Announces every open need whose radius has not been announced yet (new on the board, or just widened), one
 * need per transaction: its row is locked (SKIP LOCKED: another instance takes the next one) until its
 * recipients, bells and mail are written with the radius announced.
 */
export async function announceDueNeeds(
  deps: RoutingDeps,
  { now, batchSize = ROUTING_BATCH }: { now: Date; batchSize?: number },
): Promise<{ needs: number; told: number }> {
  let needs = 0;
  let told = 0;
  while (needs < batchSize) {
    const done = await deps.database.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(need)
        .where(and(eq(need.status, 'open'), or(isNull(need.announcedMiles), lt(need.announcedMiles, need.radiusMiles))))
        .orderBy(asc(need.approvedAt), asc(need.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return null;
      const count = await announceNeed(deps, tx, row, now);
      await tx.update(need).set({ announcedMiles: row.radiusMiles }).where(eq(need.id, row.id));
      return count;
    });
    if (done === null) break;
    needs += 1;
    told += done;
  }
  if (told > 0) deps.outbox.wake();
  return { needs, told };
}

/** Who is near enough to hear of a need now: point persons within its radius, and members whose alert reaches it. */
async function hearersOf(tx: Tx, row: NeedRow): Promise<Map<string, Hearer>> {
  const hearers = new Map<string, Hearer>();
  const box = boundingBox(row, row.radiusMiles);
  const keepers = await tx
    .select({ uid: churchPointPerson.uid, name: church.name, latitude: church.latitude, longitude: church.longitude })
    .from(church)
    .innerJoin(churchPointPerson, eq(churchPointPerson.churchId, church.id))
    .where(
      and(
        eq(church.status, 'active'),
        arrayContains(church.offers, ['needs']),
        between(church.latitude, box.minLatitude, box.maxLatitude),
        between(church.longitude, box.minLongitude, box.maxLongitude),
      ),
    );
  for (const k of keepers) {
    const miles = milesBetween(row, k);
    const known = hearers.get(k.uid);
    // A point person of two churches near it hears once, as the nearer church's.
    if (miles <= row.radiusMiles && (!known || miles < known.miles)) hearers.set(k.uid, { miles, church: k.name, alert: null });
  }
  // An alert's own radius decides, whatever the need's: the box holds every alert that could reach it.
  const far = boundingBox(row, Math.max(...NEED_ALERT_RADII));
  const alerts = await tx
    .select()
    .from(needAlert)
    .where(
      and(between(needAlert.latitude, far.minLatitude, far.maxLatitude), between(needAlert.longitude, far.minLongitude, far.maxLongitude)),
    );
  for (const a of alerts) {
    const miles = milesBetween(row, a);
    if (miles <= a.radiusMiles && !hearers.has(a.uid))
      hearers.set(a.uid, { miles, church: null, alert: { zip: a.zip, radiusMiles: a.radiusMiles } });
  }
  // The asker knows of their own need.
  if (row.askerUid) hearers.delete(row.askerUid);
  return hearers;
}

/**
 * Tells of one need everybody near it who has not heard of it and may be told (a confirmed address, no
 * suspension): a recipient row each (the once-only rule), a bell notification, and mail for those whose
 * preference wants it, with its one-click unsubscribe. Answers how many were told.
 */
async function announceNeed(deps: RoutingDeps, tx: Tx, row: NeedRow, now: Date): Promise<number> {
  const hearers = await hearersOf(tx, row);
  const emails = await reachable(tx, [...hearers.keys()]);
  const candidates = [...hearers].filter(([uid]) => emails.has(uid));
  if (candidates.length === 0) return 0;
  const fresh = await tx
    .insert(needRecipient)
    .values(candidates.map(([uid, h]) => ({ needId: row.id, uid, miles: Math.round(h.miles), sentAt: now })))
    .onConflictDoNothing()
    .returning({ uid: needRecipient.uid });
  if (fresh.length === 0) return 0;
  const rows = await tx
    .insert(notification)
    .values(
      fresh.map((f) => ({
        recipientUid: f.uid,
        kind: 'need' as const,
        actorUid: null,
        // A need's notification names no person: the bell says where the need is.
        actorName: `${row.city}, ${row.state}`,
        needId: row.id,
        createdAt: now,
      })),
    )
    .returning({ id: notification.id, uid: notification.recipientUid });
  for (const r of rows) await deps.live.publish(tx, { topic: notificationsTopic(r.uid), kind: 'created', id: r.id });
  const recipients: Recipient[] = rows.map((r) => ({ uid: r.uid, email: emails.get(r.uid)!, kind: 'need', notificationId: r.id }));
  const items = (await itemsOf(tx, [row.id])).get(row.id) ?? [];
  const wanting = await wantingMail(tx, recipients);
  // Each in their own language.
  const locales = await localesOf(
    tx,
    wanting.map((r) => r.uid),
  );
  for (const r of wanting) {
    const token = createUnsubscribeToken(deps.config.sessionSecret, { uid: r.uid, kind: 'need', now });
    await deps.outbox.add(
      {
        form: MAIL_FORMS.notifyNeed,
        to: r.email,
        ...announcementMail(
          deps.config,
          row,
          items,
          hearers.get(r.uid)!,
          unsubscribePageUrl(deps.config, token),
          locales.get(r.uid) ?? 'en',
        ),
        headers: unsubscribeHeaders(deps.config, token),
      },
      tx,
    );
  }
  return rows.length;
}

/** An item as mail lists it: "Twin bunk bed × 2 (about $300 each), 1 still needed". */
function itemLine(i18n: I18n, i: NeedItem): string {
  const left = i.quantity - i.committed;
  const value = { value: dollars(i18n, i.unitValue) };
  const worth = i.unitValue <= 0 ? '' : i.quantity > 1 ? i18n._('(about {value} each)', value) : i18n._('(about {value})', value);
  const asked = worth ? `${i.name} × ${i.quantity} ${worth}` : `${i.name} × ${i.quantity}`;
  return left < i.quantity ? i18n._('{asked}, {left} still needed', { asked, left }) : asked;
}

/** The announcement's mail: where the need is, what it asks, why this person hears of it, and how to stop. */
export function announcementMail(
  config: AppDeps['config'],
  row: NeedRow,
  items: NeedItem[],
  hearer: Hearer,
  unsubscribePage: string,
  locale: Locale = 'en',
) {
  const i18n = i18nFor(locale);
  const distance = milesText(i18n, hearer.miles);
  const from = hearer.church ?? hearer.alert?.zip;
  const near = from ? i18n._('{distance} from {place}', { distance, place: from }) : i18n._('{distance} from you', { distance });
  const where = { site: SITE_NAME, city: row.city, state: row.state, near };
  return renderMail({
    locale,
    subject: hearer.church
      ? i18n._('A need near your church: {title}', { title: row.title })
      : i18n._('A need near you: {title}', { title: row.title }),
    paragraphs: [
      row.urgency === 'urgent'
        ? i18n._('A need is open on the {site} needs board in {city}, {state}, {near}. Needed within 72 hours.', where)
        : i18n._('A need is open on the {site} needs board in {city}, {state}, {near}. Needed within 10 days.', where),
      { quote: `${row.title}\n\n${row.description}` },
      `${i18n._('What it asks for:')}\n${items.map((i) => itemLine(i18n, i)).join('\n')}`,
      { action: `${config.publicUrl}${needNotificationLink(row.id)}`, label: i18n._('See the need and commit to part of it') },
    ],
    footer: [
      hearer.church
        ? i18n._('You get this mail because you keep the page of {church}, which responds to needs near it.', { church: hearer.church })
        : hearer.alert
          ? i18n._('You get this mail because you asked to hear of needs within {miles} miles of {zip}.', {
              miles: hearer.alert.radiusMiles,
              zip: hearer.alert.zip,
            })
          : i18n._('You get this mail because you asked to hear of needs near your ZIP code.'),
      { link: `${config.publicUrl}${NOTIFICATION_SETTINGS_PAGE}`, label: i18n._('Choose which mail you get') },
      { link: unsubscribePage, label: i18n._('Stop mail like this one') },
    ],
  });
}

/** An active commitment of some units (a prayer is welcome, but it does not meet an item). */
const committedTo = sql`exists (select 1 from ${needCommitment} where ${needCommitment.needId} = ${need.id} and ${needCommitment.withdrawnAt} is null and ${needCommitment.quantity} > 0)`;

/**
 * Widens each open need nobody has committed to for NEED_WIDEN_AFTER_HOURS (by its urgency) since it was
 * approved or last widened, to the next of NEED_RADIUS_STEPS; the announcing job then tells those the wider
 * circle adds. One statement: a need another instance widened a moment ago no longer matches it.
 */
export async function widenQuietNeeds(deps: RoutingDeps, { now }: { now: Date }): Promise<number[]> {
  const since = (urgency: keyof typeof NEED_WIDEN_AFTER_HOURS) => new Date(now.getTime() - NEED_WIDEN_AFTER_HOURS[urgency] * HOUR_MS);
  const rest = NEED_RADIUS_STEPS.slice(1);
  const last = NEED_RADIUS_STEPS[NEED_RADIUS_STEPS.length - 1]!;
  // The next step after the radius it has: 15 → 30 → 60.
  const next = sql.join(
    [sql`case`, ...rest.map((step) => sql`when ${need.radiusMiles} < ${step} then ${step}`), sql`else ${last} end`],
    sql` `,
  );
  const rows = await deps.database.db
    .update(need)
    .set({ radiusMiles: sql`(${next})::int`, widenedAt: now })
    .where(
      and(
        eq(need.status, 'open'),
        lt(need.radiusMiles, last),
        sql`coalesce(${need.widenedAt}, ${need.approvedAt}) <= case when ${need.urgency} = 'urgent' then ${since('urgent')}::timestamptz else ${since('normal')}::timestamptz end`,
        sql`not ${committedTo}`,
      ),
    )
    .returning({ id: need.id });
  return rows.map((r) => r.id);
}

/** The mail address of a need's asker, when they can still be written to (confirmed; a deleted asker has none). */
async function askerEmail(tx: Tx, uid: string | null): Promise<{ email: string; locale: Locale } | null> {
  if (!uid) return null;
  const [row] = await tx
    .select({ email: user.email, locale: user.locale })
    .from(user)
    .where(and(eq(user.id, uid), eq(user.emailVerified, true)));
  return row ? { email: row.email, locale: isLocale(row.locale) ? row.locale : 'en' } : null;
}

/**
 * Closes the open needs approved NEED_EXPIRE_DAYS ago (close reason 'expired'): met when every unit was
 * committed, partly met when some were, not met otherwise. The board and the pages hear of it; the asker is
 * told. Needs are claimed by the statement that closes them (a batch at a time, SKIP LOCKED).
 */
export async function expireOldNeeds(deps: RoutingDeps, { now, batchSize = ROUTING_BATCH }: { now: Date; batchSize?: number }) {
  const before = new Date(now.getTime() - NEED_EXPIRE_DAYS * DAY_MS);
  const fullyCommitted = sql`not exists (select 1 from ${needItem} where ${needItem.needId} = ${need.id} and ${needItem.quantity} > (select coalesce(sum(c.quantity), 0) from ${needCommitment} c where c.item_id = ${needItem.id} and c.withdrawn_at is null))`;
  const closed = await deps.database.db.transaction(async (tx) => {
    const due = tx
      .select({ id: need.id })
      .from(need)
      .where(and(eq(need.status, 'open'), lte(need.approvedAt, before)))
      .orderBy(asc(need.approvedAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const rows = await tx
      .update(need)
      .set({
        status: 'closed',
        closeReason: 'expired',
        closedAt: now,
        updatedAt: now,
        outcome: sql`case when ${fullyCommitted} then 'met' when ${committedTo} then 'partly_met' else 'not_met' end::need_outcome`,
      })
      .where(inArray(need.id, due))
      .returning();
    for (const row of rows) {
      await deps.live.publish(tx, { topic: NEEDS_TOPIC, kind: 'updated', id: String(row.id) });
      const asker = await askerEmail(tx, row.askerUid);
      if (asker)
        await deps.outbox.add({ form: MAIL_FORMS.needExpired, to: asker.email, ...expiredMail(deps.config, row, asker.locale) }, tx);
    }
    return rows;
  });
  if (closed.length > 0) deps.outbox.wake();
  return closed.map((r) => r.id);
}

function expiredMail(config: AppDeps['config'], row: NeedRow, locale: Locale) {
  const i18n = i18nFor(locale);
  return renderMail({
    locale,
    subject: i18n._('Your request "{title}" has closed', { title: row.title }),
    paragraphs: [
      i18n._(
        'Your request "{title}" was open on the {site} needs board for {days} days, so the board closed it. It is recorded as {outcome, select, met {met} partly_met {partly met} other {not met}}, by what was committed to it.',
        { title: row.title, site: SITE_NAME, days: NEED_EXPIRE_DAYS, outcome: row.outcome as NeedOutcome },
      ),
      { action: `${config.publicUrl}${needNotificationLink(row.id)}`, label: i18n._('See the request') },
      i18n._('Thank you for asking. If the family still needs help, you are welcome to ask again.'),
    ],
  });
}

/**
 * Reminds the asker of each open need to record its outcome NEED_REMIND_DAYS after approval (14 and 28 days):
 * one mail per step, and a need whose reminders were missed (the jobs were off) gets one mail, not two.
 * reminders_sent is claimed by the statement that raises it, so two instances never send the same reminder.
 */
export async function remindAskers(deps: RoutingDeps, { now, batchSize = ROUTING_BATCH }: { now: Date; batchSize?: number }) {
  const reminded: number[] = [];
  await deps.database.db.transaction(async (tx) => {
    // The latest step first: a need due for both is raised to the last and does not match the earlier one.
    for (let step = NEED_REMIND_DAYS.length - 1; step >= 0; step--) {
      const before = new Date(now.getTime() - NEED_REMIND_DAYS[step]! * DAY_MS);
      const due = tx
        .select({ id: need.id })
        .from(need)
        .where(and(eq(need.status, 'open'), lt(need.remindersSent, step + 1), lte(need.approvedAt, before)))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      const rows = await tx
        .update(need)
        .set({ remindersSent: step + 1 })
        .where(inArray(need.id, due))
        .returning();
      if (rows.length === 0) continue;
      const items = await itemsOf(
        tx,
        rows.map((r) => r.id),
      );
      for (const row of rows) {
        reminded.push(row.id);
        const asker = await askerEmail(tx, row.askerUid);
        if (asker)
          await deps.outbox.add(
            {
              form: MAIL_FORMS.needOutcomeReminder,
              to: asker.email,
              ...reminderMail(deps.config, row, items.get(row.id) ?? [], step, asker.locale),
            },
            tx,
          );
      }
    }
  });
  if (reminded.length > 0) deps.outbox.wake();
  return reminded;
}

/** "Saturday, April 12" (UTC, as the digest names its days). */
const DAY_FORMAT: Intl.DateTimeFormatOptions = { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' };

function reminderMail(config: AppDeps['config'], row: NeedRow, items: NeedItem[], step: number, locale: Locale) {
  const i18n = i18nFor(locale);
  const { totalUnits, committedUnits } = totalsOf(items);
  const closes = closesAt(row, NEED_EXPIRE_DAYS);
  return renderMail({
    locale,
    subject: i18n._('How is it going? "{title}"', { title: row.title }),
    paragraphs: [
      i18n._(
        'Your request "{title}" has been on the {site} needs board for {days} days; {committed} of {total, plural, one {# thing it asks for is} other {# things it asks for are}} committed.',
        { title: row.title, site: SITE_NAME, days: NEED_REMIND_DAYS[step], committed: committedUnits, total: totalUnits },
      ),
      i18n._(
        'When it is met, or no longer needed, please record how it went: met, partly met or not met, and how many children it served. A thank-you note is welcome too (without any detail about a child). It helps the churches see what their help did.',
      ),
      { action: `${config.publicUrl}${needNotificationLink(row.id)}`, label: i18n._('Record the outcome') },
      closes ? i18n._('If it stays open, the board closes it by itself on {day}.', { day: i18n.date(closes, DAY_FORMAT) }) : '',
    ].filter(Boolean),
  });
}
