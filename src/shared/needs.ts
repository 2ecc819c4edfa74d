import { z } from 'zod';
import { zip5 } from './churches';
import { contentLanguageSchema } from './i18n/content-language';
import { STATE_CODES } from './states';
import { lineOf, optionalLineOf, textOf } from './text';

// The needs board (issue 26): a foster family's concrete need (a bunk bed, a week of meals, rides), asked by the
// family, a church's point person, a caseworker or an admin; approved by an admin (or, for a caseworker, by the
// supervisor from a single-use link); routed to the churches near it, widening while nobody commits; met by
// commitments that can never exceed what was asked; closed with an outcome. Nothing on a need may identify a
// child, and nothing is public before approval.

export const NEED_KINDS = [
  { code: 'items', label: /*i18n*/ 'Physical items' },
  { code: 'meals', label: /*i18n*/ 'Meals' },
  { code: 'rides', label: /*i18n*/ 'Rides' },
  { code: 'respite', label: /*i18n*/ 'Babysitting or respite' },
  { code: 'other', label: /*i18n*/ 'Other' },
] as const;
export type NeedKind = (typeof NEED_KINDS)[number]['code'];
export const NEED_KIND_CODES = NEED_KINDS.map((k) => k.code) as [NeedKind, ...NeedKind[]];
export const needKindLabel = (code: string) => NEED_KINDS.find((k) => k.code === code)?.label ?? code;

export const NEED_URGENCIES = [
  { code: 'urgent', label: /*i18n*/ 'Within 72 hours' },
  { code: 'normal', label: /*i18n*/ 'Within 10 days' },
] as const;
export type NeedUrgency = (typeof NEED_URGENCIES)[number]['code'];
export const NEED_URGENCY_CODES = NEED_URGENCIES.map((u) => u.code) as [NeedUrgency, ...NeedUrgency[]];
export const needUrgencyLabel = (code: string) => NEED_URGENCIES.find((u) => u.code === code)?.label ?? code;

/**
 * Where a need is in its life:
 * - `supervisor`: a caseworker's request, waiting for the supervisor's answer from the mailed link;
 * - `review`: a member's or point person's request, waiting for an admin;
 * - `open`: approved, on the board, routed to churches; commitments are taken;
 * - `closed`: the asker or an admin recorded its outcome, or it closed itself after NEED_EXPIRE_DAYS;
 * - `declined`: an admin or the supervisor said no (with a reason);
 * - `expired`: nobody approved it in time (the supervisor's link ran out).
 */
export const NEED_STATUSES = ['supervisor', 'review', 'open', 'closed', 'declined', 'expired'] as const;
export type NeedStatus = (typeof NEED_STATUSES)[number];

export const NEED_OUTCOMES = [
  { code: 'met', label: /*i18n*/ 'Met' },
  { code: 'partly_met', label: /*i18n*/ 'Partly met' },
  { code: 'not_met', label: /*i18n*/ 'Not met' },
] as const;
export type NeedOutcome = (typeof NEED_OUTCOMES)[number]['code'];
export const NEED_OUTCOME_CODES = NEED_OUTCOMES.map((o) => o.code) as [NeedOutcome, ...NeedOutcome[]];
export const needOutcomeLabel = (code: string) => NEED_OUTCOMES.find((o) => o.code === code)?.label ?? code;

/** Why a need closed: its asker or an admin recorded the outcome, the board closed it, or its asker left. */
export const NEED_CLOSE_REASONS = ['asker', 'admin', 'expired', 'asker_deleted'] as const;
export type NeedCloseReason = (typeof NEED_CLOSE_REASONS)[number];

/** Who asked: a foster family for itself, a point person for a family they know, a caseworker, or an admin. */
export const NEED_ASKED_AS = ['family', 'church', 'caseworker', 'admin'] as const;
export type NeedAskedAs = (typeof NEED_ASKED_AS)[number];

export const CASEWORKER_STATUSES = ['applied', 'approved', 'declined'] as const;
export type CaseworkerStatus = (typeof CASEWORKER_STATUSES)[number];

// ---- Routing and the board's clock (jobs on the background-work runner) ----

