import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Me } from '../../shared/account';
import type { LiveEvent } from '../../shared/live';
import { hc } from 'hono/client';
import { buildApp, type Api, type AppOptions } from '../app';
import type { Clock } from '../clock';
import { testConfig, type Config } from '../config';
import { fromPostgres, type Database } from '../db/client';
import { mail, session } from '../db/schema';
import { appDeps } from '../deps';
import { createLogger, type Logger } from '../logger';
import { createLiveBus, type LiveBus } from '../live/bus';
import { createTestDatabase } from './db';
import { SESSIONS_TOPIC } from '../auth/session-cache';
import { useShared } from './shared';
import type { FileStorage } from '../storage/storage';

/** The password test accounts sign up with, unless a test gives another. */
export const TEST_PASSWORD = 'correct horse 1';

/** A clock tests can move. */
export function testClock(start = new Date()): Clock & { advance(ms: number): void; set(d: Date): void } {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
    set: (d) => {
      now = d.getTime();
    },
  };
}

/**
 * The app's logger in tests: quiet, except that an unhandled error (a 500, always our bug) goes to
 * console.error, which fails the test that caused it (fail-on-console-error.ts).
 */
function tripwireLogger(quiet: Logger): Logger {
  return {
    ...quiet,
    error: (msg, fields) => {
      if (msg === 'unhandled error') console.error(`The server logged an unhandled error: ${JSON.stringify(fields, errorFields)}`);
      quiet.error(msg, fields);
    },
    child: (fields) => tripwireLogger(quiet.child(fields)),
  };
}

const errorFields = (_key: string, value: unknown) => (value instanceof Error ? { message: value.message, stack: value.stack } : value);

let ipCounter = 0;

/**
 * The real app on a fresh migrated database with its own data folder. Each client has its own
 * address (rate limits count per client), so tests never see each other's data or limits.
 */
