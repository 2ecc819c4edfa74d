import { z } from 'zod';
import { CARE_HELPER_ROLES, CARE_ROLE_CODES, careRoleLabel, localDateSchema } from './care';
import { lineOf, optionalLineOf, optionalTextOf, queryTextOf, textOf } from './text';

// Clearances (issue 27, decision 041): requirements the admins define (a background check, a named training, the
// confidentiality agreement), each valid for some months and required for some roles or for seeing the family's
// details; a member's record of each holds only a status and dates. An admin or a point person of the member's
// church records them; the member accepts the agreement themselves. Nothing else is ever stored: the schemas below
// are strict, so a field such as `ssn`, `notes` or `document` is refused, not dropped.

export const CLEARANCE_KINDS = [
  { code: 'background_check', label: /*i18n*/ 'Background check' },
  { code: 'training', label: /*i18n*/ 'Training' },
  { code: 'agreement', label: /*i18n*/ 'Agreement' },
] as const;
export type ClearanceKind = (typeof CLEARANCE_KINDS)[number]['code'];
export const CLEARANCE_KIND_CODES = CLEARANCE_KINDS.map((k) => k.code) as [ClearanceKind, ...ClearanceKind[]];
export const clearanceKindLabel = (code: string) => CLEARANCE_KINDS.find((k) => k.code === code)?.label ?? code;

/** What a record can say (an admin or point person sets it). */
export const CLEARANCE_RECORD_STATUSES = ['pending', 'cleared', 'not_cleared'] as const;
export type ClearanceRecordStatus = (typeof CLEARANCE_RECORD_STATUSES)[number];
/** How a requirement stands for a member: a record's status, no record, or cleared but past its expiry date. */
export const CLEARANCE_STATES = ['missing', 'pending', 'cleared', 'not_cleared', 'expired'] as const;
export type ClearanceStatus = (typeof CLEARANCE_STATES)[number];
export const CLEARANCE_STATE_LABELS: Record<ClearanceStatus, string> = {
  missing: /*i18n*/ 'Not started',
  pending: /*i18n*/ 'In progress',
  cleared: /*i18n*/ 'Cleared',
  not_cleared: /*i18n*/ 'Not cleared',
  expired: /*i18n*/ 'Expired',
};

/** What a requirement can be required for: a helper role, or seeing the family's practical details. */
export const CLEARANCE_TARGETS = [...CARE_HELPER_ROLES, 'details'] as const;
export type ClearanceTarget = (typeof CLEARANCE_TARGETS)[number];
export const clearanceTargetLabel = (code: string) => (code === 'details' ? /*i18n*/ "Seeing the family's details" : careRoleLabel(code));

export const CLEARANCE_NAME_MAX = 80;
export const CLEARANCE_DESCRIPTION_MAX = 4000;
export const CLEARANCE_VALID_MONTHS_MAX = 120;
/** Members on one page of the admin's list. */
export const CLEARANCE_PAGE_SIZE = 25;
export const CLEARANCE_SEARCH_MAX = 100;

// ---- Messages ----

/** Said above both record forms, and in the product notes. */
export const CLEARANCE_ONLY_DATES =
  /*i18n*/ "The site keeps only the status and the dates. Never enter a background check's content, a Social Security number or a document.";
/** The box the member ticks under the agreement's text. */
export const CLEARANCE_AGREE_LABEL = /*i18n*/ "I agree to keep this family's information confidential";
export const CLEARANCE_REQUIREMENT_NOT_FOUND = /*i18n*/ 'This clearance requirement does not exist, or it is archived.';
export const CLEARANCE_MEMBER_NOT_FOUND = /*i18n*/ 'This member does not exist.';
export const CLEARANCE_RECORD_NOT_FOUND = /*i18n*/ 'There is no record of this clearance to remove.';
export const CLEARANCE_RECORDERS_ONLY = /*i18n*/ "Only an admin or a point person of the member's church can record their clearances.";
export const CLEARANCE_NOT_OWN = /*i18n*/ 'Someone else records your clearances: another point person of your church, or an admin.';
export const CLEARANCE_NO_AGREEMENT = /*i18n*/ 'There is no confidentiality agreement to accept right now.';
export const CLEARANCE_DATE_FUTURE = /*i18n*/ 'The completion date cannot be in the future';
export const CLEARANCE_EXPIRES_BEFORE = /*i18n*/ 'The expiry date must be after the completion date';
export const CLEARANCE_COMPLETED_NEEDED = /*i18n*/ 'Give the date it was completed';

