import { TZDate } from '@date-fns/tz';
import rrulePackage from 'rrule';
import type { CareRepeat } from '../../shared/care';
import { careRepeatLabel } from '../../shared/care-calendar';
import { i18nFor, type I18n } from '../i18n';

// The care calendar's recurrence (issue 27, decision 041): a task's rule is an RFC 5545 RRULE evaluated by the
// maintained `rrule` library, never arithmetic of our own. Rules run in "floating" time: the task's local date and
// wall time are handed to rrule as if they were UTC, so every occurrence keeps its wall time (a 6 pm meal stays at
// 6 pm when daylight saving time starts or ends); only then is each occurrence placed in the family's time zone
// (@date-fns/tz) to get the instant it happens.

// rrule ships CommonJS for Node: its named exports come through the default export there.
const { RRule } = rrulePackage;

/** A task's timing as the table holds it. */
export type TaskTiming = {
  startDate: string;
  startTime: string;
  durationMinutes: number;
  rrule: string | null;
  until: string | null;
};

/** One occurrence: its local date (what claims and skips name) and when it starts and ends, as instants. */
export type Occurrence = { occursOn: string; startsAt: Date; endsAt: Date };

const WEEKDAYS = [RRule.SU, RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA];

/** The local date's wall time as a floating Date (its UTC fields are the local ones). */
function floating(date: string, time = '00:00'): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d, hh, mm));
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** The instant a wall time in a time zone happens (for a wall time skipped by DST, the next one that exists). */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const f = floating(date, time);
  return new Date(new TZDate(f.getUTCFullYear(), f.getUTCMonth(), f.getUTCDate(), f.getUTCHours(), f.getUTCMinutes(), timeZone).getTime());
}

/** The local date and time, in a time zone, of an instant: { date: '2026-12-05', time: '18:00' }. */
export function localParts(instant: Date, timeZone: string): { date: string; time: string; weekday: number } {
  const z = new TZDate(instant.getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${z.getFullYear()}-${pad(z.getMonth() + 1)}-${pad(z.getDate())}`,
    time: `${pad(z.getHours())}:${pad(z.getMinutes())}`,
    weekday: z.getDay(),
  };
}

/** The RRULE (its rule part only) for how a task repeats from its first date; null when it happens once. */
export function ruleOf(repeat: CareRepeat, startDate: string): string | null {
  const weekday = floating(startDate).getUTCDay();
  switch (repeat) {
    case 'once':
      return null;
    case 'weekly':
      return 'FREQ=WEEKLY;INTERVAL=1';
    case 'every_other_week':
      return 'FREQ=WEEKLY;INTERVAL=2';
    case 'monthly_weekday': {
      // The first date's weekday and its place in the month: the 1st to 4th, or the last one after the 28th.
      const day = floating(startDate).getUTCDate();
      const nth = day > 28 ? -1 : Math.ceil(day / 7);
      return new RRule({ freq: RRule.MONTHLY, byweekday: [WEEKDAYS[weekday]!.nth(nth)] }).toString().replace(/^RRULE:/, '');
    }
  }
}

/** Which of CARE_REPEATS a stored rule is (a rule written by ruleOf). */
export function repeatOf(rule: string | null): CareRepeat {
  if (!rule) return 'once';
  if (rule.includes('FREQ=MONTHLY')) return 'monthly_weekday';
  return rule.includes('INTERVAL=2') ? 'every_other_week' : 'weekly';
}

/**
 * How a task repeats, in words of a language: "Every week on Saturday", "Every month on the 1st Saturday",
 * "Once" (src/shared/care-calendar.ts writes them from the rule's kind and first date, as ruleOf made it).
 */
export function repeatLabel(timing: Pick<TaskTiming, 'startDate' | 'rrule' | 'until'>, i18n: I18n = i18nFor('en')): string {
  return careRepeatLabel(i18n, { repeat: repeatOf(timing.rrule), startDate: timing.startDate, until: timing.rrule ? timing.until : null });
}

function ruleFor(timing: Pick<TaskTiming, 'startDate' | 'rrule' | 'until'> & { startTime?: string }) {
  const time = timing.startTime ?? '00:00';
  const options = RRule.parseString(timing.rrule!);
  return new RRule({
    ...options,
    dtstart: floating(timing.startDate, time),
    ...(timing.until ? { until: floating(timing.until, '23:59') } : {}),
  });
}

/**
 * The occurrences of a task whose local date falls in [from, to] (local dates, both included), in order, minus
 * skipped dates. A one-off task has one occurrence, its own date.
 */
export function occurrencesOf(
  timing: TaskTiming,
  timeZone: string,
  { from, to, skipped = new Set<string>() }: { from: string; to: string; skipped?: Set<string> },
): Occurrence[] {
  const dates = timing.rrule
    ? ruleFor(timing).between(floating(from), floating(to, '23:59'), true).map(isoDate)
    : timing.startDate >= from && timing.startDate <= to
      ? [timing.startDate]
      : [];
  return dates
    .filter((d) => !skipped.has(d))
    .map((occursOn) => {
      const startsAt = zonedInstant(occursOn, timing.startTime, timeZone);
      return { occursOn, startsAt, endsAt: new Date(startsAt.getTime() + timing.durationMinutes * 60_000) };
    });
}

/** Whether a task has an occurrence on this local date (a claim or a skip names one that exists). */
export function occursOn(timing: TaskTiming, date: string): boolean {
  if (!timing.rrule) return date === timing.startDate;
  if (date < timing.startDate || (timing.until && date > timing.until)) return false;
  return ruleFor(timing).between(floating(date), floating(date, '23:59'), true).length > 0;
}

/** The local date `days` after a local date. */
export function addDays(date: string, days: number): string {
  const d = floating(date);
  d.setUTCDate(d.getUTCDate() + days);
  return isoDate(d);
}

/**
 * The local date `months` after a local date, on the same day of the month or, when that month is shorter, its
 * last day (a clearance completed on January 31 and valid a month expires on February 28).
 */
export function addMonths(date: string, months: number): string {
  const d = floating(date);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return isoDate(target);
}