/** The radii a need is announced within, in order: each step when nobody has committed for a while. */
export const NEED_RADIUS_STEPS = [15, 30, 60] as const;
export type NeedRadius = (typeof NEED_RADIUS_STEPS)[number];
/** Hours without any commitment before a need widens to the next radius, by urgency. */
export const NEED_WIDEN_AFTER_HOURS: Record<NeedUrgency, number> = { urgent: 24, normal: 72 };
/** An open need that is not closed by then closes itself (outcome: not met, unless commitments met it). */
export const NEED_EXPIRE_DAYS = 40;
/** The asker is reminded to record the outcome this many days after approval. */
export const NEED_REMIND_DAYS = [14, 28] as const;
/** A supervisor's single-use link works this long; the request expires with it. */
export const SUPERVISOR_LINK_DAYS = 4;
/** The radii members may ask to hear of needs within. */
export const NEED_ALERT_RADII = [10, 15, 30, 60] as const;

// ---- Limits ----

export const NEED_TITLE_MAX = 120;
export const NEED_DESCRIPTION_MAX = 2000;
export const NEED_CITY_MAX = 80;
export const NEED_ITEM_NAME_MAX = 100;
export const NEED_ITEM_NOTE_MAX = 300;
export const NEED_ITEMS_MAX = 20;
export const NEED_ITEM_QUANTITY_MAX = 100;
/** Dollars, per unit: an estimate, whole dollars. */
export const NEED_ITEM_VALUE_MAX = 10_000;
export const NEED_THANK_YOU_MAX = 1000;
export const NEED_CHILDREN_SERVED_MAX = 50;
export const NEED_REASON_MAX = 1000;
export const AGENCY_MAX = 120;
/** Needs a member (or caseworker) may ask a day, and commitments a member may make an hour. */
export const NEEDS_PER_DAY = 5;
export const COMMITMENTS_PER_HOUR = 20;

// ---- Messages ----

export const NEED_NOT_FOUND = /*i18n*/ 'This need is not on the board.';
export const NEED_NOT_OPEN = /*i18n*/ 'This need is not taking commitments any more.';
export const NEED_ITEM_FULL = /*i18n*/ 'Someone else committed to the rest of this item just now. Nothing was committed.';
export const NEED_CONSENT_REQUIRED = /*i18n*/ 'Confirm that the family agreed to this request';
/** What the form says plainly above the fields (the server enforces what it can of it). */
export const NEED_PRIVACY_RULE =
  /*i18n*/ "Never write a child's name, photo, school, case or placement details. Give the town, never a street address, and no phone number or email address: responders reach the asker through the site's mail.";
/** What a need's page says in place of a first name (the page puts it in the reader's language). */
export const NEED_NAMELESS = { member: /*i18n*/ 'A member', former: /*i18n*/ 'A former member' } as const;
export const SUPERVISOR_LINK_USED = /*i18n*/ 'This link has been used or has expired. Nothing was changed.';

// ---- Children's privacy: what a need's text may not hold ----

