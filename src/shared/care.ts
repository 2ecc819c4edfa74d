import { z } from 'zod';
import { privateFree } from './needs';
import { optionalLineOf, textOf } from './text';
import { contentLanguageSchema } from './i18n/content-language';

// Care teams (issue 27, decision 041): a small circle of church members around one foster family (a leader,
// family helpers, a child mentor, a respite caregiver), with a care calendar the family asks on in one step, and
// clearances (a background check, a training, the confidentiality agreement) that decide who may do what. Private
// by design: a team, its members, calendar and notes reach only the team and admins; the family's practical
// details reach only members cleared for them; nothing anywhere names a child.

// ---- Live topics (the server publishes, pages follow; src/server/live/routes.ts checks who may) ----

/** 'care-team:<id>': every change to one team (members, details, calendar, claims, posts): its active members and admins. */
export const CARE_TEAM_TOPIC_FAMILY = 'care-team';
export const careTeamTopic = (teamId: number) => `${CARE_TEAM_TOPIC_FAMILY}:${teamId}`;
/** 'care-teams:<uid>': a member's own list of teams, invitations, sign-ups and clearances changed. */
export const MY_CARE_TEAMS_TOPIC_FAMILY = 'care-teams';
export const myCareTeamsTopic = (uid: string) => `${MY_CARE_TEAMS_TOPIC_FAMILY}:${uid}`;

// ---- Roles and statuses ----

/** The roles on a team. The family is a member too; the others are the helpers it chose. */
export const CARE_ROLES = [
  { code: 'family', label: /*i18n*/ 'Foster family' },
  { code: 'leader', label: /*i18n*/ 'Team leader' },
  { code: 'helper', label: /*i18n*/ 'Family helper' },
  { code: 'mentor', label: /*i18n*/ 'Child mentor' },
  { code: 'respite', label: /*i18n*/ 'Respite caregiver' },
] as const;
export type CareRole = (typeof CARE_ROLES)[number]['code'];
export const CARE_ROLE_CODES = CARE_ROLES.map((r) => r.code) as [CareRole, ...CareRole[]];
/** The roles a helper can be invited to (the family's own role is given when the team starts). */
export const CARE_HELPER_ROLES = CARE_ROLE_CODES.filter((r) => r !== 'family') as [
  Exclude<CareRole, 'family'>,
  ...Exclude<CareRole, 'family'>[],
];
export type CareHelperRole = (typeof CARE_HELPER_ROLES)[number];
export const careRoleLabel = (code: string) => CARE_ROLES.find((r) => r.code === code)?.label ?? code;
/** What each helper role does, as the invitation and the team page say it. */
export const CARE_ROLE_DESCRIPTIONS: Record<CareHelperRole, string> = {
  leader: /*i18n*/ 'Keeps the team going: welcomes helpers, keeps the calendar filled, checks in with the family.',
  helper: /*i18n*/ 'Meals, errands and rides.',
  mentor: /*i18n*/ 'A steady friend for a child, with the family there.',
  respite: /*i18n*/ 'Cares for the children so the parents can rest; needs a background check and the respite training.',
};

/** proposed: a point person started it, the family has not accepted yet; active; ended (by the family or an admin). */
export const CARE_TEAM_STATUSES = ['proposed', 'active', 'ended'] as const;
export type CareTeamStatus = (typeof CARE_TEAM_STATUSES)[number];

/** invited: the family or leader asked them, no answer yet; requested: waits for the family's or leader's approval. */
export const CARE_MEMBER_STATUSES = ['invited', 'requested', 'active'] as const;
export type CareMemberStatus = (typeof CARE_MEMBER_STATUSES)[number];

// ---- The care calendar ----

export const CARE_TASK_KINDS = [
  { code: 'meal', label: /*i18n*/ 'Meal' },
  { code: 'ride', label: /*i18n*/ 'Ride' },
  { code: 'childcare', label: /*i18n*/ 'Childcare' },
  { code: 'respite', label: /*i18n*/ 'Respite' },
  { code: 'errand', label: /*i18n*/ 'Errand' },
  { code: 'other', label: /*i18n*/ 'Other' },
] as const;
export type CareTaskKind = (typeof CARE_TASK_KINDS)[number]['code'];
export const CARE_TASK_KIND_CODES = CARE_TASK_KINDS.map((k) => k.code) as [CareTaskKind, ...CareTaskKind[]];
export const careTaskKindLabel = (code: string) => CARE_TASK_KINDS.find((k) => k.code === code)?.label ?? code;

/**
 * Who may claim a task of a kind: respite only a respite caregiver cleared for the role; childcare only members
 * cleared to see the family's details (they are alone with the children); the rest any active helper.
 */
export const CARE_KIND_NEEDS: Record<CareTaskKind, 'anyone' | 'details' | 'respite'> = {
  meal: 'anyone',
  ride: 'anyone',
  childcare: 'details',
  respite: 'respite',
  errand: 'anyone',
  other: 'anyone',
};

