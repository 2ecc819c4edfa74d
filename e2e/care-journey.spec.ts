import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { careDateLabel } from '../src/shared/care-calendar';
import { addDays, localParts, zonedInstant } from '../src/server/care/recurrence';
import { expectAxeClean } from './support/a11y';
import { openApi, openSite, useBrowser, type Session } from './support/browser';
import { runCareRemindersAt } from './support/care-clock';
import { expectNoPageErrors, openPage } from './support/journey';
import { markPage, wasNotReloaded } from './support/live-page';
import { waitForMail } from './support/mail';
import { memberProfile, openAdminApi, signUpMember, uniqueTag } from './support/members';

// Care teams, the whole journey (issue 27), on the shared server: a foster family starts a team, invites two
// members from the directory and approves them; one accepts the confidentiality agreement on their own page, the
// other is cleared for respite by an admin; the family asks for a weekly meal; a helper signs up for one date from
// a phone and the family's open calendar shows it without a reload; the day before (the test clock), the helper is
// reminded by mail; the helper's private calendar feed holds the date. Axe at 390 and 1280 px on every page.

const browser = useBrowser();
let adminApi: APIRequestContext;

beforeAll(async () => {
  adminApi = await openAdminApi();
});

afterAll(async () => {
  await adminApi?.dispose();
});

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

/** Signs a member up in a browser of their own, with a saved profile listed in the directory. */
async function member(prefix: string, firstName: string, lastName: string, extra: Record<string, unknown> = {}) {
  const session = await openSite(browser(), { viewport: { width: 1280, height: 900 } });
  const { email } = await signUpMember(session.page, {
    prefix,
    profile: memberProfile({ firstName, lastName, agAffiliated: 'Yes', ...extra }),
  });
  const me = await (await session.page.request.get('/api/me')).json();
  return { ...session, email, uid: me.user.id as string };
}

