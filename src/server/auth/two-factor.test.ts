import { SECOND_FACTOR_SIGN_IN_MESSAGE, TWO_FACTOR_MESSAGES } from '../../shared/two-factor';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { session, twoFactor } from '../db/schema';
import { testClock, useTestApp } from '../testing/app';
import { signUpAdmin, signUpMember, TEST_PASSWORD as PASSWORD, uidOf } from '../testing/factories';
import { passSecondFactor, verifySecondFactor, type SecondFactor } from '../testing/second-factor';
import { keyOf, nextTotpCode, wrongTotpCode } from '../testing/totp';
import { TWO_FACTOR_ACCOUNT_RULES } from '../rate-limit/rules';

// Two-step sign-in through Better Auth's two-factor plugin (decision 013): set-up, sign-in with a code or a
// recovery code, the sessions that passed it, step-up, turning it off, and the limits on guessing.

const clock = testClock();
const t = useTestApp({ clock });
// Each test starts with fresh rate-limit windows (they count on the test clock), so none spends another's.
afterEach(() => clock.advance(TWO_FACTOR_ACCOUNT_RULES.verify.windowMs));

type Client = ReturnType<typeof t.client>;

/** A member with no profile: a client that keeps their session, and their address. */
async function member(): Promise<Client & { email: string }> {
  const { c, email } = await signUpMember(t, { prefix: '2fa', profile: null });
  return Object.assign(c, { email });
}

/** An admin whose session has not passed a second factor (none is set up). */
async function admin(): Promise<Client & { email: string }> {
  const { c, email } = await signUpAdmin(t, { prefix: '2fa', profile: null, secondFactor: false });
  return Object.assign(c, { email });
}

async function body(res: Response): Promise<Record<string, unknown>> {
  return (await res.json()) as Record<string, unknown>;
}

/** The stored sessions of an account, with when each passed a second factor. */
async function sessionsOf(email: string) {
  return t.db
    .select({ token: session.token, secondFactorAt: session.secondFactorAt })
    .from(session)
    .where(eq(session.userId, await uidOf(t.db, email)));
}

/** Signs in with the password alone on a new client (an account without two-step sign-in gets a session). */
async function signInPlain(email: string): Promise<Client> {
  const c = t.client();
  const res = await c.signIn(email, PASSWORD);
  expect(await res.json()).toMatchObject({ user: { email } });
  return c;
}

/** Signs in with the password on a new client: for an account with two-step sign-in, only the first step. */
async function signInPending(email: string): Promise<Client> {
  const c = t.client();
  const res = await c.signIn(email, PASSWORD);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
  return c;
}

/** Set-up's first step; `null` sends no password at all. */
const enable = (c: Client, password: string | null = PASSWORD) =>
  c.post('/api/auth/two-factor/enable', password === null ? {} : { password });
const verifyTotp = (c: Client, code: string) => c.post('/api/auth/two-factor/verify-totp', { code });
const verifyRecovery = (c: Client, code: string) => c.post('/api/auth/two-factor/verify-backup-code', { code });

