import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EMAIL_LINK_MESSAGES, type UpdateAccountInput } from '../../shared/account';
import { EMAIL_LINK_RESENDS_PER_HOUR, EMAIL_LINK_TTL_MS } from '../../shared/limits';
import { emailToken, profile, session, user } from '../db/schema';
import { createTestApp, testClock, useTestApp } from '../testing/app';
import { expectAnswer, insertMember, mailsTo, signedInMember, signUpMember, uniqueEmail } from '../testing/factories';

// Issue 11 "Verified email": every identity on the site is proven by a link mailed to the address.

const LISTED_ADMIN = 'listed.boss@example.org';
/** Another address ADMIN_EMAILS lists, that an attacker signs up with before its owner does. */
const LISTED_ADMIN_PREHIJACK = 'listed.chair@example.org';
const t = useTestApp({ config: { adminEmails: [LISTED_ADMIN, LISTED_ADMIN_PREHIJACK] } });

type Client = ReturnType<typeof t.client>;
const confirm = (c: Client, token: string) => c.api.account['verify-email'].$post({ json: { token } });
const update = (c: Client, json: UpdateAccountInput) => c.api.account.$patch({ json });
const resend = (c: Client) => c.api.account['verification-mail'].$post();
const cancel = (c: Client) => c.api.account['pending-email'].$delete();
const adminProfiles = (c: Client) => c.api.admin.profiles.$get({ query: {} });
const directory = (c: Client, q?: string) => expectAnswer(c.api.directory.$get({ query: q === undefined ? {} : { q } }));
const tokensOf = async (uid: string) => t.db.select().from(emailToken).where(eq(emailToken.uid, uid));

describe('sign-up', () => {
  it('mails a link that confirms the address once; until then the member is signed in but unconfirmed', async () => {
    const email = uniqueEmail();
    const c = t.client();
    await c.signUp(email, undefined, { confirm: false });
    expect(await c.me()).toMatchObject({ email, emailVerified: false, pendingEmail: null });

    const [item] = await mailsTo(t.db, email, 'email verification');
    expect(item!.message.subject).toBe('Confirm your email address for the Foster Care Network');
    expect(item!.message.text).toContain('http://localhost:3000/verify-email?token=');
    expect(item!.message.html).toContain('href="http://localhost:3000/verify-email?token=');
    const token = await t.emailLinkTokenTo(email);
    // Only a hash is kept: the token itself is nowhere in the database.
    const [stored] = await tokensOf((await c.me())!.id);
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(EMAIL_LINK_TTL_MS);

    // Opened in another browser without a session: the mailbox alone confirms nothing (issue 23), and the
    // link keeps working for after the sign-in.
    expect((await expectAnswer(confirm(t.client(), token), 401)).message).toBe(EMAIL_LINK_MESSAGES.signInToConfirm);
    expect(await c.me()).toMatchObject({ emailVerified: false });
    // Signed in there (with the password), the same link confirms.
    const phone = t.client();
    expect((await phone.signIn(email)).status).toBe(200);
    expect(await expectAnswer(confirm(phone, token))).toEqual({ purpose: 'verify', email });
    expect(await c.me()).toMatchObject({ emailVerified: true });

    expect((await expectAnswer(confirm(c, token), 400)).message).toBe(EMAIL_LINK_MESSAGES.invalidLink);
  });

  it('refuses an expired link, a forged one and bad input, confirming nothing', async () => {
    const clock = testClock();
    const own = await createTestApp({ clock });
    try {
      const email = uniqueEmail();
      const c = own.client();
      await c.signUp(email, undefined, { confirm: false });
      const token = await own.emailLinkTokenTo(email);
      clock.advance(EMAIL_LINK_TTL_MS + 1000);
      expect((await confirm(c, token)).status).toBe(400);
      expect((await confirm(c, `${token.slice(0, -2)}xx`)).status).toBe(400);
      expect((await confirm(c, '')).status).toBe(400);
      // Raw: a token of the wrong type, and no JSON.
      expect((await c.post('/api/account/verify-email', { token: 42 })).status).toBe(400);
      expect((await c.post('/api/account/verify-email', 'not json')).status).toBe(400);
      expect((await confirm(c, 'x'.repeat(500))).status).toBe(400);
      const [row] = await own.db.select().from(user).where(eq(user.email, email));
      expect(row!.emailVerified).toBe(false);
    } finally {
      await own.close();
    }
  });
});

