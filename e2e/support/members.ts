import { expect, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { uniqueEmail } from './browser';
import { PASSWORD } from './journey';
import { confirmAddressThroughApi } from './mail';
import { passAdminSecondFactor } from './second-factor';

/** The e2e server lists this address in ADMIN_EMAILS. */
export const ADMIN_EMAIL = 'admin@network.test';

export type ProfileFields = Record<string, string | number | null>;

/**
 * Signs up a member through the API in this page's browser context (so the page is signed in), confirms the
 * address with the link mailed to it (unless `confirm` is false), and saves their profile through
 * PUT /api/profile when one is given.
 */
export async function signUpMember(
  page: Page,
  profile?: ProfileFields,
  email = uniqueEmail('member'),
  opts: { confirm?: boolean } = {},
): Promise<string> {
  const origin = inject('baseUrl');
  const signUp = await page.request.post('/api/auth/sign-up/email', { data: { email, password: PASSWORD, name: '' }, headers: { origin } });
  expect(signUp.status(), await signUp.text()).toBe(200);
  if (opts.confirm !== false) await confirmAddressThroughApi(page.request, email);
  if (profile) {
    const saved = await page.request.put('/api/profile', { data: profile, headers: { origin } });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  return email;
}

/**
 * Signs this browser context in as the admin, creating the account the first time, with a session that
 * passed the admin's second factor (set up the first time; e2e/support/second-factor.ts).
 */
export async function signInAsAdmin(page: Page): Promise<void> {
  await signInAsAdminWithPassword(page);
  await passAdminSecondFactor(page.request);
}

async function signInAsAdminWithPassword(page: Page): Promise<void> {
  const origin = inject('baseUrl');
  const signIn = await page.request.post('/api/auth/sign-in/email', { data: { email: ADMIN_EMAIL, password: PASSWORD }, headers: { origin } });
  if (signIn.ok()) return;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { email: ADMIN_EMAIL, password: PASSWORD, name: '' },
    headers: { origin },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  await confirmAddressThroughApi(page.request, ADMIN_EMAIL);
}
