import { z } from 'zod';
import {
  CARE_REPEAT_CODES,
  CARE_TASK_KIND_CODES,
  careTaskInputSchema,
  careTaskKindLabel,
  careTeamHeadSchema,
  localDateSchema,
  localTimeSchema,
  type CareTaskKind,
} from './care';

// The care calendar (issue 27, part 2): a team's tasks and their occurrences in the family's time zone, claims,
// the family's one-step "We need…", and a member's next tasks across teams for the dashboard.

/** When a "We need…" without a time starts: the usual hour of each kind of help, in the family's time zone. */
export const CARE_DEFAULT_TIMES: Record<CareTaskKind, string> = {
  meal: '17:30',
  ride: '08:00',
  childcare: '18:00',
  respite: '10:00',
  errand: '10:00',
  other: '12:00',
};

/** The calendar shows this many days from today when no range is asked for; the dashboard this many. */
export const CARE_CALENDAR_DEFAULT_DAYS = 28;
export const CARE_MY_TASKS_DAYS = 14;

/** Sign-ups and withdrawals a member may make an hour: each one mails the family. */
export const CARE_CLAIMS_PER_HOUR = 30;

export const CARE_CALENDAR_MESSAGES = {
  teamNotActive: 'This care team is not active, so its calendar cannot change.',
  datePast: 'Choose today or a later date',
  dateTooFar: 'Choose a date within about a year',
  untilBeforeDate: 'The last date must be on or after the first date',
  townNeeded: 'Say in which town, or choose the family’s home',
  spanTooLong: 'Ask for at most 62 days at a time',
  toBeforeFrom: 'The end must be on or after the start',
  noOccurrence: 'This task does not happen on that date.',
  occurrencePast: 'This date has passed.',
  alreadyClaimed: 'You have already signed up for this.',
  mayNotClaim: 'Your role on this team, or the clearances it needs, do not let you sign up for this yet.',
  claimNotFound: 'This sign-up does not exist.',
  notClaimer: 'Only the person who signed up can withdraw.',
  alreadyWithdrawn: 'This sign-up was already withdrawn.',
  claimOne: 'Choose one date, or every date',
} as const;

/** The calendar's range: local dates of the family's time zone (both included). */
export const careCalendarQuerySchema = z.object({ from: localDateSchema.optional(), to: localDateSchema.optional() });

/** A new task: the full form, or "We need…" with only a kind and a date (the time then follows the kind). */
export const careTaskCreateSchema = careTaskInputSchema.extend({ time: localTimeSchema.optional() });
export type CareTaskCreateInput = z.input<typeof careTaskCreateSchema>;
/** Editing a series: the whole form again. */
export const careTaskEditSchema = careTaskInputSchema;
export type CareTaskEditInput = z.input<typeof careTaskEditSchema>;

/** Cancelling one date of a task. */
export const careSkipInputSchema = z.object({ occursOn: localDateSchema });

/** Signing up for one date ({occursOn}) or for every date of a repeating task ({series: true}). */
export const careClaimInputSchema = z
  .object({ occursOn: localDateSchema.optional(), series: z.literal(true, { error: 'Say true for every date' }).optional() })
  .refine((v) => (v.occursOn === undefined) !== (v.series === undefined), { message: CARE_CALENDAR_MESSAGES.claimOne, path: ['occursOn'] });
export type CareClaimInput = z.input<typeof careClaimInputSchema>;

export const careClaimSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mine: z.boolean(),
  /** Signed up for every date of the task. */
  series: z.boolean(),
});

export const careOccurrenceSchema = z
  .object({
    taskId: z.number().int(),
    occursOn: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    /** The local start time ("17:30") in the family's time zone. */
    time: z.string(),
    kind: z.enum(CARE_TASK_KIND_CODES),
    title: z.string(),
    notes: z.string().nullable(),
    /** "At the family's home" (with the address for those who see the details), or the town. */
    place: z.string(),
    helpersNeeded: z.number().int(),
    claims: z.array(careClaimSchema),
    spotsLeft: z.number().int(),
    mayClaim: z.boolean(),
    repeatLabel: z.string(),
  })
  .meta({ id: 'CareOccurrence' });
