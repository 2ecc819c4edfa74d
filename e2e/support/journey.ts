import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { APP_READY_ATTRIBUTE } from '../../src/shared/boot';

export const PASSWORD = 'a good long password';
/** The password field, not its confirmation (required fields may carry a marker after the label). */
export const PASSWORD_LABEL = /^Password\W*$/;

/** Fills in the sign-up form and sends it; ends on its "Check your inbox" page (a sign-up signs nobody in). */
export async function submitSignUpForm(page: Page, email: string, password = PASSWORD) {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(PASSWORD_LABEL).fill(password);
  await page.getByLabel('Password Confirmation').fill(password);
  await page.getByRole('button', { name: 'I am indeed a person' }).click();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
}

/**
 * Signs up through the form, then signs in from the "Check your inbox" page, as a person would; ends on
 * /update-profile with the address not yet confirmed (the mailed link does that).
 */
export async function signUpViaForm(page: Page, email: string, password = PASSWORD) {
  await submitSignUpForm(page, email, password);
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await page.waitForURL('**/signin?**');
  await signInViaForm(page, email, password);
  await page.waitForURL('**/update-profile');
}

export async function signInViaForm(page: Page, email: string, password = PASSWORD) {
  if (!page.url().includes('/signin')) await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(PASSWORD_LABEL).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

export async function signOutViaDashboard(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL('**/signin');
  // The menu changes once the app has forgotten the member, a moment after the address changes.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).waitFor();
}

/** The main navigation's link names, in order. */
export async function menuEntries(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Home' }).waitFor();
  return (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim());
}

/**
 * Opens a page and waits until the app runs it. The landing page is prerendered for visitors, so it
 * shows before its scripts run; a click that early is a plain link (or nothing), not the app.
 */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator(`html[${APP_READY_ATTRIBUTE}]`).waitFor({ state: 'attached' });
}

/**
 * The server, as this page sees it, refuses its `method` requests to `url` as invalid, with these field
 * errors (its other requests there go through): for how a form shows the server's refusals.
 */
export function refuseAsInvalid(
  page: Page,
  url: string,
  method: string,
  fieldErrors: Record<string, string>,
  message = 'Some fields need attention.',
) {
  return page.route(url, (route) =>
    route.request().method() === method
      ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'VALIDATION', message, fieldErrors }) })
      : route.fallback(),
  );
}

export function expectNoPageErrors(errors: string[]) {
  expect(errors, `errors in the page:\n${errors.join('\n')}`).toEqual([]);
}
