import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Me } from '../../shared/account';
import type { DirectoryPage } from '../../shared/directory';
import type { PostListResponse } from '../../shared/forum';
import type { OwnProfile } from '../../shared/profile';
import { post, profile } from '../db/schema';
import { seedStateStats } from '../states';
import { nextLiveEvent, useOtherInstance, useTestApp, type TestApp } from '../testing/app';
import { signedInAdmin, signedInMember, uniqueEmail } from '../testing/factories';
import { createResponseCache, pendingChanges, subjectOf } from './response-cache';

// Issue 14: public answers are kept in memory per instance and dropped when the live bus announces a change
// to them, on every instance. The tests change rows behind the services' back to see what is served from
// memory, and make their changes through the API on one instance to see them on another.

const t = useTestApp();

/** A second app instance on the same database. */
const other = useOtherInstance(t);
beforeAll(() => seedStateStats(t.db));

const titles = async (app: TestApp) =>
  ((await (await app.client().get('/api/posts')).json()) as PostListResponse).posts.map((p) => p.title);

describe('public answers in memory', () => {
  it('serves the forum from memory until a change is announced, then from the database again', async () => {
    const member = await signedInMember(t);
    // Until the post's own event comes back through the database, nothing of the forum is kept (a read then
    // could be older than the post): wait for it, so the next read is the one kept.
    const heard = nextLiveEvent(t.deps.live, (e) => e.topic === 'posts');
    await member.c.request('POST', '/api/posts', { category: 'General', title: 'Kept in memory', body: 'First words.' });
    await heard;
    await expect.poll(() => titles(t)).toContain('Kept in memory');

    // Changed behind the service's back: nothing announced, so the answer in memory stands.
    await t.db.update(post).set({ postTitle: 'Changed quietly' }).where(eq(post.postTitle, 'Kept in memory'));
    expect(await titles(t)).toContain('Kept in memory');

    await t.announce({ topic: 'posts' });
    expect(await titles(t)).toContain('Changed quietly');
  });

  it('drops the answer on every instance when a change is made on one', async () => {
    const member = await signedInMember(t);
    const before = await titles(other);
    expect(await titles(other)).toEqual(before);
    const heard = nextLiveEvent(other.deps.live, (e) => e.topic === 'posts');
    const res = await member.c.request('POST', '/api/posts', {
      category: 'General',
      title: 'Posted on the first instance',
      body: 'Hello.',
    });
    expect(res.status).toBe(201);
    await heard;
    expect(await titles(other)).toContain('Posted on the first instance');
  });

  it("drops the public figures on every instance when an admin corrects a state's count", async () => {
    const admin = await signedInAdmin(t);
    const countOf = async (app: TestApp) => {
      const res = await app.client().get('/api/states');
      const body = (await res.json()) as { states?: Array<{ code: string; count: number | null }> };
      expect(res.status, JSON.stringify(body)).toBe(200);
      return body.states!.find((s) => s.code === 'NH')!.count;
    };
    const before = await countOf(other);
    const heard = nextLiveEvent(other.deps.live, (e) => e.topic === 'states');
    const res = await admin.c.request('PUT', '/api/admin/states/NH', {
      count: (before ?? 0) + 7,
      sourceUrl: null,
      countSource: 'AFCARS',
      countYear: 2021,
    });
    expect(res.status).toBe(200);
    await heard;
    expect(await countOf(other)).toBe((before ?? 0) + 7);
  });
});

