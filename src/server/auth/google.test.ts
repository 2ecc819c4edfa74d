import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { GOOGLE_ERROR_PATH } from '../../shared/google';
import { SECOND_FACTOR_SIGN_IN_MESSAGE } from '../../shared/two-factor';
import { account, session, user, verification } from '../db/schema';
import { setAdmin } from '../admin/roles';
import { useTestApp, type TestApp } from '../testing/app';
import { signUpMember, uniqueEmail } from '../testing/factories';
import { passSecondFactor, verifySecondFactor, type SecondFactor } from '../testing/second-factor';
import { nextTotpCode, wrongTotpCode } from '../testing/totp';
import { startOidcProvider, type Consent, type OidcProvider, type ProviderIdentity } from '../testing/oidc-provider';

// The whole Google sign-in against a real OpenID Connect provider on loopback: our start, the
// provider's authorize endpoint, our callback, with the client's cookies all the way, as a browser does.

type Client = ReturnType<TestApp['client']>;

let provider: OidcProvider;
beforeAll(async () => {
  provider = await startOidcProvider();
});
const t = useTestApp(() => ({ config: { google: provider.config } }));
afterAll(async () => {
  await provider?.stop();
});

const DESTINATIONS = { callbackURL: '/', newUserCallbackURL: '/update-profile', errorCallbackURL: GOOGLE_ERROR_PATH };

function googleUser(overrides: Partial<ProviderIdentity> = {}): ProviderIdentity {
  return { sub: `google-${randomUUID()}`, email: uniqueEmail('google'), emailVerified: true, name: 'Grace Miller', ...overrides };
}

function popupStartUrl(params: Record<string, string> = {}) {
  const query = new URLSearchParams({
    provider: 'google',
    popupOrigin: t.config.publicUrl,
    popupNonce: 'nonce-1',
    ...DESTINATIONS,
    ...params,
  });
  return `/api/auth/oauth-popup/start?${query}`;
}

/** What the popup's completion page posts to the page that opened it. */
function completionOf(html: string): {
  type: string;
  nonce: string;
  token?: string;
  redirectTo?: string;
  error?: { code: string };
  targetOrigin: string;
} {
  const match = /<script type="application\/json" id="better-auth-oauth-popup">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error(`not a completion page:\n${html}`);
  return JSON.parse(match[1]!);
}

