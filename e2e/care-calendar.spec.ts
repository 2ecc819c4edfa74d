import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { careDateLabel } from '../src/shared/care-calendar';
import { localParts, addDays } from '../src/server/care/recurrence';
import { migrateDatabase, openDatabase } from '../src/server/db/client';
import { account } from '../src/server/db/schema';
import { insertCareTeam, insertMember } from '../src/server/testing/factories';
import { expectAxeClean } from './support/a11y';
import { openSite, useBrowser } from './support/browser';
import { mailFileTo, ownServerFolder, startOwnServer, stopOwnServer, type OwnServer } from './support/own-server';
import { expectNoPageErrors, openPage, PASSWORD, signInViaForm } from './support/journey';
import { markPage, wasNotReloaded } from './support/live-page';
import { uniqueEmail } from './support/members';

// The care calendar (issue 27, part 2): the family asks "We need…" in one step from its team's calendar, a helper
// signs up from a phone, the family's open calendar shows who is coming without a reload and hears of it by mail,
// and the helper's withdrawal reaches the family's page the same way. A team is made by its family and approved
// members (the teams' own journey, e2e/care-teams.spec.ts); here the family, the helper and the team are written
// into a database of their own before its server starts, as the churches' journey does, so this journey needs
// none of the teams' pages.

const browser = useBrowser();
let own: Partial<OwnServer> = {};
let teamId: number;
const family = { email: uniqueEmail('dana-care'), firstName: 'Dana', lastName: 'Family' };
const helper = { email: uniqueEmail('grace-care'), firstName: 'Grace', lastName: 'Helper' };

beforeAll(async () => {
  own = ownServerFolder('care-calendar');
  const dataDir = own.dataDir!;
  const database = await openDatabase({ dataDir });
  await migrateDatabase(database);
  const hash = await hashPassword(PASSWORD);
  const [dana, grace] = await Promise.all(
    [family, helper].map(async (who) => {
      const made = await insertMember(database.db, who);
      // The password a sign-up would have stored, so each signs in through the form.
      await database.db
        .insert(account)
        .values({ id: randomUUID(), accountId: made.id, providerId: 'credential', userId: made.id, password: hash });
      return made;
    }),
  );
  teamId = await insertCareTeam(database.db, dana!.id, {
    name: 'The Family care team',
    address: '12 Oak Street, Springfield',
    members: [{ uid: grace!.id, role: 'helper' }],
  });
  await database.close();
  own = await startOwnServer('The care calendar server', own as OwnServer);
}, 120_000);

afterAll(() => stopOwnServer(own));

const open = (viewport = { width: 1280, height: 900 }) => openSite(browser(), { baseURL: own.server!.url, viewport });
const mailTo = (to: string, where: (m: ParsedMail) => boolean) => mailFileTo(own.dataDir!, to, where);

describe('the care calendar', () => {
  it('the family asks in one step; a helper signs up from a phone; the family sees it live, and the withdrawal too; the whole form adds a weekly ride and one date is cancelled', async () => {
    const date = addDays(localParts(new Date(), 'America/Chicago').date, 3);
    const day = careDateLabel(date);

    const dana = await open({ width: 1280, height: 900 });
    await openPage(dana.page, '/signin');
    await signInViaForm(dana.page, family.email);
    await dana.page.waitForURL((url) => !url.pathname.startsWith('/signin'));
    await dana.page.goto('/dashboard');
    // The dashboard has the same one-step ask for a family with a team.
    await dana.page.getByRole('region', { name: /We need/ }).waitFor();
    await dana.page.goto(`/care/${teamId}/calendar`);
    await dana.page.getByRole('heading', { level: 1, name: 'The Family care team' }).waitFor();
    await dana.page.getByText('Nothing on the calendar in these weeks.').waitFor();
    await expectAxeClean(dana.page, 'the empty calendar (family)');

    const ask = dana.page.getByRole('region', { name: /We need/ });
    await ask.getByLabel('What kind of help').selectOption('meal');
    await ask.getByLabel('On').fill(date);
    await ask.getByRole('button', { name: 'Ask the team' }).click();
    await ask
      .getByRole('status')
      .filter({ hasText: `Asked for a meal on ${day} at 5:30 pm` })
      .waitFor();
    const card = dana.page.getByRole('listitem').filter({ hasText: '5:30 pm · Meal' });
    await card.getByText('Nobody has signed up yet.').waitFor();
    expect(await card.textContent()).toContain('At the family’s home: 12 Oak Street, Springfield');
    await expectAxeClean(dana.page, 'the calendar with a task (family)');
    await markPage(dana.page);

    const grace = await open({ width: 390, height: 844 });
    await openPage(grace.page, '/signin');
    await signInViaForm(grace.page, helper.email);
    await grace.page.waitForURL((url) => !url.pathname.startsWith('/signin'));
    await grace.page.goto(`/care/${teamId}/calendar`);
    const graceCard = grace.page.getByRole('listitem').filter({ hasText: '5:30 pm · Meal' });
    // Grace holds no confidentiality agreement: the family's home, without the address.
    await graceCard.getByText('At the family’s home', { exact: true }).waitFor();
    await expectAxeClean(grace.page, 'the calendar (helper)');
    await grace.page.setViewportSize({ width: 390, height: 844 });
    await graceCard.getByRole('button', { name: /I'll do it/ }).click();
    await graceCard.getByText('Coming: you').waitFor();

    // The family's open page shows who is coming, without a reload, and the family is mailed.
    await card.getByText('Coming: Grace Helper').waitFor();
    expect(await wasNotReloaded(dana.page)).toBe(true);
    const mail = await mailTo(family.email, (m) => (m.subject ?? '').includes('will bring a meal'));
    expect(mail.subject).toBe(`Grace Helper will bring a meal on ${day} at 5:30 pm`);

    // The dashboard lists the helper's next care task.
    await grace.page.goto('/dashboard');
    await grace.page.getByRole('region', { name: 'Your next care tasks' }).getByText(`${day}, 5:30 pm: Meal`).waitFor();

    await grace.page.goto(`/care/${teamId}/calendar`);
    await graceCard.getByRole('button', { name: /Withdraw/ }).click();
    await card.getByText('Nobody has signed up yet.').waitFor();
    expect(await wasNotReloaded(dana.page)).toBe(true);
    await mailTo(family.email, (m) => (m.subject ?? '').includes('can no longer bring a meal'));

    // The whole form: a weekly ride; then one of its dates cancelled.
    await dana.page.getByRole('button', { name: 'Add to the calendar' }).click();
    const form = dana.page.getByRole('form', { name: 'Add to the calendar' });
    await form.getByLabel('What kind of help').selectOption('ride');
    await form.getByLabel('Date').fill(date);
    await form.getByLabel('Repeats').selectOption('weekly');
    await form.getByRole('button', { name: 'Add to the calendar' }).click();
    await dana.page.getByRole('status').filter({ hasText: 'Added to the calendar. Your team is told.' }).waitFor();
    const rides = dana.page.getByRole('listitem').filter({ hasText: '8:00 am · Ride' });
    await expect.poll(() => rides.count()).toBeGreaterThan(1);
    const before = await rides.count();
    await rides
      .first()
      .getByRole('button', { name: /Cancel this date/ })
      .click();
    await expect.poll(() => rides.count()).toBe(before - 1);
    expectNoPageErrors(dana.errors);
    expectNoPageErrors(grace.errors);
  });
});