describe('an unconfirmed member', () => {
  it('may fill the profile and read, but is not listed and cannot post, respond or write to members', async () => {
    const m = await signUpMember(t, { confirm: false, profile: { agAffiliated: 'Yes', lastName: `Unconfirmed${Date.now()}` } });
    // Some other confirmed member with a saved, listed profile, to write to.
    const other = await insertMember(t.db, { agAffiliated: 'Yes' });

    const profile = { firstName: 'Una', lastName: 'Confirmed', phone: '4175550199', state: 'MO', agAffiliated: 'Yes' };
    await expectAnswer(m.c.api.profile.$put({ json: profile }));
    expect((await m.c.api.posts.$get({ query: {} })).status).toBe(200);
    expect((await m.c.api.directory.$get({ query: {} })).status).toBe(200);

    const hello = { category: 'General', title: 'Hello', body: 'Hi all' };
    expect(await expectAnswer(m.c.api.posts.$post({ json: hello }), 403)).toMatchObject({
      code: 'EMAIL_UNVERIFIED',
      message: EMAIL_LINK_MESSAGES.places.forum,
    });
    const message = m.c.api.directory[':uid'].message.$post({ param: { uid: other.id }, json: { message: 'Hello there' } });
    expect(await expectAnswer(message, 403)).toMatchObject({ code: 'EMAIL_UNVERIFIED', message: EMAIL_LINK_MESSAGES.places.memberEmail });

    const viewer = await signedInMember(t);
    const listed = await directory(viewer.c, 'Confirmed');
    expect(listed.members.map((x) => x.uid)).not.toContain(m.id);

    // Once confirmed, the same member is listed and may post.
    expect((await confirm(m.c, await t.emailLinkTokenTo(m.email))).status).toBe(200);
    const after = await directory(viewer.c, 'Confirmed');
    expect(after.members.map((x) => x.uid)).toContain(m.id);
    expect((await m.c.api.posts.$post({ json: hello })).status).toBe(201);
  });

  it('responding waits for the confirmation too', async () => {
    const author = await signedInMember(t);
    const { id } = await expectAnswer(author.c.api.posts.$post({ json: { category: 'General', title: 'A post', body: 'Words' } }), 201);
    const m = await signUpMember(t, { confirm: false });
    const res = m.c.api.posts[':id'].responses.$post({ param: { id: String(id) }, json: { body: 'Welcome' } });
    expect((await expectAnswer(res, 403)).code).toBe('EMAIL_UNVERIFIED');
  });
});

describe('send the link again', () => {
  it('sends a new link that replaces the old one, a few times an hour', async () => {
    const m = await signUpMember(t, { confirm: false, profile: null });
    const first = await t.emailLinkTokenTo(m.email);
    expect(await expectAnswer(resend(m.c))).toEqual({ sentTo: m.email });
    expect(await mailsTo(t.db, m.email, 'email verification')).toHaveLength(2);
    expect(await tokensOf(m.id)).toHaveLength(1);
    expect((await confirm(m.c, first)).status).toBe(400);

    for (let i = 1; i < EMAIL_LINK_RESENDS_PER_HOUR; i++) expect((await resend(m.c)).status).toBe(200);
    const limited = await resend(m.c);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect((await expectAnswer(limited, 429)).message).toBe(EMAIL_LINK_MESSAGES.resendRateLimited);
    expect(await mailsTo(t.db, m.email, 'email verification')).toHaveLength(EMAIL_LINK_RESENDS_PER_HOUR + 1);
  });

  it('needs a signed-in member with something to confirm', async () => {
    expect((await resend(t.client())).status).toBe(401);
    expect((await cancel(t.client())).status).toBe(401);
    // Confirmed already: nothing to confirm.
    const m = await signedInMember(t, { profile: null });
    expect((await expectAnswer(resend(m.c), 400)).message).toBe(EMAIL_LINK_MESSAGES.alreadyConfirmed);
  });
});

