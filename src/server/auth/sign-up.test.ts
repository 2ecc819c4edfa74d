import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { EMAIL_LINK_RESENDS_PER_HOUR } from '../../shared/limits';
import { account, emailToken, mail, session, user } from '../db/schema';
import { useTestApp } from '../testing/app';
import { mailsTo, signUpMember, TEST_PASSWORD, uidOf, uniqueEmail, uniqueTag } from '../testing/factories';
import { AUTH_RULES } from '../rate-limit/rules';

// Issue 23, defect 4: sign-up is no oracle of which addresses have an account. A new address and a taken one
// get the same answer (status, headers, body, and no session either way); the new address gets its
// confirmation link, the owner of the taken one a note that someone tried, and nothing about their account changes.

const t = useTestApp();
const SIGN_UP = AUTH_RULES['/sign-up/email']!;

/** Two fresh addresses of the same length, so their answers can be compared byte for byte (but for the address). */
function twoAddresses(): [string, string] {
  const tag = uniqueTag('same').toLowerCase();
  return [`${tag}.a@example.org`, `${tag}.b@example.org`];
}

const signUpRequest = (email: string, password = 'a brand new pass 9') =>
  t.client().post('/api/auth/sign-up/email', { email, password, name: '' });

/** Every header but Date and the request's own id, as [name, value] pairs in order. */
const headersOf = (res: Response) => [...res.headers].filter(([name]) => name !== 'date' && name !== 'x-request-id');

async function rowsOf(uid: string) {
  const [login] = await t.db.select().from(user).where(eq(user.id, uid));
  const logins = await t.db.select().from(account).where(eq(account.userId, uid));
  const sessions = await t.db.select().from(session).where(eq(session.userId, uid));
  const tokens = await t.db.select().from(emailToken).where(eq(emailToken.uid, uid));
  return { login, logins, sessions, tokens };
}

async function sessionsOf(email: string): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(session)
    .where(eq(session.userId, await uidOf(t.db, email)));
  return row!.n;
}

describe('sign-up answers the same for a new and a taken address', () => {
  it('same status, headers and body, and no session in either', async () => {
    const [fresh, taken] = twoAddresses();
    await signUpMember(t, { email: taken });

    const forNew = await signUpRequest(fresh);
    const forTaken = await signUpRequest(taken);
    expect(forNew.status).toBe(200);
    expect(forTaken.status).toBe(forNew.status);
    expect(headersOf(forTaken)).toEqual(headersOf(forNew));
    expect(forNew.headers.getSetCookie()).toEqual([]);
    // Nothing about an account: the address as sent, which the page shows.
    expect(await forNew.json()).toEqual({ ok: true, email: fresh });
    expect(await forTaken.json()).toEqual({ ok: true, email: taken });

    // The new account exists, waits for its link, and has no session until its owner signs in.
    expect(await sessionsOf(fresh)).toBe(0);
    expect((await t.client().signIn(fresh, 'a brand new pass 9')).status).toBe(200);
  });

  it('answers an address in another case as the taken address it is', async () => {
    const [, taken] = twoAddresses();
    await signUpMember(t, { email: taken });
    const res = await signUpRequest(taken.toUpperCase());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, email: taken });
    expect(await mailsTo(t.db, taken, 'existing account sign-up')).toHaveLength(1);
  });

  it('mails the new address its link, and the owner of a taken one a note with ways to sign in or reset', async () => {
    const [fresh, taken] = twoAddresses();
    await signUpMember(t, { email: taken });
    await signUpRequest(fresh);
    await signUpRequest(taken);

    expect(await mailsTo(t.db, fresh, 'email verification')).toHaveLength(1);
    expect(await mailsTo(t.db, fresh, 'existing account sign-up')).toHaveLength(0);
    // The owner's own sign-up mailed one link; the attempt mails no other.
    expect(await mailsTo(t.db, taken, 'email verification')).toHaveLength(1);
    const [note] = await mailsTo(t.db, taken, 'existing account sign-up');
    expect(note!.message.subject).toMatch(/sign up/i);
    expect(note!.message.text).toContain(taken);
    expect(note!.message.text).toContain('http://localhost:3000/signin');
    expect(note!.message.text).toContain('http://localhost:3000/forgot-password');
    expect(note!.message.html).toContain('href="http://localhost:3000/forgot-password"');
  });

  it('changes nothing about the existing account: password, address, confirmation, sessions, links', async () => {
    const [, taken] = twoAddresses();
    const owner = await signUpMember(t, { email: taken });
    const before = await rowsOf(owner.id);

    const res = await signUpRequest(taken, 'the intruder pass 1');
    expect(res.status).toBe(200);

    expect(await rowsOf(owner.id)).toEqual(before);
    expect(await owner.c.me()).toMatchObject({ email: taken, emailVerified: true });
    expect((await t.client().signIn(taken, 'the intruder pass 1')).status).toBe(401);
    expect((await t.client().signIn(taken, TEST_PASSWORD)).status).toBe(200);
    expect(await t.db.select().from(user).where(eq(user.email, taken))).toHaveLength(1);
  });

  it('an unconfirmed account too: the attempt gets no link, so the owner alone can confirm', async () => {
    const [, taken] = twoAddresses();
    const owner = await signUpMember(t, { email: taken, confirm: false });
    const before = await rowsOf(owner.id);
    expect((await signUpRequest(taken)).status).toBe(200);
    expect(await rowsOf(owner.id)).toEqual(before);
    expect(await mailsTo(t.db, taken, 'existing account sign-up')).toHaveLength(1);
  });

  it('refuses bad input the same way whether or not the address is taken', async () => {
    const [fresh, taken] = twoAddresses();
    await signUpMember(t, { email: taken });
    const short = [await signUpRequest(fresh, 'short'), await signUpRequest(taken, 'short')];
    expect(short.map((r) => r.status)).toEqual([400, 400]);
    expect(await short[1]!.json()).toEqual(await short[0]!.json());
    expect(await t.db.select().from(user).where(eq(user.email, fresh))).toHaveLength(0);
  });
});

