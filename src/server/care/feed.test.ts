import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CARE_FEED_NOT_FOUND,
  CARE_FEED_READS_PER_MINUTE,
  type CalendarFeedCreated,
  type CalendarFeedStatus,
} from '../../shared/care-feeds';
import { calendarFeed, careClaim, careTeam, careTeamMember, profile } from '../db/schema';
import { testClock, useTestApp } from '../testing/app';
import { expectJson, insertCareTask, insertCareTeam, insertClearance, signedInMember } from '../testing/factories';

// The calendar feed (issue 27): a member's private iCalendar address, read with no session; renewing it stops the
// old one at once; what it holds follows the team's rules each time it is read. December 2030, Central time.

const clock = testClock(new Date('2030-12-01T15:00:00Z'));
const t = useTestApp({ clock });
const LONG_AGO = new Date('2030-11-01T12:00:00Z');

/** Reads a feed as a calendar program does: no cookie, its own address. */
const read = (url: string, ip?: string) => t.client(ip).get(new URL(url).pathname);

/** A family, and a helper signed in with a feed of their own, on one team with an address. */
async function world() {
  const family = await signedInMember(t, { profile: { firstName: 'Dana', lastName: 'Family' } });
  const helper = await signedInMember(t, { profile: { firstName: 'Grace', lastName: 'Helper' } });
  const teamId = await insertCareTeam(t.db, family.id, {
    address: '12 Oak Street',
    createdAt: LONG_AGO,
    members: [{ uid: helper.id, role: 'helper' }],
  });
  const meal = await insertCareTask(t.db, teamId, { startDate: '2030-12-05', startTime: '18:00', createdAt: LONG_AGO });
  const ride = await insertCareTask(t.db, teamId, {
    kind: 'ride',
    title: 'Ride',
    startDate: '2030-12-06',
    startTime: '08:00',
    atHome: false,
    town: 'Nixa',
    createdAt: LONG_AGO,
  });
  await t.db.insert(careClaim).values({ taskId: meal, uid: helper.id, occursOn: '2030-12-05', createdAt: LONG_AGO });
  return { family, helper, teamId, meal, ride };
}

/** The events of a calendar, as its VEVENT blocks unfolded (RFC 5545 folds lines at 75 octets). */
function events(ics: string): string[] {
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('BEGIN:VEVENT')
    .slice(1);
}

