import { describe, expect, it } from 'vitest';
import { addDays, addMonths, occurrencesOf, occursOn, repeatLabel, repeatOf, ruleOf, zonedInstant } from './recurrence';

const weekly = (startDate: string, extra: Partial<{ until: string | null; rrule: string | null }> = {}) => ({
  startDate,
  startTime: '18:00',
  durationMinutes: 90,
  rrule: ruleOf('weekly', startDate),
  until: null,
  ...extra,
});

describe("the care calendar's recurrence", () => {
  it('keeps a weekly 6 pm meal at 6 pm local time across the end of daylight saving time', () => {
    // Daylight saving time ends in the United States on Sunday, November 1, 2026.
    const got = occurrencesOf(weekly('2026-10-24'), 'America/Chicago', { from: '2026-10-20', to: '2026-11-10' });
    expect(got.map((o) => o.occursOn)).toEqual(['2026-10-24', '2026-10-31', '2026-11-07']);
    // 18:00 CDT is 23:00 UTC; 18:00 CST is 00:00 UTC the next day.
    expect(got.map((o) => o.startsAt.toISOString())).toEqual([
      '2026-10-24T23:00:00.000Z',
      '2026-10-31T23:00:00.000Z',
      '2026-11-08T00:00:00.000Z',
    ]);
    expect(got[0]!.endsAt.getTime() - got[0]!.startsAt.getTime()).toBe(90 * 60_000);
  });

  it('and across its start in the spring, in another time zone', () => {
    // Daylight saving time starts on Sunday, March 14, 2027: 9:00 PST is 17:00 UTC, 9:00 PDT is 16:00 UTC.
    const task = { ...weekly('2027-03-07'), startTime: '09:00' };
    const got = occurrencesOf(task, 'America/Los_Angeles', { from: '2027-03-01', to: '2027-03-20' });
    expect(got.map((o) => o.startsAt.toISOString())).toEqual(['2027-03-07T17:00:00.000Z', '2027-03-14T16:00:00.000Z']);
  });

  it('writes every other week and the first Saturday of the month as RRULEs, and reads them back', () => {
    expect(ruleOf('once', '2026-12-05')).toBeNull();
    expect(ruleOf('every_other_week', '2026-12-05')).toBe('FREQ=WEEKLY;INTERVAL=2');
    // December 5, 2026 is the first Saturday of December.
    const monthly = ruleOf('monthly_weekday', '2026-12-05');
    expect(monthly).toBe('FREQ=MONTHLY;BYDAY=+1SA');
    expect(repeatOf(monthly)).toBe('monthly_weekday');
    expect(repeatOf('FREQ=WEEKLY;INTERVAL=2')).toBe('every_other_week');
    const task = { ...weekly('2026-12-05'), rrule: monthly };
    expect(occurrencesOf(task, 'America/Chicago', { from: '2026-12-01', to: '2027-03-31' }).map((o) => o.occursOn)).toEqual([
      '2026-12-05',
      '2027-01-02',
      '2027-02-06',
      '2027-03-06',
    ]);
    expect(repeatLabel(task)).toBe('Every month on the 1st Saturday');
    // The 30th is the last Saturday of its month, whatever its number.
    expect(ruleOf('monthly_weekday', '2027-01-30')).toBe('FREQ=MONTHLY;BYDAY=-1SA');
  });

  it('stops at the last date, leaves out skipped dates, and knows which dates a task has', () => {
    const task = weekly('2026-12-05', { until: '2026-12-19' });
    const all = occurrencesOf(task, 'America/New_York', { from: '2026-11-01', to: '2027-01-31', skipped: new Set(['2026-12-12']) });
    expect(all.map((o) => o.occursOn)).toEqual(['2026-12-05', '2026-12-19']);
    expect(occursOn(task, '2026-12-12')).toBe(true);
    expect(occursOn(task, '2026-12-13')).toBe(false);
    expect(occursOn(task, '2026-12-26')).toBe(false);
    expect(occursOn(task, '2026-11-28')).toBe(false);
    const once = { ...task, rrule: null, until: null };
    expect(occurrencesOf(once, 'America/New_York', { from: '2026-12-01', to: '2026-12-31' }).map((o) => o.occursOn)).toEqual([
      '2026-12-05',
    ]);
    expect(occurrencesOf(once, 'America/New_York', { from: '2026-12-06', to: '2026-12-31' })).toEqual([]);
    expect(repeatLabel(once)).toBe('Once');
    // A weekly rule names its first date's weekday.
    expect(repeatLabel(weekly('2026-12-05'))).toBe('Every week on Saturday');
    expect(repeatLabel({ ...weekly('2026-12-05'), rrule: ruleOf('every_other_week', '2026-12-05') })).toBe('Every 2 weeks on Saturday');
  });

  it('places a wall time in its time zone, and counts local dates', () => {
    expect(zonedInstant('2026-07-04', '12:00', 'America/New_York').toISOString()).toBe('2026-07-04T16:00:00.000Z');
    expect(zonedInstant('2026-07-04', '12:00', 'Pacific/Honolulu').toISOString()).toBe('2026-07-04T22:00:00.000Z');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(addMonths('2026-11-26', 12)).toBe('2027-11-26');
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-08-31', 36)).toBe('2029-08-31');
  });
});