describe('answers kept gzipped', () => {
  it('are sent gzipped to clients that take gzip, the same bytes each time, and as they are to others', async () => {
    const member = await signedInMember(t);
    for (let i = 0; i < 3; i++) {
      await member.c.request('POST', '/api/posts', { category: 'General', title: `Long enough ${i}`, body: 'Words. '.repeat(100) });
    }
    const plain = await t.client().get('/api/posts');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(1024);
    const bodies: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await t.client().get('/api/posts', { 'accept-encoding': 'br, gzip;q=0.8' });
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('vary')).toContain('Accept-Encoding');
      bodies.push(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8'));
    }
    expect(bodies).toEqual([text, text]);
    const refused = await t.client().get('/api/posts', { 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(await refused.text()).toBe(text);
  });

  it("mark a gzipped answer's ETag weak, and answer 304 to it", async () => {
    await seedStateStats(t.db);
    const res = await t.client().get('/api/states', { 'accept-encoding': 'gzip' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    const again = await t.client().get('/api/states', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(again.status).toBe(304);
    const plain = await t.client().get('/api/states');
    expect(plain.headers.get('etag')).toBe(etag.slice(2));
  });
});

describe("a member's answers in memory", () => {
  /** A GET with `member`'s cookies on the other instance (a second tab, served by another server). */
  const onOther = async <T>(member: { c: { jar: Map<string, string> } }, url: string): Promise<T> => {
    const res = await other.requestAs({ ip: '10.201.0.1', jar: member.c.jar }, 'GET', url);
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  };
  const listed = async (member: { c: { jar: Map<string, string> } }, q: string) =>
    (await onOther<DirectoryPage>(member, `/api/directory?q=${encodeURIComponent(q)}`)).members.map((m) => m.firstName);

  it('shows a saved profile at once on every instance: in the directory, the profile page and /api/me', async () => {
    const reader = await signedInMember(t);
    const writer = await signedInMember(t, { profile: { firstName: 'Before', lastName: 'Cached', agAffiliated: 'Yes' } });
    expect(await listed(reader, 'Cached')).toContain('Before');
    expect((await onOther<{ profile: OwnProfile }>(writer, '/api/profile')).profile.firstName).toBe('Before');
    expect((await onOther<{ user: Me }>(writer, '/api/me')).user.firstName).toBe('Before');

    const heard = nextLiveEvent(other.deps.live, (e) => e.topic === 'users' && e.id === writer.id);
    expect((await writer.c.request('PUT', '/api/profile', { firstName: 'After' })).status).toBe(200);
    await heard;
    expect(await listed(reader, 'Cached')).toContain('After');
    expect((await onOther<{ profile: OwnProfile }>(writer, '/api/profile')).profile.firstName).toBe('After');
    expect((await onOther<{ user: Me }>(writer, '/api/me')).user.firstName).toBe('After');
  });

  it("keeps one member's answers when another member changes, and shows a requested address change at once", async () => {
    const member = await signedInMember(t);
    const bystander = await signedInMember(t);
    expect((await onOther<{ user: Me }>(member, '/api/me')).user.pendingEmail).toBeNull();
    // Behind the service's back: a change nobody announced stays unseen while other members change.
    await t.db.update(profile).set({ firstName: 'Quietly' }).where(eq(profile.uid, member.id));
    const heard = nextLiveEvent(other.deps.live, (e) => e.topic === 'users' && e.id === bystander.id);
    expect((await bystander.c.request('PUT', '/api/profile', { firstName: 'Someone' })).status).toBe(200);
    await heard;
    expect((await onOther<{ user: Me }>(member, '/api/me')).user.firstName).not.toBe('Quietly');

    const newEmail = uniqueEmail('moving');
    const asked = nextLiveEvent(other.deps.live, (e) => e.topic === 'users' && e.id === member.id);
    const res = await member.c.patch('/api/account', { email: newEmail, password: '', confirmPassword: '' });
    expect(res.status).toBe(200);
    await asked;
    expect((await onOther<{ user: Me }>(member, '/api/me')).user).toMatchObject({ pendingEmail: newEmail, firstName: 'Quietly' });
  });
});

describe('pendingChanges', () => {
  it('forgets a group once its changes came back, so one per user does not pile up', () => {
    const pending = pendingChanges();
    const events = Array.from({ length: 100 }, (_, i) => ({ topic: 'sessions', kind: 'changed', id: `u${i}`, at: String(i) }));
    for (const e of events) pending.sent(e.id, e);
    expect(pending.size()).toBe(100);
    for (const e of events) pending.heard(e.id, e);
    expect(pending.size()).toBe(0);
  });

  it('lets go at the sweep of a change that never came back (its transaction rolled back)', () => {
    const pending = pendingChanges();
    pending.sent('posts', { topic: 'posts', kind: 'created', id: '1', at: '1' });
    expect(pending.sweep(Date.now())).toBe(0);
    expect(pending.sweep(Date.now() + 10_000)).toBe(1);
    expect(pending.size()).toBe(0);
  });
});

describe('createResponseCache', () => {
  it('does not keep an answer read while a change to it was being announced', async () => {
    const cache = createResponseCache(t.deps.live);
    try {
      let value = 'old';
      let release!: () => void;
      const slowRead = cache.get('k', ['posts'], async () => {
        const read = value;
        await new Promise<void>((resolve) => (release = resolve));
        return read;
      });
      // The change commits and is announced while the read is still under way.
      value = 'new';
      await t.announce({ topic: 'posts' });
      release();
      expect(JSON.parse((await slowRead).body)).toBe('old');
      expect(JSON.parse((await cache.get('k', ['posts'], async () => value)).body)).toBe('new');
      expect(cache.stats()).toMatchObject({ misses: 2, hits: 0 });
      expect(JSON.parse((await cache.get('k', ['posts'], async () => 'unused')).body)).toBe('new');
      expect(cache.stats()).toMatchObject({ hits: 1 });
    } finally {
      cache.close();
    }
  });

  it('keeps nothing of a topic this instance is changing until the change comes back through the database', async () => {
    // On PostgreSQL the change comes back over another connection, a moment after the commit: the member who
    // made it must not read the old answer in that moment.
    const cache = createResponseCache(t.deps.live);
    try {
      await cache.get('list', ['posts'], async () => 'before');
      const echoed = nextLiveEvent(t.deps.live, (e) => e.id === 'held-change');
      let inside!: () => void;
      const held = new Promise<void>((resolve) => (inside = resolve));
      let commit!: () => void;
      const transaction = t.db.transaction(async (tx) => {
        await t.deps.live.publish(tx, { topic: 'posts', kind: 'updated', id: 'held-change' });
        inside();
        await new Promise<void>((resolve) => (commit = resolve));
      });
      await held;
      // Announced, not committed: the old answer is gone, and what is read now (the old state) is not kept.
      expect(cache.stats().entries).toBe(0);
      expect(JSON.parse((await cache.get('list', ['posts'], async () => 'read before the commit')).body)).toBe('read before the commit');
      expect(cache.stats().entries).toBe(0);
      commit();
      await transaction;
      await echoed;
      await cache.get('list', ['posts'], async () => 'after');
      expect(cache.stats().entries).toBe(1);
    } finally {
      cache.close();
    }
  });

  it("drops an answer about one subject on events that name it or name none, not on another's", async () => {
    const cache = createResponseCache(t.deps.live);
    try {
      const read = (value: string) => async () => value;
      await cache.get('me:a', [subjectOf('users', 'a')], read('a'));
      await cache.get('me:b', [subjectOf('users', 'b')], read('b'));
      await t.announce({ topic: 'users', id: 'b' });
      expect(cache.stats().entries).toBe(1);
      expect(JSON.parse((await cache.get('me:a', [subjectOf('users', 'a')], read('unused'))).body)).toBe('a');
      await t.announce({ topic: 'users', id: 'a' });
      expect(cache.stats().entries).toBe(0);
      await cache.get('me:a', [subjectOf('users', 'a')], read('a'));
      await cache.get('me:b', [subjectOf('users', 'b')], read('b'));
      // An event of the family that names no one reaches everyone in it.
      const nameless = nextLiveEvent(t.deps.live, (e) => e.topic === 'users' && e.id === undefined);
      await t.deps.live.publish(t.db, { topic: 'users', kind: 'updated' });
      await nameless;
      expect(cache.stats().entries).toBe(0);
    } finally {
      cache.close();
    }
  });

  it('re-reads an answer kept for a while once its time is up', async () => {
    const cache = createResponseCache(t.deps.live);
    try {
      let reads = 0;
      const read = async () => ++reads;
      await cache.get('k', ['users'], read, { maxAgeMs: 30 });
      await cache.get('k', ['users'], read, { maxAgeMs: 30 });
      expect(reads).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 40));
      await cache.get('k', ['users'], read, { maxAgeMs: 30 });
      expect(reads).toBe(2);
    } finally {
      cache.close();
    }
  });

  it('lets go of answers past their age at the sweep (the response-cache-sweep job), and keeps the others', async () => {
    const cache = createResponseCache(t.deps.live);
    try {
      await cache.get('brief', ['users'], async () => 'soon stale', { maxAgeMs: 30 });
      await cache.get('lasting', ['posts'], async () => 'kept until a change');
      expect(cache.sweep()).toEqual({ answers: 0, pending: 0 });
      const bytes = cache.stats().bytes;
      await new Promise((resolve) => setTimeout(resolve, 40));
      expect(cache.sweep()).toEqual({ answers: 1, pending: 0 });
      expect(cache.stats()).toMatchObject({ entries: 1 });
      expect(cache.stats().bytes).toBeLessThan(bytes);
    } finally {
      cache.close();
    }
  });

  it("keeps at most maxSubjects subjects' counters, however many ids are announced", async () => {
    const cache = createResponseCache(t.deps.live, { maxSubjects: 20 });
    try {
      for (let i = 0; i < 60; i++) await t.announce({ topic: `post:${i}`, id: `bounded-${i}` });
      expect(cache.stats().generations).toBeLessThanOrEqual(20 + 4);
      // Answers kept before the counters were let go stay, and are still dropped by their events.
      await cache.get('me:a', [subjectOf('users', 'a')], async () => 'a');
      for (let i = 60; i < 90; i++) await t.announce({ topic: `post:${i}`, id: `bounded-${i}` });
      expect(cache.stats().generations).toBeLessThanOrEqual(20 + 4);
      expect(JSON.parse((await cache.get('me:a', [subjectOf('users', 'a')], async () => 'unused')).body)).toBe('a');
      await t.announce({ topic: 'users', id: 'a' });
      expect(JSON.parse((await cache.get('me:a', [subjectOf('users', 'a')], async () => 'a again')).body)).toBe('a again');
    } finally {
      cache.close();
    }
  });

  it('never keeps an answer read across a change whose counter was let go in the meantime', async () => {
    const cache = createResponseCache(t.deps.live, { maxSubjects: 5 });
    try {
      let value = 'old';
      let release!: () => void;
      const slowRead = cache.get('me:b', [subjectOf('users', 'b')], async () => {
        const read = value;
        await new Promise<void>((resolve) => (release = resolve));
        return read;
      });
      value = 'new';
      await t.announce({ topic: 'users', id: 'b' });
      // Enough other subjects that b's counter is let go while the read is under way.
      for (let i = 0; i < 12; i++) await t.announce({ topic: `post:${i}`, id: `crowd-${i}` });
      release();
      expect(JSON.parse((await slowRead).body)).toBe('old');
      expect(JSON.parse((await cache.get('me:b', [subjectOf('users', 'b')], async () => value)).body)).toBe('new');
    } finally {
      cache.close();
    }
  });

  it('keeps answers of other topics, drops everything on a resync, and stays within its bytes', async () => {
    const cache = createResponseCache(t.deps.live, { maxBytes: 1000 });
    try {
      await cache.get('states', ['states', 'users'], async () => 'figures');
      await cache.get('posts', ['posts'], async () => 'list');
      await t.announce({ topic: 'post:12' });
      expect(cache.stats().entries).toBe(2);
      await t.announce({ topic: 'posts' });
      expect(cache.stats().entries).toBe(1);
      await cache.get('posts', ['posts'], async () => 'list');
      await t.announce({ topic: '*', kind: 'resync' });
      expect(cache.stats().entries).toBe(0);
      for (let i = 0; i < 20; i++) await cache.get(`big:${i}`, ['posts'], async () => 'x'.repeat(100));
      expect(cache.stats().bytes).toBeLessThanOrEqual(1000);
      expect(cache.stats().entries).toBeGreaterThan(0);
      // The most recent stay; the oldest went first.
      let computed = false;
      await cache.get('big:19', ['posts'], async () => ((computed = true), 'again'));
      expect(computed).toBe(false);
    } finally {
      cache.close();
    }
  });
});