describe('setting up', () => {
  it("needs a confirmed address: an account made with somebody else's address gets no factor of its maker's (issue 23)", async () => {
    const unconfirmed = await signUpMember(t, { confirm: false, profile: null });
    const res = await enable(unconfirmed.c);
    expect(res.status).toBe(403);
    expect(await body(res)).toMatchObject({ code: 'EMAIL_UNVERIFIED', message: TWO_FACTOR_MESSAGES.confirmAddressFirst });
    expect(await unconfirmed.c.me()).toMatchObject({ twoFactorEnabled: false });
  });

  it('asks for the password, turns on only after a right code, and marks the session that confirmed it', async () => {
    expect((await enable(t.client())).status).toBe(401);
    const c = await member();
    const missing = await enable(c, null);
    expect(missing.status).toBe(400);
    const wrong = await enable(c, 'not my password');
    expect(wrong.status).toBe(400);
    expect((await body(wrong)).code).toBe('INVALID_PASSWORD');
    expect(await c.me()).toMatchObject({ twoFactorEnabled: false, secondFactorPassed: false });

    const first = await enable(c);
    expect(first.status).toBe(200);
    const { totpURI, backupCodes } = (await first.json()) as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(
      /^otpauth:\/\/totp\/Foster%20Care%20Network:2fa\..+\?secret=[A-Z2-7]+&issuer=Foster\+Care\+Network&digits=6&period=30$/,
    );
    expect(backupCodes).toHaveLength(10);
    for (const code of backupCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);

    // Wrong codes, well-formed or not, change nothing.
    for (const code of [await wrongTotpCode(totpURI), 'abcdef', '1234567', '']) {
      const res = await verifyTotp(c, code);
      expect(res.status, code).toBe(401);
      expect((await body(res)).code, code).toBe('INVALID_CODE');
    }
    expect((await c.post('/api/auth/two-factor/verify-totp', {})).status).toBe(400);
    expect(await c.me()).toMatchObject({ twoFactorEnabled: false, secondFactorPassed: false });

    // Starting again gives a new key; the first one is worth nothing now.
    const again = (await (await enable(c)).json()) as { totpURI: string };
    expect(keyOf(again.totpURI)).not.toBe(keyOf(totpURI));
    expect((await verifyTotp(c, await nextTotpCode(totpURI))).status).toBe(401);
    expect(await c.me()).toMatchObject({ twoFactorEnabled: false });

    const ok = await verifyTotp(c, await nextTotpCode(again.totpURI));
    expect(ok.status).toBe(200);
    expect(await c.me()).toMatchObject({ twoFactorEnabled: true, secondFactorPassed: true });
    // The plugin replaced the session when the factor turned on; the one this client holds is the marked one.
    const sessions = await sessionsOf(c.email);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.secondFactorAt).toBeInstanceOf(Date);

    const twice = await enable(c);
    expect(twice.status).toBe(400);
    expect((await body(twice)).code).toBe('TOTP_ALREADY_ENABLED');
  });

  it('keeps the session that turned it on signed in; another session of the account must pass a code (decision 028)', async () => {
    const c = await member();
    const other = await signInPlain(c.email);
    // Both are read once, so the session cache holds them as they were.
    expect((await c.get('/api/profile')).status).toBe(200);
    expect((await other.get('/api/profile')).status).toBe(200);
    const factor = await passSecondFactor(c);
    expect(await c.me()).toMatchObject({ twoFactorEnabled: true, secondFactorPassed: true, secondFactorNeeded: false });
    expect((await c.get('/api/profile')).status).toBe(200);
    expect(await other.me()).toMatchObject({ twoFactorEnabled: true, secondFactorPassed: false, secondFactorNeeded: true });
    const refused = await other.get('/api/profile');
    expect(refused.status).toBe(403);
    expect(await body(refused)).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED', needs: 'verify' });
    await verifySecondFactor(other, factor);
    expect((await other.get('/api/profile')).status).toBe(200);
  });

  it('leaves sessions made any other way unmarked', async () => {
    const c = await member();
    const other = await signInPlain(c.email);
    expect(await other.me()).toMatchObject({ twoFactorEnabled: false, secondFactorPassed: false });
    expect((await sessionsOf(c.email)).map((s) => s.secondFactorAt)).toEqual([null, null]);
  });
});

