import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Me } from '../../shared/account';
import type { LiveEvent } from '../../shared/live';
import { mail, session } from '../db/schema';
import { nextLiveEvent, TEST_PASSWORD, useOtherInstance, useTestApp, type TestApp } from '../testing/app';
import { signUpAdmin, signUpMember, uniqueEmail } from '../testing/factories';
import { passSecondFactor } from '../testing/second-factor';
import { createSessionCache, SESSIONS_TOPIC, type KnownSession } from './session-cache';

// Issue 14: who a session cookie names is kept in memory per instance, and dropped on every instance when
// that account's sessions or account change. Each case signs in on one instance, makes the change on the
// other, and checks the first sees it in its next read once the bus has carried the change (as a second
// instance in production hears it: a NOTIFY away).

const t = useTestApp();

const other = useOtherInstance(t);

type Client = ReturnType<TestApp['client']>;

/** Who `client`'s cookies name on the other instance (a second tab on another server). */
async function meOnOther(client: Client | Map<string, string>): Promise<Me | null> {
  const jar = client instanceof Map ? client : client.jar;
  const res = await other.requestAs({ ip: '10.200.0.1', jar }, 'GET', '/api/me');
  expect(res.status).toBe(200);
  return ((await res.json()) as { user: Me | null }).user;
}

/** Waits until the other instance has heard a change to this user's sessions or account. */
const heardOnOther = (userId: string) =>
  nextLiveEvent(other.deps.live, (e) => (e.topic === SESSIONS_TOPIC || e.topic === 'users') && e.id === userId);

