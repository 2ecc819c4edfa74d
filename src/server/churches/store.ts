import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ChurchFields, ChurchLanguage, ChurchListing, ChurchOffer, ChurchPage } from '../../shared/churches';
import { CHURCH_NOT_FOUND, UNKNOWN_ZIP, ZIP_NOT_IN_STATE } from '../../shared/churches';
import { LOCALES } from '../../shared/i18n/locale';
import type { ChurchNeedFigures } from '../../shared/need-figures';
import type { NetworkFigures } from '../../shared/state-stat';
import { NETWORK_FIGURES_MIN_MEMBERS, stateName, type StateCode } from '../../shared/states';
import type { Db, Tx } from '../db/client';
import { church, churchMember, churchPointPerson, profile } from '../db/schema';
import { AppError } from '../http/errors';
import { i18nFor, type I18n, type Later } from '../i18n';
import { mapPoint, zipPlace, type ZipPlace } from './geo';

// What every part of the churches feature shares (issue 25): a church's row as the pages show it, where a
// ZIP code puts it, its figures, and who keeps it. The finder, the point persons' pages and the admin's
// pages build on these.

export type ChurchRow = typeof church.$inferSelect;

/** The topic announced on every change of a church, its point persons or its members (live updates, caches). */
export const CHURCHES_TOPIC = 'churches';

/** The address of a church's photo; the version changes with each upload so caches never show an old one. */
export function churchPhotoPath(id: number, version: number): string {
  return `/api/churches/${id}/photo?v=${version}`;
}

/**
 * The place of a church's ZIP code, which must be in the state given: 400 with the field named otherwise.
 * `field` is the name of the ZIP code's field in the form that sent it.
 */
export function placeOfZip(zip: string, state?: StateCode, field = 'zip'): ZipPlace {
  const place = zipPlace(zip);
  if (!place) throw new AppError('VALIDATION', UNKNOWN_ZIP, { [field]: UNKNOWN_ZIP });
  if (state && place.state !== state) {
    // The state's name is a word of the reader's language too ("Nuevo México"), so the message is made in each.
    const message = inEachLanguage((i18n) => i18n._(ZIP_NOT_IN_STATE, { state: i18n._(stateName(state) ?? state) }));
    throw new AppError('VALIDATION', message, { [field]: message });
  }
  return place;
}

/**
 * A message made now in every language, for an error whose values are words themselves (a state's name): a
 * `later(...)` message would put them in as they are, in English.
 */
export function inEachLanguage(say: (i18n: I18n) => string): Later {
  return {
    byLocale: Object.fromEntries(LOCALES.map((locale) => [locale, say(i18nFor(locale))])) as Record<(typeof LOCALES)[number], string>,
  };
}

/** The columns a ZIP code's place decides: written together whenever the ZIP code changes. */
export function locationColumns(place: ZipPlace) {
  const point = mapPoint(place);
  return { latitude: place.latitude, longitude: place.longitude, mapX: point?.[0] ?? null, mapY: point?.[1] ?? null };
}

/** The address of a church's photo, or null when it has none. */
export function churchPhotoUrl(row: Pick<ChurchRow, 'id' | 'photoVersion'>): string | null {
  return row.photoVersion === null ? null : churchPhotoPath(row.id, row.photoVersion);
}

/** A church's fields as its forms edit them (a proposal's missing street address as blank). */
export function churchFieldsOf(row: ChurchRow): ChurchFields {
  return {
    name: row.name,
    ag: row.ag,
    agDistrict: row.agDistrict,
    street: row.street ?? '',
    city: row.city,
    state: row.state as StateCode,
    zip: row.zip,
    website: row.website,
    phone: row.phone,
    languages: row.languages as ChurchLanguage[],
    description: row.description,
    offers: row.offers as ChurchOffer[],
  };
}

/** The columns a listing shows: the finder reads only these. */
export type ListingRow = Pick<ChurchRow, 'id' | 'name' | 'ag' | 'city' | 'state' | 'zip' | 'languages' | 'offers' | 'photoVersion'>;

export function toListing(row: ListingRow, distanceMiles: number | null = null): ChurchListing {
  return {
    id: row.id,
    name: row.name,
    ag: row.ag,
    city: row.city,
    state: row.state as StateCode,
    zip: row.zip,
    languages: row.languages as ChurchLanguage[],
    offers: row.offers as ChurchOffer[],
    photoUrl: churchPhotoUrl(row),
    distanceMiles: distanceMiles === null ? null : Math.round(distanceMiles * 10) / 10,
  };
}

