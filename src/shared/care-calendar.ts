import { z } from 'zod';
import {
  CARE_REPEAT_CODES,
  CARE_TASK_KIND_CODES,
  careTaskInputSchema,
  careTaskKindLabel,
  careTeamHeadSchema,
  localDateSchema,
  localTimeSchema,
  type CareRepeat,
  type CareTaskKind,
} from './care';
import { LOCALE_TAGS, type Locale } from './i18n/locale';

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
  teamNotActive: /*i18n*/ 'This care team is not active, so its calendar cannot change.',
  datePast: /*i18n*/ 'Choose today or a later date',
  dateTooFar: /*i18n*/ 'Choose a date within about a year',
  untilBeforeDate: /*i18n*/ 'The last date must be on or after the first date',
  townNeeded: /*i18n*/ 'Say in which town, or choose the family’s home',
  spanTooLong: /*i18n*/ 'Ask for at most 62 days at a time',
  toBeforeFrom: /*i18n*/ 'The end must be on or after the start',
  noOccurrence: /*i18n*/ 'This task does not happen on that date.',
  occurrencePast: /*i18n*/ 'This date has passed.',
  alreadyClaimed: /*i18n*/ 'You have already signed up for this.',
  mayNotClaim: /*i18n*/ 'Your role on this team, or the clearances it needs, do not let you sign up for this yet.',
  claimNotFound: /*i18n*/ 'This sign-up does not exist.',
  notClaimer: /*i18n*/ 'Only the person who signed up can withdraw.',
  alreadyWithdrawn: /*i18n*/ 'This sign-up was already withdrawn.',
  claimOne: /*i18n*/ 'Choose one date, or every date',
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
    /** "At the family’s home" (with the address for those who see the details), or the town. */
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

const DATE_FORMATS = new Map<string, Intl.DateTimeFormat>();

/** "Saturday, December 5" ("sábado, 5 de diciembre") for a local date (a calendar date: no time zone moves it). */
export function careDateLabel(date: string, locale: Locale = 'en'): string {
  let format = DATE_FORMATS.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
    DATE_FORMATS.set(locale, format);
  }
  return format.format(new Date(`${date}T12:00:00Z`));
}

const SPANISH_TIME = new Intl.DateTimeFormat(LOCALE_TAGS.es, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });

/** "5:30 pm" for a local time "17:30" ("5:30 p.m." in Spanish). */
export function careTimeLabel(time: string, locale: Locale = 'en'): string {
  if (locale === 'es') return SPANISH_TIME.format(new Date(`2000-01-01T${time}:00Z`));
  const [h, m] = time.split(':').map(Number);
  const hour = h! % 12 === 0 ? 12 : h! % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${h! < 12 ? 'am' : 'pm'}`;
}

/** The translator's side of Lingui the labels need (the browser's and the server's instances both have it). */
type Translator = { locale: string; _(id: string, values?: Record<string, unknown>): string };
const localeOf = (i18n: Translator): Locale => (i18n.locale === 'es' ? 'es' : 'en');

/**
 * How a task repeats, in words of the reader's language: "Every week on Saturday", "Every month on the last
 * Tuesday until January 31, 2027", "Once". A monthly task keeps its first date's weekday and its place in the
 * month (the 1st to 4th, or the last after the 28th), as the server's rule does.
 */
export function careRepeatLabel(i18n: Translator, task: { repeat: CareRepeat; startDate: string; until: string | null }): string {
  const locale = localeOf(i18n);
  const first = new Date(`${task.startDate}T12:00:00Z`);
  const weekday = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { weekday: 'long', timeZone: 'UTC' }).format(first);
  const day = first.getUTCDate();
  const nth = day > 28 ? 'last' : String(Math.ceil(day / 7));
  let label: string;
  switch (task.repeat) {
    case 'once':
      return i18n._(/*i18n*/ 'Once');
    case 'weekly':
      label = i18n._(/*i18n*/ 'Every week on {weekday}', { weekday });
      break;
    case 'every_other_week':
      label = i18n._(/*i18n*/ 'Every 2 weeks on {weekday}', { weekday });
      break;
    case 'monthly_weekday':
      label = i18n._(
        /*i18n*/ '{nth, select, 1 {Every month on the 1st {weekday}} 2 {Every month on the 2nd {weekday}} 3 {Every month on the 3rd {weekday}} 4 {Every month on the 4th {weekday}} other {Every month on the last {weekday}}}',
        { nth, weekday },
      );
      break;
  }
  if (!task.until) return label;
  const until = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${task.until}T12:00:00Z`),
  );
  return i18n._(/*i18n*/ '{label} until {until}', { label, until });
}

/** What a helper does for a kind, after their name: "Grace will bring a meal". */
export const CARE_KIND_DEEDS: Record<CareTaskKind, string> = {
  meal: /*i18n*/ 'bring a meal',
  ride: /*i18n*/ 'give the ride',
  childcare: /*i18n*/ 'look after the children',
  respite: /*i18n*/ 'give respite care',
  errand: /*i18n*/ 'run the errand',
  other: /*i18n*/ 'help',
};

/** What the family asks for, after "needs": "a meal". */
export const CARE_KIND_ASKS: Record<CareTaskKind, string> = {
  meal: /*i18n*/ 'a meal',
  ride: /*i18n*/ 'a ride',
  childcare: /*i18n*/ 'childcare',
  respite: /*i18n*/ 'respite care',
  errand: /*i18n*/ 'an errand run',
  other: /*i18n*/ 'help',
};

export const careTaskTitle = (kind: CareTaskKind, title: string | null | undefined) => title?.trim() || careTaskKindLabel(kind);

/** A task's title in the reader's language: a title the family left blank is the kind's name ("Meal", "Comida"). */
export const careTaskTitleIn = (i18n: Translator, kind: CareTaskKind, title: string | null | undefined) =>
  title?.trim() && title.trim() !== careTaskKindLabel(kind) ? title.trim() : i18n._(careTaskKindLabel(kind));

/** A repeat label inside a sentence: "every week on Saturday" (the weekday keeps its capital). */
export const inSentence = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);
