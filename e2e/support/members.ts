import fs from 'node:fs';
import path from 'node:path';
import { expect, inject } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import type { Me } from '../../src/shared/account';
import { openApi } from './browser';
import { PASSWORD } from './journey';
import { confirmAddressThroughApi } from './mail';
import { passAdminSecondFactor } from './second-factor';
import { uniqueEmail } from '../../src/server/testing/unique';

// The one way journeys make people they do not sign up through the form: members, with or without a
// profile, confirmed or not, and the admin. Addresses and tags come from the same source as the server
// tests', so no journey depends on another's data, whatever ran before it.
export { uniqueEmail, uniqueTag } from '../../src/server/testing/unique';

/** The e2e server lists this address in ADMIN_EMAILS (e2e/support/global-setup.ts). */
export const ADMIN_EMAIL = 'admin@network.test';

export type ProfileFields = Record<string, string | number | null>;
/** A profile as PUT /api/profile answered it: normalised, with the member's uid. */
export type StoredProfile = ProfileFields & { uid: string };

/** A browser page (its context's cookies) or an API client: whose session the sign-up leaves signed in. */
type Signer = Page | APIRequestContext;
const apiOf = (who: Signer): APIRequestContext => ('request' in who ? who.request : who);

/** The fields a profile needs to be saved (product.md §10.1), for a member in Missouri; `overrides` over them. */
export function memberProfile(overrides: ProfileFields = {}): ProfileFields {
  return { firstName: 'Mia', lastName: 'Member', phone: '4175550100', state: 'MO', ...overrides };
}

/**
 * Signs up a member through the API in this page's browser context (so the page is signed in) or API client,
 * signs in with the new password, confirms the address with the link mailed to it (unless `confirm` is false), and saves `profile` through
 * PUT /api/profile when one is given (none by default). The address is a fresh one starting with `prefix`
 * unless `email` is given; `name` is the sign-up form's name field, empty as the site's form sends it.
 */
export async function signUpMember(
  who: Signer,
  opts: { email?: string; prefix?: string; name?: string; confirm?: boolean; profile?: ProfileFields } = {},
): Promise<{ email: string; profile: StoredProfile | null }> {
  const api = apiOf(who);
  const headers = { origin: inject('baseUrl') };
  const email = opts.email ?? uniqueEmail(opts.prefix ?? 'member');
  const signUp = await api.post('/api/auth/sign-up/email', { data: { email, password: PASSWORD, name: opts.name ?? '' }, headers });
  expect(signUp.status(), await signUp.text()).toBe(200);
  // A sign-up gives no session (issue 23): the new member signs in with the password, as a person would.
  const signIn = await api.post('/api/auth/sign-in/email', { data: { email, password: PASSWORD }, headers });
  expect(signIn.status(), await signIn.text()).toBe(200);
  if (opts.confirm !== false) await confirmAddressThroughApi(api, email);
  if (!opts.profile) return { email, profile: null };
  const saved = await api.put('/api/profile', { data: opts.profile, headers });
  expect(saved.status(), await saved.text()).toBe(200);
  return { email, profile: ((await saved.json()) as { profile: StoredProfile }).profile };
}

/**
 * Signs this browser context (or API client) in as the admin, creating the account the first time, with a
 * session that passed the admin's second factor (set up the first time; e2e/support/second-factor.ts).
 */
export async function signInAsAdmin(who: Signer): Promise<void> {
  const api = apiOf(who);
  // A browser page takes the session another journey already made, if it is still good: the sign-in limit per
  // address (10 in 15 minutes, product.md §10.4) counts the admin's sign-ins across the whole run.
  if ('context' in who) {
    const kept = readAdminCookies();
    if (kept) {
      await who.context().addCookies(kept);
      if (await isReadyAdmin(api)) return;
      await who.context().clearCookies();
    }
  }
  const headers = { origin: inject('baseUrl') };
  const signIn = await api.post('/api/auth/sign-in/email', { data: { email: ADMIN_EMAIL, password: PASSWORD }, headers });
  if (!signIn.ok()) await signUpMember(api, { email: ADMIN_EMAIL });
  await passAdminSecondFactor(api);
  fs.writeFileSync(adminCookiesFile(), JSON.stringify((await api.storageState()).cookies));
}

/**
 * An API client signed in as the admin: with the session another journey made while it is good (see
 * signInAsAdmin), else signed in anew.
 */
export async function openAdminApi(): Promise<APIRequestContext> {
  const kept = readAdminCookies();
  if (kept) {
    const api = await openApi({ cookies: kept as StoredCookies, origins: [] });
    if (await isReadyAdmin(api)) return api;
    await api.dispose();
  }
  const api = await openApi();
  await signInAsAdmin(api);
  return api;
}

type Cookies = Parameters<BrowserContext['addCookies']>[0];
/** As the file keeps them: what a client's storageState() gave, every field there. */
type StoredCookies = Awaited<ReturnType<APIRequestContext['storageState']>>['cookies'];

/** The admin's session cookies, beside the server's data folder (each journey file is its own process). */
function adminCookiesFile(): string {
  return path.join(path.dirname(inject('dataDir')), 'admin-session.json');
}

function readAdminCookies(): Cookies | null {
  try {
    return JSON.parse(fs.readFileSync(adminCookiesFile(), 'utf8')) as Cookies;
  } catch {
    return null;
  }
}

/** Whether this client's session is the admin's, past the second factor (a journey may have ended it). */
async function isReadyAdmin(api: APIRequestContext): Promise<boolean> {
  const res = await api.get('/api/me');
  if (!res.ok()) return false;
  const me = ((await res.json()) as { user: Me | null }).user;
  return Boolean(me?.isAdmin && me.secondFactorPassed);
}
