import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CARE_TEAM_NOT_FOUND } from '../src/shared/care';
import { DEMO_MEMBER_PASSWORD } from '../src/server/demo/seed';
import { expectAxeClean } from './support/a11y';
import { openSite, useBrowser } from './support/browser';
import { useDemoServer } from './support/demo-server';
import { expectNoPageErrors, openPage, signInViaForm } from './support/journey';
import { markPage, wasNotReloaded } from './support/live-page';
import { uniqueTag } from './support/members';

// A care team's space (issue 27) on the demo's content: Grace Miller leads the Parks' care team, Tom Baker helps
// on it. Tom watches the space on a phone while Grace asks for prayer on a desktop: the request shows on Tom's
// page without a reload, and goes again when Grace removes it. A demo member who is not on the team gets the same
// answer as for a team that does not exist. The demo content is seeded by the run's demo server, as `npm start` seeds
// it, so the journey needs no other part's pages.

const browser = useBrowser();
const demoServer = useDemoServer();
let teamId: number;
const TEAM = "The Parks' care team";
const demo = (name: string) => `${name}@demo.example.org`;

/** A browser of its own, signed in as this demo member. */
async function signedIn(email: string, viewport = { width: 1280, height: 900 }) {
  const { page, errors } = await openSite(browser(), { baseURL: demoServer().server.url, viewport });
  await openPage(page, '/signin');
  await signInViaForm(page, email, DEMO_MEMBER_PASSWORD);
  await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
  return { page, errors };
}

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

/** The demo team Grace leads: the first of the demo's teams whose space answers her with its name. */
async function findTeam(page: Page): Promise<number> {
  for (let id = 1; id <= 5; id++) {
    const res = await page.request.get(`/api/care/teams/${id}/posts`);
    if (res.ok() && ((await res.json()) as { team: { name: string } }).team.name === TEAM) return id;
  }
  throw new Error(`${TEAM} is not among the demo's teams`);
}

describe("a care team's space", () => {
  it('carries a prayer request from the leader to a helper’s open page, live, and takes it away again', async () => {
    const grace = await signedIn(demo('grace.miller'));
    teamId = await findTeam(grace.page);
    await openPage(grace.page, `/care/${teamId}/space`);
    await grace.page.getByRole('heading', { name: TEAM }).waitFor();
    await expect.poll(visible(grace.page, /The boys have settled in/)).toBe(true);
    await expectAxeClean(grace.page, 'the team space, as its leader');

    // Tom watches on a phone.
    const tom = await signedIn(demo('tom.baker'), { width: 390, height: 844 });
    await openPage(tom.page, `/care/${teamId}/space`);
    await expect.poll(visible(tom.page, /Please pray for the court hearing/)).toBe(true);
    await expectAxeClean(tom.page, 'the team space, as a helper');
    await tom.page.setViewportSize({ width: 390, height: 844 });
    await markPage(tom.page);

    // A phone number is refused with the field named, and nothing is posted.
    const form = grace.page.getByRole('region', { name: 'Share with the team' });
    await form.getByLabel('Ask for prayer').check();
    await form.getByLabel(/Your prayer request/).fill('Call Linda at 417-555-0100 tonight');
    await form.getByRole('button', { name: 'Ask for prayer' }).click();
    await expect.poll(() => form.getByLabel(/Your prayer request/).getAttribute('aria-invalid')).toBe('true');
    await expectAxeClean(grace.page, 'the team space with a refused post');

    const request = `${uniqueTag('Prayer')}: please pray for a gentle first week at the new school.`;
    await form.getByLabel(/Your prayer request/).fill(request);
    await form.getByRole('button', { name: 'Ask for prayer' }).click();
    await expect.poll(visible(grace.page, request)).toBe(true);

    // Tom's page shows it without a reload, with who asked; he may not remove the leader's post.
    await expect.poll(visible(tom.page, request), { timeout: 15_000 }).toBe(true);
    expect(await wasNotReloaded(tom.page)).toBe(true);
    const onTom = tom.page.getByRole('listitem').filter({ hasText: request });
    await expect.poll(() => onTom.getByText('Grace Miller, Team leader').isVisible()).toBe(true);
    expect(await onTom.getByRole('button', { name: /Remove/ }).count()).toBe(0);
    // Nor his neighbours' address: the bell's text names the team, never the family's details.
    const bell = await tom.page.request.get('/api/notifications');
    expect(await bell.text()).toContain(`asked for prayer in ${TEAM}`);

    // Grace removes it: it goes from Tom's page too.
    const onGrace = grace.page.getByRole('listitem').filter({ hasText: request });
    await onGrace.getByRole('button', { name: 'Remove' }).click();
    await onGrace.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.poll(visible(tom.page, request), { timeout: 15_000 }).toBe(false);
    expect(await wasNotReloaded(tom.page)).toBe(true);

    // A note written in Spanish on the English site (issue 28): its text carries lang="es" and a quiet badge names
    // the language; the team's space filters by it, in the URL.
    const nota = `${uniqueTag('Nota')}: llevamos la cena el jueves.`;
    await form.getByLabel('Share an update').check();
    await form.getByRole('radiogroup', { name: 'Written in' }).getByRole('radio', { name: 'Español' }).check();
    await form.getByLabel(/Your update/).fill(nota);
    await form.getByRole('button', { name: 'Share the update' }).click();
    const spanishNote = grace.page.getByRole('listitem').filter({ hasText: nota });
    await expect.poll(() => spanishNote.getByText(nota).getAttribute('lang')).toBe('es');
    expect(await spanishNote.locator('[lang="es"]', { hasText: /^Español$/ }).count()).toBe(1);
    await grace.page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await expect.poll(() => new URL(grace.page.url()).searchParams.get('language')).toBe('es');
    await expect.poll(visible(grace.page, /The boys have settled in/)).toBe(false);
    await expect.poll(visible(grace.page, nota)).toBe(true);
    await expectAxeClean(grace.page, 'the team space filtered by Español');

    expectNoPageErrors(grace.errors);
    expectNoPageErrors(tom.errors);
  });

  it('answers a member who is not on the team as if it did not exist', async () => {
    const outsider = await signedIn(demo('james.walker'));
    await openPage(outsider.page, `/care/${teamId}/space`);
    await expect.poll(visible(outsider.page, CARE_TEAM_NOT_FOUND)).toBe(true);
    await openPage(outsider.page, '/care/999999/space');
    await expect.poll(visible(outsider.page, CARE_TEAM_NOT_FOUND)).toBe(true);
    await expectAxeClean(outsider.page, 'a team space one is not on');
    expectNoPageErrors(outsider.errors);
  });
});
