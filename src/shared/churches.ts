import { z } from 'zod';
import { churchNeedFiguresSchema } from './need-figures';
import { optionalText, phoneNumber, webUrl } from './profile';
import { networkFiguresSchema } from './state-stat';
import { STATE_CODES } from './states';
import { lineOf, queryTextOf, textOf } from './text';

export { contactInputSchema as churchContactSchema } from './contact';

// Churches as members of the network (issue 25): a church's public page, the finder by distance, point persons
// who keep the page and confirm who belongs, and the proposals an admin approves. A church is a public place:
// its street address and office phone are public, unlike a member's.

export const CHURCH_STATUSES = ['proposed', 'active', 'archived'] as const;
export type ChurchStatus = (typeof CHURCH_STATUSES)[number];

/** What a church offers, as people filter by it. The codes travel in addresses and the database. */
export const CHURCH_OFFERS = [
  { code: 'needs', label: /*i18n*/ 'Responds to needs' },
  { code: 'care-teams', label: /*i18n*/ 'Care teams' },
  { code: 'respite', label: /*i18n*/ 'Respite nights' },
  { code: 'support-group', label: /*i18n*/ 'Foster-parent support group' },
  { code: 'closet', label: /*i18n*/ 'Clothing or supply closet' },
  { code: 'trainings', label: /*i18n*/ 'Trainings and information meetings' },
] as const;
export type ChurchOffer = (typeof CHURCH_OFFERS)[number]['code'];
export const CHURCH_OFFER_CODES = CHURCH_OFFERS.map((o) => o.code) as [ChurchOffer, ...ChurchOffer[]];

/** Languages of a church's services, each named in its own language as well (the finder filters by one). */
export const CHURCH_LANGUAGES = [
  { code: 'en', label: /*i18n*/ 'English' },
  { code: 'es', label: /*i18n*/ 'Spanish (Español)' },
  { code: 'pt', label: /*i18n*/ 'Portuguese (Português)' },
  { code: 'ko', label: /*i18n*/ 'Korean (한국어)' },
  { code: 'zh', label: /*i18n*/ 'Chinese (中文)' },
  { code: 'vi', label: /*i18n*/ 'Vietnamese (Tiếng Việt)' },
  { code: 'ht', label: /*i18n*/ 'Haitian Creole (Kreyòl)' },
  { code: 'other', label: /*i18n*/ 'Other languages' },
] as const;
export type ChurchLanguage = (typeof CHURCH_LANGUAGES)[number]['code'];
export const CHURCH_LANGUAGE_CODES = CHURCH_LANGUAGES.map((l) => l.code) as [ChurchLanguage, ...ChurchLanguage[]];

/** The English words (the catalog's ids) of an offer and a language: shown through `i18n._(…)`. */
export const offerLabel = (code: string) => CHURCH_OFFERS.find((o) => o.code === code)?.label ?? code;
export const languageLabel = (code: string) => CHURCH_LANGUAGES.find((l) => l.code === code)?.label ?? code;

/** The finder's radii, in miles. */
export const CHURCH_RADII = [10, 25, 50, 100] as const;
export type ChurchRadius = (typeof CHURCH_RADII)[number];
export const CHURCH_DEFAULT_RADIUS: ChurchRadius = 25;
/** The finder answers at most this many churches (the nearest first). */
export const CHURCH_FINDER_MAX = 100;
export const CHURCH_POINT_PERSONS_MAX = 3;

export const CHURCH_NAME_MAX = 120;
export const CHURCH_DISTRICT_MAX = 80;
export const CHURCH_STREET_MAX = 160;
export const CHURCH_CITY_MAX = 80;
export const CHURCH_DESCRIPTION_MAX = 2000;
export const CHURCH_DECLINE_REASON_MAX = 1000;
/** Proposals a member may make: a few churches are honest, dozens are not. */
export const CHURCH_PROPOSALS_PER_DAY = 3;
/** Messages to a church through "Contact this church", per sender (member or visitor's client) an hour. */
export const CHURCH_CONTACTS_PER_HOUR = 5;

export const CHURCH_NOT_FOUND = /*i18n*/ 'This church is not in the network (any more).';
export const UNKNOWN_ZIP = /*i18n*/ 'We do not know this ZIP code. Check the five digits.';
/** A ZIP code of another state than the one chosen; `{state}` is the state's name in the reader's language. */
export const ZIP_NOT_IN_STATE = /*i18n*/ 'This ZIP code is not in {state}.';

