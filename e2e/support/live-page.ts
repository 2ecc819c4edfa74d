import { expect, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { uniqueEmail } from './browser';
import { confirmAddressThroughApi } from './mail';
import { PASSWORD } from './journey';

// Helpers the journeys that watch pages update live share.

/** Marks the page, so a test can tell later that it was never reloaded. */
export async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
}

export async function wasNotReloaded(page: Page) {
  return page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);
}

/**
 * A member signed up through the API in this page's browser (so the page is signed in as them), with the
 * profile saved through PUT /api/profile when one is given.
 */
export async function signUpThroughApi(page: Page, opts: { prefix: string; profile?: Record<string, unknown> }) {
  const origin = inject('baseUrl');
  const email = uniqueEmail(opts.prefix);
  const signUp = await page.request.post('/api/auth/sign-up/email', { data: { email, password: PASSWORD, name: '' }, headers: { origin } });
  expect(signUp.status(), await signUp.text()).toBe(200);
  await confirmAddressThroughApi(page.request, email);
  if (opts.profile) {
    const saved = await page.request.put('/api/profile', { data: opts.profile, headers: { origin } });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  return email;
}