// ---- Input ----

const validMonthsSchema = z
  .number({ error: /*i18n*/ 'Months valid must be a number' })
  .int(/*i18n*/ 'Months valid must be a whole number')
  .min(1, /*i18n*/ 'Months valid must be at least 1')
  .max(CLEARANCE_VALID_MONTHS_MAX, `Months valid must be at most ${CLEARANCE_VALID_MONTHS_MAX}`);

const requirementFields = {
  name: lineOf('Name', CLEARANCE_NAME_MAX),
  /** What Spanish readers see (pages and mail) in place of `name`; blank for none. */
  nameEs: optionalLineOf(/*i18n*/ 'Name in Spanish', CLEARANCE_NAME_MAX),
  kind: z.enum(CLEARANCE_KIND_CODES, { error: /*i18n*/ 'Choose a background check, a training or an agreement' }),
  /** What it is; for the agreement, the text the member accepts. */
  description: textOf('Description', CLEARANCE_DESCRIPTION_MAX),
  /** The description Spanish readers see (the agreement's text they accept); blank for none. */
  descriptionEs: optionalTextOf(/*i18n*/ 'Description in Spanish', CLEARANCE_DESCRIPTION_MAX),
  validMonths: validMonthsSchema,
  requiredFor: z
    .array(z.enum(CLEARANCE_TARGETS, { error: /*i18n*/ 'Choose roles, or seeing the details' }), {
      error: /*i18n*/ 'Say what it is required for',
    })
    .max(CLEARANCE_TARGETS.length)
    .transform((list) => [...new Set(list)]),
};

/** POST /api/admin/clearances/requirements. */
export const clearanceRequirementInputSchema = z.object(requirementFields).strict().meta({ id: 'ClearanceRequirementInput' });
export type ClearanceRequirementInput = z.input<typeof clearanceRequirementInputSchema>;

/** PATCH /api/admin/clearances/requirements/{id}: any of the fields, or archived true/false. */
export const clearanceRequirementPatchSchema = z
  .object({ ...requirementFields, archived: z.boolean({ error: /*i18n*/ 'archived must be true or false' }) })
  .partial()
  .strict()
  .meta({ id: 'ClearanceRequirementPatch' });
export type ClearanceRequirementPatch = z.input<typeof clearanceRequirementPatchSchema>;

/**
 * PUT /api/clearances/{uid}/{requirementId}: a status and dates, nothing else (strict: any other field is
 * refused). Cleared needs the completion date; the expiry date defaults to it plus the requirement's months.
 */
export const clearanceRecordInputSchema = z
  .object({
    status: z.enum(CLEARANCE_RECORD_STATUSES, { error: /*i18n*/ 'Choose pending, cleared or not cleared' }),
    completedOn: localDateSchema.nullish(),
    expiresOn: localDateSchema.nullish(),
  })
  .strict()
  .superRefine((r, ctx) => {
    if (r.status === 'cleared' && !r.completedOn)
      ctx.addIssue({ code: 'custom', path: ['completedOn'], message: CLEARANCE_COMPLETED_NEEDED });
    if (r.completedOn && r.expiresOn && r.expiresOn <= r.completedOn) {
      ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: CLEARANCE_EXPIRES_BEFORE });
    }
  })
  .meta({ id: 'ClearanceRecordInput' });
export type ClearanceRecordInput = z.input<typeof clearanceRecordInputSchema>;

