import { and, arrayContains, asc, between, eq, sql, type SQL } from 'drizzle-orm';
import {
  CHURCH_FINDER_MAX,
  CHURCH_NOT_FOUND,
  type ChurchFinderQuery,
  type ChurchFinderResponse,
  type ChurchPage,
} from '../../shared/churches';
import type { ContactFields } from '../../shared/contact';
import { displayNameOf } from '../../shared/member-name';
import type { AppDeps } from '../deps';
import type { Db } from '../db/client';
import { church, churchPointPerson, profile, user } from '../db/schema';
import { AppError } from '../http/errors';
import { i18nFor, isLocale, localeOfEmail, type I18n } from '../i18n';
import type { SessionUser } from '../http/session';
import { MAIL_FORMS, renderMail } from '../mail';
import { boundingBox, milesBetween } from './geo';
import { churchNeedFigures } from './need-figures';
import { churchCareTeams } from '../care';
import { churchById, churchFigures, placeOfZip, toListing, toPage, type ChurchRow } from './store';

// The public side of churches (issue 25, product.md §12): the finder, a church's page, and "Contact this
// church". The public knows only active churches: a proposed or archived one is "not in the network".

const listingColumns = {
  id: church.id,
  name: church.name,
  ag: church.ag,
  city: church.city,
  state: church.state,
  zip: church.zip,
  languages: church.languages,
  offers: church.offers,
  photoVersion: church.photoVersion,
};

/** What the filters ask of a church: every offer listed (`@>`), and the language if one is chosen. */
function filtersOf(query: ChurchFinderQuery): SQL[] {
  const where: SQL[] = [eq(church.status, 'active')];
  if (query.offers.length > 0) where.push(arrayContains(church.offers, query.offers));
  if (query.language) where.push(arrayContains(church.languages, [query.language]));
  return where;
}

/**
 * GET /api/churches. Near a ZIP code: the active churches in the box around it (read through the partial
 * index on latitude), then the exact distance decides who is within the radius, nearest first (then by
 * name). In a state: its active churches by name. Either way at most CHURCH_FINDER_MAX, with the total.
 * A ZIP code wins over a state when both are given: the page sends one or the other.
 */
export async function findChurches(db: Db, query: ChurchFinderQuery): Promise<ChurchFinderResponse> {
  if (query.zip !== undefined) {
    const place = placeOfZip(query.zip);
    const box = boundingBox(place, query.radius);
    const rows = await db
      .select({ ...listingColumns, latitude: church.latitude, longitude: church.longitude })
      .from(church)
      .where(
        and(
          ...filtersOf(query),
          between(church.latitude, box.minLatitude, box.maxLatitude),
          between(church.longitude, box.minLongitude, box.maxLongitude),
        ),
      );
    const near = rows
      .map((row) => ({ row, miles: milesBetween(place, row) }))
      .filter((r) => r.miles <= query.radius)
      .sort((a, b) => a.miles - b.miles || a.row.name.localeCompare(b.row.name));
    return {
      origin: { zip: place.zip, city: place.city, state: place.state },
      radius: query.radius,
      churches: near.slice(0, CHURCH_FINDER_MAX).map((r) => toListing(r.row, r.miles)),
      total: near.length,
    };
  }
  const rows = await db
    .select({ ...listingColumns, total: sql<number>`(count(*) over ())::int` })
    .from(church)
    .where(and(...filtersOf(query), eq(church.state, query.state!)))
    .orderBy(asc(church.name), asc(church.id))
    .limit(CHURCH_FINDER_MAX);
  return { origin: null, radius: null, churches: rows.map((row) => toListing(row)), total: rows[0]?.total ?? 0 };
}

/** An active church, or 404 CHURCH_NOT_FOUND: proposed and archived churches are not public. */
async function activeChurch(db: Db, id: number): Promise<ChurchRow> {
  const row = await churchById(db, id);
  if (row.status !== 'active') throw new AppError('NOT_FOUND', CHURCH_NOT_FOUND);
  return row;
}

/** GET /api/churches/{id}: the public page, its figures only where at least 3 confirmed members stand behind them. */
export async function getChurchPage(db: Db, id: number): Promise<ChurchPage> {
  const row = await activeChurch(db, id);
  const [figures, needs, careTeams] = await Promise.all([
    churchFigures(db, [id], false),
    churchNeedFigures(db, id),
    churchCareTeams(db, id),
  ]);
  return toPage(row, figures.get(id) ?? null, needs, careTeams);
}

