import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { MESSAGES } from '../src/shared/messages';
import { SECOND_FACTOR_SIGN_IN_MESSAGE, TWO_FACTOR_MESSAGES } from '../src/shared/two-factor';
import { keyOf, nextTotpCode, wrongTotpCode } from '../src/server/testing/totp';
import { consentBrowserCookie, type Consent, type ProviderIdentity } from '../src/server/testing/oidc-provider';
import { seriousViolations } from './support/a11y';
import { openSite, useBrowser } from './support/browser';
import { expectNoPageErrors, menuEntries, PASSWORD, signOutViaDashboard, signUpViaForm } from './support/journey';
import { memberProfile, signUpMember, uniqueEmail } from './support/members';

// "Sign in with Google" in Chromium against the OpenID Connect provider global setup starts in Google's
// place. Who the browser is at "Google" (or that the person denies consent) is a cookie on the provider.

const browser = useBrowser();

const GOOGLE_BUTTON = { name: 'Sign in with Google' } as const;

function googleAccount(email = uniqueEmail('google')): ProviderIdentity {
  return { sub: `google-${randomUUID()}`, email, emailVerified: true, name: 'Grace Miller' };
}

async function atGoogle(context: BrowserContext, consent: Consent) {
  await context.addCookies([consentBrowserCookie(inject('googleIssuerUrl'), consent)]);
}

/** Clicks the button and waits for the popup to open and close by itself. */
async function signInThroughPopup(page: Page) {
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', GOOGLE_BUTTON).click();
  const opened = await popup;
  await opened.waitForEvent('close', { timeout: 20_000 });
}