/** POST /api/me/clearances/agreement: the member accepts the agreement's text. */
export const clearanceAgreementSchema = z
  .object({ agree: z.literal(true, { error: /*i18n*/ 'Tick the box to agree' }) })
  .strict()
  .meta({ id: 'ClearanceAgreementInput' });

/** GET /api/admin/clearances: search by name, one state of any requirement, a page. */
export const adminClearanceQuerySchema = z.object({
  q: queryTextOf('Search words', CLEARANCE_SEARCH_MAX),
  status: z
    .union([z.enum(CLEARANCE_STATES, { error: /*i18n*/ 'Unknown status' }), z.literal('')])
    .optional()
    .transform((s) => (s ? s : undefined)),
  page: z.coerce
    .number({ error: /*i18n*/ 'Not a page number' })
    .int(/*i18n*/ 'Not a page number')
    .min(1, /*i18n*/ 'Not a page number')
    .max(100_000)
    .default(1),
});
export type AdminClearanceQuery = z.input<typeof adminClearanceQuerySchema>;

// ---- Answers ----

export const clearanceRequirementSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    nameEs: z.string().nullable(),
    kind: z.enum(CLEARANCE_KIND_CODES),
    description: z.string(),
    descriptionEs: z.string().nullable(),
    validMonths: z.number().int(),
    requiredFor: z.array(z.string()),
    archived: z.boolean(),
  })
  .meta({ id: 'ClearanceRequirement' });
export type ClearanceRequirement = z.infer<typeof clearanceRequirementSchema>;
export const clearanceRequirementListSchema = z.object({ requirements: z.array(clearanceRequirementSchema) });

/** One requirement as it stands for a member. */
export const clearanceStateSchema = z
  .object({
    requirementId: z.number().int(),
    name: z.string(),
    kind: z.enum(CLEARANCE_KIND_CODES),
    requiredFor: z.array(z.string()),
    validMonths: z.number().int(),
    status: z.enum(CLEARANCE_STATES),
    completedOn: z.string().nullable(),
    expiresOn: z.string().nullable(),
  })
  .meta({ id: 'ClearanceState' });
export type ClearanceStateView = z.infer<typeof clearanceStateSchema>;

/** A member and their states, as the admin's list and a church's point persons read them. */
export const memberClearancesSchema = z
  .object({
    uid: z.string(),
    name: z.string(),
    church: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    clearances: z.array(clearanceStateSchema),
  })
  .meta({ id: 'MemberClearances' });
export type MemberClearances = z.infer<typeof memberClearancesSchema>;

export const adminClearanceListSchema = z
  .object({ members: z.array(memberClearancesSchema), page: z.number().int(), pages: z.number().int(), total: z.number().int() })
  .meta({ id: 'AdminClearanceList' });
export type AdminClearanceList = z.infer<typeof adminClearanceListSchema>;

export const churchClearancesSchema = z
  .object({ church: z.object({ id: z.number().int(), name: z.string() }), members: z.array(memberClearancesSchema) })
  .meta({ id: 'ChurchClearances' });
export type ChurchClearances = z.infer<typeof churchClearancesSchema>;

/** The member's own page: each requirement with what it is (an agreement's text), and what each team role needs. */
export const myClearancesSchema = z
  .object({
    clearances: z.array(clearanceStateSchema.extend({ description: z.string() })),
    details: z.object({ cleared: z.boolean(), missing: z.array(z.string()) }),
    teams: z.array(
      z.object({
        teamId: z.number().int(),
        name: z.string(),
        role: z.enum(CARE_ROLE_CODES),
        cleared: z.boolean(),
        missing: z.array(z.string()),
      }),
    ),
  })
  .meta({ id: 'MyClearances' });
export type MyClearances = z.infer<typeof myClearancesSchema>;

// ---- Live topics, as the pages follow them (the server's names are in src/server/care/store.ts) ----

/** Admins: requirements and every member's records. */
export const CLEARANCES_LIVE_TOPIC = 'clearances';
/** The member's own teams' topic (myCareTeamsTopic), which a change of their clearances is announced on too. */
export { myCareTeamsTopic } from './care';