/** The provider's answer to our authorization request: the URL it sends the browser back to. */
async function atProvider(authorizeUrl: string, consent: Consent): Promise<URL> {
  expect(authorizeUrl.startsWith(`${provider.issuerUrl}/authorize?`)).toBe(true);
  const res = await fetch(authorizeUrl, { redirect: 'manual', headers: { cookie: provider.consentCookie(consent) } });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

/** The popup: start → provider → callback, in one client's cookie jar. Answers the callback's response. */
async function popupSignIn(c: Client, consent: Consent) {
  const start = await c.get(popupStartUrl());
  expect(start.status, await start.clone().text()).toBe(302);
  const back = await atProvider(start.headers.get('location')!, consent);
  expect(back.origin + back.pathname).toBe(`${t.config.publicUrl}/api/auth/callback/google`);
  const callback = await c.get(back.pathname + back.search);
  return { callback, callbackPath: back.pathname + back.search, page: completionOf(await callback.clone().text()) };
}

/** The full-page redirect (the browser blocked the popup). */
async function redirectSignIn(c: Client, consent: Consent) {
  const start = await c.post('/api/auth/sign-in/social', { provider: 'google', ...DESTINATIONS });
  expect(start.status, await start.clone().text()).toBe(200);
  const { url } = (await start.json()) as { url: string };
  const back = await atProvider(url, consent);
  return c.get(back.pathname + back.search);
}

async function usersWith(email: string) {
  return t.db.select().from(user).where(eq(user.email, email));
}

/** A member who signed up with a password (no profile), their address confirmed or not. */
async function passwordMember(opts: { verified: boolean }) {
  const m = await signUpMember(t, { profile: null });
  await t.db.update(user).set({ emailVerified: opts.verified }).where(eq(user.id, m.id));
  return m;
}

describe('without a Google client', () => {
  const plain = useTestApp();

  it('tells the pages not to offer it, and refuses to start it', async () => {
    expect(((await (await plain.app.request('/api/site')).json()) as { googleSignIn: boolean }).googleSignIn).toBe(false);
    const c = plain.client();
    const social = await c.post('/api/auth/sign-in/social', { provider: 'google', ...DESTINATIONS });
    expect(social.status).toBe(404);
    // The popup's start is not even there.
    expect((await c.get(popupStartUrl())).status).toBe(404);
    expect((await c.get('/api/auth/callback/google?code=x&state=y')).headers.get('location')).toMatch(/^\/signin\?error=/);
    expect(await c.me()).toBeNull();
  });
});

describe('with a Google client', () => {
  it('tells the pages to offer it', async () => {
    expect(((await (await t.app.request('/api/site')).json()) as { googleSignIn: boolean }).googleSignIn).toBe(true);
  });

  it('makes a new, confirmed account for a new address and leads it to /update-profile', async () => {
    const who = googleUser();
    const c = t.client();
    const { callback, page } = await popupSignIn(c, who);
    expect(callback.status).toBe(200);
    expect(page).toMatchObject({
      type: 'better-auth:oauth-popup',
      nonce: 'nonce-1',
      redirectTo: '/update-profile',
      targetOrigin: t.config.publicUrl,
    });
    expect(page.error).toBeUndefined();

    const signedIn = await c.me();
    expect(signedIn).toMatchObject({ email: who.email, hasProfile: false });
    const [row] = await usersWith(who.email);
    expect(row).toMatchObject({ id: signedIn!.id, emailVerified: true, name: 'Grace Miller' });
    const accounts = await t.db.select().from(account).where(eq(account.userId, row!.id));
    expect(accounts.map((a) => [a.providerId, a.accountId])).toEqual([['google', who.sub]]);
  });

  it('signs a returning Google member in to the same account, leading to /', async () => {
    const who = googleUser();
    await popupSignIn(t.client(), who);
    const again = t.client();
    const { page } = await popupSignIn(again, who);
    expect(page.redirectTo).toBe('/');
    expect((await again.me())?.email).toBe(who.email);
    expect(await usersWith(who.email)).toHaveLength(1);
  });

  it('signs in as the confirmed member with the same address, who keeps their password and sessions', async () => {
    const member = await passwordMember({ verified: true });
    const c = t.client();
    const { page } = await popupSignIn(c, googleUser({ email: member.email }));
    expect(page.redirectTo).toBe('/');
    expect((await c.me())?.id).toBe(member.id);
    expect(await usersWith(member.email)).toHaveLength(1);
    const providers = await t.db.select({ p: account.providerId }).from(account).where(eq(account.userId, member.id));
    expect(providers.map((r) => r.p).sort()).toEqual(['credential', 'google']);
    expect((await member.c.me())?.id).toBe(member.id);
    expect((await t.client().signIn(member.email)).status).toBe(200);
  });

  it('matches the address whatever its case', async () => {
    const member = await passwordMember({ verified: true });
    const c = t.client();
    await popupSignIn(c, googleUser({ email: member.email.toUpperCase() }));
    expect((await c.me())?.id).toBe(member.id);
  });

  it('hands an account that never confirmed its address to the person Google vouches for', async () => {
    const squatter = await passwordMember({ verified: false });
    const owner = t.client();
    const { page } = await popupSignIn(owner, googleUser({ email: squatter.email }));
    expect(page.error).toBeUndefined();
    expect((await owner.me())?.id).toBe(squatter.id);

    const [row] = await usersWith(squatter.email);
    expect(row!.emailVerified).toBe(true);
    const providers = await t.db.select({ p: account.providerId }).from(account).where(eq(account.userId, squatter.id));
    expect(providers.map((r) => r.p)).toEqual(['google']);
    // The password is gone and the sessions made with it ended; only the owner's is left.
    expect(await squatter.c.me()).toBeNull();
    expect((await t.client().signIn(squatter.email)).status).toBe(401);
    expect(await t.db.select().from(session).where(eq(session.userId, squatter.id))).toHaveLength(1);
  });

  it('does not take over a confirmed account on a later Google sign-in', async () => {
    const member = await passwordMember({ verified: true });
    await popupSignIn(t.client(), googleUser({ email: member.email, sub: `google-${member.id}` }));
    await popupSignIn(t.client(), googleUser({ email: member.email, sub: `google-${member.id}` }));
    expect((await member.c.me())?.id).toBe(member.id);
    expect((await t.client().signIn(member.email)).status).toBe(200);
  });

  it('refuses an address Google has not verified, and makes or links nothing', async () => {
    const who = googleUser({ emailVerified: false });
    const c = t.client();
    const { page } = await popupSignIn(c, who);
    expect(page.error?.code).toBe('email_not_verified');
    expect(page.token).toBeUndefined();
    expect(await c.me()).toBeNull();
    expect(await usersWith(who.email)).toHaveLength(0);

    const member = await passwordMember({ verified: false });
    const other = t.client();
    expect((await popupSignIn(other, googleUser({ email: member.email, emailVerified: false }))).page.error).toBeDefined();
    expect(await other.me()).toBeNull();
    expect((await member.c.me())?.id).toBe(member.id);
    expect(
      await t.db
        .select()
        .from(account)
        .where(and(eq(account.userId, member.id), eq(account.providerId, 'google'))),
    ).toHaveLength(0);
  });

  it('refuses a linked Google account whose address is no longer verified', async () => {
    const who = googleUser();
    await popupSignIn(t.client(), who);
    const c = t.client();
    expect((await popupSignIn(c, { ...who, emailVerified: false })).page.error?.code).toBe('email_not_verified');
    expect(await c.me()).toBeNull();
  });

  it('leaves the visitor signed out when consent is denied, and tells the page', async () => {
    const c = t.client();
    const { page } = await popupSignIn(c, 'deny');
    expect(page.error?.code).toBe('access_denied');
    expect(page.token).toBeUndefined();
    expect(await c.me()).toBeNull();
  });

  it('refuses a forged or missing state', async () => {
    const c = t.client();
    const start = await c.get(popupStartUrl());
    const back = await atProvider(start.headers.get('location')!, googleUser());
    const forged = new URLSearchParams(back.search);
    forged.set('state', 'forged-state-value');
    const page = completionOf(await (await c.get(`${back.pathname}?${forged}`)).text());
    expect(page.error?.code).toBe('state_mismatch');
    expect(await c.me()).toBeNull();

    // Without the popup's marker the callback redirects to the sign-in page, which reports the failure.
    const visitor = t.client();
    forged.delete('state');
    const missing = await visitor.get(`${back.pathname}?${forged}`);
    expect(missing.status).toBe(302);
    expect(missing.headers.get('location')).toBe(`${GOOGLE_ERROR_PATH}?error=state_not_found`);
    expect(await visitor.me()).toBeNull();
  });

  it('refuses a state that was already used, or that another browser started', async () => {
    const c = t.client();
    const { callbackPath } = await popupSignIn(c, googleUser());
    const sessionsBefore = await t.db.select().from(session);
    // The same browser replays the callback, then another one tries it (a link sent to a victim).
    const replay = await c.get(callbackPath);
    expect(replay.status).toBe(302);
    expect(replay.headers.get('location')).toMatch(/^\/signin\?error=state_/);
    const victim = t.client();
    expect((await victim.get(callbackPath)).headers.get('location')).toMatch(/^\/signin\?error=state_/);
    expect(await victim.me()).toBeNull();

    // A callback for a flow another browser started: the state is valid but not this browser's.
    const attacker = t.client();
    const start = await attacker.get(popupStartUrl());
    const back = await atProvider(start.headers.get('location')!, googleUser());
    const planted = t.client();
    expect((await planted.get(back.pathname + back.search)).headers.get('location')).toMatch(/error=state_mismatch/);
    expect(await planted.me()).toBeNull();
    expect(await t.db.select().from(session)).toHaveLength(sessionsBefore.length);
  });

  it('signs in through the full-page redirect too, and sends failures back to /signin', async () => {
    const who = googleUser();
    const c = t.client();
    const done = await redirectSignIn(c, who);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/update-profile');
    expect((await c.me())?.email).toBe(who.email);

    const denied = t.client();
    const failed = await redirectSignIn(denied, 'deny');
    expect(failed.headers.get('location')).toBe(`${GOOGLE_ERROR_PATH}?error=access_denied`);
    expect(await denied.me()).toBeNull();
  });
});

describe('what the Google start endpoints accept', () => {
  it('refuses anything but the Google sign-in the pages start, and stores nothing for it', async () => {
    const c = t.client();
    const stored = async () => (await t.db.select().from(verification)).length + (await t.db.select().from(user)).length;
    const before = await stored();
    for (const [body, status] of [
      [{ provider: 'github', ...DESTINATIONS }, 400],
      [{ provider: 'google', idToken: { token: 'x.y.z' } }, 400],
      [{ provider: 'google', scopes: ['https://www.googleapis.com/auth/drive'] }, 400],
      [{ provider: 'google', callbackURL: 'https://evil.example/' }, 400],
      [{ provider: 'google', callbackURL: '//evil.example/' }, 400],
      [{ provider: 'google', errorCallbackURL: '/\\evil.example' }, 400],
      [{ provider: 'google', callbackURL: '/'.padEnd(600, 'x') }, 400],
      [[], 400],
    ] as const) {
      const res = await c.post('/api/auth/sign-in/social', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
    }
    const notJson = await c.post('/api/auth/sign-in/social', 'provider=google', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(notJson.status).toBe(415);
    expect(((await notJson.json()) as { code: string }).code).toBe('UNSUPPORTED_MEDIA_TYPE');

    for (const params of [
      { provider: 'github' },
      { scopes: 'drive' },
      { additionalData: '{}' },
      { callbackURL: 'https://evil.example/' },
    ] as Record<string, string>[]) {
      const res = await c.get(popupStartUrl(params));
      expect(res.status, JSON.stringify(params)).toBe(400);
    }
    const repeated = await c.get(`${popupStartUrl()}&callbackURL=${encodeURIComponent('https://evil.example/')}`);
    expect(repeated.status).toBe(400);
    // The completion page posts to popupOrigin: only the site's own origin may receive it.
    const foreign = await c.get(popupStartUrl({ popupOrigin: 'https://evil.example' }));
    expect(foreign.status).toBe(403);
    expect(await stored()).toBe(before);
  });

  it('limits how often one client starts a Google sign-in', async () => {
    const c = t.client();
    for (let i = 0; i < 30; i++) {
      const res = i % 2 ? await c.get(popupStartUrl()) : await c.post('/api/auth/sign-in/social', { provider: 'google', ...DESTINATIONS });
      expect(res.status, `start ${i + 1}`).toBeLessThan(400);
    }
    const limited = await c.get(popupStartUrl());
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await t.client().get(popupStartUrl())).status).toBe(302);
  });
});

describe('security headers on the popup flow', () => {
  it('keep the completion page script allowed by its hash only, never framed, and not cut off from its opener', async () => {
    const { callback } = await popupSignIn(t.client(), googleUser());
    const csp = callback.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/^default-src 'none'; script-src 'sha256-[^']+'; base-uri 'none'; frame-ancestors 'none'$/);
    expect(callback.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(callback.headers.get('x-frame-options')).toBe('DENY');
    expect(callback.headers.get('cache-control')).toBe('no-store');

    const start = await t.client().get(popupStartUrl());
    expect(start.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(start.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('stay the site policy on every other answer, a redirecting callback included', async () => {
    const visitor = t.client();
    const redirect = await visitor.get('/api/auth/callback/google?code=x');
    expect(redirect.status).toBe(302);
    for (const res of [redirect, await visitor.get('/api/me'), await visitor.get('/api/auth/get-session')]) {
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(res.headers.get('content-security-policy')).not.toContain('sha256');
    }
    expect((await visitor.get('/api/me')).headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  });
});

describe('two-step sign-in', () => {
  it('a Google sign-in does not pass it: an admin is asked for a code for that session before the admin area opens', async () => {
    const member = await passwordMember({ verified: true });
    await setAdmin({ db: t.db, live: t.deps.live }, { email: member.email, isAdmin: true });
    const factor = await passSecondFactor(member.c);
    const c = t.client();
    await popupSignIn(c, googleUser({ email: member.email }));
    expect((await c.me())?.id).toBe(member.id);
    const [made] = await t.db
      .select()
      .from(session)
      .where(eq(session.token, c.jar.get('better-auth.session_token')!.split('.')[0]!));
    expect(made!.secondFactorAt).toBeNull();
    const refused = await c.get('/api/admin/access');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED', needs: 'verify' });
    await verifySecondFactor(c, factor);
    expect((await c.get('/api/admin/access')).status).toBe(200);
  });

  /** A member with a saved profile and two-step sign-in on, and a new client signed in through Google. */
  async function googleSignInWithFactor(): Promise<{ c: Client; id: string; factor: SecondFactor }> {
    const member = await signUpMember(t);
    const factor = await passSecondFactor(member.c);
    const c = t.client();
    const { page } = await popupSignIn(c, googleUser({ email: member.email }));
    expect(page.error).toBeUndefined();
    return { c, id: member.id, factor };
  }

  /** What a member route answers a session that still owes its code. */
  async function expectAsksForCode(res: Response, what: string) {
    expect(res.status, what).toBe(403);
    expect(await res.json(), what).toEqual({ code: 'SECOND_FACTOR_REQUIRED', message: SECOND_FACTOR_SIGN_IN_MESSAGE, needs: 'verify' });
  }

  /** Every kind of member route, and a member live topic: refused until the code (decision 028). */
  async function expectPending(c: Client, id: string) {
    expect(await c.me()).toMatchObject({ id, twoFactorEnabled: true, secondFactorPassed: false, secondFactorNeeded: true });
    // Twice: the second answer comes from the session cache, and must be the same.
    for (const round of [1, 2]) {
      await expectAsksForCode(await c.get('/api/profile'), `profile ${round}`);
      await expectAsksForCode(await c.get('/api/directory'), `directory ${round}`);
      await expectAsksForCode(await c.get('/api/notifications'), `notifications ${round}`);
    }
    await expectAsksForCode(await c.post('/api/posts', { category: 'General', title: 'Hello', body: 'Hello there' }), 'posting');
    await expectAsksForCode(await c.put('/api/profile', { firstName: 'Mallory' }), 'saving the profile');
    await expectAsksForCode(await c.patch('/api/account', { email: uniqueEmail('taken') }), 'changing the address');
    await expectAsksForCode(await c.delete('/api/account'), 'deleting the account');
    await expectAsksForCode(await c.get(`/api/live?topics=notifications:${id}`), 'a member live topic');
    // Nor may it set up a new key over the account's, turn the factor off, or make new recovery codes.
    for (const path of ['enable', 'disable', 'generate-backup-codes']) {
      const res = await c.post(`/api/auth/two-factor/${path}`, { password: 'correct horse battery staple' });
      expect(res.status, path).toBe(403);
      expect(await res.json(), path).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' });
    }
    // Public answers are a visitor's.
    const posts = await c.get('/api/posts');
    expect(posts.status).toBe(200);
    const stream = await c.get('/api/live?topics=posts');
    expect(stream.status).toBe(200);
    await stream.body?.cancel();
  }

  async function expectFullAccess(c: Client, id: string) {
    expect(await c.me()).toMatchObject({ id, secondFactorNeeded: false });
    for (const path of ['/api/profile', '/api/directory', '/api/notifications']) expect((await c.get(path)).status, path).toBe(200);
    const stream = await c.get(`/api/live?topics=notifications:${id}`);
    expect(stream.status).toBe(200);
    await stream.body?.cancel();
  }

  it('a member with two-step sign-in who signs in with Google may do nothing but enter a code (or sign out) until they do', async () => {
    const { c, id, factor } = await googleSignInWithFactor();
    await expectPending(c, id);
    const wrong = await c.post('/api/auth/two-factor/verify-totp', { code: await wrongTotpCode(factor.key) });
    expect(wrong.status).toBe(401);
    await expectPending(c, id);
    expect((await c.post('/api/auth/two-factor/verify-totp', { code: await nextTotpCode(factor.key) })).status).toBe(200);
    await expectFullAccess(c, id);
  });

  it('a recovery code lets the Google session in too', async () => {
    const { c, id, factor } = await googleSignInWithFactor();
    await expectAsksForCode(await c.get('/api/profile'), 'before');
    const res = await c.post('/api/auth/two-factor/verify-backup-code', { code: factor.recoveryCodes[0] });
    expect(res.status, await res.clone().text()).toBe(200);
    await expectFullAccess(c, id);
  });

  it('a pending session can sign out', async () => {
    const { c } = await googleSignInWithFactor();
    expect((await c.post('/api/auth/sign-out', {})).status).toBe(200);
    expect(await c.me()).toBeNull();
    expect((await c.get('/api/profile')).status).toBe(401);
  });

  it('a member without two-step sign-in is fully signed in by Google at once, as before', async () => {
    const member = await signUpMember(t);
    const c = t.client();
    await popupSignIn(c, googleUser({ email: member.email }));
    expect(await c.me()).toMatchObject({ id: member.id, twoFactorEnabled: false, secondFactorNeeded: false });
    await expectFullAccess(c, member.id);
  });
});
