import { z } from 'zod';
import { CHURCH_LANGUAGE_CODES, CHURCH_OFFER_CODES, CHURCH_POINT_PERSONS_MAX, CHURCH_STATUSES, churchFieldsSchema } from './churches';
import { networkFiguresSchema } from './state-stat';
import { STATE_CODES } from './states';
import { queryTextOf } from './text';

// The admin area's churches (issue 25): every church whatever its status, the proposals' queue, merging, point
// persons and the links between members' free-text church names and the network's churches.

export const ADMIN_CHURCHES_PAGE_SIZE = 50;
export const CHURCH_LINK_SUGGESTIONS_MAX = 50;
/** How many churches each free-text name is offered (the most alike first). */
export const CHURCH_LINK_CANDIDATES = 3;

/** A list position: the sort key and id of the last church shown, base64url-encoded JSON (opaque to the browser). */
const afterSchema = z
  .string()
  .max(400, /*i18n*/ 'Not a list position')
  .regex(/^[A-Za-z0-9_-]+$/, /*i18n*/ 'Not a list position')
  .optional();

/** GET /api/admin/churches: searched by name, city or ZIP code; `status=proposed` is the queue, oldest first. */
export const adminChurchListQuerySchema = z.object({
  q: queryTextOf(/*i18n*/ 'Search words', 100),
  status: z
    .union([z.enum(CHURCH_STATUSES, { error: /*i18n*/ 'Choose proposed, active or archived' }), z.literal('')])
    .optional()
    .transform((s) => s || undefined),
  state: z
    .union([z.enum(STATE_CODES, { error: /*i18n*/ 'Choose a state' }), z.literal('')])
    .optional()
    .transform((s) => s || undefined),
  after: afterSchema,
});
export type AdminChurchListQuery = z.input<typeof adminChurchListQuerySchema>;

const isoTime = z.iso.datetime();
const person = z.object({ uid: z.string(), name: z.string(), email: z.string() });

export const adminChurchSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    ag: z.boolean(),
    agDistrict: z.string().nullable(),
    street: z.string().nullable(),
    city: z.string(),
    state: z.enum(STATE_CODES),
    zip: z.string(),
    website: z.string().nullable(),
    phone: z.string().nullable(),
    description: z.string().nullable(),
    languages: z.array(z.enum(CHURCH_LANGUAGE_CODES)),
    offers: z.array(z.enum(CHURCH_OFFER_CODES)),
    photoUrl: z.string().nullable(),
    status: z.enum(CHURCH_STATUSES),
    createdAt: isoTime,
    activeSince: isoTime.nullable(),
    /** Who proposed it (null when an admin made it, or the account is gone). */
    proposer: person.nullable(),
    /** Whole days a proposal has waited; null for other churches. */
    waitingDays: z.number().int().nullable(),
    pointPersons: z.array(person),
    members: z.object({ confirmed: z.number().int(), claimed: z.number().int() }),
    /** Exact: admins see the figures whatever their size. */
    figures: networkFiguresSchema,
  })
  .meta({ id: 'AdminChurch' });
export type AdminChurch = z.infer<typeof adminChurchSchema>;

export const adminChurchListResponseSchema = z.object({
  churches: z.array(adminChurchSchema),
  /** How many churches match the search and filters, all pages together. */
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type AdminChurchListResponse = z.infer<typeof adminChurchListResponseSchema>;

/** POST /api/admin/churches/:id/approve: the proposal as it is, or completed by the admin (the street address). */
export const churchApprovalSchema = z.object({ fields: churchFieldsSchema.optional() });
export type ChurchApprovalInput = z.input<typeof churchApprovalSchema>;

/** One whole sentence (a catalog id), not one built from a label: word order differs between languages. */
const NOT_A_CHURCH_ID = /*i18n*/ "The church to merge into must be a church's id";
const churchIdField = z.number({ error: NOT_A_CHURCH_ID }).int(NOT_A_CHURCH_ID).min(1, NOT_A_CHURCH_ID).max(2_147_483_647, NOT_A_CHURCH_ID);

/** POST /api/admin/churches/:id/merge: the church its members, point persons and figures go to. */
export const churchMergeSchema = z.object({ into: churchIdField });

const memberUid = z.string({ error: /*i18n*/ 'Choose a member' }).regex(/^[A-Za-z0-9_-]{1,64}$/, /*i18n*/ 'Choose a member');

/** PUT /api/admin/churches/:id/point-persons: the whole list, one to three members. */
export const churchPointPersonsSchema = z.object({
  uids: z
    .array(memberUid, { error: /*i18n*/ 'Choose one to three members' })
    .min(1, /*i18n*/ 'A church needs at least one point person')
    // The number is written out (a catalog id is a literal): CHURCH_POINT_PERSONS_MAX is 3.
    .max(CHURCH_POINT_PERSONS_MAX, /*i18n*/ 'A church has at most 3 point persons')
    .refine((a) => new Set(a).size === a.length, /*i18n*/ 'Choose each member once'),
});

/** POST /api/admin/churches/:id/link: the member whose free-text church name is this church. */
export const churchLinkSchema = z.object({ uid: memberUid });

export const churchLinkSuggestionSchema = z
  .object({
    uid: z.string(),
    name: z.string(),
    email: z.string(),
    /** What the member wrote as their church. */
    churchText: z.string(),
    city: z.string().nullable(),
    state: z.enum(STATE_CODES),
    /** The most alike active churches of the member's state, the most alike first. */
    candidates: z.array(z.object({ id: z.number().int(), name: z.string(), city: z.string(), similarity: z.number() })),
  })
  .meta({ id: 'ChurchLinkSuggestion' });
export type ChurchLinkSuggestion = z.infer<typeof churchLinkSuggestionSchema>;
export const churchLinkSuggestionsResponseSchema = z.object({ suggestions: z.array(churchLinkSuggestionSchema) });
export type ChurchLinkSuggestionsResponse = z.infer<typeof churchLinkSuggestionsResponseSchema>;

export const CANNOT_MERGE_INTO_ITSELF = /*i18n*/ 'A church cannot be merged into itself.';
export const MERGE_INTO_ACTIVE = /*i18n*/ 'Merge into a church of the network (an active one).';
export const NOT_A_PROPOSAL = /*i18n*/ 'This church is not a proposal waiting for approval (any more).';
export const POINT_PERSON_NEEDS_PROFILE = /*i18n*/ 'Each point person must be a member with a saved profile.';
export const ALREADY_LINKED = /*i18n*/ 'This member has a church already.';
