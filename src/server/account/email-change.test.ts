import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EMAIL_LINK_MESSAGES, type UpdateAccountInput } from '../../shared/account';
import { EMAIL_LINK_RESENDS_PER_HOUR, EMAIL_LINK_TTL_MS } from '../../shared/limits';
import { emailToken, session, user } from '../db/schema';
import { useTestApp } from '../testing/app';
import {
  expectAnswer,
  mailsTo,
  signedInMember,
  signUpMember,
  TEST_PASSWORD,
  uidOf,
  uniqueEmail,
  type TestClient,
} from '../testing/factories';

// Issue 23, defects 2, 3 and 4 (PATCH /api/account): a change of address asked for by someone who held the
// account before its owner arrived, mail to any address on demand, and telling taken addresses from free ones.

const t = useTestApp();

// The password-reset requests are Better Auth's (/api/auth/…), which the typed client does not cover: they stay raw.
const confirm = (c: TestClient, token: string) => c.api.account['verify-email'].$post({ json: { token } });
const update = (c: TestClient, json: UpdateAccountInput) => c.api.account.$patch({ json });
const askChange = (c: TestClient, email: string) => update(c, { email, password: '', confirmPassword: '' });
const signOutEverywhere = (c: TestClient, headers?: Record<string, string>) =>
  c.api.account['sign-out-everywhere'].$post(undefined, { headers });