describe('session look-ups in memory', () => {
  it('serve a signed-in member from memory until a change to their sessions is announced', async () => {
    const member = await signUpMember(t);
    expect((await member.c.me())?.id).toBe(member.id);
    // Removed behind Better Auth's back: nothing announced, so the session in memory stands.
    await t.db.delete(session).where(eq(session.userId, member.id));
    expect((await member.c.me())?.id).toBe(member.id);
    await t.announce({ topic: SESSIONS_TOPIC, kind: 'changed', id: member.id });
    expect(await member.c.me()).toBeNull();
  });

  it('end on every instance at sign-out', async () => {
    const member = await signUpMember(t);
    expect((await meOnOther(member.c))?.id).toBe(member.id);
    const cookies = new Map(member.c.jar);
    const heard = heardOnOther(member.id);
    expect((await member.c.post('/api/auth/sign-out')).status).toBe(200);
    await heard;
    // The cookie the browser just dropped, replayed on the other instance: it names nobody there either.
    expect(await meOnOther(cookies)).toBeNull();
  });

  it("end a member's other sessions on every instance when the password changes", async () => {
    const member = await signUpMember(t);
    const elsewhere = t.client();
    expect((await elsewhere.signIn(member.email)).status).toBe(200);
    expect((await meOnOther(elsewhere))?.id).toBe(member.id);
    const heard = heardOnOther(member.id);
    const res = await member.c.patch('/api/account', {
      email: member.email,
      password: 'a new password 42',
      confirmPassword: 'a new password 42',
    });
    expect(res.status).toBe(200);
    await heard;
    expect(await meOnOther(elsewhere)).toBeNull();
    expect((await meOnOther(member.c))?.id).toBe(member.id);
  });

  it('end every session on every instance when the password is reset from a mailed link', async () => {
    const member = await signUpMember(t);
    expect((await meOnOther(member.c))?.id).toBe(member.id);
    const visitor = t.client();
    expect((await visitor.post('/api/auth/request-password-reset', { email: member.email, redirectTo: '/reset-password' })).status).toBe(
      200,
    );
    const item = await t.lastMailTo(member.email, 'password reset');
    const token = /reset-password\?token=([^\s"&<]+)/.exec(item!.message.text)?.[1];
    const heard = heardOnOther(member.id);
    expect((await visitor.post('/api/auth/reset-password', { newPassword: 'brand new pass 3', token })).status).toBe(200);
    await heard;
    expect(await meOnOther(member.c)).toBeNull();
  });

  it('end on every instance when an admin suspends the member', async () => {
    const admin = await signUpAdmin(t);
    const member = await signUpMember(t);
    expect((await meOnOther(member.c))?.id).toBe(member.id);
    const heard = heardOnOther(member.id);
    const res = await admin.c.request('PUT', `/api/admin/profiles/${member.id}/suspension`, { reason: 'Spam in the forum.' });
    expect(res.status).toBe(200);
    await heard;
    expect(await meOnOther(member.c)).toBeNull();
  });

  it('end on every instance when the account is deleted', async () => {
    const member = await signUpMember(t);
    expect((await meOnOther(member.c))?.id).toBe(member.id);
    const cookies = new Map(member.c.jar);
    const heard = heardOnOther(member.id);
    expect((await member.c.delete('/api/account')).status).toBe(200);
    await heard;
    expect(await meOnOther(cookies)).toBeNull();
  });

  it('show a second factor passed, and a confirmed address, on every instance at once', async () => {
    const email = uniqueEmail();
    const c = t.client();
    await c.signUp(email, TEST_PASSWORD, { confirm: false });
    const before = await meOnOther(c);
    expect(before).toMatchObject({ emailVerified: false, twoFactorEnabled: false, secondFactorPassed: false });

    let heard = heardOnOther(before!.id);
    const [link] = await t.db.select().from(mail).where(eq(mail.to, email));
    const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(link!.message.text)?.[1];
    expect((await c.post('/api/account/verify-email', { token })).status).toBe(200);
    await heard;
    expect(await meOnOther(c)).toMatchObject({ emailVerified: true });

    heard = heardOnOther(before!.id);
    await passSecondFactor(c);
    await heard;
    expect(await meOnOther(c)).toMatchObject({ twoFactorEnabled: true, secondFactorPassed: true });
  });
});

/** A change feed the test drives: what the live bus hears, and what this instance sends. */
function testFeed() {
  const heard = new Set<(e: LiveEvent) => void>();
  const sent = new Set<(e: LiveEvent) => void>();
  return {
    subscribe: (l: (e: LiveEvent) => void) => (heard.add(l), () => heard.delete(l)),
    subscribeSent: (l: (e: LiveEvent) => void) => (sent.add(l), () => sent.delete(l)),
    hear: (e: Omit<LiveEvent, 'at'>, at = 'a') => heard.forEach((l) => l({ ...e, at })),
    send: (e: Omit<LiveEvent, 'at'>, at = 'a') => sent.forEach((l) => l({ ...e, at })),
  };
}

const known = (userId: string, expiresInMs = 60_000): KnownSession => ({
  user: { id: userId, email: `${userId}@example.org`, emailVerified: true, twoFactorEnabled: false, locale: null },
  session: { id: `s-${userId}`, createdAt: new Date(), secondFactorAt: null },
  expiresAt: new Date(Date.now() + expiresInMs),
});

describe('createSessionCache', () => {
  it('keeps what it read, for its own user only, until an event about that user', async () => {
    const feed = testFeed();
    const cache = createSessionCache(feed);
    let reads = 0;
    const load = (id: string) => () => (reads++, Promise.resolve(known(id)));
    await cache.get('token-a', load('a'));
    await cache.get('token-b', load('b'));
    await cache.get('token-a', load('a'));
    expect(reads).toBe(2);
    feed.hear({ topic: SESSIONS_TOPIC, kind: 'changed', id: 'a' });
    feed.hear({ topic: 'posts', kind: 'created', id: 'a' });
    await cache.get('token-a', load('a'));
    await cache.get('token-b', load('b'));
    expect(reads).toBe(3);
    feed.hear({ topic: '*', kind: 'resync' });
    await cache.get('token-b', load('b'));
    expect(reads).toBe(4);
  });

  it('does not keep a look-up that a change overtook, nor one made while its own change travels', async () => {
    const feed = testFeed();
    const cache = createSessionCache(feed);
    let release!: () => void;
    const slow = () => new Promise<KnownSession>((resolve) => (release = () => resolve(known('a'))));
    const reading = cache.get('token-a', slow);
    feed.hear({ topic: 'users', kind: 'updated', id: 'someone else' });
    release();
    await reading;
    expect(cache.stats().entries).toBe(0);

    feed.send({ topic: SESSIONS_TOPIC, kind: 'changed', id: 'a' }, 'sent-1');
    await cache.get('token-a', () => Promise.resolve(known('a')));
    expect(cache.stats().entries).toBe(0);
    feed.hear({ topic: SESSIONS_TOPIC, kind: 'changed', id: 'a' }, 'sent-1');
    await cache.get('token-a', () => Promise.resolve(known('a')));
    expect(cache.stats().entries).toBe(1);
  });

  it('keeps nothing for a cookie that names nobody, nothing past its time, and no more than its cap', async () => {
    const cache = createSessionCache(testFeed(), { ttlMs: 30, maxEntries: 2 });
    await cache.get('forged', () => Promise.resolve(null));
    await cache.get('expired', () => Promise.resolve(known('x', -1)));
    expect(cache.stats().entries).toBe(0);

    let reads = 0;
    await cache.get('token-a', () => (reads++, Promise.resolve(known('a'))));
    await new Promise((r) => setTimeout(r, 40));
    await cache.get('token-a', () => (reads++, Promise.resolve(known('a'))));
    expect(reads).toBe(2);

    await cache.get('token-b', () => Promise.resolve(known('b')));
    await cache.get('token-c', () => Promise.resolve(known('c')));
    expect(cache.stats().entries).toBe(2);
  });
});
