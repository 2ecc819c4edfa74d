import { DAY, HOUR, MINUTE } from '../../shared/durations';

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const RELATIVE = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/** "Mar 4, 2026, 3:05 PM" in the reader's time zone. */
export function formatDateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

/**
 * How long ago, in words, for the past week ("just now", "5 minutes ago", "yesterday", "3 days ago");
 * older, or in the future (another clock), the date and time as formatDateTime gives them.
 */
export function formatTimeAgo(iso: string, now: number = Date.now()): string {
  const ago = now - new Date(iso).getTime();
  if (ago < -MINUTE || ago >= 7 * DAY) return formatDateTime(iso);
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return RELATIVE.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return RELATIVE.format(-Math.floor(ago / HOUR), 'hour');
  return RELATIVE.format(-Math.floor(ago / DAY), 'day');
}
