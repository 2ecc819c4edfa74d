import { Cron } from 'croner';

/**
 * A way of cutting time into periods: the digest's days and weeks, the backups' intervals. A job claimed
 * once per period claims the period `startOf(now)`.
 */
export type Period = {
  /** In words, for logs and the admin's panel ("0 13 * * 1 (UTC)", "every 36 hours"). */
  readonly describe: string;
  /** The start of the period `at` falls in: the latest boundary at or before `at`. */
  startOf(at: Date): Date;
  /** The start of the period before the one starting at `start`. */
  before(start: Date): Date;
};

/**
 * Periods that start where a cron pattern fires, in UTC ("0 13 * * 1": Mondays at 13:00). croner does the
 * calendar (weekdays, month lengths, leap years); it is asked for boundaries only and never starts a timer.
 */
export function cronPeriod(pattern: string): Period {
  const cron = new Cron(pattern, { timezone: 'UTC' });
  const previous = (before: Date) => {
    const [found] = cron.previousRuns(1, before);
    if (!found) throw new Error(`the pattern ${pattern} has no time before ${before.toISOString()}`);
    return found;
  };
  return {
    describe: `${pattern} (UTC)`,
    // croner's previous runs are strictly before the reference: one millisecond later counts `at` itself.
    startOf: (at) => previous(new Date(at.getTime() + 1)),
    before: (start) => previous(start),
  };
}

/**
 * Periods of a fixed length counted from 1 January 1970, 00:00 UTC: for lengths no calendar pattern can say
 * ("every 36 hours"). A length that divides a day starts its periods at midnight UTC, like the cron pattern.
 */
export function fixedPeriod(lengthMs: number): Period {
  if (!(lengthMs > 0)) throw new Error('a period must last a positive time');
  return {
    describe: `every ${lengthMs / 3_600_000} hours`,
    startOf: (at) => new Date(Math.floor(at.getTime() / lengthMs) * lengthMs),
    before: (start) => new Date(start.getTime() - lengthMs),
  };
}

/**
 * Every `hours` hours: at midnight UTC and every `hours` after it when that divides a day (a cron pattern),
 * else periods of that length from 1970 (decision 023's BACKUP_INTERVAL_HOURS allows any up to a year).
 */
export function everyHours(hours: number): Period {
  if (hours === 24) return cronPeriod('0 0 * * *');
  if (hours < 24 && 24 % hours === 0) return cronPeriod(`0 */${hours} * * *`);
  return fixedPeriod(hours * 3_600_000);
}
