import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLocale } from '../i18n/i18n';
import { formatDateTime, formatTimeAgo } from './format-date-time';

const now = Date.parse('2026-03-10T12:00:00Z');
const before = (ms: number) => new Date(now - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatTimeAgo', () => {
  beforeAll(() => loadLocale('en'));

  it('says how long ago within the past week', () => {
    expect(formatTimeAgo(before(10_000), now)).toBe('just now');
    expect(formatTimeAgo(before(MINUTE), now)).toBe('1 minute ago');
    expect(formatTimeAgo(before(59 * MINUTE), now)).toBe('59 minutes ago');
    expect(formatTimeAgo(before(2 * HOUR + 5 * MINUTE), now)).toBe('2 hours ago');
    expect(formatTimeAgo(before(DAY + HOUR), now)).toBe('yesterday');
    expect(formatTimeAgo(before(6 * DAY), now)).toBe('6 days ago');
  });

  it('gives the date and time from a week on, and for a time ahead of this clock', () => {
    expect(formatTimeAgo(before(7 * DAY), now)).toBe(formatDateTime(before(7 * DAY)));
    expect(formatTimeAgo(before(-5 * MINUTE), now)).toBe(formatDateTime(before(-5 * MINUTE)));
    // A clock a few seconds behind the server's: still "just now".
    expect(formatTimeAgo(before(-20_000), now)).toBe('just now');
  });
});

describe('formatTimeAgo in Spanish', () => {
  beforeAll(() => loadLocale('es'));
  afterAll(() => loadLocale('en'));

  it("says how long ago in the page's language, and dates as US Spanish writes them", () => {
    expect(formatTimeAgo(before(10_000), now)).toBe('ahora mismo');
    expect(formatTimeAgo(before(2 * HOUR + 5 * MINUTE), now)).toBe('hace 2 horas');
    expect(formatTimeAgo(before(DAY + HOUR), now)).toBe('ayer');
    expect(formatDateTime('2026-03-04T15:05:00Z')).toBe(
      new Intl.DateTimeFormat('es-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2026-03-04T15:05:00Z')),
    );
  });
});