export async function createTestApp(
  overrides: {
    config?: Partial<Config>;
    clock?: Clock;
    database?: Database;
    /** What the outbox calls to wake a delivery worker (tests that run one); no worker by default. */
    wakeMailWorker?: () => void;
    /** The control token (and the rest of AppOptions), for tests of every route the app serves. */
    appOptions?: AppOptions;
    /** Serve a minimal built front end (one index.html), so the page routes exist too. */
    pages?: boolean;
    /**
     * Where files go (a bucket on the tests' S3 server: testing/s3-server.ts); by default where the config
     * says, which is a folder in the app's own data folder unless `config.bucket` is given.
     */
    storage?: FileStorage;
    /** How long to wait for the bus's first LISTEN on PostgreSQL (0 for a database that is meant to be away). */
    liveStartWaitMs?: number;
    /** What the app logs to (a recording logger, for tests of what it logs); silent by default. */
    logger?: Logger;
  } = {},
) {
  const database = overrides.database ?? (await createTestDatabase());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fn-test-'));
  const config = testConfig({ dataDir, publicUrl: 'http://localhost:3000', ...overrides.config });
  const clock = overrides.clock ?? testClock();
  const logger = tripwireLogger(overrides.logger ?? createLogger('silent'));
  const live = createLiveBus(database, logger);
  await live.start({ waitMs: overrides.liveStartWaitMs });
  const deps = appDeps({ config, database, clock, logger, live, storage: overrides.storage, wakeMailWorker: overrides.wakeMailWorker });
  let distDir: string | null = null;
  if (overrides.pages) {
    distDir = path.join(dataDir, 'dist');
    fs.mkdirSync(distDir);
    fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head><title>Site</title></head><body></body></html>');
  }
  const built = buildApp(deps, { distDir, checkResponses: true, ...overrides.appOptions });
  const origin = config.publicUrl;

  /** A browser-like client from its own address: keeps cookies, sends Origin, speaks JSON. */
  // In 100.64.0.0/10, apart from the 10.<block>.x.y addresses the route suites hand out (addressesIn): a test
  // client must never share an address, and so a rate limit, with one of those (issue 23's mail-limits test
  // once did, when the process id fell on its block).
  function client(clientIp = `100.${64 + (process.pid % 64)}.${Math.floor(++ipCounter / 250) % 250}.${ipCounter % 250}`) {
    const jar = new Map<string, string>();
    const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    /** Sends as this client (its address, Origin and cookies) and keeps the cookies the answer sets. */
    async function send(url: string, init: RequestInit = {}) {
      const h = new Headers(init.headers);
      for (const [name, value] of Object.entries({ origin, 'x-test-client-ip': clientIp })) if (!h.has(name)) h.set(name, value);
      if (jar.size) h.set('cookie', cookieHeader());
      const res = await built.app.request(url, { ...init, headers: h });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const eq = pair!.indexOf('=');
        const name = pair!.slice(0, eq).trim();
        const value = pair!.slice(eq + 1).trim();
        if (!value || /max-age=0/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
        else jar.set(name, value);
      }
      return res;
    }
    async function request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
      const h: Record<string, string> = { ...headers };
      let payload: string | undefined;
      if (body !== undefined) {
        payload = typeof body === 'string' ? body : JSON.stringify(body);
        h['content-type'] ??= 'application/json';
      }
      return send(url, { method, headers: h, body: payload });
    }
    return {
      jar,
      /** The address this client sends from (its rate limits count under it). */
      ip: clientIp,
      /**
       * The API as the browser calls it (src/web/lib/api-client.ts), typed from its contracts, sent as this
       * client: `c.api.posts[':id'].$get({ param: { id } })`. A renamed route or field fails to compile.
       */
      // app.request reads a bare path as http://localhost/…: the same address for both ways of asking.
      api: hc<Api>('http://localhost/api', {
        fetch: (input: RequestInfo | URL, init?: RequestInit) => send(input instanceof Request ? input.url : input.toString(), init),
      }),
      /** The Cookie header this client sends. */
      cookieHeader,
      request,
      get: (url: string, headers?: Record<string, string>) => request('GET', url, undefined, headers),
      post: (url: string, body?: unknown, headers?: Record<string, string>) => request('POST', url, body ?? {}, headers),
      patch: (url: string, body?: unknown, headers?: Record<string, string>) => request('PATCH', url, body, headers),
      put: (url: string, body?: unknown, headers?: Record<string, string>) => request('PUT', url, body, headers),
      delete: (url: string, headers?: Record<string, string>) => request('DELETE', url, undefined, headers),
      /**
       * Signs up as a person would: the form (which gives no session: issue 23), a sign-in with the new
       * password, then (unless `confirm` is false) the link of the mail that confirms the address, opened
       * in this client. Answers the sign-up's response.
       */
      async signUp(email: string, password = TEST_PASSWORD, opts: { confirm?: boolean } = {}) {
        const res = await request('POST', '/api/auth/sign-up/email', { email, password, name: '' });
        if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
        const signedIn = await request('POST', '/api/auth/sign-in/email', { email, password });
        if (signedIn.status !== 200) throw new Error(`signing in after the sign-up failed: ${signedIn.status} ${await signedIn.text()}`);
        if (opts.confirm !== false) {
          const confirmed = await request('POST', '/api/account/verify-email', { token: await emailLinkTokenTo(email) });
          if (confirmed.status !== 200) throw new Error(`confirming the address failed: ${confirmed.status} ${await confirmed.text()}`);
        }
        return res;
      },
      async signIn(email: string, password = TEST_PASSWORD) {
        return request('POST', '/api/auth/sign-in/email', { email, password });
      },
      /** Who the app says this client is (GET /api/me): null for a visitor. */
      async me(): Promise<Me | null> {
        return ((await (await request('GET', '/api/me')).json()) as { user: Me | null }).user;
      },
    };
  }

  /** The token of the newest confirmation link mailed to this address (of this form, when given). */
  async function emailLinkTokenTo(to: string, form?: 'email verification' | 'email change'): Promise<string> {
    const [row] = await database.db
      .select()
      .from(mail)
      .where(and(eq(mail.to, to.toLowerCase()), inArray(mail.form, form ? [form] : ['email verification', 'email change'])))
      .orderBy(desc(mail.date))
      .limit(1);
    const token = row?.message.text.match(/\/verify-email\?token=([A-Za-z0-9_-]+)/)?.[1];
    if (!token) throw new Error(`no confirmation link was mailed to ${to}`);
    return token;
  }

  /**
   * One request as someone (their address, their cookies), keeping nothing it sets: for suites that send
   * many requests as the same people, where a sign-in inside one case must not change who they are.
   */
  function requestAs(
    asker: { ip: string; jar: Map<string, string>; cookie?: string },
    method: string,
    url: string,
    init: { body?: BodyInit; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { origin, 'x-test-client-ip': asker.ip, ...init.headers };
    if (asker.jar.size) headers.cookie = [...asker.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    // A Cookie header as given, for a browser no jar can describe (two cookies of one name).
    if (asker.cookie !== undefined) headers.cookie = asker.cookie;
    return built.app.request(url, { method, headers, body: init.body });
  }

  /**
   * For a test that changed the database behind the services' back (rows inserted by a factory): announces
   * the change as the service would, and waits until the app has heard it, so what it keeps in memory (the
   * public answers of issue 14) is dropped before the test reads again.
   */
  async function announce(event: { topic: string; kind?: string; id?: string }) {
    const id = event.id ?? randomUUID();
    // A resync drops everything kept in memory, which is all the announcement is for (nextLiveEventOrResync).
    const heard = nextLiveEventOrResync(deps.live, (e) => e.topic === event.topic && e.id === id);
    await deps.live.publish(database.db, { topic: event.topic, kind: event.kind ?? 'updated', id });
    await heard;
  }

  return {
    ...built,
    deps,
    requestAs,
    announce,
    emailLinkTokenTo,
    database,
    db: database.db,
    config,
    clock,
    client,
    /** The newest mail item addressed to this email (of this form, when given). */
    async lastMailTo(to: string, form?: string) {
      const [row] = await database.db
        .select()
        .from(mail)
        .where(form ? and(eq(mail.to, to), eq(mail.form, form)) : eq(mail.to, to))
        .orderBy(desc(mail.date))
        .limit(1);
      return row;
    },
    /** Makes every session of the account look this old (for the recent sign-in rule). */
    async ageSessions(userId: string, ms: number) {
      await database.db
        .update(session)
        .set({ createdAt: new Date(clock.now().getTime() - ms) })
        .where(eq(session.userId, userId));
      await announce({ topic: SESSIONS_TOPIC, kind: 'changed', id: userId });
    },
    /** Stops the app's bus, closes its database (unless another app shares it) and removes its data folder. */
    async close(opts: { keepDatabase?: boolean } = {}) {
      await live.close();
      if (!opts.keepDatabase) await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type TestAppOverrides = Parameters<typeof createTestApp>[0];

/**
 * The test file's (or describe block's) app: made before its tests, with these overrides or those the
 * function gives when they come from an earlier hook, and closed after them (useShared). `t.client()` and
 * `t.db` then work as on the app itself.
 */
export function useTestApp(overrides: TestAppOverrides | (() => TestAppOverrides) = {}): TestApp {
  return useShared(
    () => createTestApp(typeof overrides === 'function' ? overrides() : overrides),
    (app) => app.close(),
  );
}

/**
 * A second app instance on `t`'s database, for the tests of what crosses instances: its own connection on
 * PostgreSQL, the same embedded database otherwise (PGlite allows one process). Its bus is started, and
 * closed after the tests with its own connection.
 */
export function useOtherInstance(t: TestApp): TestApp {
  return useShared(
    () => createTestApp({ database: t.database.url ? fromPostgres(t.database.url, 2) : t.database }),
    (other) => other.close({ keepDatabase: other.database === t.database }),
  );
}

/**
 * The next live event matching `where`, or a resync ('*': the LISTEN connection was made again, and what was
 * sent meanwhile may be lost), which drops everything kept in memory as the event would. For a test that waits
 * for a change to reach what an instance keeps, through PostgreSQL's NOTIFY: heard in milliseconds as a rule,
 * but once only after 5 s on a loaded machine, hence the generous bound.
 */
export function nextLiveEventOrResync(bus: LiveBus, where: (e: LiveEvent) => boolean, timeoutMs = 20_000): Promise<LiveEvent> {
  return nextLiveEvent(bus, (e) => e.topic === '*' || where(e), timeoutMs);
}

/** The next live event matching `where`, heard through the bus as every instance hears it. */
export function nextLiveEvent(bus: LiveBus, where: (e: LiveEvent) => boolean = () => true, timeoutMs = 5000): Promise<LiveEvent> {
  return new Promise<LiveEvent>((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error('no live event'));
    }, timeoutMs);
    const off = bus.subscribe((e) => {
      if (!where(e)) return;
      clearTimeout(timer);
      off();
      resolve(e);
    });
  });
}