describe('signing in', () => {
  let factor: SecondFactor;
  let email: string;
  beforeAll(async () => {
    const c = await admin();
    email = c.email;
    factor = await passSecondFactor(c, PASSWORD);
  });

  it('gives no session after the password alone; a right code gives one that opens the admin area', async () => {
    const c = await signInPending(email);
    expect([...c.jar.keys()]).toEqual(['better-auth.two_factor']);
    expect(await c.me()).toBeNull();
    expect((await c.get('/api/admin/access')).status).toBe(401);

    const wrong = await verifyTotp(c, await wrongTotpCode(factor.key));
    expect(wrong.status).toBe(401);
    expect(await c.me()).toBeNull();

    expect((await verifyTotp(c, await nextTotpCode(factor.key))).status).toBe(200);
    expect(await c.me()).toMatchObject({ email, twoFactorEnabled: true, secondFactorPassed: true });
    expect((await c.get('/api/admin/access')).status).toBe(200);
  });

  it('takes each recovery code once', async () => {
    const [code, other] = factor.recoveryCodes;
    const c = await signInPending(email);
    expect((await verifyRecovery(c, code!)).status).toBe(200);
    expect(await c.me()).toMatchObject({ secondFactorPassed: true });
    expect((await c.get('/api/admin/overview')).status).toBe(200);

    const d = await signInPending(email);
    const reused = await verifyRecovery(d, code!);
    expect(reused.status).toBe(401);
    expect((await body(reused)).code).toBe('INVALID_BACKUP_CODE');
    for (const bad of ['abcde-12345', 'not a code', '']) expect((await verifyRecovery(d, bad)).status, bad).toBe(401);
    expect(await d.me()).toBeNull();
    expect((await verifyRecovery(d, other!)).status).toBe(200);
  });

  it('takes a code from the app once, even twice at the same moment', async () => {
    // An account of its own, so its key has codes this process has not spent yet.
    const owner = await member();
    const ownFactor = await passSecondFactor(owner, PASSWORD);
    const code = await nextTotpCode(ownFactor.key);
    const [a, b] = [await signInPending(owner.email), await signInPending(owner.email)];
    const statuses = (await Promise.all([verifyTotp(a, code), verifyTotp(b, code)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 401]);
    const c = await signInPending(owner.email);
    expect((await verifyTotp(c, code)).status).toBe(401);
    expect(await c.me()).toBeNull();
  });

  it('does not remember devices', async () => {
    const c = await signInPending(email);
    const res = await c.post('/api/auth/two-factor/verify-backup-code', { code: factor.recoveryCodes[5], trustDevice: true });
    expect(res.status).toBe(400);
    expect((await body(res)).code).toBe('TRUSTED_DEVICES_OFF');
    expect(await c.me()).toBeNull();
  });

  it('refuses what is not a pending sign-in, and bodies that are not JSON', async () => {
    const c = t.client();
    const res = await verifyTotp(c, '123456');
    expect(res.status).toBe(401);
    expect((await body(res)).code).toBe('INVALID_TWO_FACTOR_COOKIE');
    const form = await c.request('POST', '/api/auth/two-factor/verify-totp', 'code=123456', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBeGreaterThanOrEqual(400);
    expect(form.status).toBeLessThan(500);
  });

  it('closes the plugin routes the site does not use', async () => {
    const c = await signInPending(email);
    await verifyRecovery(c, factor.recoveryCodes[6]!);
    for (const path of ['get-totp-uri', 'send-otp', 'verify-otp']) {
      expect((await c.post(`/api/auth/two-factor/${path}`, { password: PASSWORD, code: '123456' })).status, path).toBe(404);
    }
  });
});

describe('a session that has not passed the factor (step-up)', () => {
  it('is asked for a code for itself, and takes a code or a recovery code', async () => {
    const first = await admin();
    // Signed in before the factor was set up (in `first`): these sessions never passed it.
    const second = await signInPlain(first.email);
    const third = await signInPlain(first.email);
    const factor = await passSecondFactor(first, PASSWORD);

    const refused = await second.get('/api/admin/overview');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED', needs: 'verify' });
    expect(await second.me()).toMatchObject({ twoFactorEnabled: true, secondFactorPassed: false });
    expect((await verifyTotp(second, await wrongTotpCode(factor.key))).status).toBe(401);
    expect((await second.get('/api/admin/overview')).status).toBe(403);
    await verifySecondFactor(second, factor);
    expect(await second.me()).toMatchObject({ secondFactorPassed: true });
    expect((await second.get('/api/admin/overview')).status).toBe(200);

    expect((await third.get('/api/admin/overview')).status).toBe(403);
    expect((await verifyRecovery(third, factor.recoveryCodes[0]!)).status).toBe(200);
    expect(await third.me()).toMatchObject({ secondFactorPassed: true });
    expect((await third.get('/api/admin/overview')).status).toBe(200);
    // Stepping up keeps the session: no new sign-in, the same cookie.
    expect(await sessionsOf(first.email)).toHaveLength(3);
  });
});

describe('turning it off, new recovery codes', () => {
  it('needs the password and a session that passed the factor; a member may do it', async () => {
    const c = await member();
    // Signed in before the factor was set up: knows the password, never passed the factor.
    const stale = await signInPlain(c.email);
    const factor = await passSecondFactor(c, PASSWORD);
    expect(await (await c.get('/api/admin/access')).json()).toMatchObject({ code: 'FORBIDDEN' });

    const unmarked = await stale.post('/api/auth/two-factor/disable', { password: PASSWORD });
    expect(unmarked.status).toBe(403);
    // A member's words (issue 23): this is no admin, and no admin area is being opened.
    expect(await unmarked.json()).toMatchObject({
      code: 'SECOND_FACTOR_REQUIRED',
      needs: 'verify',
      message: SECOND_FACTOR_SIGN_IN_MESSAGE,
    });
    expect((await stale.post('/api/auth/two-factor/generate-backup-codes', { password: PASSWORD })).status).toBe(403);
    expect(await stale.me()).toMatchObject({ twoFactorEnabled: true });
    expect((await verifyRecovery(stale, factor.recoveryCodes[1]!)).status).toBe(200);

    // New recovery codes replace the old ones.
    expect((await stale.post('/api/auth/two-factor/generate-backup-codes', { password: 'wrong password' })).status).toBe(400);
    const regenerated = await stale.post('/api/auth/two-factor/generate-backup-codes', { password: PASSWORD });
    expect(regenerated.status).toBe(200);
    const { backupCodes } = (await regenerated.json()) as { backupCodes: string[] };
    expect(backupCodes).toHaveLength(10);
    const check = await signInPending(c.email);
    expect((await verifyRecovery(check, factor.recoveryCodes[2]!)).status).toBe(401);
    expect((await verifyRecovery(check, backupCodes[0]!)).status).toBe(200);

    expect((await check.post('/api/auth/two-factor/disable', { password: 'wrong password' })).status).toBe(400);
    expect((await check.post('/api/auth/two-factor/disable', {})).status).toBe(400);
    expect(await check.me()).toMatchObject({ twoFactorEnabled: true });
    expect((await check.post('/api/auth/two-factor/disable', { password: PASSWORD })).status).toBe(200);
    expect(await check.me()).toMatchObject({ twoFactorEnabled: false });
    expect(
      (
        await t.db
          .select()
          .from(twoFactor)
          .where(eq(twoFactor.userId, (await check.me())!.id))
      ).length,
    ).toBe(0);
    // The password alone signs in again.
    const plain = t.client();
    expect(await (await plain.signIn(c.email, PASSWORD)).json()).toMatchObject({ user: { email: c.email } });
  });

  it('an admin who turns it off must set it up again before the admin area opens', async () => {
    const c = await admin();
    await passSecondFactor(c, PASSWORD);
    expect((await c.get('/api/admin/access')).status).toBe(200);
    expect((await c.post('/api/auth/two-factor/disable', { password: PASSWORD })).status).toBe(200);
    const res = await c.get('/api/admin/access');
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED', needs: 'setup' });
  });
});

describe('guessing', () => {
  it('locks a pending sign-in after 10 wrong codes in a row: even a right code waits', async () => {
    const c = await admin();
    const factor = await passSecondFactor(c, PASSWORD);

    // Five wrong codes end a pending sign-in (the plugin's limit per sign-in) ...
    const first = await signInPending(c.email);
    for (let i = 0; i < 5; i++) expect((await verifyTotp(first, await wrongTotpCode(factor.key))).status).toBe(401);
    const ended = await verifyTotp(first, await wrongTotpCode(factor.key));
    expect(ended.status).toBe(400);
    expect((await body(ended)).code).toBe('TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE');

    // ... and ten in a row lock the account's factor for 15 minutes.
    const second = await signInPending(c.email);
    for (let i = 0; i < 5; i++) expect((await verifyTotp(second, await wrongTotpCode(factor.key))).status).toBe(401);
    const third = await signInPending(c.email);
    const locked = await verifyTotp(third, await nextTotpCode(factor.key));
    expect(locked.status).toBe(429);
    expect((await body(locked)).code).toBe('ACCOUNT_TEMPORARILY_LOCKED');
    expect((await verifyRecovery(third, factor.recoveryCodes[0]!)).status).toBe(429);
    expect(await third.me()).toBeNull();

    // Once the lock is over, the right recovery code passes.
    await t.db
      .update(twoFactor)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(twoFactor.userId, await uidOf(t.db, c.email)));
    expect((await verifyRecovery(third, factor.recoveryCodes[0]!)).status).toBe(200);
    expect(await third.me()).toMatchObject({ secondFactorPassed: true });
  });

  it(`counts every try per account (${TWO_FACTOR_ACCOUNT_RULES.verify.limit} in 15 minutes), also from signed-in sessions the plugin does not lock`, async () => {
    const c = await admin();
    const factor = await passSecondFactor(c, PASSWORD);
    const tries = [];
    for (let i = 0; i < TWO_FACTOR_ACCOUNT_RULES.verify.limit - 1; i++) {
      // From many clients, as someone holding a stolen session cookie might.
      const thief = t.client();
      thief.jar.set('better-auth.session_token', c.jar.get('better-auth.session_token')!);
      tries.push((await verifyTotp(thief, await wrongTotpCode(factor.key))).status);
    }
    expect(new Set(tries)).toEqual(new Set([401]));
    const refused = await verifyRecovery(c, factor.recoveryCodes[0]!);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    clock.advance(TWO_FACTOR_ACCOUNT_RULES.verify.windowMs);
    expect((await verifyRecovery(c, factor.recoveryCodes[0]!)).status).toBe(200);
  });

  it('counts every try per client', async () => {
    const c = t.client();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await verifyTotp(c, '123456')).status);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('counts password checks per account', async () => {
    const c = await member();
    const statuses: number[] = [];
    for (let i = 0; i < TWO_FACTOR_ACCOUNT_RULES.password.limit + 1; i++) statuses.push((await enable(c, 'wrong password')).status);
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