/** The church a message is for, before the rate limit counts it: unknown, proposed and archived ones are 404. */
export const churchToContact = activeChurch;

type ContactDeps = Pick<AppDeps, 'database' | 'config' | 'logger' | 'outbox'>;

/** Who writes: a member as themselves (the name of their profile, their account's address), a visitor as they typed. */
async function senderOf(db: Db, who: SessionUser | null, input: ContactFields) {
  if (!who) return { name: input.name ?? input.email, email: input.email, member: null };
  const [row] = await db.select({ firstName: profile.firstName, lastName: profile.lastName }).from(profile).where(eq(profile.uid, who.id));
  const named = displayNameOf({ isDeleted: false, ...row });
  return { name: named.isFormerMember || !row ? who.email : named.name, email: who.email.toLowerCase(), member: who };
}

/**
 * POST /api/churches/{id}/contact: one mail to each point person (none sees the others' addresses, nor does
 * the sender), Reply-To the sender. A church nobody keeps yet: the message goes to the team, naming the church.
 */
export async function contactChurch(
  deps: ContactDeps,
  { row, who, input }: { row: ChurchRow; who: SessionUser | null; input: ContactFields },
): Promise<void> {
  const { db } = deps.database;
  const sender = await senderOf(db, who, input);
  const keepers = await db
    .select({ email: user.email, firstName: profile.firstName, locale: user.locale })
    .from(churchPointPerson)
    .innerJoin(user, eq(user.id, churchPointPerson.uid))
    .leftJoin(profile, eq(profile.uid, churchPointPerson.uid))
    .where(and(eq(churchPointPerson.churchId, row.id), sql`${profile.suspendedAt} is null`))
    .orderBy(asc(user.email));
  const place = `${row.name} (${row.city}, ${row.state})`;
  const page = `${deps.config.publicUrl}/churches/${row.id}`;
  const from = sender.name === sender.email ? sender.email : `${sender.name} (${sender.email})`;
  const values = { name: sender.name, church: row.name, from, place, page, email: sender.email };
  const senderNote = (i18n: I18n) =>
    sender.member
      ? sender.member.emailVerified
        ? i18n._('{name} is a member of the Foster Care Network and wrote while signed in.', values)
        : i18n._('{name} wrote while signed in to the Foster Care Network; their email address is not confirmed yet.', values)
      : i18n._('Sent by a visitor who was not signed in.');
  // Each point person reads the site's words in their own language (the team in its account's, if it has one).
  const recipients =
    keepers.length > 0
      ? keepers
      : [{ email: deps.config.staffEmail, firstName: null, locale: await localeOfEmail(db, deps.config.staffEmail) }];
  for (const to of recipients) {
    const locale = isLocale(to.locale) ? to.locale : 'en';
    const i18n = i18nFor(locale);
    const item = await deps.outbox.add({
      form: MAIL_FORMS.churchContact,
      to: to.email,
      replyTo: sender.email,
      ...renderMail({
        locale,
        subject:
          keepers.length > 0
            ? i18n._('{name} wrote to {church} through the Foster Care Network', values)
            : i18n._('Message for {church}, which has no point person yet', values),
        paragraphs: [
          ...(keepers.length > 0
            ? [
                to.firstName ? i18n._('Hello {firstName},', { firstName: to.firstName }) : i18n._('Hello,'),
                i18n._('{from} wrote to {place} through its page on the Foster Care Network:', values),
              ]
            : [
                i18n._('{from} wrote to {place} through its page on the Foster Care Network.', values),
                i18n._('The church has no point person yet, so the message came to the team:'),
              ]),
          { quote: input.message },
          senderNote(i18n),
          i18n._("The church's page: {page}", values),
          i18n._('To answer, reply to this email: your reply goes to {email}.', values),
          ...(keepers.length > 0 ? [i18n._('The site never shows your email address to the people who write to the church.')] : []),
        ],
      }),
    });
    deps.logger.info('church message queued', { mailId: item.id, churchId: row.id, toTeam: keepers.length === 0, signedIn: who !== null });
  }
}
