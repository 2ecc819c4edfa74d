import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LiveEvent } from '../../shared/live';
import { fromPostgres, type Database } from '../db/client';
import { createLogger } from '../logger';
import { setAdmin } from '../admin/roles';
import { suspendMember } from '../admin/suspension';
import { notificationsTopic } from '../../shared/notifications';
import { passSecondFactor } from '../testing/second-factor';
import { nextLiveEvent, useTestApp } from '../testing/app';
import { signedInMember } from '../testing/factories';
import { createLiveBus } from './bus';
import { LIVE_LIMIT_MESSAGES, LIVE_STREAMS_PER_CLIENT, liveRoutes } from './routes';
import { Hono } from 'hono';
import { AppError } from '../http/errors';

const t = useTestApp();

/** Reads Server-Sent Events from a streamed response. */
function sseReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next(): Promise<{ event: string; data: unknown }> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(':')) continue;
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
          const data = /^data: (.*)$/m.exec(block)?.[1];
          return { event, data: data ? JSON.parse(data) : undefined };
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}

describe('live bus', () => {
  it('announces a change once its transaction commits, and never a rolled-back one', async () => {
    const got = nextLiveEvent(t.deps.live, (e) => e.topic === 'posts');
    await t.db.transaction(async (tx) => {
      await t.deps.live.publish(tx, { topic: 'posts', kind: 'created', id: 'p1' });
    });
    expect(await got).toMatchObject({ topic: 'posts', kind: 'created', id: 'p1' });

    const seen: LiveEvent[] = [];
    const off = t.deps.live.subscribe((e) => seen.push(e));
    await t.db
      .transaction(async (tx) => {
        await t.deps.live.publish(tx, { topic: 'posts', kind: 'created', id: 'rolled-back' });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await t.deps.live.publish(t.db, { topic: 'posts', kind: 'created', id: 'after' });
    await new Promise((r) => setTimeout(r, 200));
    off();
    expect(seen.map((e) => e.id)).toEqual(['after']);
  });

  it('reaches another instance on the same database', async () => {
    // A second instance: its own connection (PostgreSQL) or its own listener (the one embedded database).
    const other: Database = t.database.url ? fromPostgres(t.database.url, 2) : t.database;
    const otherBus = createLiveBus(other, createLogger('silent'));
    await otherBus.start();
    try {
      const got = nextLiveEvent(otherBus, (e) => e.id === 'cross');
      await t.deps.live.publish(t.db, { topic: 'post:42', kind: 'updated', id: 'cross' });
      expect(await got).toMatchObject({ topic: 'post:42', kind: 'updated' });
    } finally {
      await otherBus.close();
      if (other !== t.database) await other.close();
    }
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('listens again after losing its connection and asks everyone to refetch', async () => {
    const resync = nextLiveEvent(t.deps.live, (e) => e.kind === 'resync', 10_000);
    await t.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN live' and pid <> pg_backend_pid()`);
    expect(await resync).toMatchObject({ topic: '*', kind: 'resync' });
    const got = nextLiveEvent(t.deps.live, (e) => e.id === 'after-reconnect');
    await t.deps.live.publish(t.db, { topic: 'posts', kind: 'created', id: 'after-reconnect' });
    expect(await got).toMatchObject({ id: 'after-reconnect' });
  });
});

describe('GET /api/live', () => {
  it('streams ready, then the changes of the topics asked for', async () => {
    const res = await t.client().get('/api/live?topics=posts,post:7');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const sse = sseReader(res);
    expect(await sse.next()).toEqual({ event: 'ready', data: { topics: ['posts', 'post:7'] } });
    await t.deps.live.publish(t.db, { topic: 'post:8', kind: 'updated', id: 'not-wanted' });
    await t.deps.live.publish(t.db, { topic: 'post:7', kind: 'updated', id: 'wanted' });
    expect(await sse.next()).toMatchObject({ event: 'change', data: { topic: 'post:7', id: 'wanted' } });
    await sse.cancel();
  });

  it('refuses unknown topics and bad lists with 400', async () => {
    const c = t.client();
    for (const q of [
      '',
      '?topics=',
      '?topics=secrets',
      '?topics=posts;drop',
      `?topics=${Array.from({ length: 11 }, (_, i) => `post:${i}`).join(',')}`,
    ]) {
      const res = await c.get(`/api/live${q}`);
      expect(res.status, q).toBe(400);
      expect((await res.json()).code).toBe('VALIDATION');
    }
  });

  it("refuses names of an object's inherited properties as topics (issue 12, defect 3)", async () => {
    const c = t.client();
    for (const topic of ['constructor', 'toString', 'hasOwnProperty', 'valueOf', 'constructor:1']) {
      const res = await c.get(`/api/live?topics=${topic}`);
      expect(res.status, topic).toBe(400);
      await res.body?.cancel();
    }
  });

  it('caps the streams one client holds (429), others still connect, and a closed stream frees its place', async () => {
    const c = t.client();
    const open: Response[] = [];
    for (let i = 0; i < LIVE_STREAMS_PER_CLIENT; i++) {
      const res = await c.get('/api/live?topics=posts');
      expect(res.status).toBe(200);
      open.push(res);
    }
    const refused = await c.get('/api/live?topics=posts');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: LIVE_LIMIT_MESSAGES.client });
    expect(refused.headers.get('retry-after')).toBe('60');
    const other = await t.client().get('/api/live?topics=posts');
    expect(other.status).toBe(200);
    await other.body?.cancel();
    await open.pop()!.body?.cancel();
    await expect
      .poll(async () => {
        const res = await c.get('/api/live?topics=posts');
        if (res.status === 200) open.push(res);
        else await res.body?.cancel();
        return res.status;
      })
      .toBe(200);
    await Promise.all(open.map(async (r) => r.body?.cancel()));
  });

  it('caps the streams of the whole instance (503 with Retry-After)', async () => {
    const small = new Hono().route('/api', liveRoutes(t.deps, t.deps.live, { perClient: 100, perInstance: 3 }));
    small.onError((err, c) => (err instanceof AppError ? c.json(err.toJSON(), err.status) : c.text(String(err), 500)));
    const get = (ip: string) => small.request('/api/live?topics=posts', { headers: { 'x-test-client-ip': ip } });
    const open = [await get('10.1.0.1'), await get('10.1.0.2'), await get('10.1.0.3')];
    expect(open.map((r) => r.status)).toEqual([200, 200, 200]);
    const refused = await get('10.1.0.4');
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ code: 'UNAVAILABLE', message: LIVE_LIMIT_MESSAGES.instance });
    await Promise.all(open.map(async (r) => r.body?.cancel()));
  });

  it('caps the streams of an IPv6 /48 too, whose /64s are each a client (429)', async () => {
    const small = new Hono().route('/api', liveRoutes(t.deps, t.deps.live, { perClient: 2, perNetwork: 5, perInstance: 100 }));
    small.onError((err, c) => (err instanceof AppError ? c.json(err.toJSON(), err.status) : c.text(String(err), 500)));
    const get = (ip: string) => small.request('/api/live?topics=posts', { headers: { 'x-test-client-ip': ip } });
    // Three /64s of one /48 (as a /56 holds 256): 2 + 2 + 1 streams, then the /48 is full.
    const open = [];
    for (const ip of ['2001:db8:7:1::1', '2001:db8:7:1::2', '2001:db8:7:2::1', '2001:db8:7:2::2', '2001:db8:7:3::1']) {
      const res = await get(ip);
      expect(res.status, ip).toBe(200);
      open.push(res);
    }
    const refused = await get('2001:db8:7:4::1');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: LIVE_LIMIT_MESSAGES.network });
    // Another /48, and IPv4 clients, are not held back by it.
    const elsewhere = [await get('2001:db8:8:1::1'), await get('10.1.7.1')];
    expect(elsewhere.map((r) => r.status)).toEqual([200, 200]);
    await Promise.all([...open, ...elsewhere].map(async (r) => r.body?.cancel()));
    await expect
      .poll(async () => {
        const res = await get('2001:db8:7:4::1');
        await res.body?.cancel();
        return res.status;
      })
      .toBe(200);
  });

  it('keeps admin topics for admins who passed a second factor: 401 for visitors, 403 for members', async () => {
    expect((await t.client().get('/api/live?topics=mail')).status).toBe(401);
    const { c: member, email } = await signedInMember(t, { profile: null });
    expect((await member.get('/api/live?topics=users')).status).toBe(403);
    await setAdmin({ db: t.db, live: t.deps.live }, { email, isAdmin: true });
    // An admin whose session has not passed a second factor hears nothing of them either.
    const early = await member.get('/api/live?topics=users,mail');
    expect(early.status).toBe(403);
    expect(await early.json()).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED', needs: 'setup' });
    await passSecondFactor(member);
    const res = await member.get('/api/live?topics=users,mail');
    expect(res.status).toBe(200);
    await res.body?.cancel();
  });

  describe('a stream that needs an account ends when the account may no longer follow it', () => {
    /** Resolves once the stream has ended (read to its end); fails the test if it is still open after 10 s. */
    async function ended(from: Response | ReturnType<typeof sseReader>) {
      const events = from instanceof Response ? sseReader(from) : from;
      const deadline = Date.now() + 10_000;
      for (;;) {
        const next = await Promise.race([
          events.next().then(
            () => 'event' as const,
            () => 'ended' as const,
          ),
          new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), Math.max(0, deadline - Date.now()))),
        ]);
        if (next === 'ended') return true;
        if (next === 'open') {
          await events.cancel();
          return false;
        }
      }
    }

    it('at sign-out, while a signed-out stream of public topics goes on', async () => {
      const m = await signedInMember(t);
      const mine = await m.c.get(`/api/live?topics=${notificationsTopic(m.id)},posts`);
      expect(mine.status).toBe(200);
      const onlyPublic = await m.c.get('/api/live?topics=posts');
      const publicEvents = sseReader(onlyPublic);
      expect((await publicEvents.next()).event).toBe('ready');
      const gone = ended(mine);
      expect((await m.c.post('/api/auth/sign-out', {})).status).toBe(200);
      expect(await gone).toBe(true);
      // Public topics need no account: that stream still hears changes.
      await t.deps.live.publish(t.db, { topic: 'posts', kind: 'created', id: 'after-sign-out' });
      expect(await publicEvents.next()).toMatchObject({ event: 'change', data: { topic: 'posts', id: 'after-sign-out' } });
      await publicEvents.cancel();
    });

    it('when the member is suspended', async () => {
      const m = await signedInMember(t);
      const res = await m.c.get(`/api/live?topics=${notificationsTopic(m.id)}`);
      expect(res.status).toBe(200);
      const gone = ended(res);
      await suspendMember(t.deps, {
        actor: { uid: randomUUID(), email: 'someone.else@example.org' },
        uid: m.id,
        reason: 'Spam in the forum',
      });
      expect(await gone).toBe(true);
    });

    it('when an admin loses the role, and not when another member changes', async () => {
      const { c: admin, email } = await signedInMember(t, { profile: null });
      await setAdmin({ db: t.db, live: t.deps.live }, { email, isAdmin: true });
      await passSecondFactor(admin);
      const res = await admin.get('/api/live?topics=users,mail');
      expect(res.status).toBe(200);
      const events = sseReader(res);
      expect((await events.next()).event).toBe('ready');
      // Someone else's change is only news on the stream.
      const other = await signedInMember(t);
      await t.announce({ topic: 'users', id: other.id });
      expect(await events.next()).toMatchObject({ event: 'change' });
      const gone = ended(events);
      await setAdmin({ db: t.db, live: t.deps.live }, { email, isAdmin: false });
      expect(await gone).toBe(true);
    });
  });
});
