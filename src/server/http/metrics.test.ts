import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger';
import { createMailTransport } from '../mail/transport';
import { startTestSmtpServer } from '../mail/test-support';
import { MailWorker } from '../mail/worker';
import { createTestApp, testClock, useTestApp, type TestApp } from '../testing/app';
import { buildPost, insertMail, signedInMember } from '../testing/factories';
import { parsePrometheusText, type Scrape } from '../testing/prometheus';

// Issue 15, decision 022: GET /metrics for Prometheus, behind METRICS_TOKEN.

const TOKEN = 'metrics-test-token-0123456789abcdef';
const withToken = { config: { metricsToken: TOKEN } };

async function scrape(t: TestApp): Promise<Scrape> {
  const res = await t.client().get('/metrics', { authorization: `Bearer ${TOKEN}` });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  expect(res.headers.get('cache-control')).toBe('no-store');
  return parsePrometheusText(await res.text());
}

const requests = (m: Scrape, method: string, route: string, status: number) =>
  m.value('http_request_duration_seconds_count', { method, route, status: String(status) });

/** Opens GET /api/live and reads up to its first event, so the stream is open on the server. */
async function openStream(t: TestApp) {
  const res = await t.client().get('/api/live?topics=posts');
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const first = new TextDecoder().decode((await reader.read()).value);
  expect(first).toContain('event: ready');
  return reader;
}

/** Waits until `read` gives `expected` (a stream's end reaches the server a moment after the client lets go). */
async function eventually(read: () => Promise<number>, expected: number) {
  let value = await read();
  for (let i = 0; i < 100 && value !== expected; i++) {
    await new Promise((r) => setTimeout(r, 20));
    value = await read();
  }
  expect(value).toBe(expected);
}