export function toPage(row: ChurchRow, figures: NetworkFigures | null, needs: ChurchNeedFigures, careTeams: number | null): ChurchPage {
  return {
    ...toListing(row),
    agDistrict: row.agDistrict,
    street: row.street ?? '',
    website: row.website,
    phone: row.phone,
    description: row.description,
    status: row.status,
    mapPoint: row.mapX === null || row.mapY === null ? null : [row.mapX, row.mapY],
    figures,
    needs,
    careTeams,
  };
}

const NO_ONE: NetworkFigures = { members: 0, fosterFamilies: 0, fosterChildren: 0 };

/**
 * Each church's figures from its confirmed members with a saved profile who are not suspended: members, foster
 * families and the children in their care. Under the small-number rule (fewer than 3 people behind a figure),
 * a church's figures are null unless `exact` (an admin's, or a point person's own church).
 */
/**
 * What a church's figures add up: its confirmed members with a saved profile who are not suspended, the foster
 * parents among them, and the foster children in those parents' care. The church's and the network's figures
 * (issue 25: "the network's progress now adds up from churches") are both these sums.
 */
const figureColumns = {
  members: sql<number>`count(*)::int`,
  fosterFamilies: sql<number>`(count(*) filter (where ${profile.fosterParent} = 'Yes'))::int`,
  fosterChildren: sql<number>`coalesce(sum(${profile.numberOfFosterKids}) filter (where ${profile.fosterParent} = 'Yes'), 0)::int`,
};
const counted = and(eq(churchMember.status, 'confirmed'), isNotNull(profile.savedAt), isNull(profile.suspendedAt));

function figuresOf(row: NetworkFigures): NetworkFigures {
  return { members: row.members, fosterFamilies: row.fosterFamilies, fosterChildren: row.fosterChildren };
}

/** Each church's figures, or null where fewer than 3 members stand behind them and the reader is not exact. */
export async function churchFigures(db: Db | Tx, churchIds: number[], exact: boolean): Promise<Map<number, NetworkFigures | null>> {
  const figures = new Map<number, NetworkFigures | null>();
  if (churchIds.length === 0) return figures;
  const rows = await db
    .select({ churchId: churchMember.churchId, ...figureColumns })
    .from(churchMember)
    .innerJoin(profile, eq(profile.uid, churchMember.uid))
    .where(and(inArray(churchMember.churchId, churchIds), counted))
    .groupBy(churchMember.churchId);
  const byId = new Map(rows.map((r) => [r.churchId, r]));
  for (const id of churchIds) {
    const f = byId.get(id);
    const value = f ? figuresOf(f) : NO_ONE;
    figures.set(id, exact || value.members >= NETWORK_FIGURES_MIN_MEMBERS ? value : null);
  }
  return figures;
}

/**
 * The network's figures per state: the sums of its active churches' figures, each church counted in its own
 * state (a member who lives across a state line counts where their church is). A member belongs to one church
 * at most, so nobody is counted twice; members who have picked no church, or whose church has not confirmed
 * them yet, are not in the network's figures.
 */
export async function networkFiguresByState(db: Db | Tx): Promise<Map<string, NetworkFigures>> {
  const rows = await db
    .select({ state: church.state, ...figureColumns })
    .from(churchMember)
    .innerJoin(church, eq(church.id, churchMember.churchId))
    .innerJoin(profile, eq(profile.uid, churchMember.uid))
    .where(and(eq(church.status, 'active'), counted))
    .groupBy(church.state);
  return new Map(rows.map((r) => [r.state, figuresOf(r)]));
}

/** The church of this id, whatever its status, or 404 with the feature's message. */
export async function churchById(db: Db | Tx, id: number): Promise<ChurchRow> {
  const [row] = await db.select().from(church).where(eq(church.id, id));
  if (!row) throw new AppError('NOT_FOUND', CHURCH_NOT_FOUND);
  return row;
}

/** Whether a member keeps this church's page. */
export async function isPointPerson(db: Db | Tx, churchId: number, uid: string): Promise<boolean> {
  const [row] = await db
    .select({ uid: churchPointPerson.uid })
    .from(churchPointPerson)
    .where(and(eq(churchPointPerson.churchId, churchId), eq(churchPointPerson.uid, uid)));
  return row !== undefined;
}

/**
 * The columns a church's fields write (the page's form, an admin's edit): its ZIP code must be known and in its
 * state, and decides where the church is.
 */
export function churchFieldColumns(fields: ChurchFields) {
  const place = placeOfZip(fields.zip, fields.state);
  return {
    name: fields.name,
    ag: fields.ag,
    agDistrict: fields.agDistrict,
    street: fields.street,
    city: fields.city,
    state: fields.state,
    zip: fields.zip,
    website: fields.website,
    phone: fields.phone,
    languages: fields.languages,
    description: fields.description,
    offers: fields.offers,
    ...locationColumns(place),
  };
}
