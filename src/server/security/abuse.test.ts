import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { PHOTO_MAX_BYTES, PHOTO_OUTPUT_SIZE } from '../../shared/limits';
import { AUTH_RULES, PHOTO_UPLOAD_RULE, TWO_FACTOR_ACCOUNT_RULES, TWO_FACTOR_CLIENT_RULES } from '../rate-limit/rules';
import { mail, session } from '../db/schema';
import { createTestApp, testClock, useTestApp } from '../testing/app';
import {
  fileBlob,
  insertMember,
  jpegBytes,
  PNG_SIGNATURE,
  pngChunk,
  pngHeader,
  photoVersionOf,
  signedInMember,
  TEST_PASSWORD as PASSWORD,
  uidOf,
  uniqueEmail,
  uploadPhoto,
} from '../testing/factories';
import { passSecondFactor, type SecondFactor } from '../testing/second-factor';
import { nextTotpCode, wrongTotpCode } from '../testing/totp';
import { photoKey } from '../storage/storage';

// Issue 12, "Abuse": repeated wrong passwords, second-factor codes and reset requests are refused per address
// (or account) and per client whatever the request looks like; hostile uploads are refused or neutralised.
// Everything runs against the real app on its own PGlite database; limits are read from the code.
//
// Already proved elsewhere, and not repeated here: the basic per-address and per-client sign-in limits and a
// form/JSON double-parse on a locked address (account/account.test.ts), the plugin's own lock after 10 wrong
// codes in a row and per-account counting of step-up guesses from a stolen cookie (auth/two-factor.test.ts),
// header-only giant PNGs, PDFs, GIF and TIFF, and the 10 MB limit on a fresh member (profiles/photo.test.ts).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SIGN_IN = AUTH_RULES['/sign-in/email']!;
const RESET = AUTH_RULES['/request-password-reset']!;
const CODES_PER_CLIENT = TWO_FACTOR_CLIENT_RULES['/two-factor/verify-totp']!.rule;
const CODES_PER_ACCOUNT = TWO_FACTOR_ACCOUNT_RULES.verify;
const SESSION_COOKIE = 'better-auth.session_token';

// Rate limits count on this clock; Better Auth's own times (sessions, codes, the plugin's lock) are the wall clock.
const clock = testClock();
const t = useTestApp({ clock });
// Every test starts in fresh windows of every rule (the longest is an hour), so none spends another's budget.
afterEach(() => clock.advance(HOUR));

type Client = ReturnType<typeof t.client>;

/**
 * The address of a new account, signed up through the API; then fresh windows again, as its owner's sign-in
 * after the sign-up counted against the address.
 */
async function account(prefix = 'abuse'): Promise<string> {
  const { email } = await signedInMember(t, { prefix, profile: null });
  clock.advance(HOUR);
  return email;
}

async function sessionCount(email: string): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(session)
    .where(eq(session.userId, await uidOf(t.db, email)));
  return row!.n;
}

/** Seconds until the fixed window of this length that the test clock is in ends (what Retry-After should say). */
function secondsLeftInWindow(windowMs: number): number {
  const now = clock.now().getTime();
  return Math.ceil((windowMs - (now % windowMs)) / 1000);
}

/** A 429 from our limiter: a clear message, and Retry-After to the end of the window. */
async function expectLimited(res: Response, windowMs: number) {
  expect(res.status).toBe(429);
  const body = (await res.json()) as { code: string; message: string };
  expect(body.code).toBe('RATE_LIMITED');
  expect(body.message).toMatch(/too many/i);
  expect(Number(res.headers.get('retry-after'))).toBe(secondsLeftInWindow(windowMs));
  return body;
}

const signInBody = (email: string, password = PASSWORD) => JSON.stringify({ email, password });

/**
 * Spends an address's sign-in budget, each try from a client of its own. The limiter counts every try that
 * names the address; these leave the password out, so Better Auth refuses them without hashing anything
 * (the test above spends it with real wrong passwords).
 */
async function lockAddress(email: string) {
  for (let i = 0; i < SIGN_IN.address.limit; i++) {
    expect((await t.client().post('/api/auth/sign-in/email', { email })).status).toBe(400);
  }
  expect((await t.client().signIn(email)).status).toBe(429);
}

/** A sign-in try Better Auth refuses before hashing anything (no such address can exist); counted per client all the same. */
const cheapTry = (c: Client, i: number, headers?: Record<string, string>) =>
  c.post('/api/auth/sign-in/email', { email: `not an address ${i} ${Math.random()}`, password: 'password123' }, headers);