describe('changing the address', () => {
  it('takes effect only when the new address confirms; the old one is told; other sessions end', async () => {
    const m = await signUpMember(t, { profile: null });
    const elsewhere = t.client();
    expect((await elsewhere.signIn(m.email)).status).toBe(200);
    const next = uniqueEmail('moved');

    expect(await expectAnswer(update(m.c, { email: next, password: '', confirmPassword: '' }))).toMatchObject({
      emailChangeRequested: true,
      user: { email: m.email, pendingEmail: next },
    });
    const [account] = await t.db.select().from(user).where(eq(user.id, m.id));
    expect(account).toMatchObject({ email: m.email, emailVerified: true });
    const [row] = await t.db.select().from(profile).where(eq(profile.uid, m.id));
    expect(row!.email).toBe(m.email);
    expect(await mailsTo(t.db, next, 'email change')).toHaveLength(1);
    const [notice] = await mailsTo(t.db, m.email, 'email change notice');
    expect(notice!.message.text).toContain(next);
    expect(notice!.message.text).not.toContain('verify-email?token=');

    expect(await expectAnswer(confirm(m.c, await t.emailLinkTokenTo(next)))).toEqual({ purpose: 'change', email: next });
    expect(await m.c.me()).toMatchObject({ email: next, emailVerified: true, pendingEmail: null });
    const [moved] = await t.db.select().from(profile).where(eq(profile.uid, m.id));
    expect(moved!.email).toBe(next);
    expect(await elsewhere.me()).toBeNull();
    expect((await t.client().signIn(m.email)).status).toBe(401);
    expect((await t.client().signIn(next)).status).toBe(200);
  });

  it('opened in a browser that is not signed in, ends every session of the account', async () => {
    const m = await signUpMember(t, { profile: null });
    const next = uniqueEmail('moved');
    await update(m.c, { email: next, password: '' });
    expect((await confirm(t.client(), await t.emailLinkTokenTo(next))).status).toBe(200);
    expect(await t.db.select().from(session).where(eq(session.userId, m.id))).toHaveLength(0);
  });

  it('can be cancelled, and a cancelled or superseded link changes nothing', async () => {
    const m = await signUpMember(t, { profile: null });
    const first = uniqueEmail('first');
    await update(m.c, { email: first, password: '' });
    const firstToken = await t.emailLinkTokenTo(first);
    const second = uniqueEmail('second');
    await update(m.c, { email: second, password: '' });
    expect((await confirm(m.c, firstToken)).status).toBe(400);
    const secondToken = await t.emailLinkTokenTo(second);

    expect((await expectAnswer(cancel(m.c))).user).toMatchObject({ email: m.email, pendingEmail: null });
    expect((await confirm(m.c, secondToken)).status).toBe(400);
    expect(await m.c.me()).toMatchObject({ email: m.email });
  });

  it('refuses an address that another account took before the link was opened', async () => {
    const m = await signUpMember(t, { profile: null });
    const next = uniqueEmail('contested');
    await update(m.c, { email: next, password: '' });
    const token = await t.emailLinkTokenTo(next);
    // The other account only has to exist.
    await signedInMember(t, { email: next, confirm: false });
    expect((await confirm(m.c, token)).status).toBe(409);
    expect(await m.c.me()).toMatchObject({ email: m.email });
  });

  it('a confirmation link for an address the account no longer has confirms nothing', async () => {
    const m = await signUpMember(t, { confirm: false, profile: null });
    const stale = await t.emailLinkTokenTo(m.email);
    // The member moves to an address of their own (confirmed there), leaving the old link behind.
    await t.db
      .update(user)
      .set({ email: uniqueEmail('elsewhere') })
      .where(eq(user.id, m.id));
    expect((await confirm(m.c, stale)).status).toBe(400);
    expect(await m.c.me()).toMatchObject({ emailVerified: false });
  });

  it("confirms the link's own account, never the one signed in where it is opened", async () => {
    const owner = await signUpMember(t, { confirm: false, profile: null });
    const bystander = await signUpMember(t, { confirm: false, profile: null });
    const token = await t.emailLinkTokenTo(owner.email);
    expect((await expectAnswer(confirm(bystander.c, token), 403)).message).toBe(EMAIL_LINK_MESSAGES.otherAccount);
    expect(await bystander.c.me()).toMatchObject({ emailVerified: false });
    expect(await owner.c.me()).toMatchObject({ emailVerified: false });
    expect((await confirm(owner.c, token)).status).toBe(200);
    expect(await owner.c.me()).toMatchObject({ emailVerified: true });
  });

  it("an account made with somebody else's address is not confirmed by the owner's click (issue 23)", async () => {
    // The attacker signs up with the owner's address, choosing the password; the owner opens the welcome link.
    const attacker = await signUpMember(t, { email: LISTED_ADMIN_PREHIJACK, confirm: false, profile: null });
    const owner = t.client();
    expect((await confirm(owner, await t.emailLinkTokenTo(LISTED_ADMIN_PREHIJACK))).status).toBe(401);
    expect(await attacker.c.me()).toMatchObject({ emailVerified: false, isAdmin: false });
    expect((await adminProfiles(attacker.c)).status).toBe(403);
  });
});

describe('ADMIN_EMAILS', () => {
  it('grants nothing to an address nobody proved, by sign-up or by a change of email', async () => {
    // The attack of issue 11: a member changes their email to a listed address that has no account yet.
    const attacker = await signUpMember(t, { profile: null });
    expect((await expectAnswer(update(attacker.c, { email: LISTED_ADMIN, password: '' }))).user).toMatchObject({
      email: attacker.email,
      isAdmin: false,
    });
    expect((await attacker.c.api.admin['profiles.csv'].$get()).status).toBe(403);
    expect((await adminProfiles(attacker.c)).status).toBe(403);
    await cancel(attacker.c);

    // Plain sign-up with the listed address: no admin until the link mailed there is opened.
    const owner = t.client();
    await owner.signUp(LISTED_ADMIN, undefined, { confirm: false });
    expect(await owner.me()).toMatchObject({ isAdmin: false });
    expect((await adminProfiles(owner)).status).toBe(403);
    expect((await confirm(owner, await t.emailLinkTokenTo(LISTED_ADMIN, 'email verification'))).status).toBe(200);
    expect(await owner.me()).toMatchObject({ isAdmin: true });
  });
});