const PHONE = /(?:\+?1[\s.-]?)?\(?\b\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\b/;
const EMAIL = /[^\s@]+@[^\s@]+\.[a-z]{2,}/i;
const STREET_WORDS =
  'street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|dr|court|ct|way|place|pl|circle|cir|parkway|pkwy|highway|hwy|terrace|ter|trail|trl|calle|avenida';
/** A house number, up to four words, then a street word: "1445 N Boonville Ave", "12 Oak Street". */
const STREET_ADDRESS = new RegExp(`\\b\\d{1,6}\\s+(?:[A-Za-z0-9.'-]+\\s+){0,4}(?:${STREET_WORDS})\\b\\.?`, 'i');

/**
 * The refusals, written out for each field that is checked: a zod message is one string, found before anyone knows
 * who reads it, so each must be a catalog's message of its own to reach a Spanish reader (decision 043).
 */
const CONTACT_DETAIL_MESSAGES: Record<string, Record<'email' | 'phone' | 'street', string>> = {
  Item: {
    email: /*i18n*/ 'Item must not hold an email address: responders write to the asker through the site.',
    phone: /*i18n*/ 'Item must not hold a phone number: responders write to the asker through the site.',
    street: /*i18n*/ 'Item must not hold a street address: give the town only.',
  },
  Details: {
    email: /*i18n*/ 'Details must not hold an email address: responders write to the asker through the site.',
    phone: /*i18n*/ 'Details must not hold a phone number: responders write to the asker through the site.',
    street: /*i18n*/ 'Details must not hold a street address: give the town only.',
  },
  Title: {
    email: /*i18n*/ 'Title must not hold an email address: responders write to the asker through the site.',
    phone: /*i18n*/ 'Title must not hold a phone number: responders write to the asker through the site.',
    street: /*i18n*/ 'Title must not hold a street address: give the town only.',
  },
  Description: {
    email: /*i18n*/ 'Description must not hold an email address: responders write to the asker through the site.',
    phone: /*i18n*/ 'Description must not hold a phone number: responders write to the asker through the site.',
    street: /*i18n*/ 'Description must not hold a street address: give the town only.',
  },
  'Thank-you': {
    email: /*i18n*/ 'Thank-you must not hold an email address: responders write to the asker through the site.',
    phone: /*i18n*/ 'Thank-you must not hold a phone number: responders write to the asker through the site.',
    street: /*i18n*/ 'Thank-you must not hold a street address: give the town only.',
  },
  Notes: {
    email: /*i18n*/ 'Notes must not hold an email address: responders write to the asker through the site.',
    phone: /*i18n*/ 'Notes must not hold a phone number: responders write to the asker through the site.',
    street: /*i18n*/ 'Notes must not hold a street address: give the town only.',
  },
  Town: {
    email: /*i18n*/ 'Town must not hold an email address: responders write to the asker through the site.',
    phone: /*i18n*/ 'Town must not hold a phone number: responders write to the asker through the site.',
    street: /*i18n*/ 'Town must not hold a street address: give the town only.',
  },
  Message: {
    email: /*i18n*/ 'Message must not hold an email address: responders write to the asker through the site.',
    phone: /*i18n*/ 'Message must not hold a phone number: responders write to the asker through the site.',
    street: /*i18n*/ 'Message must not hold a street address: give the town only.',
  },
};

/**
 * What a text holds that a need may not show: a phone number, an email address or a street address; the message
 * names the field. Null when the text is fine.
 */
export function contactDetailIn(text: string, label: string): string | null {
  const found = EMAIL.test(text) ? 'email' : PHONE.test(text) ? 'phone' : STREET_ADDRESS.test(text) ? 'street' : null;
  if (!found) return null;
  const written = CONTACT_DETAIL_MESSAGES[label]?.[found];
  if (written) return written;
  // A field not in the table above keeps its English refusal.
  if (found === 'email') return `${label} must not hold an email address: responders write to the asker through the site.`;
  if (found === 'phone') return `${label} must not hold a phone number: responders write to the asker through the site.`;
  return `${label} must not hold a street address: give the town only.`;
}

/** A text field of a need, refused when it holds a contact detail (the message names the field). */
export function privateFree<T extends z.ZodType<string | null>>(schema: T, label: string) {
  return schema.superRefine((value, ctx) => {
    const found = typeof value === 'string' ? contactDetailIn(value, label) : null;
    if (found) ctx.addIssue({ code: 'custom', message: found });
  });
}

type WholeNumberMessages = { type: string; int: string; min: string; max: string };

/** Each message written out with its limit (zod's message is one string: see CONTACT_DETAIL_MESSAGES). */
const wholeNumber = (min: number, max: number, m: WholeNumberMessages) =>
  z.number({ error: m.type }).int(m.int).min(min, m.min).max(max, m.max);

const QUANTITY_MESSAGES: WholeNumberMessages = {
  type: /*i18n*/ 'Quantity must be a number',
  int: /*i18n*/ 'Quantity must be a whole number',
  min: /*i18n*/ 'Quantity must be at least 1',
  max: /*i18n*/ 'Quantity must be at most 100',
};
const VALUE_MESSAGES: WholeNumberMessages = {
  type: /*i18n*/ 'Estimated value must be a number',
  int: /*i18n*/ 'Estimated value must be a whole number',
  min: /*i18n*/ 'Estimated value must be at least 0',
  max: /*i18n*/ 'Estimated value must be at most 10000',
};

export const needItemInputSchema = z.object({
  name: privateFree(lineOf('Item', NEED_ITEM_NAME_MAX), 'Item'),
  quantity: wholeNumber(1, NEED_ITEM_QUANTITY_MAX, QUANTITY_MESSAGES),
  /** Estimated value of one unit, in whole dollars. */
  unitValue: wholeNumber(0, NEED_ITEM_VALUE_MAX, VALUE_MESSAGES),
  note: privateFree(optionalLineOf('Details', NEED_ITEM_NOTE_MAX), 'Details'),
});
export type NeedItemInput = z.input<typeof needItemInputSchema>;

/** What an asker writes (and an admin may edit before approving). */
export const needFieldsSchema = z.object({
  kind: z.enum(NEED_KIND_CODES, { error: /*i18n*/ 'Choose a kind of need from the list' }),
  title: privateFree(lineOf('Title', NEED_TITLE_MAX), 'Title'),
  description: privateFree(textOf('Description', NEED_DESCRIPTION_MAX), 'Description'),
  city: lineOf('Town', NEED_CITY_MAX),
  state: z.enum(STATE_CODES, { error: /*i18n*/ 'Choose a state' }),
  zip: zip5,
  urgency: z.enum(NEED_URGENCY_CODES, { error: /*i18n*/ 'Choose how soon it is needed' }),
  items: z
    .array(needItemInputSchema, { error: /*i18n*/ 'List at least one item' })
    .min(1, /*i18n*/ 'List at least one item')
    .max(NEED_ITEMS_MAX, /*i18n*/ 'List at most 20 items'),
  /** The language the asker wrote in; absent, a new need takes the asker's own and an edit keeps the need's (issue 28). */
  language: contentLanguageSchema.optional(),
});
export type NeedFieldsInput = z.input<typeof needFieldsSchema>;
export type NeedFields = z.output<typeof needFieldsSchema>;

/** POST /api/needs: the fields, the family's consent, and (for a point person) the church asking. */
export const needInputSchema = needFieldsSchema.extend({
  familyConsent: z.literal(true, { error: NEED_CONSENT_REQUIRED }),
  /** A point person asks for a family their church knows: the church's id. */
  churchId: z.number().int().positive().nullish(),
});
export type NeedInput = z.input<typeof needInputSchema>;

// ---- What pages read ----

export const needItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  unitValue: z.number().int(),
  note: z.string().nullable(),
  /** Units committed by active (not withdrawn) commitments. */
  committed: z.number().int(),
});
export type NeedItem = z.infer<typeof needItemSchema>;

