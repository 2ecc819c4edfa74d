import { z } from 'zod';
import { CHURCH_LANGUAGE_CODES, CHURCH_MEMBERSHIP_STATUSES, CHURCH_OFFER_CODES, CHURCH_STATUSES, churchListingSchema } from './churches';
import { EMPTY_DIRECTORY_FILTER, directoryFilterToParams } from './directory';
import { networkFiguresSchema } from './state-stat';
import { STATE_CODES } from './states';
import { optionalLineOf, textOf } from './text';

// Members and their churches (issue 25): the church a member says they belong to, the churches a member keeps
// as a point person, and what a point person sees and does on the church's own page. What leaves the server
// about the members of a church is what the directory shows of anyone: never an address, a phone, an email or
// a ZIP code.

/** The admins' queue of proposals follows this live topic (an admin's topic: a proposal names its proposer). */
export const CHURCH_PROPOSALS_TOPIC = 'church-proposals';

/** PUT /api/me/church: the church a member says they belong to (one; a new one replaces the old). */
export const churchClaimSchema = z.object({
  churchId: z
    .number({ error: /*i18n*/ 'Choose a church from the list' })
    .int(/*i18n*/ 'Choose a church from the list')
    .min(1, /*i18n*/ 'Choose a church from the list')
    .max(2_147_483_647, /*i18n*/ 'Choose a church from the list'),
});
export type ChurchClaimInput = z.input<typeof churchClaimSchema>;

/** GET /api/me/church: my church (null until I pick one) and the churches I keep. */
export const myChurchSchema = z
  .object({
    church: z
      .object({
        listing: churchListingSchema,
        churchStatus: z.enum(CHURCH_STATUSES),
        /** claimed: waiting for a point person; confirmed: a point person said so. */
        status: z.enum(CHURCH_MEMBERSHIP_STATUSES),
      })
      .nullable(),
    keeps: z.array(z.object({ id: z.number().int(), name: z.string(), status: z.enum(CHURCH_STATUSES) })),
  })
  .meta({ id: 'MyChurch' });
export type MyChurch = z.infer<typeof myChurchSchema>;

/** "New members of your church" on the member's home (issue 29): who joined in these many days, this many at most. */
export const NEW_CHURCH_MEMBERS_DAYS = 30;
export const NEW_CHURCH_MEMBERS_MAX = 6;

/**
 * GET /api/me/church/new-members: the church I am a confirmed member of (null without one) and its members
 * confirmed in the last NEW_CHURCH_MEMBERS_DAYS days who are listed in the directory, the newest first. Only
 * what the directory's card shows of them, and when they joined.
 */
export const newChurchMembersSchema = z
  .object({
    church: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    members: z.array(
      z.object({
        uid: z.string(),
        name: z.string(),
        photoUrl: z.string().nullable(),
        /** Their card in the directory: a search for their name. */
        directoryUrl: z.string(),
        /** When a point person confirmed them (or they joined as one). */
        joinedAt: z.string(),
      }),
    ),
  })
  .meta({ id: 'NewChurchMembers' });
export type NewChurchMembers = z.infer<typeof newChurchMembersSchema>;

/** The directory has no page per member: their card is found by their name, as anyone would look for it. */
export const directoryUrlOf = (name: string) => `/directory?${directoryFilterToParams({ ...EMPTY_DIRECTORY_FILTER, q: name }).toString()}`;

export const churchPickResponseSchema = z.object({ churches: z.array(churchListingSchema) });
export type ChurchPickResponse = z.infer<typeof churchPickResponseSchema>;
/** The picker answers at most this many churches. */
export const CHURCH_PICK_MAX = 10;
/** A ZIP code typed in the picker finds churches this near it. */
export const CHURCH_PICK_RADIUS_MILES = 50;

