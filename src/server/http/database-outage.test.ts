// The app on a PostgreSQL that is out of reach (issue 15): nothing listens on its port, or something accepts
// connections and never answers (a frozen or cut-off server). Every route that needs the database answers
// 503 with Retry-After, fast, never 500 and never a hang. These need no running database: they run in the
// embedded and the PostgreSQL runs alike.
import { createHmac } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { fromPglite, fromPostgres, SERVER_POOL_TIMEOUTS, type Database } from '../db/client';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/unavailable';
import { createTestApp, type TestApp } from '../testing/app';
import { createTestDatabase } from '../testing/db';
import { freePort } from '../testing/free-port';

const SESSION_COOKIE = 'better-auth.session_token';

/** What a visitor, a member and a health check send while the database is away. */
const REQUESTS: Array<{ what: string; method: string; path: string; body?: unknown; cookie?: boolean }> = [
  { what: 'a public list', method: 'GET', path: '/api/posts' },
  { what: 'the map figures', method: 'GET', path: '/api/states' },
  { what: 'a member asking who they are', method: 'GET', path: '/api/me', cookie: true },
  { what: 'a member saving their profile', method: 'PUT', path: '/api/profile', body: { city: 'Springfield' }, cookie: true },
  { what: 'a sign-in', method: 'POST', path: '/api/auth/sign-in/email', body: { email: 'someone@example.org', password: 'a password 1' } },
  {
    what: 'a sign-up',
    method: 'POST',
    path: '/api/auth/sign-up/email',
    body: { email: 'new@example.org', password: 'a password 1', name: '' },
  },
  { what: 'a contact message', method: 'POST', path: '/api/contact/human', body: {} },
];

/** A session cookie as Better Auth signs it, so the server goes on to look the session up in the database. */
function signedSessionCookie(secret: string): string {
  const token = 'a-session-token-the-database-would-know';
  return encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`);
}

/** `app()` gives the describe block's app once its hook has made it. */
function expectUnavailable(app: () => TestApp, requests = REQUESTS) {
  for (const r of requests) {
    it(`answers ${r.what} with 503 and Retry-After, within 5 s`, async () => {
      const t = app();
      const c = t.client();
      if (r.cookie) c.jar.set(SESSION_COOKIE, signedSessionCookie(t.config.sessionSecret));
      const started = performance.now();
      const res = await c.request(r.method, r.path, r.body);
      const ms = performance.now() - started;
      expect({ status: res.status, body: await res.json() }).toMatchObject({
        status: 503,
        body: { code: 'UNAVAILABLE', message: expect.stringMatching(/database/) },
      });
      expect(res.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(ms).toBeLessThan(5000);
    });
  }
  it('says not ready on /readyz', async () => {
    const res = await app().client().get('/readyz');
    expect(res.status).toBe(503);
  });
}

describe('a database nothing listens for', () => {
  let t: TestApp;
  beforeAll(async () => {
    const url = `postgres://nobody@127.0.0.1:${await freePort()}/nothing`;
    t = await createTestApp({ database: fromPostgres(url, 2, SERVER_POOL_TIMEOUTS), liveStartWaitMs: 0 });
  });
  afterAll(() => t.close());
  expectUnavailable(() => t);
});

// Each request here waits out the pool's connection timeout (2 s): a visitor's, a member's and a sign-in.
describe('a database that accepts connections and never answers', () => {
  let t: TestApp;
  const sockets = new Set<net.Socket>();
  const silent = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  beforeAll(async () => {
    const port = await freePort();
    await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
    t = await createTestApp({
      database: fromPostgres(`postgres://nobody@127.0.0.1:${port}/nothing`, 2, SERVER_POOL_TIMEOUTS),
      liveStartWaitMs: 0,
    });
  });
  afterAll(async () => {
    await t.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });
  expectUnavailable(
    () => t,
    REQUESTS.filter((r) => /public list|who they are|sign-in/.test(r.what)),
  );
});

/**
 * A PGlite whose queries on the tables `reads` matches fail as node-postgres fails when the server goes away
 * mid-request: the request's first statements (its rate limits) were answered, the next are not.
 */
function losingConnectionOn(client: PGlite, reads: RegExp): PGlite {
  return new Proxy(client, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (key !== 'query' || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
      return (text: string, ...rest: unknown[]) =>
        reads.test(text) ? Promise.reject(new Error('Connection terminated unexpectedly')) : Reflect.apply(value, target, [text, ...rest]);
    },
  });
}

// The outage drill's PostgreSQL went away between a sign-in's rate limit and Better Auth's own queries: Better
// Auth answered those 500 itself (stop 38's CI), where the rest of the site answers 503. The loss is staged on the
// embedded database (the error is node-postgres's, whichever database answers); on PostgreSQL the fault drill
// (scripts/faults/postgres-outage.ts) stops the server for real.
describe.skipIf(Boolean(process.env.DATABASE_URL))('a database lost while Better Auth has the request', () => {
  let t: TestApp;
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    t = await createTestApp({ database: fromPglite(losingConnectionOn(database.pglite!, /"(user|account|session)"/)) });
  });
  afterAll(async () => {
    await t.close();
    await database.close();
  });
  for (const r of REQUESTS.filter((r) => /sign-in|sign-up/.test(r.what))) {
    it(`answers ${r.what} with 503 and Retry-After`, async () => {
      const res = await t.client().request(r.method, r.path, r.body);
      expect({ status: res.status, body: await res.json() }).toMatchObject({
        status: 503,
        body: { code: 'UNAVAILABLE', message: expect.stringMatching(/database/) },
      });
      expect(res.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    });
  }
});