describe('wrong passwords, per address', () => {
  it(`lock an address after ${SIGN_IN.address.limit} tries from as many clients; the right password waits to the end of the window, to the second`, async () => {
    const email = await account();
    const before = await sessionCount(email);
    for (let i = 0; i < SIGN_IN.address.limit; i++) {
      const res = await t.client(`192.0.2.${i + 1}`).signIn(email, `guess number ${i}`);
      expect(res.status, `try ${i + 1}`).toBe(401);
    }
    const owner = t.client();
    await expectLimited(await owner.signIn(email), SIGN_IN.address.windowMs);
    expect(owner.jar.has(SESSION_COOKIE)).toBe(false);

    const wait = secondsLeftInWindow(SIGN_IN.address.windowMs);
    clock.advance((wait - 1) * 1000);
    const early = t.client();
    expect((await early.signIn(email)).status).toBe(429);
    expect(early.jar.has(SESSION_COOKIE)).toBe(false);
    expect(await sessionCount(email)).toBe(before);

    clock.advance(1000);
    const later = t.client();
    expect((await later.signIn(email)).status).toBe(200);
    expect(await later.me()).toMatchObject({ email });
  });
});

describe('wrong passwords, per client', () => {
  it(`refuse one client after ${SIGN_IN.client.limit} tries on any addresses, even the right password of a real account; other clients go on`, async () => {
    const email = await account();
    const guesser = t.client();
    // Real guesses on addresses that exist and on ones that do not, then tries that cost no hashing.
    for (let i = 0; i < 3; i++) expect((await guesser.signIn(email, `wrong password ${i}`)).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await guesser.signIn(uniqueEmail('someone'), 'password123')).status).toBe(401);
    for (let i = 6; i < SIGN_IN.client.limit; i++) expect((await cheapTry(guesser, i)).status).toBe(400);
    await expectLimited(await guesser.signIn(email), SIGN_IN.client.windowMs);
    expect(guesser.jar.has(SESSION_COOKIE)).toBe(false);
    expect((await t.client().signIn(email)).status).toBe(200);
  });

  it('ignore X-Forwarded-For without TRUST_PROXY: a client cannot rename itself', async () => {
    const email = await account();
    const guesser = t.client();
    for (let i = 0; i < SIGN_IN.client.limit; i++) {
      expect((await cheapTry(guesser, i, { 'x-forwarded-for': `203.0.113.${i + 1}` })).status).toBe(400);
    }
    const res = await guesser.post('/api/auth/sign-in/email', { email, password: PASSWORD }, { 'x-forwarded-for': '198.51.100.99' });
    expect(res.status).toBe(429);
    expect(guesser.jar.has(SESSION_COOKIE)).toBe(false);
  });

  it('count an IPv6 client as its /64 network: it cannot walk through its own addresses', async () => {
    // Anyone on IPv6 gets a /64 (2^64 addresses) from their provider.
    const email = await account();
    const host = (i: number) => t.client(`2001:db8:7:1:${(i + 1).toString(16)}::${(i + 7).toString(16)}`);
    for (let i = 0; i < SIGN_IN.client.limit; i++) expect((await cheapTry(host(i), i)).status).toBe(400);
    const last = host(SIGN_IN.client.limit);
    expect((await last.signIn(email)).status).toBe(429);
    expect(last.jar.has(SESSION_COOKIE)).toBe(false);
    // The same /64 written in full; then another /64, which is another client.
    expect((await cheapTry(t.client('2001:0db8:0007:0001:0000:0000:0000:0001'), 99)).status).toBe(429);
    expect((await t.client('2001:db8:7:2::1').signIn(email)).status).toBe(200);
  });

  it('count an IPv4 client reaching a dual-stack socket (::ffff:a.b.c.d) as that IPv4 client', async () => {
    const v4 = t.client('192.0.2.77');
    for (let i = 0; i < SIGN_IN.client.limit; i++) expect((await cheapTry(v4, i)).status).toBe(400);
    expect((await cheapTry(t.client('::ffff:192.0.2.77'), 0)).status).toBe(429);
    expect((await cheapTry(t.client('::ffff:c000:24d'), 0)).status).toBe(429);
    expect((await cheapTry(t.client('::ffff:192.0.2.78'), 0)).status).toBe(400);
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  let p: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    p = await createTestApp({ clock, config: { trustProxy: true } });
  });
  afterAll(() => p?.close());

  it('counts the address the proxy saw (the last hop), not what the client wrote in front of it', async () => {
    // A load balancer appends the address it was reached from to whatever X-Forwarded-For the client sent.
    const viaProxy = (written: string, seen: string) => ({ 'x-forwarded-for': written ? `${written}, ${seen}` : seen });
    const guesser = p.client('10.0.0.1');
    for (let i = 0; i < SIGN_IN.client.limit; i++) {
      const res = await guesser.post(
        '/api/auth/sign-in/email',
        { email: `not an address ${i}`, password: 'x' },
        viaProxy(`198.51.100.${i + 1}`, '203.0.113.50'),
      );
      expect(res.status, `try ${i + 1}`).toBe(400);
    }
    const last = await guesser.post(
      '/api/auth/sign-in/email',
      { email: 'not an address', password: 'x' },
      viaProxy('198.51.100.200, 198.51.100.201', '203.0.113.50'),
    );
    expect(last.status).toBe(429);
    // Another client behind the same proxy has its own budget.
    const other = await p
      .client('10.0.0.1')
      .post('/api/auth/sign-in/email', { email: 'not an address', password: 'x' }, viaProxy('203.0.113.50', '203.0.113.51'));
    expect(other.status).toBe(400);
  });
});