describe('a care team, start to finish', () => {
  it('starts, invites, clears, asks for a weekly meal, takes a sign-up live, reminds the day before and feeds the calendar', async () => {
    const lastName = uniqueTag('Carer').replace(/[^A-Za-z]/g, '');
    const dana = await member('journey-family', 'Dana', lastName, { fosterParent: 'Yes', numberOfFosterKids: 2 });
    const grace = await member('journey-helper', 'Grace', lastName);
    const ruth = await member('journey-respite', 'Ruth', lastName);
    const sessions: Session[] = [dana, grace, ruth];

    // The family starts its team from /care.
    await openPage(dana.page, '/care');
    await dana.page.getByLabel('Team name').fill('Our circle');
    await dana.page.getByRole('button', { name: 'Start a care team' }).click();
    await dana.page.waitForURL(/\/care\/\d+$/);
    const teamPath = new URL(dana.page.url()).pathname;
    const teamId = Number(teamPath.split('/').at(-1));

    // …invites Grace as a family helper and Ruth as a respite caregiver, both found in the directory.
    const invite = dana.page.getByRole('region', { name: 'Invite' });
    await invite.getByLabel('Find a member by name').fill(lastName);
    await invite.getByRole('button', { name: `Invite Grace ${lastName} as family helper` }).click();
    await expect.poll(visible(dana.page, /Invited\. They are told by email/)).toBe(true);
    await invite.getByLabel('Role').selectOption('respite');
    await invite.getByRole('button', { name: `Invite Ruth ${lastName} as respite caregiver` }).click();
    await expect.poll(() => dana.page.getByText(/Invited\. They are told by email/).count()).toBeGreaterThan(0);

    // Both accept from /care; the family approves them.
    for (const helper of [grace, ruth]) {
      await openPage(helper.page, '/care');
      const card = helper.page.getByRole('region', { name: 'Invitations' });
      await card.getByText('Our circle').waitFor();
      await card.getByRole('button', { name: 'Accept' }).click();
      await expect.poll(visible(helper.page, 'Waiting for approval')).toBe(true);
    }
    for (const name of [`Grace ${lastName}`, `Ruth ${lastName}`]) {
      const approve = dana.page.getByRole('button', { name: `Approve ${name}` });
      await expect.poll(() => approve.isVisible()).toBe(true);
      await approve.click();
      await expect.poll(() => approve.isVisible()).toBe(false);
    }
    await dana.page.getByRole('button', { name: 'Edit the details' }).click();
    const details = dana.page.getByRole('form', { name: "The family's details" });
    await details.getByLabel('Address for drop-offs').fill('40 Linden Avenue, Springfield');
    await details.getByLabel("Children's ages").fill('3, 7');
    await details.getByRole('button', { name: 'Save the details' }).click();
    await expect.poll(visible(dana.page, '40 Linden Avenue, Springfield')).toBe(true);

    // Grace accepts the confidentiality agreement on her own page, and then sees the family's details.
    await openPage(grace.page, '/care/clearances');
    await grace.page.getByLabel("I agree to keep this family's information confidential").check();
    await grace.page.getByRole('button', { name: 'Accept the agreement' }).click();
    await openPage(grace.page, teamPath);
    await expect.poll(visible(grace.page, '40 Linden Avenue, Springfield')).toBe(true);

    // An admin clears Ruth for respite: her background check and the respite training, as recorded by the church.
    const { requirements } = await (await adminApi.get('/api/admin/clearances/requirements')).json();
    const today = new Date().toISOString().slice(0, 10);
    for (const name of ['Background check', 'Respite care training', 'Confidentiality agreement']) {
      const requirement = requirements.find((r: { name: string }) => r.name === name);
      const recorded = await adminApi.put(`/api/clearances/${ruth.uid}/${requirement.id}`, {
        data: { status: 'cleared', completedOn: today },
        headers: { origin: new URL(dana.page.url()).origin },
      });
      expect(recorded.status(), await recorded.text()).toBe(200);
    }
    await openPage(ruth.page, teamPath);
    await expect.poll(visible(ruth.page, '40 Linden Avenue, Springfield')).toBe(true);
    await expectAxeClean(ruth.page, "the team's page for a cleared respite caregiver", { noSidewaysScroll: true });

    // The family asks for a meal every week, starting in five days (in the family's time zone).
    const head = (await (await dana.page.request.get(`/api/care/teams/${teamId}`)).json()).team;
    const first = addDays(localParts(new Date(), head.timeZone).date, 5);
    await openPage(dana.page, `${teamPath}/calendar`);
    await dana.page.getByRole('button', { name: 'Add to the calendar' }).click();
    const form = dana.page.getByRole('form', { name: 'Add to the calendar' });
    await form.getByLabel('What kind of help').selectOption('meal');
    await form.getByLabel('Date').fill(first);
    await form.getByLabel('Time').fill('18:00');
    await form.getByLabel('Repeats').selectOption('weekly');
    await form.getByRole('button', { name: 'Add to the calendar' }).click();
    await dana.page.getByRole('status').filter({ hasText: 'Added to the calendar. Your team is told.' }).waitFor();
    const meals = dana.page.getByRole('listitem').filter({ hasText: '6:00 pm · Meal' });
    await expect.poll(() => meals.count()).toBeGreaterThan(1);
    await expectAxeClean(dana.page, "the family's calendar with a weekly meal", { noSidewaysScroll: true });
    await markPage(dana.page);

    // Grace signs up for the first date from a phone; the family's open calendar shows it without a reload.
    await grace.page.setViewportSize({ width: 390, height: 844 });
    await openPage(grace.page, `${teamPath}/calendar`);
    const day = careDateLabel(first);
    const graceCard = grace.page.getByRole('listitem').filter({ hasText: '6:00 pm · Meal' }).first();
    await graceCard.getByText(day, { exact: false }).or(grace.page.getByText(day)).first().waitFor();
    await graceCard.getByRole('button', { name: /I'll do it/ }).click();
    await graceCard.getByText('Coming: you').waitFor();
    await expectAxeClean(grace.page, "a helper's calendar after signing up", { noSidewaysScroll: true });
    await meals.first().getByText(`Coming: Grace ${lastName}`).waitFor();
    expect(await wasNotReloaded(dana.page)).toBe(true);

    // The day before, from 9 am in the family's time zone, Grace is reminded by mail (the test clock).
    const dayBefore = zonedInstant(addDays(first, -1), '10:00', head.timeZone);
    expect((await runCareRemindersAt(dayBefore)).reminded).toBeGreaterThanOrEqual(1);
    const reminder = await waitForMail(grace.email, (m) => m.subject.includes('Tomorrow'));
    expect(reminder.text).toContain('40 Linden Avenue, Springfield');

    // Grace's private calendar feed, read by a calendar program with no session, holds the date.
    await openPage(grace.page, '/care');
    const panel = grace.page.getByRole('region', { name: 'Calendar feed' });
    await panel.getByRole('button', { name: 'Make my calendar feed' }).click();
    const address = await panel.getByRole('textbox', { name: 'Your feed’s address (shown this once)' }).inputValue();
    const calendar = await openApi();
    const feed = await calendar.get(new URL(address).pathname);
    expect(feed.status()).toBe(200);
    const ics = await feed.text();
    await calendar.dispose();
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain(
      `DTSTART:${zonedInstant(first, '18:00', head.timeZone)
        .toISOString()
        .replace(/[-:]|\.\d{3}/g, '')}`,
    );
    expect(ics).toContain("Meal for Dana's family");
    expect(ics).toContain('40 Linden Avenue');
    await expectAxeClean(grace.page, 'care teams with a calendar feed', { noSidewaysScroll: true });

    for (const s of sessions) {
      expectNoPageErrors(s.errors);
      await s.context.close();
    }
  });
});
