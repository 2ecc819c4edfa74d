import { describe, expect, it } from 'vitest';
import { CARE_FEED_NOT_FOUND } from '../src/shared/care-feeds';
import { expectAxeClean } from './support/a11y';
import { openApi, openSite, useBrowser } from './support/browser';
import { expectNoPageErrors } from './support/journey';
import { signUpMember } from './support/members';

// A member's calendar feed (issue 27) on /care: made with its address shown once, read by a calendar program
// with no session, renewed (the old address stops at once) and stopped; axe clean at 390 and 1280 px. What a feed
// holds (claims, a family's calendar, the address rule) is tested in src/server/care/feed.test.ts.

const browser = useBrowser();

describe('the calendar feed', () => {
  it('is made, read without a session, renewed and stopped on /care', async () => {
    const member = await openSite(browser());
    const { page } = member;
    await signUpMember(page, { prefix: 'care-feed' });
    await page.goto('/care');
    const panel = page.getByRole('region', { name: 'Calendar feed' });
    await panel.getByRole('button', { name: 'Make my calendar feed' }).click();
    const address = panel.getByRole('textbox', { name: 'Your feed’s address (shown this once)' });
    await address.waitFor();
    const first = new URL(await address.inputValue());
    expect(first.pathname).toMatch(/^\/api\/care\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    await panel.getByText('Apple Calendar', { exact: true }).waitFor();
    await expectAxeClean(page, 'the calendar feed page, with its address shown', { noSidewaysScroll: true });

    // A calendar program reads it with no cookie.
    const calendar = await openApi();
    const read = await calendar.get(first.pathname);
    expect(read.status()).toBe(200);
    expect(read.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(await read.text()).toContain('BEGIN:VCALENDAR');

    // Reloaded: the address is not shown again; renewing gives a new one and the old one stops at once.
    await page.reload();
    await panel.getByText(/Your feed is on since/).waitFor();
    expect(await address.count()).toBe(0);
    await panel.getByRole('button', { name: 'Renew the address' }).click();
    await panel.getByText('Renewed. The old address has stopped working; add this one instead.').waitFor();
    const renewed = new URL(await address.inputValue());
    expect(renewed.pathname).not.toBe(first.pathname);
    const old = await calendar.get(first.pathname);
    expect(old.status()).toBe(404);
    expect(((await old.json()) as { message: string }).message).toBe(CARE_FEED_NOT_FOUND);
    expect((await calendar.get(renewed.pathname)).status()).toBe(200);

    await panel.getByRole('button', { name: 'Stop the feed' }).click();
    await panel.getByText(/^Stopped\./).waitFor();
    await panel.getByRole('button', { name: 'Make my calendar feed' }).waitFor();
    expect((await calendar.get(renewed.pathname)).status()).toBe(404);
    await expectAxeClean(page, 'the calendar feed page, stopped');
    await calendar.dispose();
    expectNoPageErrors(member.errors);
  });
});