describe('whatever the encoding', () => {
  it('refuses every body that is not JSON with 415 and no session, even with the right password of an open account', async () => {
    const email = await account();
    const form = `email=${encodeURIComponent(email)}&password=${encodeURIComponent(PASSWORD)}`;
    const part = (name: string, value: string) => `--xyz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const multipart = `${part('email', email)}${part('password', PASSWORD)}--xyz--\r\n`;
    const json = signInBody(email);
    for (const [type, body] of [
      ['application/x-www-form-urlencoded', form],
      ['application/x-www-form-urlencoded; charset=utf-8', form],
      ['multipart/form-data; boundary=xyz', multipart],
      ['text/plain', json],
      ['text/plain;charset=UTF-8', json],
      ['text/json', json],
      ['application/jsonp', json],
      ['application/x-json', json],
      ['', json],
    ] as const) {
      const c = t.client();
      const res = await c.request('POST', '/api/auth/sign-in/email', body, { 'content-type': type });
      expect(res.status, type).toBe(415);
      expect((await res.json()).message, type).toMatch(/application\/json/);
      expect(c.jar.has(SESSION_COOKIE), type).toBe(false);
    }
    expect(await sessionCount(email)).toBe(1); // the sign-in after the sign-up
    // The same password as JSON signs in: the 415s were about the encoding alone.
    expect((await t.client().signIn(email)).status).toBe(200);
  });

  it('counts every spelling of JSON that Better Auth reads against the locked address', async () => {
    const email = await account();
    await lockAddress(email);
    const before = await sessionCount(email);
    for (const type of [
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'Application/Json;charset=latin1',
      'application/json-patch+json',
      'application/json, application/x-www-form-urlencoded',
    ]) {
      const c = t.client();
      const res = await c.request('POST', '/api/auth/sign-in/email', signInBody(email), { 'content-type': type });
      expect(res.status, type).toBe(429);
      expect(c.jar.has(SESSION_COOKIE), type).toBe(false);
    }
    expect(await sessionCount(email)).toBe(before);
  });

  it('reads the address the same way as Better Auth: another case, spaces or JSON escapes are the locked address', async () => {
    const email = await account();
    await lockAddress(email);
    const escaped = JSON.stringify(email).replace('@', '\\u0040').replace(/e/g, '\\u0065');
    for (const body of [
      signInBody(email.toUpperCase()),
      signInBody(` ${email}\t`),
      signInBody(`${email[0]!.toUpperCase()}${email.slice(1)}`),
      `{"email":${escaped},"password":${JSON.stringify(PASSWORD)}}`,
    ]) {
      const c = t.client();
      const res = await c.request('POST', '/api/auth/sign-in/email', body);
      expect(res.status, body).toBe(429);
      expect(c.jar.has(SESSION_COOKIE), body).toBe(false);
    }
  });

  it('look-alike, percent-encoded and +tagged addresses are other addresses: none reaches the locked account', async () => {
    const email = await account();
    await lockAddress(email);
    const before = await sessionCount(email);
    const [local, domain] = email.split('@') as [string, string];
    for (const [variant, status] of [
      // Cyrillic "е" and "о", the Kelvin sign (lower-cases to "k"), a full-width "@", a soft hyphen.
      [email.replace('e', '\u0435'), 400],
      [email.replace('o', '\u043e'), 400],
      [`\u212a${email}`, 400],
      [email.replace('@', '\uff20'), 400],
      [`${local}\u00ad@${domain}`, 400],
      [`${local}%40${domain}`, 400],
      [encodeURIComponent(email), 400],
      [`${local}+tag@${domain}`, 401],
    ] as const) {
      const c = t.client();
      const res = await c.request('POST', '/api/auth/sign-in/email', signInBody(variant));
      expect(res.status, variant).toBe(status);
      expect(c.jar.has(SESSION_COOKIE), variant).toBe(false);
    }
    expect(await sessionCount(email)).toBe(before);
  });

  it('duplicate or smuggled keys: the limiter and Better Auth read the same (last) address, or none', async () => {
    const locked = await account();
    const open = await account();
    await lockAddress(locked);
    const lockedLast = t.client();
    const res = await lockedLast.request(
      'POST',
      '/api/auth/sign-in/email',
      `{"email":${JSON.stringify(open)},"email":${JSON.stringify(locked)},"password":"${PASSWORD}"}`,
    );
    expect(res.status).toBe(429);
    expect(lockedLast.jar.has(SESSION_COOKIE)).toBe(false);
    // With the open address last, both sign in to it (and count it), never to the locked one.
    const openLast = t.client();
    const ok = await openLast.request(
      'POST',
      '/api/auth/sign-in/email',
      `{"email":${JSON.stringify(locked)},"email":${JSON.stringify(open)},"password":"${PASSWORD}"}`,
    );
    expect(ok.status).toBe(200);
    expect(await openLast.me()).toMatchObject({ email: open });
    // An address smuggled in as the prototype or a nested object is read by neither.
    for (const body of [
      `{"__proto__":{"email":${JSON.stringify(locked)}},"password":"${PASSWORD}"}`,
      `{"constructor":{"prototype":{"email":${JSON.stringify(locked)}}},"password":"${PASSWORD}"}`,
      `{"email":{"toString":${JSON.stringify(locked)}},"password":"${PASSWORD}"}`,
      `{"email":[${JSON.stringify(locked)}],"password":"${PASSWORD}"}`,
    ]) {
      const c = t.client();
      const res = await c.request('POST', '/api/auth/sign-in/email', body);
      expect(res.status, body).toBe(400);
      expect(c.jar.has(SESSION_COOKIE), body).toBe(false);
    }
  });

  it('a byte-order mark before the JSON is read the same way by both: still the locked address', async () => {
    const email = await account();
    await lockAddress(email);
    const c = t.client();
    const res = await c.request('POST', '/api/auth/sign-in/email', `\ufeff${signInBody(email)}`);
    expect(res.status).toBe(429);
    expect(c.jar.has(SESSION_COOKIE)).toBe(false);
  });

  it('other spellings of the path reach the same limit or no route at all', async () => {
    const email = await account();
    await lockAddress(email);
    for (const url of [
      '/api/auth/sign-in/email?x=1',
      '/api/auth/sign-in/%65mail',
      '/api/auth/sign-in/email/',
      '/api/auth/sign-in//email',
      '/api/auth//sign-in/email',
      '/api/auth/sign-in/EMAIL',
      '/api/auth/sign-in/email;x',
      '/api/auth/sign-in/./email',
      '/api/auth/sign-in/x/../email',
    ]) {
      const c = t.client();
      const res = await c.request('POST', url, signInBody(email));
      expect([404, 429], url).toContain(res.status);
      expect(c.jar.has(SESSION_COOKIE), url).toBe(false);
    }
  });
});

describe('second-factor codes', () => {
  type Member = { email: string; factor: SecondFactor };

  async function memberWithFactor(): Promise<Member> {
    const { c, email } = await signedInMember(t, { prefix: '2fa-abuse', profile: null });
    return { email, factor: await passSecondFactor(c) };
  }

  /** The password step on a new client: a pending sign-in, no session yet. */
  async function pending(email: string, c = t.client()): Promise<Client> {
    const res = await c.signIn(email);
    expect(await res.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    return c;
  }

  const totp = (c: Client, code: string) => c.post('/api/auth/two-factor/verify-totp', { code });
  const recovery = (c: Client, code: string) => c.post('/api/auth/two-factor/verify-backup-code', { code });
  const wrongRecovery = (i: number) => `wrong-${String(i).padStart(5, '0')}`;

  it(`at sign-in, count codes and recovery codes per account across pending sign-ins and clients (${CODES_PER_ACCOUNT.limit}); then even right ones wait for the window`, async () => {
    const { email, factor } = await memberWithFactor();
    let tries = 1; // the code that finished the set-up
    // Below the plugin's 10-in-a-row lock (a right code in between starts its count again), so ours is what stops them.
    const first = await pending(email);
    for (let i = 0; i < 3; i++, tries++) expect((await totp(first, await wrongTotpCode(factor.key))).status).toBe(401);
    for (let i = 0; i < 2; i++, tries++) expect((await recovery(first, wrongRecovery(i))).status).toBe(401);
    const second = await pending(email);
    for (let i = 0; i < 4; i++, tries++) expect((await recovery(second, wrongRecovery(10 + i))).status).toBe(401);
    expect((await recovery(second, factor.recoveryCodes[0]!)).status).toBe(200);
    tries++;
    const third = await pending(email);
    for (; tries < CODES_PER_ACCOUNT.limit; tries++) expect((await totp(third, await wrongTotpCode(factor.key))).status).toBe(401);

    const late = await pending(email);
    await expectLimited(await totp(late, await nextTotpCode(factor.key)), CODES_PER_ACCOUNT.windowMs);
    expect((await recovery(late, factor.recoveryCodes[1]!)).status).toBe(429);
    expect(await late.me()).toBeNull();
    expect(late.jar.has(SESSION_COOKIE)).toBe(false);

    clock.advance(secondsLeftInWindow(CODES_PER_ACCOUNT.windowMs) * 1000);
    expect((await recovery(late, factor.recoveryCodes[1]!)).status).toBe(200);
    expect(await late.me()).toMatchObject({ email, secondFactorPassed: true });
  });

  it(`count per client, codes and recovery codes together (${CODES_PER_CLIENT.limit}): the right code waits, other clients go on`, async () => {
    const { email, factor } = await memberWithFactor();
    const guesser = t.client();
    for (let i = 0; i < CODES_PER_CLIENT.limit; i++) {
      const res = i % 2 ? await recovery(guesser, wrongRecovery(i)) : await totp(guesser, '000000');
      expect(res.status, `try ${i + 1}`).toBe(401);
    }
    await pending(email, guesser);
    await expectLimited(await recovery(guesser, factor.recoveryCodes[0]!), CODES_PER_CLIENT.windowMs);
    expect(await guesser.me()).toBeNull();

    const owner = await pending(email);
    expect((await recovery(owner, factor.recoveryCodes[0]!)).status).toBe(200);
    expect(await owner.me()).toMatchObject({ email, secondFactorPassed: true });
  });

  it(`for step-up, count a signed-in session's codes per account (${CODES_PER_ACCOUNT.limit}): the right code waits, the session stays unpassed`, async () => {
    const { c: setUp, email } = await signedInMember(t, { prefix: '2fa-step', profile: null });
    // Signed in before the factor was set up: a session that has not passed it.
    const other = t.client();
    expect((await other.signIn(email)).status).toBe(200);
    const factor = await passSecondFactor(setUp);

    // The code that finished the set-up was the first of the window.
    for (let i = 1; i < CODES_PER_ACCOUNT.limit; i++) {
      const res = i % 3 ? await totp(other, await wrongTotpCode(factor.key)) : await recovery(other, wrongRecovery(i));
      expect(res.status, `try ${i + 1}`).toBe(401);
    }
    await expectLimited(await totp(other, await nextTotpCode(factor.key)), CODES_PER_ACCOUNT.windowMs);
    expect((await recovery(other, factor.recoveryCodes[0]!)).status).toBe(429);
    expect(await other.me()).toMatchObject({ secondFactorPassed: false });

    clock.advance(secondsLeftInWindow(CODES_PER_ACCOUNT.windowMs) * 1000);
    expect((await recovery(other, factor.recoveryCodes[0]!)).status).toBe(200);
    expect(await other.me()).toMatchObject({ secondFactorPassed: true });
  });

  it('refuse a right code in any body that is not JSON', async () => {
    const { email, factor } = await memberWithFactor();
    const c = await pending(email);
    const code = factor.recoveryCodes[0]!;
    for (const [type, body] of [
      ['application/x-www-form-urlencoded', `code=${code}`],
      ['multipart/form-data; boundary=b', `--b\r\nContent-Disposition: form-data; name="code"\r\n\r\n${code}\r\n--b--\r\n`],
      ['text/plain', JSON.stringify({ code })],
    ] as const) {
      const res = await c.request('POST', '/api/auth/two-factor/verify-backup-code', body, { 'content-type': type });
      expect(res.status, type).toBe(415);
      expect(c.jar.has(SESSION_COOKIE), type).toBe(false);
    }
    expect((await recovery(c, code)).status).toBe(200);
  });
});

