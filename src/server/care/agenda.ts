import { careDateLabel, careTaskTitleIn } from '../../shared/care-calendar';
import { LOCALE_TAGS, isLocale, type Locale } from '../../shared/i18n/locale';
import { i18nFor, type I18n } from '../i18n';
import { and, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import { displayNameOf } from '../../shared/member-name';
import type { Db, Tx } from '../db/client';
import { careTask, profile, user } from '../db/schema';
import { occurrencesOf } from './recurrence';
import { activeClaimsOf, claimsOn, skipsOf, type CareClaimRow, type CareTaskRow, type CareTeamRow } from './store';

// A team's occurrences between two local dates with the claims that hold each: what the reminders, the offers
// again, the family's Sunday summary and the calendar feeds all read (issue 27, part "reminders and feeds").

export type AgendaItem = {
  task: CareTaskRow;
  occursOn: string;
  startsAt: Date;
  endsAt: Date;
  /** The claims not withdrawn that hold this occurrence (for its date, or for every occurrence). */
  claims: CareClaimRow[];
};

/** The occurrences of a team's tasks not cancelled whose local date is in [from, to], in the order they happen. */
export async function agendaOf(
  db: Db | Tx,
  team: Pick<CareTeamRow, 'id' | 'timeZone'>,
  { from, to }: { from: string; to: string },
): Promise<AgendaItem[]> {
  const tasks = await db
    .select()
    .from(careTask)
    .where(
      and(
        eq(careTask.teamId, team.id),
        isNull(careTask.cancelledAt),
        lte(careTask.startDate, to),
        or(isNull(careTask.until), gte(careTask.until, from)),
      ),
    );
  const ids = tasks.map((t) => t.id);
  const [skips, claims] = await Promise.all([skipsOf(db, ids), activeClaimsOf(db, ids)]);
  const items = tasks.flatMap((task) =>
    occurrencesOf(task, team.timeZone, { from, to, skipped: skips.get(task.id) }).map((o) => ({
      task,
      ...o,
      claims: claimsOn(claims.get(task.id) ?? [], o.occursOn),
    })),
  );
  return items.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.task.id - b.task.id);
}

/** How many more helpers an occurrence needs. */
export const spotsLeft = (item: AgendaItem) => Math.max(0, item.task.helpersNeeded - item.claims.length);

/**
 * Where an occurrence happens, for one reader (the calendar page, mail, reminders, feeds): the family's address only
 * when they may see the family's details (and the family gave one), else "At the family’s home"; or the town.
 */
export function placeOf(
  task: Pick<CareTaskRow, 'atHome' | 'town'>,
  team: Pick<CareTeamRow, 'address'>,
  seesDetails: boolean,
  i18n: I18n = i18nFor('en'),
): string {
  if (!task.atHome) return task.town ?? '';
  return seesDetails && team.address
    ? i18n._(/*i18n*/ 'At the family’s home: {address}', { address: team.address })
    : i18n._(/*i18n*/ 'At the family’s home');
}

/** Members' names as readers see them ("Grace Miller"), by uid; a member without a profile still has an entry. */
export async function namesOf(db: Db | Tx, uids: string[]): Promise<Map<string, string>> {
  if (uids.length === 0) return new Map();
  const rows = await db
    .select({ uid: user.id, firstName: profile.firstName, lastName: profile.lastName })
    .from(user)
    .leftJoin(profile, eq(profile.uid, user.id))
    .where(inArray(user.id, [...new Set(uids)]));
  return new Map(rows.map((r) => [r.uid, displayNameOf({ isDeleted: false, ...r }).name]));
}

/** The language a translator writes in. */
export const localeOfI18n = (i18n: I18n): Locale => (isLocale(i18n.locale) ? i18n.locale : 'en');

const TIME_FORMATS: Record<Locale, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat(LOCALE_TAGS.en, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }),
  es: new Intl.DateTimeFormat(LOCALE_TAGS.es, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }),
};

/** A local date in words: "Saturday, December 5" ("sábado, 5 de diciembre"). */
export const dayLabel = (date: string, i18n: I18n = i18nFor('en')) => careDateLabel(date, localeOfI18n(i18n));
/** A local wall time in words: "6:00 PM" ("6:00 p.m."). */
export const timeLabel = (time: string, i18n: I18n = i18nFor('en')) =>
  TIME_FORMATS[localeOfI18n(i18n)].format(new Date(`2000-01-01T${time}:00Z`));
const LISTS = new Map<Locale, Intl.ListFormat>();
/** Names as a list of the language: "Grace, Leo and Ann" reads "Grace, Leo y Ann" in Spanish. */
export function listOf(i18n: I18n, names: string[]): string {
  const locale = localeOfI18n(i18n);
  if (locale === 'en') return names.join(', ');
  let format = LISTS.get(locale);
  if (!format) LISTS.set(locale, (format = new Intl.ListFormat(LOCALE_TAGS[locale], { type: 'conjunction' })));
  return format.format(names);
}

/** "Meal for Dana's family": what an occurrence is called outside the team's pages (never a child's name). */
export const summaryOf = (task: Pick<CareTaskRow, 'title' | 'kind'>, familyFirstName: string, i18n: I18n = i18nFor('en')) =>
  i18n._(/*i18n*/ "{title} for {name}'s family", { title: careTaskTitleIn(i18n, task.kind, task.title), name: familyFirstName });