/** How a task repeats, as the family chooses it; the server writes the RRULE (src/server/care/recurrence.ts). */
export const CARE_REPEATS = [
  { code: 'once', label: /*i18n*/ 'Once' },
  { code: 'weekly', label: /*i18n*/ 'Every week' },
  { code: 'every_other_week', label: /*i18n*/ 'Every other week' },
  { code: 'monthly_weekday', label: /*i18n*/ 'Once a month, on the same weekday' },
] as const;
export type CareRepeat = (typeof CARE_REPEATS)[number]['code'];
export const CARE_REPEAT_CODES = CARE_REPEATS.map((r) => r.code) as [CareRepeat, ...CareRepeat[]];

/** Unclaimed occurrences are offered to the team again this many days before. */
export const CARE_REOFFER_DAYS = 3;
/** Claimers are reminded the day before, at this local hour of the family's time zone. */
export const CARE_REMINDER_HOUR = 9;
/** The family's summary of the coming week: Sundays, at this local hour. */
export const CARE_SUMMARY_HOUR = 17;
/** A clearance about to expire is announced this many days before. */
export const CLEARANCE_NOTICE_DAYS = 30;
/** The anniversary question ("still fostering?") is asked this many months after the team started. */
export const CARE_ANNIVERSARY_MONTHS = 12;

// ---- Limits ----

export const CARE_TEAM_NAME_MAX = 80;
/** Helpers on a team (active, requested and invited together): typical teams are 4–8. */
export const CARE_TEAM_MEMBERS_MAX = 12;
export const CARE_TASK_TITLE_MAX = 100;
export const CARE_TASK_NOTES_MAX = 1000;
export const CARE_TOWN_MAX = 80;
export const CARE_HELPERS_NEEDED_MAX = 10;
/** Minutes: from a quarter of an hour to a whole day. */
export const CARE_DURATION_MIN = 15;
export const CARE_DURATION_MAX = 24 * 60;
/** How far ahead a task may start, and how far a calendar read reaches. */
export const CARE_HORIZON_DAYS = 400;
export const CARE_CALENDAR_SPAN_DAYS = 62;
export const CARE_DETAILS_MAX = 500;
export const CARE_CHILD_AGE_MAX = 21;
export const CARE_CHILDREN_MAX = 12;
export const CARE_POST_MAX = 2000;
/** Invitation links work this long, once. */
export const CARE_INVITE_DAYS = 14;
/** Tasks a member may add an hour; posts an hour; invitations a day. */
export const CARE_TASKS_PER_HOUR = 30;
export const CARE_POSTS_PER_HOUR = 20;
export const CARE_INVITES_PER_DAY = 20;

// ---- Messages ----

/** Said to everyone outside the team, whether the team exists or not: nothing tells them it does. */
export const CARE_TEAM_NOT_FOUND = /*i18n*/ 'This care team does not exist, or you are not on it.';
export const CARE_TASK_NOT_FOUND = /*i18n*/ 'This task is not on the calendar.';
export const CARE_TASK_FULL = /*i18n*/ 'Enough helpers have signed up for this already. Nothing was claimed.';
export const CARE_MANAGE_ONLY = /*i18n*/ 'Only the family and the team leader can do this.';
export const CARE_INVITE_USED = /*i18n*/ 'This invitation link has been used or has expired. Ask the family for a new one.';
/** What every care form says plainly above the fields. */
export const CARE_PRIVACY_RULE =
  /*i18n*/ "Never write a child's name, school, case or placement details. The family's address and details stay in its private details, shown only to members cleared for them.";

// ---- Time zones (the family's; every calendar time is a wall time there) ----

export const CARE_TIME_ZONES = [
  { code: 'America/New_York', label: /*i18n*/ 'Eastern' },
  { code: 'America/Chicago', label: /*i18n*/ 'Central' },
  { code: 'America/Denver', label: /*i18n*/ 'Mountain' },
  { code: 'America/Phoenix', label: /*i18n*/ 'Mountain (Arizona)' },
  { code: 'America/Los_Angeles', label: /*i18n*/ 'Pacific' },
  { code: 'America/Anchorage', label: /*i18n*/ 'Alaska' },
  { code: 'Pacific/Honolulu', label: /*i18n*/ 'Hawaii' },
  { code: 'America/Puerto_Rico', label: /*i18n*/ 'Atlantic (Puerto Rico)' },
] as const;
export type CareTimeZone = (typeof CARE_TIME_ZONES)[number]['code'];
export const CARE_TIME_ZONE_CODES = CARE_TIME_ZONES.map((z) => z.code) as [CareTimeZone, ...CareTimeZone[]];
/** A time zone as people say it ("Central"); its IANA name when it is not one of ours. */
export const timeZoneLabel = (code: string) => CARE_TIME_ZONES.find((z) => z.code === code)?.label ?? code.replace(/_/g, ' ');