describe('password reset requests', () => {
  const requestReset = (c: Client, email: string) => c.post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
  const resetBody = (email: string) => JSON.stringify({ email, redirectTo: '/reset-password' });

  async function resetMailsTo(...addresses: string[]): Promise<number> {
    let n = 0;
    for (const to of addresses) {
      const [row] = await t.db
        .select({ n: count() })
        .from(mail)
        .where(and(eq(mail.to, to), eq(mail.form, 'password reset')));
      n += row!.n;
    }
    return n;
  }

  /** What an answer says: status, body and Retry-After (nothing else may tell an existing address from another). */
  async function answer(res: Response) {
    return { status: res.status, body: await res.json(), retryAfter: res.headers.get('retry-after') };
  }

  it(`are limited per address, from any client and in any spelling (${RESET.address.limit} an hour): no more mails, and the answers never tell whether it exists`, async () => {
    const { email: known } = await insertMember(t.db);
    const unknown = uniqueEmail('nobody');
    const spellings = (e: string) => [e, e.toUpperCase(), e, ` ${e} `, e.replace('@', '\\u0040'), e];
    const knownAnswers = [];
    const unknownAnswers = [];
    for (const e of spellings(known)) {
      knownAnswers.push(
        await answer(
          await t.client().request('POST', '/api/auth/request-password-reset', e.includes('\\') ? `{"email":"${e}"}` : resetBody(e)),
        ),
      );
    }
    for (const e of spellings(unknown)) {
      unknownAnswers.push(
        await answer(
          await t.client().request('POST', '/api/auth/request-password-reset', e.includes('\\') ? `{"email":"${e}"}` : resetBody(e)),
        ),
      );
    }
    expect(knownAnswers.map((a) => a.status)).toEqual([200, 200, 200, 429, 429, 429]);
    expect(knownAnswers).toEqual(unknownAnswers);
    expect(knownAnswers[3]!.body.message).toMatch(/too many/i);
    expect(Number(knownAnswers[3]!.retryAfter)).toBe(secondsLeftInWindow(RESET.address.windowMs));
    expect(await resetMailsTo(known)).toBe(RESET.address.limit);

    // Not by other encodings either.
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=b']) {
      const res = await t
        .client()
        .request('POST', '/api/auth/request-password-reset', `email=${encodeURIComponent(known)}`, { 'content-type': type });
      expect(res.status, type).toBe(415);
    }
    for (const type of ['APPLICATION/JSON', 'application/json;charset=utf-8']) {
      const res = await t
        .client()
        .request('POST', '/api/auth/request-password-reset', `\ufeff${resetBody(known)}`, { 'content-type': type });
      expect(res.status, type).toBe(429);
    }
    const dup = await t
      .client()
      .request(
        'POST',
        '/api/auth/request-password-reset',
        `{"email":${JSON.stringify(uniqueEmail('fresh'))},"email":${JSON.stringify(known)}}`,
      );
    expect(dup.status).toBe(429);
    expect(await resetMailsTo(known)).toBe(RESET.address.limit);

    clock.advance(secondsLeftInWindow(RESET.address.windowMs) * 1000);
    expect((await requestReset(t.client(), known)).status).toBe(200);
    expect(await resetMailsTo(known)).toBe(RESET.address.limit + 1);
  });

  it(`are limited per client, whatever the addresses (${RESET.client.limit} an hour): no more mails`, async () => {
    const addresses: string[] = [];
    for (let i = 0; i <= RESET.client.limit; i++) addresses.push((await insertMember(t.db)).email);
    const c = t.client();
    const statuses: number[] = [];
    for (const e of addresses) statuses.push((await requestReset(c, e)).status);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(await resetMailsTo(...addresses)).toBe(RESET.client.limit);
    expect(await resetMailsTo(addresses.at(-1)!)).toBe(0);
    // The same address from another client is fine.
    expect((await requestReset(t.client(), addresses.at(-1)!)).status).toBe(200);
  });
});

