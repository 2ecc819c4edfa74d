import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostListResponse } from '../../shared/forum';
import { fromPostgres, type Database } from '../db/client';
import { post } from '../db/schema';
import { seedStateStats } from '../states';
import { createTestApp, nextLiveEvent, useTestApp, type TestApp } from '../testing/app';
import { signUpAdmin, signUpMember } from '../testing/factories';
import { createResponseCache } from './response-cache';

// Issue 14: public answers are kept in memory per instance and dropped when the live bus announces a change
// to them, on every instance. The tests change rows behind the services' back to see what is served from
// memory, and make their changes through the API on one instance to see them on another.

const t = useTestApp();

/** A second app instance on the same database: its own connection on PostgreSQL, the same embedded database otherwise. */
let other: TestApp;
let otherDatabase: Database;
beforeAll(async () => {
  await seedStateStats(t.db);
  otherDatabase = t.database.url ? fromPostgres(t.database.url, 2) : t.database;
  other = await createTestApp({ database: otherDatabase });
  await other.deps.live.start();
});
afterAll(async () => {
  await other.deps.live.close();
  if (otherDatabase !== t.database) await otherDatabase.close();
});

const titles = async (app: TestApp) =>
  ((await (await app.client().get('/api/posts')).json()) as PostListResponse).posts.map((p) => p.title);

describe('public answers in memory', () => {
  it('serves the forum from memory until a change is announced, then from the database again', async () => {
    const member = await signUpMember(t);
    await member.c.request('POST', '/api/posts', { category: 'General', title: 'Kept in memory', body: 'First words.' });
    await expect.poll(() => titles(t)).toContain('Kept in memory');

    // Changed behind the service's back: nothing announced, so the answer in memory stands.
    await t.db.update(post).set({ postTitle: 'Changed quietly' }).where(eq(post.postTitle, 'Kept in memory'));
    expect(await titles(t)).toContain('Kept in memory');

    await t.announce({ topic: 'posts' });
    expect(await titles(t)).toContain('Changed quietly');
  });

  it('drops the answer on every instance when a change is made on one', async () => {
    const member = await signUpMember(t);
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
    const admin = await signUpAdmin(t);
    const countOf = async (app: TestApp) => {
      const res = await app.client().get('/api/states');
      const body = (await res.json()) as { states?: Array<{ code: string; count: number | null }> };
      expect(res.status, JSON.stringify(body)).toBe(200);
      return body.states!.find((s) => s.code === 'NH')!.count;
    };
    const before = await countOf(other);
    const heard = nextLiveEvent(other.deps.live, (e) => e.topic === 'states');
    const res = await admin.c.request('PUT', '/api/admin/states/NH', { count: (before ?? 0) + 7, sourceUrl: null });
    expect(res.status).toBe(200);
    await heard;
    expect(await countOf(other)).toBe((before ?? 0) + 7);
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