/** A need as lists show it. */
export const needListingSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(NEED_KIND_CODES),
    title: z.string(),
    /** The language the asker wrote in: pages mark its text with it (lang) and name it when it is not the page's. */
    language: contentLanguageSchema,
    city: z.string(),
    state: z.enum(STATE_CODES),
    urgency: z.enum(NEED_URGENCY_CODES),
    status: z.enum(NEED_STATUSES),
    outcome: z.enum(NEED_OUTCOME_CODES).nullable(),
    /** Dollars: the estimated value of everything asked, and of what is committed. */
    totalValue: z.number().int(),
    committedValue: z.number().int(),
    /** Units asked and committed, all items together (the list's progress bar). */
    totalUnits: z.number().int(),
    committedUnits: z.number().int(),
    /** When it went on the board (approval); null before. */
    approvedAt: z.string().nullable(),
    /** Miles from the ZIP code searched, to one decimal; null when not searching near a ZIP. */
    distanceMiles: z.number().nullable(),
  })
  .meta({ id: 'NeedListing' });
export type NeedListing = z.infer<typeof needListingSchema>;

/** Who asked, as members see it (visitors: null): a first name, and the church or agency. */
export const needAskerSchema = z.object({
  firstName: z.string(),
  askedAs: z.enum(NEED_ASKED_AS),
  church: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  agency: z.string().nullable(),
});
export type NeedAsker = z.infer<typeof needAskerSchema>;

/** A commitment as the need's page lists it. Visitors see the church (or "A member"), members the first name too. */
export const needCommitmentSchema = z.object({
  id: z.number().int(),
  /** The item committed to; null for a commitment to pray. */
  itemId: z.number().int().nullable(),
  quantity: z.number().int(),
  /** The responder's first name, for members; null for visitors. */
  firstName: z.string().nullable(),
  /** The church the responder committed for (a point person), or the responder's own confirmed church. */
  church: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
  /** The reader's own commitment (they may withdraw it while the need is open). */
  mine: z.boolean(),
});
export type NeedCommitment = z.infer<typeof needCommitmentSchema>;

/** GET /api/needs/:id: the need's page. */
export const needPageSchema = needListingSchema
  .extend({
    description: z.string(),
    items: z.array(needItemSchema),
    /** Who asked, for members and admins; null for visitors. */
    asker: needAskerSchema.nullable(),
    commitments: z.array(needCommitmentSchema),
    /** How many committed to pray. */
    prayers: z.number().int(),
    /** When the board closes it if nobody does (approval + NEED_EXPIRE_DAYS); null before approval. */
    closesAt: z.string().nullable(),
    closedAt: z.string().nullable(),
    childrenServed: z.number().int().nullable(),
    thankYou: z.string().nullable(),
    /** What the reader may do here (the server checks again on every request). */
    may: z.object({ edit: z.boolean(), close: z.boolean(), commit: z.boolean() }),
  })
  .meta({ id: 'NeedPage' });
export type NeedPage = z.infer<typeof needPageSchema>;