describe('sign in with Google', () => {
  it('is offered on /signin and /signup, with no accessibility problems, at both sizes', async () => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 900 },
    ]) {
      const { page, errors } = await openSite(browser(), { viewport });
      for (const path of ['/signin', '/signup']) {
        await page.goto(path);
        await page.getByRole('button', GOOGLE_BUTTON).waitFor();
        expect(await seriousViolations(page), path).toEqual([]);
      }
      expectNoPageErrors(errors);
    }
  });

  it('makes an account for a new address: the popup closes and the page goes to /update-profile, signed in', async () => {
    const { context, page, errors } = await openSite(browser());
    const account = googleAccount();
    await atGoogle(context, account);
    await page.goto('/signup');
    await signInThroughPopup(page);
    await page.waitForURL('**/update-profile');
    expect(await menuEntries(page)).toContain('Directory');
    await expect.poll(() => page.getByRole('contentinfo').getByRole('link', { name: account.email }).isVisible()).toBe(true);
    expectNoPageErrors(errors);
  });

  it('signs in an existing member, by keyboard, and goes where a password sign-in goes', async () => {
    const email = uniqueEmail('member');
    const setUp = await openSite(browser());
    await signUpMember(setUp.page, { email, profile: memberProfile() });
    await setUp.context.close();

    const { context, page, errors } = await openSite(browser());
    await atGoogle(context, googleAccount(email));
    await page.goto('/signin');
    await page.getByRole('button', GOOGLE_BUTTON).focus();
    const popup = page.waitForEvent('popup');
    await page.keyboard.press('Enter');
    await (await popup).waitForEvent('close', { timeout: 20_000 });
    await page.waitForURL((url) => url.pathname === '/');
    expect(await menuEntries(page)).not.toContain('Sign In');
    await page.goto('/dashboard');
    await expect.poll(() => page.getByRole('main').getByText(email).isVisible()).toBe(true);
    expectNoPageErrors(errors);
  });

  it('asks a member with two-step sign-in for a code after Google, then goes where they were going (decision 028)', async () => {
    const email = uniqueEmail('google-2fa');
    const setUp = await openSite(browser());
    await signUpMember(setUp.page, { email, profile: memberProfile() });
    const headers = { origin: inject('baseUrl') };
    const enabled = await setUp.page.request.post('/api/auth/two-factor/enable', { data: { password: PASSWORD }, headers });
    expect(enabled.status(), await enabled.text()).toBe(200);
    const key = keyOf(((await enabled.json()) as { totpURI: string }).totpURI);
    const confirmed = await setUp.page.request.post('/api/auth/two-factor/verify-totp', {
      data: { code: await nextTotpCode(key) },
      headers,
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    await setUp.context.close();

    const { context, page, errors } = await openSite(browser());
    await atGoogle(context, googleAccount(email));
    await page.goto('/signin?next=/directory');
    await signInThroughPopup(page);
    await page.waitForURL((url) => url.pathname === '/directory');
    await page.getByRole('heading', { level: 1, name: 'Two-step sign-in' }).waitFor();
    await page.getByText(SECOND_FACTOR_SIGN_IN_MESSAGE).waitFor();
    // Not signed in meanwhile: the menu offers signing in, the directory is not shown.
    expect(await menuEntries(page)).toContain('Sign In');
    expect(await seriousViolations(page)).toEqual([]);
    const code = page.getByLabel(/^Code/);
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    await code.fill(await wrongTotpCode(key));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(TWO_FACTOR_MESSAGES.wrongCode).waitFor();
    await code.fill(await nextTotpCode(key));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { level: 1, name: 'Member Directory' }).waitFor();
    expect(page.url()).toMatch(/\/directory$/);
    expect(await menuEntries(page)).not.toContain('Sign In');
    expectNoPageErrors(errors);
  });

  it('says "Failed to sign in" when consent is denied, and the visitor stays signed out', async () => {
    const { context, page } = await openSite(browser());
    await atGoogle(context, 'deny');
    await page.goto('/signin');
    await signInThroughPopup(page);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: MESSAGES.signInFailed }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/signin');
    expect(await menuEntries(page)).toContain('Sign In');
    expect((await (await page.request.get('/api/me')).json()).user).toBeNull();
  });

  it('shows no error when the person closes the popup, and can start again', async () => {
    const { context, page, errors } = await openSite(browser());
    await page.goto('/signin');
    // At the provider's consent screen, the person closes the window instead of choosing.
    await atGoogle(context, 'undecided');
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', GOOGLE_BUTTON).click();
    const opened = await popup;
    await opened.waitForURL(`${inject('googleIssuerUrl')}/.well-known/openid-configuration`);
    await page
      .getByRole('status')
      .filter({ hasText: /Google window/ })
      .waitFor();
    await opened.close();
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: /Google window/ })
          .count(),
      )
      .toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/signin');

    await atGoogle(context, googleAccount());
    await signInThroughPopup(page);
    await page.waitForURL('**/update-profile');
    expectNoPageErrors(errors);
  });

  it('falls back to a full-page redirect when the browser blocks the popup', async () => {
    const { context, page, errors } = await openSite(browser());
    // The browser's popup blocker, simulated: window.open answers null, as it does when a popup is blocked.
    await page.addInitScript(() => {
      window.open = () => null;
    });
    const account = googleAccount();
    await atGoogle(context, account);
    await page.goto('/signin');
    await page.getByRole('button', GOOGLE_BUTTON).click();
    await page.waitForURL('**/update-profile');
    expect(await menuEntries(page)).toContain('Directory');

    // A failure comes back to /signin, which says so.
    await signOutViaDashboard(page);
    await atGoogle(context, 'deny');
    await page.getByRole('button', GOOGLE_BUTTON).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: MESSAGES.signInFailed }).isVisible()).toBe(true);
    expect(await menuEntries(page)).toContain('Sign In');
    expectNoPageErrors(errors);
  });

  it('takes over an account whose address was never confirmed: the other browser is signed out', async () => {
    const email = uniqueEmail('squatted');
    const squatter = await openSite(browser());
    await signUpViaForm(squatter.page, email);

    const { context, page } = await openSite(browser());
    await atGoogle(context, googleAccount(email));
    await page.goto('/signin');
    await signInThroughPopup(page);
    await page.waitForURL('**/update-profile');
    expect((await (await squatter.page.request.get('/api/me')).json()).user).toBeNull();
  });
});