describe('a member’s calendar feed: GET, POST and DELETE /api/me/calendar-feed', () => {
  it('is made once with its address shown that once, renewed (the old address stops at once) and stopped', async () => {
    const { helper } = await world();
    expect(await expectJson<CalendarFeedStatus>(await helper.c.get('/api/me/calendar-feed'))).toEqual({ active: false, createdAt: null });

    const first = await expectJson<CalendarFeedCreated>(await helper.c.post('/api/me/calendar-feed'), 201);
    expect(first.url).toMatch(/^http.+\/api\/care\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const status = await expectJson<CalendarFeedStatus>(await helper.c.get('/api/me/calendar-feed'));
    expect(status).toEqual({ active: true, createdAt: first.createdAt });
    expect(JSON.stringify(status)).not.toContain(new URL(first.url).pathname);
    // Only the token's hash is kept.
    const [row] = await t.db.select().from(calendarFeed).where(eq(calendarFeed.uid, helper.id));
    expect(first.url).not.toContain(row!.tokenHash);

    const res = await read(first.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, no-store');

    const renewed = await expectJson<CalendarFeedCreated>(await helper.c.post('/api/me/calendar-feed'), 201);
    expect(renewed.url).not.toBe(first.url);
    const old = await read(first.url);
    expect(old.status).toBe(404);
    expect((await old.json()).message).toBe(CARE_FEED_NOT_FOUND);
    expect((await read(renewed.url)).status).toBe(200);

    expect(await expectJson<CalendarFeedStatus>(await helper.c.delete('/api/me/calendar-feed'))).toEqual({
      active: false,
      createdAt: null,
    });
    expect((await read(renewed.url)).status).toBe(404);
  });

  it('answers an unknown or malformed token with the same 404', async () => {
    for (const path of ['/api/care/feed/' + 'A'.repeat(43) + '.ics', '/api/care/feed/short.ics', '/api/care/feed/' + 'A'.repeat(43)]) {
      const res = await t.client().get(path);
      expect(res.status).toBe(404);
      expect((await res.json()).message).toBe(CARE_FEED_NOT_FOUND);
    }
  });

  it('is limited per client', async () => {
    const { helper } = await world();
    const { url } = await expectJson<CalendarFeedCreated>(await helper.c.post('/api/me/calendar-feed'), 201);
    for (let i = 0; i < CARE_FEED_READS_PER_MINUTE; i++) expect((await read(url, '203.0.113.77')).status).toBe(200);
    expect((await read(url, '203.0.113.77')).status).toBe(429);
    expect((await read(url, '203.0.113.78')).status).toBe(200);
  });
});

describe('what a feed holds', () => {
  it('for a helper: the occurrences they claimed, with the place they may see, a summary naming no child, a stable UID', async () => {
    const { helper, teamId, meal } = await world();
    const { url } = await expectJson<CalendarFeedCreated>(await helper.c.post('/api/me/calendar-feed'), 201);
    const first = events(await (await read(url)).text());
    expect(first).toHaveLength(1);
    expect(first[0]).toContain(`UID:care-${meal}-2030-12-05@`);
    expect(first[0]).toContain("SUMMARY:Meal for Dana's family");
    expect(first[0]).toContain('DTSTART:20301206T000000Z'); // 6 pm in Central time
    expect(first[0]).toContain('LOCATION:At the family’s home');
    expect(first[0]).not.toContain('Oak Street');
    expect(first[0]).toContain(`/care/${teamId}/calendar`);

    // Cleared for the family's details: the address, from the next read on.
    await insertClearance(t.db, helper.id, 'agreement', { completedOn: '2030-11-01', expiresOn: '2031-11-01' });
    const cleared = events(await (await read(url)).text());
    expect(cleared[0]).toContain('LOCATION:At the family’s home: 12 Oak Street');
    expect(cleared[0]!.match(/UID:.*/)![0]).toBe(first[0]!.match(/UID:.*/)![0]);
  });

  it('for the family: every occurrence of its team, with who is coming', async () => {
    const { family, meal, ride } = await world();
    const { url } = await expectJson<CalendarFeedCreated>(await family.c.post('/api/me/calendar-feed'), 201);
    const all = events(await (await read(url)).text());
    expect(all.map((e) => e.match(/UID:care-(\d+)/)![1])).toEqual([String(meal), String(ride)]);
    expect(all[0]).toContain('LOCATION:At the family’s home: 12 Oak Street');
    expect(all[0]).toContain('Coming: Grace Helper.');
    expect(all[1]).toContain('LOCATION:Nixa');
    expect(all[1]).toContain('Still open: 1 place.');
  });

  it('keeps the past 30 days and the next 90, and repeats a series claim on each occurrence', async () => {
    const { helper, teamId } = await world();
    const weekly = await insertCareTask(t.db, teamId, { startDate: '2030-09-01', repeat: 'weekly', createdAt: LONG_AGO });
    await t.db.insert(careClaim).values({ taskId: weekly, uid: helper.id, occursOn: null, createdAt: LONG_AGO });
    const { url } = await expectJson<CalendarFeedCreated>(await helper.c.post('/api/me/calendar-feed'), 201);
    const dates = events(await (await read(url)).text())
      .map((e) => e.match(new RegExp(`UID:care-${weekly}-(\\d{4}-\\d{2}-\\d{2})`))?.[1])
      .filter(Boolean) as string[];
    expect(dates[0]).toBe('2030-11-03'); // the first Sunday of the 30 days before December 1
    expect(dates.at(-1)).toBe('2031-02-23'); // the last Sunday of the 90 days after (to Saturday, March 1)
    expect(dates).toHaveLength(17);
  });

  it('loses a team’s events at once when the member leaves it or the team ends; stops for a suspended account', async () => {
    const { helper, family, teamId } = await world();
    const mine = await expectJson<CalendarFeedCreated>(await helper.c.post('/api/me/calendar-feed'), 201);
    const theirs = await expectJson<CalendarFeedCreated>(await family.c.post('/api/me/calendar-feed'), 201);
    await t.db.delete(careTeamMember).where(and(eq(careTeamMember.teamId, teamId), eq(careTeamMember.uid, helper.id)));
    expect(events(await (await read(mine.url)).text())).toEqual([]);

    await t.db.update(careTeam).set({ status: 'ended', endedAt: clock.now() }).where(eq(careTeam.id, teamId));
    expect(events(await (await read(theirs.url)).text())).toEqual([]);

    await t.db.update(profile).set({ suspendedAt: clock.now() }).where(eq(profile.uid, helper.id));
    expect((await read(mine.url)).status).toBe(404);
  });
});