const EASTERN = 'CT DE DC FL GA IN KY ME MD MA MI NH NJ NY NC OH PA RI SC VT VA WV'.split(' ');
const CENTRAL = 'AL AR IL IA KS LA MN MS MO NE ND OK SD TN TX WI'.split(' ');
const MOUNTAIN = 'CO ID MT NM UT WY'.split(' ');
const PACIFIC = 'CA NV OR WA'.split(' ');
/** Where most of a state lives (the family can change it). */
export function defaultTimeZone(state: string): CareTimeZone {
  if (EASTERN.includes(state)) return 'America/New_York';
  if (CENTRAL.includes(state)) return 'America/Chicago';
  if (MOUNTAIN.includes(state)) return 'America/Denver';
  if (PACIFIC.includes(state)) return 'America/Los_Angeles';
  if (state === 'AZ') return 'America/Phoenix';
  if (state === 'AK') return 'America/Anchorage';
  if (state === 'HI') return 'Pacific/Honolulu';
  if (state === 'PR') return 'America/Puerto_Rico';
  return 'America/Chicago';
}

// ---- Input pieces every part uses ----

/** A local date, "2026-12-05". */
export const localDateSchema = z
  .string({ error: /*i18n*/ 'Give a date' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, /*i18n*/ 'Give a date as YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, /*i18n*/ 'Not a date in the calendar');
/** A local time, "18:00". */
export const localTimeSchema = z
  .string({ error: /*i18n*/ 'Give a time' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, /*i18n*/ 'Give a time as HH:MM (24-hour)');

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/** The family's practical details, as the family (or the leader) writes them. Children by age, never by name. */
export const careDetailsSchema = z.object({
  address: optionalLineOf('Address for drop-offs', CARE_DETAILS_MAX),
  food: optionalLineOf('Allergies and food preferences', CARE_DETAILS_MAX),
  bestTimes: optionalLineOf('Best times', CARE_DETAILS_MAX),
  childrenAges: z
    .array(wholeNumber("A child's age", 0, CARE_CHILD_AGE_MAX), { error: /*i18n*/ "List the children's ages" })
    .max(CARE_CHILDREN_MAX, `List at most ${CARE_CHILDREN_MAX} ages`),
});
export type CareDetailsInput = z.input<typeof careDetailsSchema>;
export type CareDetails = z.output<typeof careDetailsSchema>;

/** A task as the family or leader writes it. Notes are seen by the whole team: no address, phone or email. */
export const careTaskInputSchema = z.object({
  kind: z.enum(CARE_TASK_KIND_CODES, { error: /*i18n*/ 'Choose what kind of help' }),
  /** Blank: the kind's name ("Meal"). */
  title: privateFree(optionalLineOf('Title', CARE_TASK_TITLE_MAX), 'Title'),
  notes: privateFree(optionalLineOf('Notes', CARE_TASK_NOTES_MAX), 'Notes'),
  date: localDateSchema,
  time: localTimeSchema,
  durationMinutes: wholeNumber('Length', CARE_DURATION_MIN, CARE_DURATION_MAX).default(60),
  /** At the family's home, or in a town (then `town` is required). */
  atHome: z.boolean({ error: /*i18n*/ 'Say where' }).default(true),
  town: privateFree(optionalLineOf('Town', CARE_TOWN_MAX), 'Town'),
  helpersNeeded: wholeNumber('Helpers needed', 1, CARE_HELPERS_NEEDED_MAX).default(1),
  repeat: z.enum(CARE_REPEAT_CODES, { error: /*i18n*/ 'Choose how often' }).default('once'),
  /** The last date a repeating task happens; none: it goes on until the family stops it. */
  until: localDateSchema.nullish(),
});
export type CareTaskInput = z.input<typeof careTaskInputSchema>;

/** A post in the team space: an update or a prayer request. */
export const carePostInputSchema = z.object({
  kind: z.enum(['update', 'prayer'], { error: /*i18n*/ 'Choose update or prayer request' }),
  body: privateFree(textOf('Message', CARE_POST_MAX), 'Message'),
  /** The language the author wrote in; absent, the author's own (issue 28). */
  language: contentLanguageSchema.optional(),
});

// ---- What every team page shows at its top ----

/** The team as every one of its pages names it (each page's answer carries it), and what the reader may do. */
export const careTeamHeadSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    status: z.enum(CARE_TEAM_STATUSES),
    church: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    timeZone: z.string(),
    /** The family's first name ("Dana's family"): the team knows whom it serves; never a child's. */
    familyFirstName: z.string(),
    /** The reader's role and status on the team; null for an admin who is not on it. */
    me: z.object({ role: z.enum(CARE_ROLE_CODES), status: z.enum(CARE_MEMBER_STATUSES) }).nullable(),
    /** The family or an active leader: may manage the team and its calendar. */
    mayManage: z.boolean(),
    /** The family's practical details may be shown to the reader. */
    seesDetails: z.boolean(),
  })
  .meta({ id: 'CareTeamHead' });
export type CareTeamHead = z.infer<typeof careTeamHeadSchema>;