describe('sign-up limits', () => {
  it(`limit sign-ups per address (${SIGN_UP.address.limit} an hour) from any client, the same way for a new and a taken address`, async () => {
    const [fresh, taken] = twoAddresses();
    await signUpMember(t, { email: taken });
    for (const email of [fresh, taken]) {
      for (let i = 0; i < SIGN_UP.address.limit - (email === fresh ? 0 : 1); i++) {
        expect((await signUpRequest(email)).status, `${email} try ${i + 1}`).toBe(200);
      }
    }
    const limited = [await signUpRequest(fresh), await signUpRequest(taken.toUpperCase())];
    expect(limited.map((r) => r.status)).toEqual([429, 429]);
    expect(await limited[1]!.json()).toEqual(await limited[0]!.json());
    // The taken address's owner signed up once and got a note for each attempt that went through, no more.
    expect(await mailsTo(t.db, taken, 'existing account sign-up')).toHaveLength(SIGN_UP.address.limit - 1);
    expect(await t.db.select().from(user).where(eq(user.email, fresh))).toHaveLength(1);
  });

  it(`limit sign-ups per client (${SIGN_UP.client.limit} an hour), whatever the addresses`, async () => {
    const c = t.client();
    for (let i = 0; i < SIGN_UP.client.limit; i++) {
      const res = await c.post('/api/auth/sign-up/email', { email: uniqueEmail('bulk'), password: 'a brand new pass 9', name: '' });
      expect(res.status, `try ${i + 1}`).toBe(200);
    }
    const extra = uniqueEmail('bulk');
    expect((await c.post('/api/auth/sign-up/email', { email: extra, password: 'a brand new pass 9', name: '' })).status).toBe(429);
    expect(await t.db.select().from(user).where(eq(user.email, extra))).toHaveLength(0);
  });
});

describe('send the link again, without a session', () => {
  const resend = (email: string, c = t.client()) => c.post('/api/account/confirmation-mail', { email });

  it('answers the same for an unconfirmed, a confirmed and an unknown address; each gets what fits it', async () => {
    const [unknown, waiting] = twoAddresses();
    const [confirmed] = twoAddresses();
    const waiter = await signUpMember(t, { email: waiting, confirm: false, profile: null });
    await signUpMember(t, { email: confirmed, profile: null });
    const oldLink = await t.emailLinkTokenTo(waiting);

    const answers = [await resend(unknown), await resend(waiting), await resend(confirmed)];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(headersOf(answers[1]!)).toEqual(headersOf(answers[0]!));
    expect(answers[0]!.headers.getSetCookie()).toEqual([]);
    expect(await answers[0]!.json()).toEqual({ ok: true, email: unknown });
    expect(await answers[1]!.json()).toEqual({ ok: true, email: waiting });
    expect(await answers[2]!.json()).toEqual({ ok: true, email: confirmed });

    // The unconfirmed account gets a new link, which replaces the old one.
    const links = (await mailsTo(t.db, waiting, 'email verification')).map((m) => /token=([\w-]+)/.exec(m.message.text)?.[1]);
    expect(links).toHaveLength(2);
    const newLink = links.find((l) => l !== oldLink)!;
    expect(newLink).toBeTruthy();
    // Opened in the account's own session (a sign-up's link confirms nothing for anyone else).
    expect((await waiter.c.post('/api/account/verify-email', { token: oldLink })).status).toBe(400);
    expect((await waiter.c.post('/api/account/verify-email', { token: newLink })).status).toBe(200);
    // The confirmed one's owner gets the note; the unknown address, nothing.
    expect(await mailsTo(t.db, confirmed, 'existing account sign-up')).toHaveLength(1);
    expect(await mailsTo(t.db, confirmed, 'email verification')).toHaveLength(1);
    expect(await t.db.select().from(mail).where(eq(mail.to, unknown))).toHaveLength(0);
    expect(await t.db.select().from(user).where(eq(user.email, unknown))).toHaveLength(0);
  });

  it(`limits it per address (${EMAIL_LINK_RESENDS_PER_HOUR} an hour) and per client (10 an hour), the same for any address`, async () => {
    const [unknown, waiting] = twoAddresses();
    await signUpMember(t, { email: waiting, confirm: false, profile: null });
    for (const email of [unknown, waiting]) {
      for (let i = 0; i < EMAIL_LINK_RESENDS_PER_HOUR; i++) expect((await resend(email)).status).toBe(200);
    }
    const limited = [await resend(unknown), await resend(waiting)];
    expect(limited.map((r) => r.status)).toEqual([429, 429]);
    expect(await limited[1]!.json()).toEqual(await limited[0]!.json());
    expect(await mailsTo(t.db, waiting, 'email verification')).toHaveLength(1 + EMAIL_LINK_RESENDS_PER_HOUR);

    const c = t.client();
    for (let i = 0; i < 10; i++) expect((await resend(uniqueEmail('resend'), c)).status).toBe(200);
    expect((await resend(uniqueEmail('resend'), c)).status).toBe(429);
  });

  it('refuses what is not an address, sending nothing', async () => {
    for (const email of ['', 'not an address', 42, null]) {
      expect((await t.client().post('/api/account/confirmation-mail', { email })).status).toBe(400);
    }
  });
});