describe('uploads', () => {
  type Member = { c: Client; id: string };

  /** A browser-like multipart upload of one file as `photo`, from one client address. */
  function upload(m: Member, file: Blob, name: string) {
    return uploadPhoto(t, m.c, file, { name, headers: { 'x-test-client-ip': '10.9.9.9' } });
  }

  const photosDir = () => path.join(t.config.dataDir, 'files', 'photos');
  const storedFiles = () => (fs.existsSync(photosDir()) ? fs.readdirSync(photosDir()).sort() : []);

  async function memberWithPhoto(): Promise<Member & { photo: Buffer }> {
    const m = await signedInMember(t, { prefix: 'upload', profile: null });
    expect((await upload(m, fileBlob(await jpegBytes()), 'me.jpg')).status).toBe(200);
    const stored = await t.deps.storage.get(photoKey(m.id));
    return { ...m, photo: stored!.data };
  }

  /** The member's photo is the one they had: same version, same bytes, and no other file in the folder. */
  async function expectPhotoUnchanged(m: Member & { photo: Buffer }, files: string[]) {
    expect(await photoVersionOf(t.db, m.id)).toBe(1);
    expect((await t.deps.storage.get(photoKey(m.id)))!.data.equals(m.photo)).toBe(true);
    expect(storedFiles()).toEqual(files);
  }

  const HTML = '<html><body><script>alert(document.cookie)</script></body></html>';
  const PAYLOAD_MARKERS = ['<script', 'alert(', '<html', '<svg', 'onload'];

  /**
   * A real decompression bomb: a complete, valid greyscale PNG of width×height black pixels, built as one
   * zlib stream of a compressed block repeated (each block is independent and byte-aligned), so a
   * 30000×30000 image (900 MB of pixels) is well under a megabyte and takes milliseconds to build.
   */
  function pngBomb(width: number, height: number) {
    const total = height * (width + 1); // each row: filter byte 0, then the pixels; all zero
    const piece = 1 << 24;
    const block = zlib.deflateRawSync(Buffer.alloc(Math.min(piece, total)), { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    const rest = total % piece;
    const blocks = Array<Buffer>(Math.floor(total / piece)).fill(block);
    if (rest) blocks.push(zlib.deflateRawSync(Buffer.alloc(rest), { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH }));
    const adler = Buffer.alloc(4);
    adler.writeUInt32BE((((total % 65521) << 16) | 1) >>> 0); // Adler-32 of `total` zero bytes
    const idat = Buffer.concat([Buffer.from([0x78, 0xda]), ...blocks, Buffer.from([0x03, 0x00]), adler]);
    return Buffer.concat([PNG_SIGNATURE, pngHeader(width, height, 'grey'), pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]);
  }

  it('the bomb builder makes real images: a small one decodes to every pixel black', async () => {
    const small = pngBomb(3000, 2000);
    const { width, height } = await sharp(small).metadata();
    expect([width, height]).toEqual([3000, 2000]);
    const stats = await sharp(small, { failOn: 'error' }).stats();
    expect(stats.channels[0]).toMatchObject({ min: 0, max: 0 });
  });

  it('refuse hostile files with a 4xx and a clear message, and leave the photo and the files as they were', async () => {
    const m = await memberWithPhoto();
    const files = storedFiles();
    expect(files).toEqual([`${m.id}.jpg`, `${m.id}.jpg.type`]);
    const good = await jpegBytes({ width: 400, height: 300, background: '#336699' });
    const svg = Buffer.from(
      `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(document.cookie)</script></svg>`,
    );
    const notAnImage = /JPEG, PNG or WebP/;
    const unreadable = /could not be read/;
    for (const [what, data, type, name, status, message] of [
      ['an SVG with a script', svg, 'image/svg+xml', 'me.svg', 415, notAnImage],
      ['the same SVG called a JPEG', svg, 'image/jpeg', 'me.jpg', 415, notAnImage],
      [
        'an SVG behind a UTF-8 byte-order mark and spaces',
        Buffer.concat([Buffer.from('\ufeff  \n'), svg]),
        'image/png',
        'me.png',
        415,
        notAnImage,
      ],
      ['HTML sent as image/jpeg', Buffer.from(HTML), 'image/jpeg', 'photo.jpg', 415, notAnImage],
      [
        'a GIF header followed by HTML (GIF polyglot)',
        Buffer.concat([Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), Buffer.from(HTML)]),
        'image/gif',
        'x.gif',
        415,
        notAnImage,
      ],
      [
        'a JPEG signature followed by HTML',
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(HTML)]),
        'image/jpeg',
        'x.jpg',
        400,
        unreadable,
      ],
      ['a PNG signature followed by HTML', Buffer.concat([PNG_SIGNATURE, Buffer.from(HTML)]), 'image/png', 'x.png', 400, unreadable],
      [
        'a JPEG cut short (the last tenth missing)',
        good.subarray(0, Math.floor(good.length * 0.9)),
        'image/jpeg',
        'cut.jpg',
        400,
        unreadable,
      ],
      ['a JPEG with its headers overwritten', Buffer.from(good).fill(0xee, 150, 260), 'image/jpeg', 'broken.jpg', 400, unreadable],
      ['an empty file', Buffer.alloc(0), 'image/jpeg', 'empty.jpg', 400, /Choose a photo/],
    ] as const) {
      const res = await upload(m, fileBlob(data, type), name);
      expect(res.status, what).toBe(status);
      expect((await res.json()).message, what).toMatch(message);
    }
    await expectPhotoUnchanged(m, files);
  });

  it('refuse a decompression bomb quickly by its pixel count, without decoding it', async () => {
    const m = await memberWithPhoto();
    const files = storedFiles();
    for (const [width, height] of [
      [30000, 30000], // 900 megapixels
      [9000, 9000], // under the 10,000-pixel side, over the 50-megapixel limit
    ] as const) {
      const bomb = pngBomb(width, height);
      expect(bomb.length).toBeLessThan(PHOTO_MAX_BYTES);
      const rssBefore = process.memoryUsage().rss;
      const started = performance.now();
      const res = await upload(m, fileBlob(bomb, 'image/png'), 'bomb.png');
      const ms = performance.now() - started;
      expect(res.status, `${width}×${height}`).toBe(400);
      expect((await res.json()).message).toMatch(/too large.*megapixels/);
      expect(ms, `${width}×${height} took ${Math.round(ms)} ms`).toBeLessThan(2000);
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
    }
    await expectPhotoUnchanged(m, files);
  });

  it('refuse a file over the limit with 413, also when the request claims a small length', async () => {
    const m = await memberWithPhoto();
    const files = storedFiles();
    const huge = Buffer.alloc(PHOTO_MAX_BYTES + 1, 0);
    huge.set([0xff, 0xd8, 0xff, 0xe0]);
    const boundary = 'xxBOUNDARYxx';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="huge.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      huge,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    for (const declared of [String(body.length), '1000']) {
      const res = await t.app.request('/api/profile/photo', {
        method: 'POST',
        headers: {
          origin: t.config.publicUrl,
          cookie: m.c.cookieHeader(),
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': declared,
        },
        body,
      });
      expect(res.status, `Content-Length ${declared}`).toBe(413);
      expect((await res.json()).message).toMatch(/larger than 10 MB/);
    }
    await expectPhotoUnchanged(m, files);
  });

  it('accept a JPEG with HTML appended or in a comment, and a PNG with HTML in a text chunk, because only a clean re-encoded JPEG is kept and served as image/jpeg with nosniff', async () => {
    const m = await memberWithPhoto();
    const good = await jpegBytes({ width: 640, height: 480, background: '#ff8800' });
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from([0, HTML.length + 2]), Buffer.from(HTML)]);
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#ff8800' } })
      .png()
      .toBuffer();
    const iend = png.length - 12;
    const text = pngChunk('tEXt', Buffer.from(`Comment\0${HTML}`, 'latin1'));
    for (const [what, data, type] of [
      ['HTML after the end of a JPEG', Buffer.concat([good, Buffer.from(HTML)]), 'image/jpeg'],
      ['HTML in a JPEG comment', Buffer.concat([good.subarray(0, 2), comment, good.subarray(2)]), 'image/jpeg'],
      ['HTML in a PNG text chunk', Buffer.concat([png.subarray(0, iend), text, png.subarray(iend)]), 'image/png'],
      ['HTML after the end of a JPEG, sent as text/html', Buffer.concat([good, Buffer.from(HTML)]), 'text/html'],
    ] as const) {
      expect(data.includes(Buffer.from('<script')), what).toBe(true);
      const res = await upload(m, fileBlob(data, type), 'photo.html');
      expect(res.status, what).toBe(200);
      const served = await m.c.get((await res.json()).photoUrl);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type'), what).toBe('image/jpeg');
      expect(served.headers.get('x-content-type-options'), what).toBe('nosniff');
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])), what).toBe(true);
      expect(bytes.subarray(-2).equals(Buffer.from([0xff, 0xd9])), `${what}: nothing after the end of the image`).toBe(true);
      for (const marker of PAYLOAD_MARKERS)
        expect(bytes.toString('latin1').toLowerCase().includes(marker), `${what}: ${marker}`).toBe(false);
      const meta = await sharp(bytes).metadata();
      expect(meta, what).toMatchObject({ format: 'jpeg', width: PHOTO_OUTPUT_SIZE, height: PHOTO_OUTPUT_SIZE });
      expect(meta.comments ?? [], what).toEqual([]);
      // The stored file is what is served.
      expect((await t.deps.storage.get(photoKey(m.id)))!.data.equals(bytes)).toBe(true);
    }
  });

  it('limit uploads per member, before reading the body', async () => {
    const m = await signedInMember(t, { prefix: 'uploads', profile: null });
    // Refused uploads count too: each one is work for the server.
    for (let i = 0; i < PHOTO_UPLOAD_RULE.limit; i++) {
      expect((await upload(m, fileBlob(Buffer.alloc(0), 'image/jpeg'), 'empty.jpg')).status).toBe(400);
    }
    const jpeg = await jpegBytes({ width: 50, height: 50, background: '#123456' });
    const res = await upload(m, fileBlob(jpeg, 'image/jpeg'), 'me.jpg');
    expect(res.status).toBe(429);
    expect((await res.json()).message).toMatch(/too many photos/i);
    expect(Number(res.headers.get('retry-after'))).toBe(secondsLeftInWindow(PHOTO_UPLOAD_RULE.windowMs));
    expect(await photoVersionOf(t.db, m.id)).toBeNull();
  });

  it('no other route takes a file: a photo posted anywhere else is refused and stored nowhere', async () => {
    const m = await memberWithPhoto();
    const files = storedFiles();
    const jpeg = await jpegBytes({ width: 50, height: 50, background: '#123456' });
    for (const [method, url] of [
      ['PUT', '/api/profile'],
      ['PATCH', '/api/account'],
      ['POST', '/api/posts'],
      ['POST', '/api/contact'],
      ['POST', '/api/account/verification-mail'],
      ['POST', '/api/auth/sign-up/email'],
      ['PUT', '/api/profile/photo'],
      ['POST', '/api/profile/photo/'],
      ['POST', `/api/photos/${m.id}`],
    ] as const) {
      const form = new FormData();
      form.set('photo', fileBlob(jpeg, 'image/jpeg'), 'me.jpg');
      const res = await t.app.request(url, { method, headers: { origin: t.config.publicUrl, cookie: m.c.cookieHeader() }, body: form });
      expect(res.status, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${url}`).toBeLessThan(500);
    }
    await expectPhotoUnchanged(m, files);
  });
});
