import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { NeedItem, NeedListing } from '../../shared/needs';
import { NEED_NOT_FOUND, NEED_RADIUS_STEPS, SUPERVISOR_LINK_DAYS } from '../../shared/needs';
import type { StateCode } from '../../shared/states';
import { contentLanguageOf } from '../../shared/i18n/content-language';
import type { Db, Tx } from '../db/client';
import { caseworker, need, needCommitment, needItem } from '../db/schema';
import { AppError } from '../http/errors';
import { i18nFor, type Locale } from '../i18n';
import type { RenderMailInput } from '../mail';
import { dollars } from './mail-words';
import type { LivePublisher } from '../live';

// What every part of the needs board shares (issue 26): a need's row as pages show it, what is committed to
// it, how it goes on the board, and the supervisor's single-use link. Asking, approving, responding, routing
// and the figures build on these.

export type NeedRow = typeof need.$inferSelect;
export type NeedItemRow = typeof needItem.$inferSelect;

/** Announced on every change of a need, its items or its commitments: the board, the pages, the map layer. */
export const NEEDS_TOPIC = 'needs';
/** Announced when a need waits for an admin's approval, or stops waiting (the admin's queue). */
export const NEED_REVIEWS_TOPIC = 'need-reviews';
/** Announced when a caseworker applies or an admin decides (the admin's list of caseworkers). */
export const CASEWORKERS_TOPIC = 'caseworkers';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The need of this id, whatever its status, or 404 with the board's message. */
export async function needById(db: Db | Tx, id: number): Promise<NeedRow> {
  const [row] = await db.select().from(need).where(eq(need.id, id));
  if (!row) throw new AppError('NOT_FOUND', NEED_NOT_FOUND);
  return row;
}

/**
 * The need of this id, locked until the transaction ends (404 when there is none): every change to a need, its
 * commitments or its outcome takes this lock first, so they happen one at a time and nothing is committed beyond
 * what was asked.
 */
export async function lockNeed(tx: Tx, id: number): Promise<NeedRow> {
  const [row] = await tx.select().from(need).where(eq(need.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', NEED_NOT_FOUND);
  return row;
}

/** Each need's items, in the asker's order, with the units committed by commitments not withdrawn. */
export async function itemsOf(db: Db | Tx, needIds: number[]): Promise<Map<number, NeedItem[]>> {
  const byNeed = new Map<number, NeedItem[]>(needIds.map((id) => [id, []]));
  if (needIds.length === 0) return byNeed;
  const committed = db
    .select({ itemId: needCommitment.itemId, units: sql<number>`sum(${needCommitment.quantity})::int`.as('units') })
    .from(needCommitment)
    .where(and(inArray(needCommitment.needId, needIds), isNull(needCommitment.withdrawnAt)))
    .groupBy(needCommitment.itemId)
    .as('committed');
  const rows = await db
    .select({ item: needItem, units: committed.units })
    .from(needItem)
    .leftJoin(committed, eq(committed.itemId, needItem.id))
    .where(inArray(needItem.needId, needIds))
    .orderBy(needItem.needId, needItem.position);
  for (const { item, units } of rows) {
    byNeed.get(item.needId)?.push({
      id: item.id,
      name: item.name,
      quantity: item.quantity,
      unitValue: item.unitValue,
      note: item.note,
      committed: Math.min(units ?? 0, item.quantity),
    });
  }
  return byNeed;
}

/** A need's own fields as its asker wrote them (the edit form, the admin's queue). */
export function needFieldsOf(row: NeedRow) {
  return {
    kind: row.kind,
    title: row.title,
    language: contentLanguageOf(row.language),
    description: row.description,
    city: row.city,
    state: row.state as StateCode,
    zip: row.zip,
    urgency: row.urgency,
  };
}

/** Totals of a need's items: units and dollars asked, and committed. */
export function totalsOf(items: NeedItem[]) {
  let totalUnits = 0;
  let committedUnits = 0;
  let totalValue = 0;
  let committedValue = 0;
  for (const i of items) {
    totalUnits += i.quantity;
    committedUnits += i.committed;
    totalValue += i.quantity * i.unitValue;
    committedValue += i.committed * i.unitValue;
  }
  return { totalUnits, committedUnits, totalValue, committedValue };
}

/** A need as lists show it, from its row and its items (with what is committed). */
export function toListing(
  row: Pick<NeedRow, 'id' | 'kind' | 'title' | 'language' | 'city' | 'state' | 'urgency' | 'status' | 'outcome' | 'approvedAt'>,
  items: NeedItem[],
  distanceMiles: number | null = null,
): NeedListing {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    language: contentLanguageOf(row.language),
    city: row.city,
    state: row.state as StateCode,
    urgency: row.urgency,
    status: row.status,
    outcome: row.outcome,
    ...totalsOf(items),
    approvedAt: row.approvedAt?.toISOString() ?? null,
    distanceMiles: distanceMiles === null ? null : Math.round(distanceMiles * 10) / 10,
  };
}

/**
 * Puts a need on the board: open, approved now (by an admin, or by nobody for a supervisor's link), routed
 * within the first radius. The routing job announces it to the churches and members near it; the board and the
 * admin's queue hear of it at once.
 */
export async function openNeed(
  tx: Tx,
  live: LivePublisher,
  { id, now, approvedBy }: { id: number; now: Date; approvedBy: string | null },
): Promise<void> {
  await tx
    .update(need)
    .set({
      status: 'open',
      approvedAt: now,
      approvedBy,
      updatedAt: now,
      radiusMiles: NEED_RADIUS_STEPS[0],
      announcedMiles: null,
      supervisorTokenHash: null,
    })
    .where(eq(need.id, id));
  await live.publish(tx, { topic: NEEDS_TOPIC, kind: 'updated', id: String(id) });
  await live.publish(tx, { topic: NEED_REVIEWS_TOPIC, kind: 'updated', id: String(id) });
}

/** When the board closes an open need by itself. */
export function closesAt(row: Pick<NeedRow, 'approvedAt'>, expireDays: number): Date | null {
  return row.approvedAt ? new Date(row.approvedAt.getTime() + expireDays * DAY_MS) : null;
}

// ---- The supervisor's single-use link ----

export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * A new link token for a supervisor: only its hash is stored (a copy of the database approves nothing), and it
 * works for SUPERVISOR_LINK_DAYS.
 */
export function newSupervisorLink(now: Date): { token: string; tokenHash: string; expiresAt: Date } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashLinkToken(token), expiresAt: new Date(now.getTime() + SUPERVISOR_LINK_DAYS * DAY_MS) };
}

