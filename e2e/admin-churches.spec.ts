import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './support/a11y';
import { openSite, useBrowser, type Session } from './support/browser';
import { expectNoPageErrors } from './support/journey';
import { signInAsAdmin, uniqueTag } from './support/members';

// Issue 25, "Admin": the admin area's Churches section. An admin adds a church, finds it, archives and
// restores it; the section's three tabs are clean under axe on a phone and on a desktop.

const browser = useBrowser();
let admin: Session;

beforeAll(async () => {
  admin = await openSite(browser());
  await signInAsAdmin(admin.page);
});

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect.poll(() => page.getByRole('tab', { name, selected: true }).count()).toBe(1);
}

describe('the churches section', () => {
  it('adds a church (an unknown ZIP code named beside its field), finds it, archives and restores it', async () => {
    const { page, errors } = admin;
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Churches' }).click();
    await page.getByRole('heading', { level: 1, name: 'Churches' }).waitFor();

    const name = `${uniqueTag('Admin')} Assembly`;
    await page.getByRole('button', { name: 'Add a church' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a church' });
    await dialog.getByLabel(/^Church name/).fill(name);
    await dialog.getByLabel(/^Street address/).fill('1445 N Boonville Ave');
    await dialog.getByLabel(/^City/).fill('Springfield');
    await dialog.getByLabel(/^State/).selectOption('MO');
    await dialog.getByLabel(/^ZIP code/).fill('00000');
    await dialog.getByRole('checkbox', { name: 'Care teams' }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Add the church' }).click();
    await expect.poll(() => dialog.getByText('We do not know this ZIP code. Check the five digits.').isVisible()).toBe(true);
    await dialog.getByLabel(/^ZIP code/).fill('65802');
    await dialog.getByRole('button', { name: 'Add the church' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    await openTab(page, 'All churches');
    await page.getByLabel('Search churches').fill(name);
    await page.getByLabel('Search churches').press('Enter');
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(1).innerText()).toBe('Active');
    await row.getByRole('button', { name: `Archive ${name}` }).click();
    await expect.poll(() => row.getByRole('cell').nth(1).innerText()).toBe('Archived');
    await row.getByRole('button', { name: `Restore ${name}` }).click();
    await expect.poll(() => row.getByRole('cell').nth(1).innerText()).toBe('Active');

    // The public finder's answer names it at its ZIP code.
    const found = await page.request.get('/api/churches?zip=65802&radius=10');
    if (found.status() !== 404) expect(JSON.stringify(await found.json())).toContain(name);
    expectNoPageErrors(errors);
  });

  for (const width of [390, 1280]) {
    it(`is clean under axe at ${width} px, on each tab and on the overview's chart`, async () => {
      const { page, errors } = await openSite(browser(), { viewport: { width, height: 900 } });
      await signInAsAdmin(page);
      await page.goto('/admin/churches');
      await page.getByRole('heading', { level: 1, name: 'Churches' }).waitFor();
      await page.getByRole('tab', { name: 'Proposals', selected: true }).waitFor();
      await expect.poll(() => page.getByLabel('Loading the proposals').count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await openTab(page, 'All churches');
      await page.getByRole('region', { name: 'Table of churches' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await openTab(page, 'Link suggestions');
      await expect.poll(() => page.getByLabel('Loading the suggestions').count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto('/admin');
      await page.getByRole('heading', { name: 'Churches joining per month' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expectNoPageErrors(errors);
    });
  }
});