describe('without METRICS_TOKEN', () => {
  const t = useTestApp({ pages: true });

  it('serves no /metrics: it answers as any path the app does not serve (the page, 404)', async () => {
    const c = t.client();
    const unknown = await c.get('/no-such-page');
    const metrics = await c.get('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(metrics.status).toBe(404);
    expect(metrics.headers.get('content-type')).toBe(unknown.headers.get('content-type'));
    // The same page, which names its own address in its other-language links (hreflang).
    expect(await metrics.text()).toBe((await unknown.text()).replaceAll('/no-such-page', '/metrics'));
  });
});

describe('with METRICS_TOKEN', () => {
  const t = useTestApp(withToken);

  it('refuses a scrape without the token, with a wrong one, or in another scheme (401)', async () => {
    const c = t.client();
    for (const authorization of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN} ${TOKEN}`,
      'Bearer wrong-token-of-some-length',
      `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ]) {
      const res = await c.get('/metrics', authorization === undefined ? {} : { authorization });
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      const body = await res.json();
      expect(body).toEqual({ code: 'UNAUTHENTICATED', message: expect.stringContaining('METRICS_TOKEN') });
    }
    // A session is no way in either: only the token is.
    const admin = await signedInMember(t, { prefix: 'metrics-session' });
    expect((await admin.c.get('/metrics')).status).toBe(401);
    // The scheme's name is case-insensitive, as HTTP has it.
    expect((await c.get('/metrics', { authorization: `bearer ${TOKEN}` })).status).toBe(200);
  });

  it('answers Prometheus text, each metric once: the process, Node, and the site’s own', async () => {
    const m = await scrape(t);
    const names = m.families.map((f) => f.name);
    expect(new Set(names).size, 'each metric once').toBe(names.length);
    const typeOf = (name: string) => m.families.find((f) => f.name === name)?.type;
    expect(typeOf('http_request_duration_seconds')).toBe('HISTOGRAM');
    expect(typeOf('db_query_duration_seconds')).toBe('HISTOGRAM');
    expect(typeOf('http_server_errors_total')).toBe('COUNTER');
    for (const gauge of ['live_streams_open', 'mail_outbox_items', 'mail_outbox_oldest_waiting_seconds', 'process_resident_memory_bytes'])
      expect(typeOf(gauge), gauge).toBe('GAUGE');
    // Memory as the operating system and V8 see it: a live process holds megabytes of both.
    expect(m.value('process_resident_memory_bytes')).toBeGreaterThan(20 * 1024 * 1024);
    expect(m.value('nodejs_heap_size_used_bytes')).toBeGreaterThan(1024 * 1024);
    expect(m.value('nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(m.value('process_start_time_seconds')).toBeGreaterThan(Date.now() / 1000 - 24 * 3600);
  });

  it('gzips the text only for a scraper that takes gzip, as Prometheus does', async () => {
    const c = t.client();
    const plain = await c.get('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const zipped = await c.get('/metrics', { authorization: `Bearer ${TOKEN}`, 'accept-encoding': 'gzip' });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const text = gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString('utf8');
    expect(parsePrometheusText(text).value('process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('times each request under its route pattern, method and status, never under the path asked for', async () => {
    const c = t.client();
    const m = await signedInMember(t, { prefix: 'metrics-poster' });
    const before = await scrape(t);
    const started = performance.now();
    expect((await c.get('/api/posts/987654')).status).toBe(404);
    expect((await c.get('/api/posts/987655')).status).toBe(404);
    expect((await c.get('/api/no-such-route/123')).status).toBe(404);
    expect((await c.get('/no-such-page')).status).toBe(404);
    expect((await c.request('PROPFIND', '/api/posts/1')).status).toBe(404);
    expect((await m.c.post('/api/posts', buildPost({ title: 'Counted' }))).status).toBe(201);
    expect((await m.c.signIn(m.email)).status).toBe(200);
    const took = (performance.now() - started) / 1000;
    const after = await scrape(t);

    const delta = (method: string, route: string, status: number) =>
      requests(after, method, route, status) - requests(before, method, route, status);
    expect(delta('GET', '/api/posts/:id', 404)).toBe(2);
    expect(delta('GET', '/api/*', 404)).toBe(1);
    expect(delta('GET', '/*', 404)).toBe(1);
    expect(delta('OTHER', '/api/*', 404)).toBe(1);
    expect(delta('POST', '/api/posts', 201)).toBe(1);
    // Better Auth's routes, served behind one wildcard, each under its own path.
    expect(delta('POST', '/api/auth/sign-in/email', 200)).toBe(1);
    // The scrape before counts itself once it has answered.
    expect(delta('GET', '/metrics', 200)).toBe(1);

    // The histogram's parts agree: every request is in the +Inf bucket, and the time spent is within what the test waited.
    const labels = { method: 'GET', route: '/api/posts/:id', status: '404' };
    expect(after.value('http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      after.value('http_request_duration_seconds_count', labels),
    );
    const spent = after.value('http_request_duration_seconds_sum', labels) - before.value('http_request_duration_seconds_sum', labels);
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBeLessThan(took);
    const post = { method: 'POST', route: '/api/posts', status: '201' };
    expect(after.value('http_request_duration_seconds_bucket', { ...post, le: '10' })).toBe(1);

    // The paths asked for appear nowhere.
    expect(after.samples.filter((s) => Object.values(s.labels).some((v) => /98765|no-such|PROPFIND/.test(v)))).toEqual([]);

    // Each request ran queries, each timed.
    expect(after.value('db_query_duration_seconds_count')).toBeGreaterThan(before.value('db_query_duration_seconds_count'));
    expect(after.value('db_query_duration_seconds_sum')).toBeGreaterThan(before.value('db_query_duration_seconds_sum'));
  });

  it('adds no series, whatever paths and methods a client invents', async () => {
    const c = t.client();
    const series = (m: Scrape) => m.find('http_request_duration_seconds_count').length;
    for (const [method, path] of [
      ['GET', '/api/posts/1'],
      ['GET', '/api/x'],
      ['GET', '/x'],
      ['PROPFIND', '/x'],
    ] as const)
      await c.request(method, path);
    const before = series(await scrape(t));
    for (let i = 0; i < 40; i++) {
      await c.get(`/api/posts/${1000 + i}`);
      await c.get(`/api/invented-${i}/${i}`);
      await c.get(`/invented-page-${i}?q=${i}`);
      await c.request(['PROPFIND', 'MKCOL', 'LOCK', 'PURGE'][i % 4]!, `/x${i}`);
    }
    expect(series(await scrape(t))).toBe(before);
  });

  it('counts live event streams while they are open', async () => {
    const open = async () => (await scrape(t)).value('live_streams_open');
    expect(await open()).toBe(0);
    const first = await openStream(t);
    const second = await openStream(t);
    expect(await open()).toBe(2);
    await first.cancel();
    await eventually(open, 1);
    await second.cancel();
    await eventually(open, 0);
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('reports the PostgreSQL pool', async () => {
    const m = await scrape(t);
    // The test database's pool (src/server/testing/db.ts) opens 5 connections at most; the scrape's own query used one.
    expect(m.value('db_pool_max_connections')).toBe(5);
    expect(m.value('db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(m.value('db_pool_connections')).toBeLessThanOrEqual(5);
    expect(m.value('db_pool_idle_connections')).toBeLessThanOrEqual(m.value('db_pool_connections'));
    expect(m.value('db_pool_waiting_queries')).toBe(0);
  });

  it.runIf(!process.env.DATABASE_URL)('reports no pool on PGlite, which has none', async () => {
    const m = await scrape(t);
    expect(m.find('db_pool_connections')).toEqual([]);
  });
});

describe('the mail outbox, read at each scrape', () => {
  const start = new Date('2030-01-01T09:00:00Z');
  const clock = testClock(start);
  const t = useTestApp({ ...withToken, clock });
  const queue = (subject: string) => t.deps.outbox.add({ form: 'contact us', to: 'team@example.org', subject, text: subject });
  const outbox = async () => {
    const m = await scrape(t);
    const state = (s: string) => m.value('mail_outbox_items', { state: s });
    return {
      PENDING: state('PENDING'),
      PROCESSING: state('PROCESSING'),
      RETRY: state('RETRY'),
      ERROR: state('ERROR'),
      oldest: m.value('mail_outbox_oldest_waiting_seconds'),
    };
  };

  it('counts mail by state and ages the oldest still to be delivered by the clock', async () => {
    expect(await outbox()).toEqual({ PENDING: 0, PROCESSING: 0, RETRY: 0, ERROR: 0, oldest: 0 });

    await queue('First');
    clock.advance(60_000);
    await queue('Second');
    clock.advance(30_000);
    expect(await outbox()).toEqual({ PENDING: 2, PROCESSING: 0, RETRY: 0, ERROR: 0, oldest: 90 });

    // A real SMTP server refuses the first message for now (451), takes the second.
    const smtp = await startTestSmtpServer({ rejectFirst: 1 });
    const transport = createMailTransport({ smtpUrl: smtp.url, dataDir: '/nonexistent', mailFrom: 'Network <no-reply@example.org>' });
    const worker = new MailWorker({ db: t.db, transport, clock, logger: createLogger('silent'), batchSize: 1, backoffBaseMs: 30_000 });
    try {
      expect(await worker.runOnce()).toMatchObject({ sent: 1, retried: 1 });
      // The first waits on: still the oldest, 90 s after it was queued.
      expect(await outbox()).toEqual({ PENDING: 0, PROCESSING: 0, RETRY: 1, ERROR: 0, oldest: 90 });

      // Mail given up is counted, but waits for nothing.
      await insertMail(t.db, { state: 'ERROR', date: clock.now() });
      clock.advance(30_000);
      expect(await outbox()).toEqual({ PENDING: 0, PROCESSING: 0, RETRY: 1, ERROR: 1, oldest: 120 });

      expect(await worker.runOnce()).toMatchObject({ sent: 1 });
      expect(await outbox()).toEqual({ PENDING: 0, PROCESSING: 0, RETRY: 0, ERROR: 1, oldest: 0 });
      expect(smtp.received).toHaveLength(2);
    } finally {
      await transport.close();
      await smtp.close();
    }
  });

  it('says NaN, not 0, when the database cannot be read, and still answers the rest', async () => {
    await queue('Waiting');
    expect((await outbox()).PENDING).toBe(1);
    await t.db.execute(sql`alter table mail rename to mail_away`);
    try {
      const m = await scrape(t);
      expect(m.value('mail_outbox_items', { state: 'PENDING' })).toBeNaN();
      expect(m.value('mail_outbox_oldest_waiting_seconds')).toBeNaN();
      expect(m.value('process_resident_memory_bytes')).toBeGreaterThan(0);
    } finally {
      await t.db.execute(sql`alter table mail_away rename to mail`);
    }
    expect((await outbox()).PENDING).toBe(1);
  });
});

describe('answers with a 5xx status', () => {
  it('are counted under their route', async () => {
    const own = await createTestApp(withToken);
    try {
      own.app.get('/test-only/boom', () => {
        throw new Error('boom');
      });
      // The unhandled error is reported (the tripwire of the tests): this test expects it.
      const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
      expect((await own.app.request('/test-only/boom')).status).toBe(500);
      expect((await own.app.request('/test-only/boom')).status).toBe(500);
      expect(reported).toHaveBeenCalledTimes(2);
      const m = await scrape(own);
      expect(m.value('http_server_errors_total', { method: 'GET', route: '/test-only/boom', status: '500' })).toBe(2);
      expect(m.value('http_server_errors_total')).toBe(2);
      expect(requests(m, 'GET', '/test-only/boom', 500)).toBe(2);
    } finally {
      await own.close();
    }
  });
});

describe('background jobs (decision 030)', () => {
  const clock = testClock(new Date('2031-05-06T07:08:09Z'));
  // The rate limits' pruning is on here, as on a server; the response cache's sweep always is.
  const t = useTestApp({ ...withToken, clock, config: { ...withToken.config, rateLimitPruneMinutes: 60 } });
  const job = (m: Scrape, name: string) => ({
    runs: m.value('job_runs_total', { job: name }),
    failures: m.value('job_failures_total', { job: name }),
    lastSuccess: m.value('job_last_success_timestamp_seconds', { job: name }),
    durations: m.find('job_last_run_duration_seconds', { job: name }).map((s) => s.value),
  });

  it('reports each job’s runs, failures, last success and last duration, from before its first run on', async () => {
    const before = await scrape(t);
    for (const name of ['rate-limit-prune', 'response-cache-sweep']) {
      expect(job(before, name), name).toEqual({ runs: 0, failures: 0, lastSuccess: 0, durations: [] });
    }

    expect(await t.jobs.runNow('rate-limit-prune')).toMatchObject({ status: 'done' });
    const ran = await scrape(t);
    expect(job(ran, 'rate-limit-prune')).toEqual({
      runs: 1,
      failures: 0,
      lastSuccess: clock.now().getTime() / 1000,
      durations: [expect.any(Number)],
    });
    expect(job(ran, 'rate-limit-prune').durations[0]).toBeGreaterThanOrEqual(0);

    // The table it prunes is away: the run fails, is counted, and the last success stays where it was.
    const succeededAt = clock.now().getTime() / 1000;
    clock.advance(60 * 60_000);
    await t.db.execute(sql`alter table rate_limit rename to rate_limit_away`);
    try {
      expect(await t.jobs.runNow('rate-limit-prune')).toMatchObject({ status: 'failed' });
    } finally {
      await t.db.execute(sql`alter table rate_limit_away rename to rate_limit`);
    }
    expect(job(await scrape(t), 'rate-limit-prune')).toMatchObject({ runs: 2, failures: 1, lastSuccess: succeededAt });

    clock.advance(60 * 60_000);
    await t.jobs.runNow('rate-limit-prune');
    expect(job(await scrape(t), 'rate-limit-prune')).toMatchObject({ runs: 3, failures: 1, lastSuccess: clock.now().getTime() / 1000 });
    expect(job(await scrape(t), 'response-cache-sweep')).toMatchObject({ runs: 0 });
  });
});