/** A ZIP code as people type it: five digits, or ZIP+4 (kept to its five digits). */
export const zip5 = z
  .string({ error: /*i18n*/ 'ZIP code is required' })
  .trim()
  .regex(/^\d{5}(-\d{4})?$/, /*i18n*/ 'ZIP code must be 5 digits (or ZIP+4, like 12345-6789)')
  .transform((v) => v.slice(0, 5));

const state = z.enum(STATE_CODES, { error: /*i18n*/ 'Choose a state' });

/**
 * Each value of a fixed list at most once; at least `min`. The messages are whole sentences (catalog ids),
 * not built from a label: word order differs between languages.
 */
function codes<const C extends [string, ...string[]]>(values: C, words: { fromList: string; atLeastOne: string }, min: number) {
  return z
    .array(z.enum(values, { error: words.fromList }), { error: words.fromList })
    .max(values.length, words.fromList)
    .refine((a) => a.length >= min, words.atLeastOne)
    .transform((a) => values.filter((v) => a.includes(v)) as Array<C[number]>);
}

/** What a point person or an admin writes on a church's page. */
export const churchFieldsSchema = z.object({
  name: lineOf(/*i18n*/ 'Church name', CHURCH_NAME_MAX),
  ag: z.boolean({ error: /*i18n*/ 'Say whether the church is an Assemblies of God church' }),
  agDistrict: optionalText(/*i18n*/ 'AG district', CHURCH_DISTRICT_MAX),
  street: lineOf(/*i18n*/ 'Street address', CHURCH_STREET_MAX),
  city: lineOf(/*i18n*/ 'City', CHURCH_CITY_MAX),
  state,
  zip: zip5,
  website: webUrl(/*i18n*/ 'Web site'),
  // Optional: blank, null or left out is none; anything else must be a phone number, with its own message.
  phone: z.preprocess((v) => (v === '' || v == null ? null : v), phoneNumber(/*i18n*/ 'Office phone').nullable()),
  languages: codes(
    CHURCH_LANGUAGE_CODES,
    { fromList: /*i18n*/ 'Choose languages from the list', atLeastOne: /*i18n*/ 'Choose at least one of the languages' },
    1,
  ),
  description: optionalText(/*i18n*/ 'Foster-care ministry', CHURCH_DESCRIPTION_MAX, { multiLine: true }),
  offers: codes(
    CHURCH_OFFER_CODES,
    { fromList: /*i18n*/ 'Choose offers from the list', atLeastOne: /*i18n*/ 'Choose at least one of the offers' },
    0,
  ),
});
export type ChurchFieldsInput = z.input<typeof churchFieldsSchema>;
export type ChurchFields = z.output<typeof churchFieldsSchema>;

/** A member proposes a church that is not in the network yet; an admin approves it. */
export const churchProposalSchema = z.object({
  name: lineOf(/*i18n*/ 'Church name', CHURCH_NAME_MAX),
  city: lineOf(/*i18n*/ 'City', CHURCH_CITY_MAX),
  state,
  zip: zip5,
  ag: z.boolean({ error: /*i18n*/ 'Say whether the church is an Assemblies of God church' }),
  /** The proposer offers to keep the church's page once it is approved. */
  pointPerson: z.boolean().default(false),
});
export type ChurchProposalInput = z.input<typeof churchProposalSchema>;

/** GET /api/churches: near a ZIP code within a radius, or in a state; filtered by an offer and a language. */
export const churchFinderQuerySchema = z
  .object({
    zip: zip5.optional(),
    radius: z
      .enum(CHURCH_RADII.map(String) as [string, ...string[]], { error: /*i18n*/ 'Choose a radius of 10, 25, 50 or 100 miles' })
      .optional()
      .transform((r) => (r ? (Number(r) as ChurchRadius) : CHURCH_DEFAULT_RADIUS)),
    state: state.optional(),
    /** Offers, comma-separated: a church must offer every one. */
    offers: z
      .string()
      .max(200)
      .optional()
      .transform((s) => (s ? [...new Set(s.split(',').map((v) => v.trim()))] : []))
      // One error on the field itself (not on `offers.1`), so the form shows it under the offers.
      .refine((a) => a.every((v) => (CHURCH_OFFER_CODES as readonly string[]).includes(v)), /*i18n*/ 'Choose offers from the list')
      .transform((a) => a as ChurchOffer[]),
    language: z.enum(CHURCH_LANGUAGE_CODES, { error: /*i18n*/ 'Choose a language from the list' }).optional(),
  })
  .refine((q) => q.zip !== undefined || q.state !== undefined, {
    message: /*i18n*/ 'Enter a ZIP code or choose a state',
    path: ['zip'],
  });