/** The page a supervisor opens from the mail. */
export const supervisorLinkPath = (token: string) => `/needs/approve/${token}`;

/** The caseworker record of an account, approved or not; undefined for everyone else. */
export async function caseworkerOf(db: Db | Tx, uid: string) {
  const [row] = await db.select().from(caseworker).where(eq(caseworker.uid, uid));
  return row;
}

/**
 * The mail that asks a caseworker's supervisor to approve a request (form MAIL_FORMS.needSupervisor, to the
 * supervisor's work address, Reply-To the caseworker): what the request says, and the single-use link.
 * The supervisor has no account here, so no saved language: the mail is written in the language of the
 * caseworker who asked (their saved one), the best guess of what their office reads.
 */
export function supervisorMail(
  row: Pick<NeedRow, 'title' | 'description' | 'city' | 'state'>,
  items: Array<{ name: string; quantity: number; unitValue: number }>,
  who: { caseworkerName: string; agency: string; supervisorName: string },
  linkUrl: string,
  locale: Locale,
): RenderMailInput {
  const i18n = i18nFor(locale);
  return {
    locale,
    subject: i18n._('{caseworker} asks you to approve a request for a foster family', { caseworker: who.caseworkerName }),
    paragraphs: [
      i18n._('Dear {name},', { name: who.supervisorName }),
      i18n._(
        "{caseworker} ({agency}) wrote a request for a foster family on the Foster Care Network's needs board, and named you as their supervisor. It goes to the churches near the family only once you approve it.",
        { caseworker: who.caseworkerName, agency: who.agency },
      ),
      { quote: `${row.title}\n${row.city}, ${row.state}\n\n${row.description}` },
      {
        quote: items
          .map((i) =>
            i.unitValue > 0
              ? i18n._('{item} × {quantity} (about {value} each)', {
                  item: i.name,
                  quantity: i.quantity,
                  value: dollars(i18n, i.unitValue),
                })
              : i18n._('{item} × {quantity}', { item: i.name, quantity: i.quantity }),
          )
          .join('\n'),
      },
      i18n._(
        'Open the link to approve or decline it. It works once, for {days, plural, one {# day} other {# days}}, and signs nobody in.',
        {
          days: SUPERVISOR_LINK_DAYS,
        },
      ),
      { action: linkUrl, label: i18n._('Approve or decline the request') },
      i18n._("If you do not know this caseworker, decline the request and say so: the network's team will look into it."),
    ],
  };
}