/** What a member is in the network, as their profile says (what a point person may know of them). */
export const CHURCH_MEMBER_ROLES = [
  { code: 'foster-parent', label: /*i18n*/ 'Foster parent' },
  { code: 'ag-credentialed', label: /*i18n*/ 'AG credentialed' },
  { code: 'ag-affiliated', label: /*i18n*/ 'AG affiliated' },
] as const;
export type ChurchMemberRole = (typeof CHURCH_MEMBER_ROLES)[number]['code'];
export const churchMemberRoleLabel = (code: string) => CHURCH_MEMBER_ROLES.find((r) => r.code === code)?.label ?? code;

/** A member who says they belong to the church, as its point persons see them. */
export const churchMemberSchema = z.object({
  uid: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  state: z.enum(STATE_CODES).nullable(),
  roles: z.array(z.enum(CHURCH_MEMBER_ROLES.map((r) => r.code) as [ChurchMemberRole, ...ChurchMemberRole[]])),
  status: z.enum(CHURCH_MEMBERSHIP_STATUSES),
  claimedAt: z.string(),
  isPointPerson: z.boolean(),
});
export type ChurchMember = z.infer<typeof churchMemberSchema>;

/** GET /api/churches/{id}/manage: the page's fields as its form edits them, and who belongs. */
export const churchManageSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(CHURCH_STATUSES),
    fields: z.object({
      name: z.string(),
      ag: z.boolean(),
      agDistrict: z.string().nullable(),
      street: z.string(),
      city: z.string(),
      state: z.enum(STATE_CODES),
      zip: z.string(),
      website: z.string().nullable(),
      phone: z.string().nullable(),
      languages: z.array(z.enum(CHURCH_LANGUAGE_CODES)),
      description: z.string().nullable(),
      offers: z.array(z.enum(CHURCH_OFFER_CODES)),
    }),
    photoUrl: z.string().nullable(),
    /** Exact: the church's own people see their own figures whatever their size. */
    figures: networkFiguresSchema,
    pointPersons: z.array(z.object({ uid: z.string(), name: z.string() })),
    members: z.array(churchMemberSchema),
    /** Whether the one asking may act as an admin here (not a point person of it). */
    asAdmin: z.boolean(),
  })
  .meta({ id: 'ChurchManage' });
export type ChurchManage = z.infer<typeof churchManageSchema>;

export const CHURCH_MESSAGE_SUBJECT_MAX = 150;
export const CHURCH_MESSAGE_MAX = 5000;
/** Messages a point person sends to the members, an hour and a day (each one mails every confirmed member). */
export const CHURCH_MESSAGES_PER_HOUR = 3;
export const CHURCH_MESSAGES_PER_DAY = 6;

/** POST /api/churches/{id}/members/message. */
export const churchMessageSchema = z.object({
  subject: optionalLineOf(/*i18n*/ 'Subject', CHURCH_MESSAGE_SUBJECT_MAX),
  message: textOf(/*i18n*/ 'Message', CHURCH_MESSAGE_MAX),
});
export type ChurchMessageInput = z.input<typeof churchMessageSchema>;
export const churchMessageSentSchema = z.object({ recipients: z.number().int() });

export const CHURCH_MEMBER_MESSAGES = {
  notAMember: /*i18n*/ 'This member does not say they belong to this church.',
  noRecipients: /*i18n*/ 'No confirmed member of this church to write to yet.',
  waiting: /*i18n*/ 'This church waits for an admin’s approval: its members can be confirmed once it is in the network.',
  needsProfile: /*i18n*/ 'Save your profile first: a church is proposed in your name.',
  notPointPerson: /*i18n*/ 'Only the point persons of this church and admins can manage its page.',
} as const;

/**
 * 409 to a proposal of a church the network has already (an active one, or one waiting, of that name and ZIP
 * code): messages with the church's `{name}` and `{city}`, put in the asker's language by the server.
 */
export const DUPLICATE_CHURCH_MESSAGES = {
  waiting: /*i18n*/ '{name} in {city} has been proposed already and waits for an admin’s approval.',
  listed: /*i18n*/ '{name} in {city} is in the network already: pick it from the list instead.',
} as const;