export type ChurchFinderQuery = z.output<typeof churchFinderQuerySchema>;

/** A church as lists show it. */
export const churchListingSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    ag: z.boolean(),
    city: z.string(),
    state: z.enum(STATE_CODES),
    zip: z.string(),
    languages: z.array(z.enum(CHURCH_LANGUAGE_CODES)),
    offers: z.array(z.enum(CHURCH_OFFER_CODES)),
    photoUrl: z.string().nullable(),
    /** Miles from the ZIP code searched, to one decimal; null when searching by state. */
    distanceMiles: z.number().nullable(),
  })
  .meta({ id: 'ChurchListing' });
export type ChurchListing = z.infer<typeof churchListingSchema>;

export const churchFinderResponseSchema = z.object({
  /** The place searched from (a ZIP code's town), or null when searching by state. */
  origin: z.object({ zip: z.string(), city: z.string(), state: z.enum(STATE_CODES) }).nullable(),
  radius: z.number().int().nullable(),
  churches: z.array(churchListingSchema),
  /** How many churches matched; `churches` holds the nearest CHURCH_FINDER_MAX of them. */
  total: z.number().int(),
});
export type ChurchFinderResponse = z.infer<typeof churchFinderResponseSchema>;

/** A church's public page. */
export const churchPageSchema = churchListingSchema
  .extend({
    agDistrict: z.string().nullable(),
    street: z.string(),
    website: z.string().nullable(),
    phone: z.string().nullable(),
    description: z.string().nullable(),
    status: z.enum(CHURCH_STATUSES),
    /** Where the church sits on the site's US map (Albers USA, 975 × 610), or null outside it. */
    mapPoint: z.tuple([z.number(), z.number()]).nullable(),
    /** Confirmed members, foster families and children in their care; null when fewer than 3 people stand behind them. */
    figures: networkFiguresSchema.nullable(),
    /** Its part in the needs board (issue 26): needs it responded to and met, children served, value committed. */
    needs: churchNeedFiguresSchema,
    /** Its active care teams (issue 27); null for 1 or 2 (each team stands for a family: the small-number rule). */
    careTeams: z.number().int().nullable(),
  })
  .meta({ id: 'ChurchPage' });
export type ChurchPage = z.infer<typeof churchPageSchema>;

/** A group of churches on the US map: those that overlap at the map's scale are drawn as one marker. */
export const churchMapGroupSchema = z.object({
  x: z.number(),
  y: z.number(),
  state: z.enum(STATE_CODES),
  count: z.number().int(),
  /** The churches of the group (all of them, up to 20; the state's list has the rest). */
  churches: z.array(z.object({ id: z.number().int(), name: z.string(), city: z.string() })),
});
export type ChurchMapGroup = z.infer<typeof churchMapGroupSchema>;
export const churchMapResponseSchema = z.object({
  groups: z.array(churchMapGroupSchema),
  /** Active churches per state (states with none are left out). */
  byState: z.record(z.string(), z.number().int()),
  total: z.number().int(),
});
export type ChurchMapResponse = z.infer<typeof churchMapResponseSchema>;

/** A member's tie to a church: said by the member, confirmed (or removed) by a point person. */
export const CHURCH_MEMBERSHIP_STATUSES = ['claimed', 'confirmed'] as const;
export type ChurchMembershipStatus = (typeof CHURCH_MEMBERSHIP_STATUSES)[number];

/** "Contact this church" reads the contact form's fields (contactInputSchema): name, address, message, human check. */

/** The picker on the profile form: a church's name or a ZIP code. */
export const churchPickQuerySchema = z.object({ q: queryTextOf(/*i18n*/ 'Church name or ZIP code', 100).transform((s) => s ?? '') });

export const churchDeclineSchema = z.object({ reason: textOf(/*i18n*/ 'Reason', CHURCH_DECLINE_REASON_MAX) });
