import fs from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, inject, it } from 'vitest';
import { expectAxeClean } from './support/a11y';
import { openApi, openSite, useBrowser } from './support/browser';
import { memberProfile, openAdminApi, signUpMember, uniqueEmail, uniqueTag } from './support/members';
import { expectNoPageErrors, openPage, signInViaForm, submitSignUpForm } from './support/journey';

// Issue 29: the welcome after sign-up, the member's home, the directory's rule said where the member is, and
// "Your data" downloaded as one zip and read back.

const browser = useBrowser();
const RULE = /The member directory lists only members who answer Yes/;

describe("a new member's first visit and home", () => {
  it('welcome → profile without the AG answer → home with next steps → download the archive', async () => {
    const { page, errors } = await openSite(browser());
    const email = uniqueEmail('home');

    // The page after sign-up says what happens next, the directory's rule included.
    await submitSignUpForm(page, email);
    await page.getByRole('heading', { name: 'What happens next' }).waitFor();
    expect(await page.getByText(RULE).isVisible()).toBe(true);
    await expectAxeClean(page, 'check your inbox');

    // Signed in, the first profile form starts with the welcome.
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/signin?**');
    await signInViaForm(page, email);
    await page.waitForURL('**/update-profile');
    await page.getByRole('heading', { name: 'Welcome to the network' }).waitFor();
    expect(await page.getByRole('region', { name: 'Welcome to the network' }).getByText(RULE).isVisible()).toBe(true);
    await expectAxeClean(page, 'the welcome on the profile form');

    // A refused save focuses the first field, and the page's heading stays clear of the fixed header.
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('firstName');
    const headerBottom = await page
      .locator('header')
      .first()
      .evaluate((h) => h.getBoundingClientRect().bottom);
    const alertTop = await page.getByText(/^Some answers need attention/).evaluate((a) => a.getBoundingClientRect().top);
    expect(alertTop).toBeGreaterThanOrEqual(headerBottom);

    // Saved without answering the AG question: the home says the member is not listed, and how to be.
    await page.getByLabel('First name').fill('Ruth');
    await page.getByLabel('Last name').fill('Okafor');
    await page.getByLabel('Phone').fill('4175550199');
    await page.getByLabel('State').selectOption({ label: 'Missouri' });
    await page.getByLabel('ZIP code').fill('65802');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.waitForURL('**/dashboard');
    const notice = page.getByText('Your profile has been saved.');
    await notice.waitFor();
    const steps = page.getByRole('region', { name: 'Your next steps' });
    await steps.getByText('You are not listed in the member directory').waitFor();
    expect(await steps.getByText('Choose your church').first().isVisible()).toBe(true);
    for (const part of ['Notifications', 'Needs near you', 'New on Discuss']) {
      expect(await page.getByRole('region', { name: part }).isVisible(), part).toBe(true);
    }
    // The saved notice stays within the page's column.
    const column = await page
      .getByRole('heading', { level: 1, name: 'Dashboard' })
      .evaluate((h) => h.parentElement!.getBoundingClientRect());
    const box = await page.locator('[data-flash-notice]').evaluate((n) => n.getBoundingClientRect());
    expect(box.left).toBeGreaterThanOrEqual(column.left - 1);
    expect(box.right).toBeLessThanOrEqual(column.right + 1);
    await expectAxeClean(page, 'the home page', { noSidewaysScroll: true });

    // "Your data": one zip, read back.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download your data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^your-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(await fs.readFile(await download.path())));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['README.txt', 'account.json', 'posts.json', 'mail.json']));
    const account = JSON.parse(strFromU8(files['account.json']!)) as {
      account: { email: string };
      profile: { firstName: string; agAffiliated: null };
    };
    expect(account.account.email).toBe(email);
    expect(account.profile).toMatchObject({ firstName: 'Ruth', agAffiliated: null });
    // The confirmation mail is among the mail sent to the member, with the directory's rule.
    const mail = JSON.parse(strFromU8(files['mail.json']!)) as { received: { text: string }[] };
    expect(mail.received.some((m) => RULE.test(m.text))).toBe(true);

    // In Spanish, the home and its notice read as well and stay clean.
    await page.getByRole('banner').getByRole('link', { name: 'Español' }).click();
    await page.getByRole('heading', { name: 'Sus próximos pasos' }).waitFor();
    expect(await page.getByText('Usted no aparece en el directorio de miembros').isVisible()).toBe(true);
    await expectAxeClean(page, 'the home page in Spanish', { noSidewaysScroll: true });

    // The way to be listed leads to the question itself.
    await page.getByRole('link', { name: 'Responda la pregunta en su perfil' }).click();
    await page.waitForURL('**/update-profile#agAffiliated');
    await page.getByRole('radiogroup', { name: /afiliado a las Asambleas de Dios/ }).waitFor();
    expectNoPageErrors(errors);
  });

  it('shows who joined the member’s church lately, live, each a link to their card in the directory', async () => {
    // An active church: proposed by its point person (a listed member), approved by an admin.
    const { page, errors } = await openSite(browser());
    const headers = { origin: inject('baseUrl') };
    await signUpMember(page, { prefix: 'keeper', profile: memberProfile({ firstName: 'Kim', lastName: 'Keeper', agAffiliated: 'Yes' }) });
    const name = `${uniqueTag('Grace')} Assembly`;
    const proposed = await page.request.post('/api/churches/proposals', {
      data: { name, city: 'Springfield', state: 'MO', zip: '65802', ag: true, pointPerson: true },
      headers,
    });
    expect(proposed.status(), await proposed.text()).toBe(201);
    const id = ((await proposed.json()) as { keeps: Array<{ id: number }> }).keeps[0]!.id;
    const admin = await openAdminApi();
    expect((await admin.post(`/api/admin/churches/${id}/approve`, { data: {} })).status()).toBe(200);
    await admin.dispose();

    // Two members say it is theirs: one listed in the directory, one who did not answer the AG question.
    const lastName = uniqueTag('Newcomer');
    const joiners = [];
    for (const profile of [
      memberProfile({ firstName: 'Nora', lastName, agAffiliated: 'Yes' }),
      memberProfile({ firstName: 'Ulla', lastName: uniqueTag('Unlisted') }),
    ]) {
      const api = await openApi();
      const joined = await signUpMember(api, { prefix: 'joiner', profile });
      expect((await api.put('/api/me/church', { data: { churchId: id }, headers })).status()).toBe(200);
      await api.dispose();
      joiners.push(joined.profile!.uid);
    }

    // Nobody confirmed yet: the card says so.
    await openPage(page, '/dashboard');
    const card = page.getByRole('region', { name: `New members of ${name}` });
    await card.getByText('No one has joined in the last 30 days.').waitFor();

    // The point person confirms both: the listed one appears without a reload, the other never does.
    for (const uid of joiners) {
      const confirmed = await page.request.post(`/api/churches/${id}/members/${uid}/confirm`, { data: {}, headers });
      expect(confirmed.status(), await confirmed.text()).toBe(200);
    }
    const link = card.getByRole('link', { name: `Nora ${lastName}` });
    await link.waitFor();
    expect(await card.getByText('Ulla').count()).toBe(0);
    expect(await card.getByRole('listitem').count()).toBe(1);
    await expectAxeClean(page, 'the home page with new members', { noSidewaysScroll: true });

    // The name leads to their card in the directory.
    await link.click();
    await page.waitForURL('**/directory?q=*');
    await page.getByRole('list', { name: 'Members' }).getByText(`Nora ${lastName}`, { exact: true }).waitFor();

    // In Spanish too.
    await page.goBack();
    await link.waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Español' }).click();
    const tarjeta = page.getByRole('region', { name: `Nuevos miembros de ${name}` });
    await tarjeta.getByText(/^Se unió/).waitFor();
    await expectAxeClean(page, 'the home page with new members in Spanish', { noSidewaysScroll: true });
    expectNoPageErrors(errors);
  });
});