/** The token of the newest password-reset link mailed to the address. */
async function resetTokenTo(email: string): Promise<string> {
  const item = await t.lastMailTo(email, 'password reset');
  const token = /reset-password\?token=([^\s"&<]+)/.exec(item?.message.text ?? '')?.[1];
  if (!token) throw new Error(`no reset link was mailed to ${email}`);
  return decodeURIComponent(token);
}

/** The owner of the address takes the account back as the site offers: "Forgot password", then the mailed link. */
async function resetPassword(email: string, newPassword: string) {
  const visitor = t.client();
  expect((await visitor.post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' })).status).toBe(200);
  const res = await visitor.post('/api/auth/reset-password', { newPassword, token: await resetTokenTo(email) });
  expect(res.status, await res.clone().text()).toBe(200);
}

/**
 * A change link as an older version of the site issued it to an account that had not confirmed its own
 * address (this one refuses to): the attacker's starting point in defect 2.
 */
async function plantChangeLink(uid: string, email: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = t.clock.now();
  await t.db.insert(emailToken).values({
    tokenHash: createHash('sha256').update(token).digest('base64url'),
    uid,
    purpose: 'change',
    email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + EMAIL_LINK_TTL_MS),
  });
  return token;
}

const changeLinksOf = async (uid: string) =>
  (await t.db.select().from(emailToken).where(eq(emailToken.uid, uid))).filter((row) => row.purpose === 'change');

describe('defect 2: a change link outlives its owner taking the account back', () => {
  it('an account whose address is not confirmed cannot ask to change it', async () => {
    const attacker = await signUpMember(t, { prefix: 'squatted', confirm: false, profile: null });
    const own = uniqueEmail('attacker');
    const body = await expectAnswer(askChange(attacker.c, own), 403);
    expect(body).toMatchObject({ code: 'EMAIL_UNVERIFIED', message: EMAIL_LINK_MESSAGES.changeNeedsConfirmedAddress });
    expect(body.fieldErrors!.email).toBe(EMAIL_LINK_MESSAGES.changeNeedsConfirmedAddress);
    expect(await mailsTo(t.db, own, 'email change')).toHaveLength(0);
    expect(await changeLinksOf(attacker.id)).toHaveLength(0);
    expect(await attacker.c.me()).toMatchObject({ pendingEmail: null });
  });

  it('a password reset ends every pending change link', async () => {
    const victim = uniqueEmail('victim');
    const attacker = await signUpMember(t, { email: victim, confirm: false, profile: null });
    const own = uniqueEmail('attacker');
    const token = await plantChangeLink(attacker.id, own);

    await resetPassword(victim, 'the owner chose this');
    expect(await changeLinksOf(attacker.id)).toHaveLength(0);
    expect((await confirm(attacker.c, token)).status).toBe(400);
    expect((await confirm(t.client(), token)).status).toBe(400);
    const [row] = await t.db.select().from(user).where(eq(user.id, attacker.id));
    expect(row!.email).toBe(victim);
    const owner = t.client();
    expect((await owner.signIn(victim, 'the owner chose this')).status).toBe(200);
    expect(await owner.me()).toMatchObject({ email: victim, pendingEmail: null });
    expect((await t.client().signIn(own, TEST_PASSWORD)).status).toBe(401);
  });

  it("confirming the account's own address ends every pending change link", async () => {
    const victim = uniqueEmail('victim');
    const attacker = await signUpMember(t, { email: victim, confirm: false, profile: null });
    const token = await plantChangeLink(attacker.id, uniqueEmail('attacker'));
    // The page the attacker keeps open read the pending address; the answer is kept in memory.
    expect(await attacker.c.me()).toMatchObject({ pendingEmail: expect.any(String) });

    // Confirmed in a session of the account (the only way a sign-up's link confirms, since issue 23).
    expect((await confirm(attacker.c, await t.emailLinkTokenTo(victim, 'email verification'))).status).toBe(200);
    expect(await changeLinksOf(attacker.id)).toHaveLength(0);
    expect(await attacker.c.me()).toMatchObject({ emailVerified: true, pendingEmail: null });
    expect((await confirm(attacker.c, token)).status).toBe(400);
    expect(await attacker.c.me()).toMatchObject({ email: victim });
  });

  it('a new password through PATCH /api/account ends every pending change link', async () => {
    const m = await signUpMember(t, { profile: null });
    const next = uniqueEmail('next');
    await expectAnswer(askChange(m.c, next));
    const token = await t.emailLinkTokenTo(next);
    expect(await m.c.me()).toMatchObject({ pendingEmail: next });

    const res = update(m.c, { email: m.email, password: 'a fresh secret', confirmPassword: 'a fresh secret' });
    expect((await expectAnswer(res)).user.pendingEmail).toBeNull();
    expect(await m.c.me()).toMatchObject({ pendingEmail: null });
    expect((await confirm(t.client(), token)).status).toBe(400);
    expect(await m.c.me()).toMatchObject({ email: m.email });
  });

  it('a new password and a new address together: the new link is the one that works', async () => {
    const m = await signUpMember(t, { profile: null });
    const old = uniqueEmail('old');
    await expectAnswer(askChange(m.c, old));
    const oldToken = await t.emailLinkTokenTo(old);
    const next = uniqueEmail('next');
    const res = update(m.c, { email: next, password: 'a fresh secret', confirmPassword: 'a fresh secret' });
    expect((await expectAnswer(res)).user.pendingEmail).toBe(next);
    expect((await confirm(t.client(), oldToken)).status).toBe(400);
    expect((await confirm(t.client(), await t.emailLinkTokenTo(next))).status).toBe(200);
  });
  it('a reset link mailed to the old address stops working once the account moves to a new one', async () => {
    const m = await signUpMember(t, { profile: null });
    const visitor = t.client();
    expect((await visitor.post('/api/auth/request-password-reset', { email: m.email, redirectTo: '/reset-password' })).status).toBe(200);
    const resetToken = await resetTokenTo(m.email);
    const next = uniqueEmail('next');
    await expectAnswer(askChange(m.c, next));
    expect((await confirm(t.client(), await t.emailLinkTokenTo(next))).status).toBe(200);

    expect((await visitor.post('/api/auth/reset-password', { newPassword: 'set by the old mailbox', token: resetToken })).status).toBe(400);
    expect((await t.client().signIn(next, 'set by the old mailbox')).status).toBe(401);
    expect((await t.client().signIn(next)).status).toBe(200);
  });
});

describe('sign out everywhere', () => {
  it('ends every session of the account, this one too, and every pending change link', async () => {
    const m = await signUpMember(t, { profile: null });
    const laptop = t.client();
    expect((await laptop.signIn(m.email)).status).toBe(200);
    const next = uniqueEmail('next');
    await expectAnswer(askChange(m.c, next));
    const token = await t.emailLinkTokenTo(next);
    expect(await laptop.me()).toMatchObject({ pendingEmail: next });

    expect(await expectAnswer(signOutEverywhere(m.c))).toEqual({ ok: true });
    expect(m.c.jar.size).toBe(0);
    expect(await t.db.select().from(session).where(eq(session.userId, m.id))).toHaveLength(0);
    expect(await laptop.me()).toBeNull();
    expect(await changeLinksOf(m.id)).toHaveLength(0);
    expect((await confirm(t.client(), token)).status).toBe(400);
    // The account itself is as it was: its owner signs in again.
    const again = t.client();
    expect((await again.signIn(m.email)).status).toBe(200);
    expect(await again.me()).toMatchObject({ email: m.email, pendingEmail: null });
  });

  it('refuses visitors and requests from other sites', async () => {
    expect((await signOutEverywhere(t.client())).status).toBe(401);
    const m = await signUpMember(t, { profile: null });
    const res = await signOutEverywhere(m.c, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await m.c.me()).toMatchObject({ email: m.email });
  });
});

describe('defect 3: the email change mails arbitrary addresses without limit', () => {
  it('limits the changes of address per account; a new password alone does not count', async () => {
    const m = await signUpMember(t, { profile: null });
    for (let i = 0; i < EMAIL_LINK_RESENDS_PER_HOUR + 2; i++) {
      const password = `a fresh secret ${i}`;
      expect((await update(m.c, { email: m.email, password, confirmPassword: password })).status).toBe(200);
    }
    for (let i = 0; i < EMAIL_LINK_RESENDS_PER_HOUR; i++) await expectAnswer(askChange(m.c, uniqueEmail('spam')));
    const target = uniqueEmail('spam');
    const limited = await askChange(m.c, target);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect(await expectAnswer(limited, 429)).toMatchObject({ code: 'RATE_LIMITED', message: EMAIL_LINK_MESSAGES.changeRateLimited });
    expect(await mailsTo(t.db, target, 'email change')).toHaveLength(0);
    // From another client, the same account is still limited.
    const elsewhere = t.client();
    expect((await elsewhere.signIn(m.email, `a fresh secret ${EMAIL_LINK_RESENDS_PER_HOUR + 1}`)).status).toBe(200);
    expect((await askChange(elsewhere, uniqueEmail('spam'))).status).toBe(429);
  });

  it('limits the changes of address per client, whatever the account', async () => {
    const ip = '10.231.7.7';
    const statuses: number[] = [];
    for (let i = 0; i < 5 && !statuses.includes(429); i++) {
      const m = await signUpMember(t, { profile: null });
      for (let j = 0; j < EMAIL_LINK_RESENDS_PER_HOUR; j++) {
        // Raw: every account from one address (requestAs), which a client of its own cannot do.
        const res = await t.requestAs({ ip, jar: m.c.jar }, 'PATCH', '/api/account', {
          body: JSON.stringify({ email: uniqueEmail('spam'), password: '' }),
          headers: { 'content-type': 'application/json' },
        });
        statuses.push(res.status);
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('defect 4: PATCH /api/account tells taken addresses from free ones', () => {
  type Updated = { user: Record<string, unknown>; emailChangeRequested: boolean; passwordChanged: boolean };

  /** The answer with what differs between two people anyway (their ids and addresses) written out. */
  function shapeOf(body: Updated, m: { id: string; email: string }, asked: string) {
    return JSON.parse(JSON.stringify(body).replaceAll(m.id, 'ID').replaceAll(m.email, 'OWN').replaceAll(asked, 'ASKED')) as unknown;
  }

  it('answers a taken address as a free one, mails no link for it, and tells its owner instead', async () => {
    // The owner's account only has to exist; the two who ask sign up alike, so their answers compare.
    const owner = await signedInMember(t, { prefix: 'owner', profile: null });
    const prober = await signUpMember(t, { prefix: 'prober', profile: null });
    const control = await signUpMember(t, { prefix: 'control', profile: null });
    const free = uniqueEmail('free');

    const taken = await askChange(prober.c, owner.email.toUpperCase());
    const untaken = await askChange(control.c, free);
    expect(taken.status).toBe(untaken.status);
    const takenBody = await expectAnswer(taken);
    expect(shapeOf(takenBody, prober, owner.email)).toEqual(shapeOf(await expectAnswer(untaken), control, free));
    expect(takenBody.user.pendingEmail).toBe(owner.email);
    // Afterwards too: the page shows the address waiting, as for any address.
    expect(await prober.c.me()).toMatchObject({ email: prober.email, pendingEmail: owner.email });
    // The requester's own mailbox hears the same in both cases.
    const [proberNotice] = await mailsTo(t.db, prober.email, 'email change notice');
    const [controlNotice] = await mailsTo(t.db, control.email, 'email change notice');
    expect(proberNotice!.message.subject).toBe(controlNotice!.message.subject);

    // No working link for the taken address: its owner is told someone tried.
    expect(await mailsTo(t.db, owner.email, 'email change')).toHaveLength(0);
    const [told] = await mailsTo(t.db, owner.email, 'email in use');
    expect(told!.message.text).toContain('another Foster Care Network account');
    expect(told!.message.text).not.toContain('verify-email?token=');
    expect(told!.message.text).not.toContain(prober.email);

    // "Send the link again" answers as for any address, and still mails no link.
    expect(await expectAnswer(prober.c.api.account['verification-mail'].$post())).toEqual({ sentTo: owner.email });
    expect(await mailsTo(t.db, owner.email, 'email change')).toHaveLength(0);
    expect(await mailsTo(t.db, owner.email, 'email in use')).toHaveLength(2);

    // Nothing moved, and each account keeps its own address.
    expect(await uidOf(t.db, owner.email)).toBe(owner.id);
    expect(await prober.c.me()).toMatchObject({ email: prober.email });
    // Calling it off works as for any address.
    expect((await prober.c.api.account['pending-email'].$delete()).status).toBe(200);
    expect(await prober.c.me()).toMatchObject({ pendingEmail: null });
  });

  it('counts asking for a taken address against the same limit', async () => {
    const owners = await Promise.all([0, 1, 2, 3].map(() => signedInMember(t, { prefix: 'owner', profile: null })));
    const prober = await signUpMember(t, { prefix: 'prober', profile: null });
    const statuses: number[] = [];
    for (const owner of owners) statuses.push((await askChange(prober.c, owner.email)).status);
    expect(statuses).toEqual([...Array<number>(EMAIL_LINK_RESENDS_PER_HOUR).fill(200), 429]);
  });
});
