import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { descriptionOf, seriousViolations } from './support/a11y';
import { openSite, useBrowser } from './support/browser';
import { uniqueEmail } from './support/members';
import { expectNoPageErrors, refuseAsInvalid, signUpViaForm } from './support/journey';

const browser = useBrowser();

const radio = (page: Page, question: RegExp, answer: 'Yes' | 'No') =>
  page.getByRole('radiogroup', { name: question }).getByRole('radio', { name: answer, exact: true });

async function waitForForm(page: Page) {
  await page.getByLabel('First name').waitFor();
}

describe('the profile form', () => {
  it('sign up → fill the form → save → dashboard → reload: the values are kept', async () => {
    const { page, errors } = await openSite(browser());
    await signUpViaForm(page, uniqueEmail('profile'));
    await waitForForm(page);
    expect(await page.getByLabel('First name').inputValue()).toBe('');

    // Nothing is chosen for the Yes/No questions until the member chooses.
    for (const q of [/affiliated with the Assemblies of God/, /credentialed minister/, /foster parent/, /church an Assemblies of God/]) {
      expect(await radio(page, q, 'Yes').isChecked()).toBe(false);
      expect(await radio(page, q, 'No').isChecked()).toBe(false);
    }
    // The street address is marked as never public, in the field's own description.
    const description = await descriptionOf(page.getByLabel('Street address'));
    expect(description).toMatch(/^Never made public/);

    // Required fields are checked before anything is sent, each error beside its field, focus on the first.
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => page.getByText('First name is required').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Last name is required').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Phone is required').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Choose your state').last().isVisible()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('firstName');
    expect(await page.getByLabel('First name').getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toContain('/update-profile');

    await page.getByLabel('First name').fill('Hannah');
    await page.getByLabel('Last name').fill('Lee');
    await page.getByLabel('Phone').fill('(617) 555-0142');
    await page.getByLabel('Street address').fill('9 Harbor Way');
    await page.getByLabel('City').fill('Boston');
    await page.getByLabel('State').selectOption({ label: 'Massachusetts' });
    await page.getByLabel('ZIP code').fill('02110');
    await page.getByLabel('Church name').fill('Harbor Assembly');
    await radio(page, /church an Assemblies of God/, 'Yes').check();
    await radio(page, /affiliated with the Assemblies of God/, 'Yes').check();
    await radio(page, /credentialed minister/, 'No').check();
    await page.getByLabel('AG employer', { exact: true }).fill('AG U.S. Missions');
    await page.getByLabel('Your title at the AG employer').fill('Chaplain');
    await page.getByLabel('AG employer web site').fill('javascript:alert(1)');
    await radio(page, /foster parent/, 'Yes').check();
    await page.getByLabel('Foster children in your home this year').fill('4');
    await page.getByLabel('Social media link').fill('facebook.com/hannah.lee');
    await page.getByLabel('Comments').fill('We offer respite care on weekends.');

    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => page.getByText(/AG employer web site must be a web address/).isVisible()).toBe(true);
    await page.getByLabel('AG employer web site').fill('usmissions.ag.org');
    await page.getByRole('button', { name: 'Save profile' }).click();

    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByText('Your profile has been saved.').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('main').getByText('Hannah Lee').isVisible()).toBe(true);
    expect(await page.getByText('Create your profile').count()).toBe(0);

    await page.reload();
    await page.getByRole('main').getByText('Hannah Lee').waitFor();
    await page.getByRole('link', { name: 'Update profile', exact: true }).click();
    await page.waitForURL('**/update-profile');
    await waitForForm(page);
    await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Hannah');
    expect(await page.getByLabel('Last name').inputValue()).toBe('Lee');
    expect(await page.getByLabel('Phone').inputValue()).toBe('6175550142');
    expect(await page.getByLabel('Street address').inputValue()).toBe('9 Harbor Way');
    expect(await page.getByLabel('City').inputValue()).toBe('Boston');
    expect(await page.getByLabel('State').inputValue()).toBe('MA');
    expect(await page.getByLabel('ZIP code').inputValue()).toBe('02110');
    expect(await page.getByLabel('Church name').inputValue()).toBe('Harbor Assembly');
    expect(await radio(page, /church an Assemblies of God/, 'Yes').isChecked()).toBe(true);
    expect(await radio(page, /affiliated with the Assemblies of God/, 'Yes').isChecked()).toBe(true);
    expect(await radio(page, /credentialed minister/, 'No').isChecked()).toBe(true);
    expect(await radio(page, /credentialed minister/, 'Yes').isChecked()).toBe(false);
    expect(await radio(page, /foster parent/, 'Yes').isChecked()).toBe(true);
    expect(await page.getByLabel('AG employer', { exact: true }).inputValue()).toBe('AG U.S. Missions');
    expect(await page.getByLabel('AG employer web site').inputValue()).toBe('https://usmissions.ag.org/');
    expect(await page.getByLabel('Foster children in your home this year').inputValue()).toBe('4');
    expect(await page.getByLabel('Social media link').inputValue()).toBe('https://facebook.com/hannah.lee');
    expect(await page.getByLabel('Comments').inputValue()).toBe('We offer respite care on weekends.');

    // Changing one answer keeps the rest.
    await page.getByLabel('City').fill('Cambridge');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.waitForURL('**/dashboard');
    await page.goto('/update-profile');
    await waitForForm(page);
    await expect.poll(() => page.getByLabel('City').inputValue()).toBe('Cambridge');
    expect(await page.getByLabel('First name').inputValue()).toBe('Hannah');
    expectNoPageErrors(errors);
  });

  it('invites a member without a profile to create one from the dashboard', async () => {
    const { page } = await openSite(browser());
    await signUpViaForm(page, uniqueEmail('invite'));
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Create your profile now' }).click();
    await page.waitForURL('**/update-profile');
    await waitForForm(page);
  });

  it("says 'Trouble gathering profiles. Please try again later.' when the profile cannot be loaded", async () => {
    const { page } = await openSite(browser());
    await signUpViaForm(page, uniqueEmail('trouble'));
    await page.route('**/api/profile', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"UNAVAILABLE","message":"down"}' }),
    );
    await page.goto('/update-profile');
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Trouble gathering profiles. Please try again later.' }).isVisible())
      .toBe(true);
    expect(await page.getByLabel('First name').count()).toBe(0);

    await page.unroute('**/api/profile');
    await page.getByRole('button', { name: 'Try again' }).click();
    await waitForForm(page);
  });

  it("shows the server's field errors beside their fields", async () => {
    const { page } = await openSite(browser());
    await signUpViaForm(page, uniqueEmail('server-errors'));
    await waitForForm(page);
    await refuseAsInvalid(page, '**/api/profile', 'PUT', { city: 'City is not known' });
    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Last name').fill('Brooks');
    await page.getByLabel('Phone').fill('603 555 0100');
    await page.getByLabel('State').selectOption('NH');
    await page.getByLabel('City').fill('Nowhere');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => page.getByText('City is not known').isVisible()).toBe(true);
    expect(await page.getByLabel('City').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('city');
  });

  it('focuses the first bad field in page order, a Yes/No question by its first radio', async () => {
    const { page } = await openSite(browser());
    await signUpViaForm(page, uniqueEmail('server-yes-no'));
    await waitForForm(page);
    await refuseAsInvalid(page, '**/api/profile', 'PUT', { comments: 'Comments are refused', fosterParent: 'Choose Yes or No' });
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Stone');
    await page.getByLabel('Phone').fill('603 555 0101');
    await page.getByLabel('State').selectOption('NH');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => page.getByText('Choose Yes or No').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Comments are refused').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Some answers need attention' }).isVisible()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('fosterParent');
    expect(await radio(page, /foster parent/, 'Yes').evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('has no serious accessibility problems, errors shown or not, on a phone too', async () => {
    for (const viewport of [undefined, { width: 390, height: 844 }]) {
      const { page, errors } = await openSite(browser(), viewport ? { viewport } : {});
      await signUpViaForm(page, uniqueEmail('a11y-profile'));
      await waitForForm(page);
      // Nothing sticks out sideways, on a phone either.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), 'form').toEqual([]);
      await page.getByRole('button', { name: 'Save profile' }).click();
      await page.getByText('First name is required').waitFor();
      expect(await seriousViolations(page), 'form with errors').toEqual([]);
      await page.goto('/dashboard');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await seriousViolations(page), 'dashboard').toEqual([]);
      expectNoPageErrors(errors);
    }
  });
});