export type CareOccurrence = z.infer<typeof careOccurrenceSchema>;

/** A series as its form edits it (for those who manage the team). */
export const careTaskSeriesSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CARE_TASK_KIND_CODES),
  title: z.string(),
  notes: z.string().nullable(),
  date: z.string(),
  time: z.string(),
  durationMinutes: z.number().int(),
  atHome: z.boolean(),
  town: z.string().nullable(),
  helpersNeeded: z.number().int(),
  repeat: z.enum(CARE_REPEAT_CODES),
  until: z.string().nullable(),
  repeatLabel: z.string(),
});
export type CareTaskSeries = z.infer<typeof careTaskSeriesSchema>;

export const careCalendarSchema = z
  .object({
    team: careTeamHeadSchema,
    from: z.string(),
    to: z.string(),
    /** Today in the family's time zone. */
    today: z.string(),
    /** Where the weeks before and after this range start (the page's navigation). */
    earlier: z.string(),
    later: z.string(),
    occurrences: z.array(careOccurrenceSchema),
    /** Every task not cancelled whose dates reach today or later, for the family and leaders; empty for others. */
    tasks: z.array(careTaskSeriesSchema),
  })
  .meta({ id: 'CareCalendar' });
export type CareCalendar = z.infer<typeof careCalendarSchema>;

export const careTaskCreatedSchema = z.object({ id: z.number().int(), date: z.string(), time: z.string() });
export const careClaimedSchema = z.object({ id: z.number().int() });

/** One of my next care tasks (the dashboard). */
export const myCareTaskSchema = z.object({
  claimId: z.number().int(),
  teamId: z.number().int(),
  teamName: z.string(),
  taskId: z.number().int(),
  occursOn: z.string(),
  startsAt: z.string(),
  time: z.string(),
  timeZone: z.string(),
  kind: z.enum(CARE_TASK_KIND_CODES),
  title: z.string(),
  place: z.string(),
});
export type MyCareTask = z.infer<typeof myCareTaskSchema>;

export const myCareTasksSchema = z
  .object({
    tasks: z.array(myCareTaskSchema),
    /** The active teams I manage (the family's own, or as leader): where "We need…" asks. */
    manages: z.array(z.object({ id: z.number().int(), name: z.string(), today: z.string() })),
  })
  .meta({ id: 'MyCareTasks' });
export type MyCareTasks = z.infer<typeof myCareTasksSchema>;

const CARE_DATE_FORMAT = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** "Saturday, December 5" for a local date (a calendar date: no time zone moves it). */
export function careDateLabel(date: string): string {
  return CARE_DATE_FORMAT.format(new Date(`${date}T12:00:00Z`));
}

/** "5:30 pm" for a local time "17:30". */
export function careTimeLabel(time: string): string {
  const [h, m] = time.split(':').map(Number);
  const hour = h! % 12 === 0 ? 12 : h! % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${h! < 12 ? 'am' : 'pm'}`;
}

/** What a helper does for a kind, after their name: "Grace will bring a meal". */
export const CARE_KIND_DEEDS: Record<CareTaskKind, string> = {
  meal: 'bring a meal',
  ride: 'give the ride',
  childcare: 'look after the children',
  respite: 'give respite care',
  errand: 'run the errand',
  other: 'help',
};

/** What the family asks for, after "needs": "a meal". */
export const CARE_KIND_ASKS: Record<CareTaskKind, string> = {
  meal: 'a meal',
  ride: 'a ride',
  childcare: 'childcare',
  respite: 'respite care',
  errand: 'an errand run',
  other: 'help',
};

export const careTaskTitle = (kind: CareTaskKind, title: string | null | undefined) => title?.trim() || careTaskKindLabel(kind);

/** A repeat label inside a sentence: "every week on Saturday" (the weekday keeps its capital). */
export const inSentence = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);
