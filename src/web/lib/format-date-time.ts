import { DAY, HOUR, MINUTE } from '../../shared/durations';
import { LOCALE_TAGS, isLocale } from '../../shared/i18n/locale';
import { i18n } from '../i18n/i18n';

// Dates and times in the page's language (its Intl tag, en-US or es-US); one formatter per language, made once.
const DATE_TIMES = new Map<string, Intl.DateTimeFormat>();
const RELATIVES = new Map<string, Intl.RelativeTimeFormat>();

const tagOf = (): string => (isLocale(i18n.locale) ? LOCALE_TAGS[i18n.locale] : LOCALE_TAGS.en);

function formatterOf<F>(cache: Map<string, F>, make: (tag: string) => F): F {
  const tag = tagOf();
  let formatter = cache.get(tag);
  if (!formatter) {
    formatter = make(tag);
    cache.set(tag, formatter);
  }
  return formatter;
}

/** "Mar 4, 2026, 3:05 PM" ("4 mar 2026, 3:05 p.m.") in the reader's time zone. */
export function formatDateTime(iso: string): string {
  return formatterOf(DATE_TIMES, (tag) => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' })).format(new Date(iso));
}

/**
 * How long ago, in words, for the past week ("just now", "5 minutes ago", "yesterday", "3 days ago");
 * older, or in the future (another clock), the date and time as formatDateTime gives them.
 */
export function formatTimeAgo(iso: string, now: number = Date.now()): string {
  const ago = now - new Date(iso).getTime();
  if (ago < -MINUTE || ago >= 7 * DAY) return formatDateTime(iso);
  if (ago < MINUTE) return i18n._('just now');
  const relative = formatterOf(RELATIVES, (tag) => new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }));
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), 'hour');
  return relative.format(-Math.floor(ago / DAY), 'day');
}
