import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { fromPostgres, SERVER_POOL_TIMEOUTS } from '../db/client';
import { mail, mailEvent } from '../db/schema';
import { startTcpProxy } from '../testing/tcp-proxy';
import { createLogger } from '../logger';
import { useTestDatabase } from '../testing/db';
import { MAIL_FORMS, enqueueMail, renderMail, type EnqueueMailInput } from './outbox';
import { createTestClock, parseMessage, startTestSmtpServer, type TestClock, type TestSmtpServer } from './test-support';
import { createMailTransport, type MailTransport, type OutgoingMail, type SendResult } from './transport';
import { MailWorker, type MailWorkerOptions } from './worker';
import { createJobRunner, type JobRunner } from '../jobs';
import { JOBS, mailJobs } from '../site-jobs';

const MAIL_FROM = 'Foster Care Network <no-reply@network.example>';
const XSS = '<img src=x onerror=alert(1)>';
const BACKOFF = 30_000;
const LEASE = 120_000;

const database = useTestDatabase();
let clock: TestClock;
let smtp: TestSmtpServer | undefined;
const transports: MailTransport[] = [];
const runners: JobRunner[] = [];

beforeEach(async () => {
  // Every test starts from an empty outbox: runOnce() processes every due item in the table.
  await database.db.delete(mail);
  clock = createTestClock();
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await Promise.all(transports.splice(0).map((t) => t.close()));
  await smtp?.close();
  smtp = undefined;
});

async function smtpTransport(options?: Parameters<typeof startTestSmtpServer>[0]) {
  smtp = await startTestSmtpServer(options);
  const transport = createMailTransport({ smtpUrl: smtp.url, dataDir: '/nonexistent', mailFrom: MAIL_FROM });
  transports.push(transport);
  return { server: smtp, transport };
}

function worker(transport: MailTransport, options: Partial<MailWorkerOptions> = {}) {
  const w = new MailWorker({
    db: database.db,
    transport,
    clock,
    logger: createLogger('silent'),
    pollMs: 60 * 60_000,
    backoffBaseMs: BACKOFF,
    leaseMs: LEASE,
    workerId: `test-worker-${++workerCount}`,
    ...options,
  });
  return w;
}
let workerCount = 0;

/** The worker's jobs on a runner of their own, started as the server starts them; wake() is the outbox's. */
function start(w: MailWorker) {
  const jobs = createJobRunner({ db: database.db, clock, logger: createLogger('silent') }).add(...mailJobs(w, createLogger('silent')));
  runners.push(jobs);
  jobs.start();
  return { jobs, wake: () => jobs.trigger(JOBS.mailDelivery), stop: () => jobs.stop() };
}

/** A transport whose sends wait until the test lets them go. */
function heldTransport() {
  const started: OutgoingMail[] = [];
  let release: (() => void) | undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const transport: MailTransport = {
    kind: 'file',
    async send(item): Promise<SendResult> {
      started.push(item);
      await gate;
      return { messageId: `<${item.id}@held>` };
    },
    close: async () => undefined,
  };
  return { transport, started, release: () => release?.() };
}

function memberMessage(overrides: Partial<EnqueueMailInput> = {}): EnqueueMailInput {
  return {
    form: MAIL_FORMS.memberMessage,
    to: 'member@example.org',
    replyTo: 'sender@example.org',
    ...renderMail({
      subject: 'A member of the network wrote to you',
      paragraphs: ['Sam Sender is reaching out to you through the network:', { quote: XSS }],
    }),
    ...overrides,
  };
}

async function load(id: string) {
  const [row] = await database.db.select().from(mail).where(eq(mail.id, id));
  if (!row) throw new Error(`mail ${id} not found`);
  return row;
}

async function eventsOf(id: string) {
  return database.db.select().from(mailEvent).where(eq(mailEvent.mailId, id)).orderBy(asc(mailEvent.at), asc(mailEvent.attempt));
}

describe('mail worker', () => {
  it('delivers an item over SMTP and records SUCCESS', async () => {
    const { server, transport } = await smtpTransport();
    const item = await enqueueMail({ db: database.db, clock }, memberMessage());
    clock.advance(1000);

    const summary = await worker(transport).runOnce();

    expect(summary).toEqual({ recovered: 0, sent: 1, retried: 0, failed: 0 });
    const row = await load(item.id);
    expect(row).toMatchObject({ state: 'SUCCESS', attempts: 1, error: null, lockedBy: null });
    expect(row.startTime).toEqual(clock.now());
    expect(row.endTime).toEqual(clock.now());
    expect(row.info).toMatchObject({ messageId: `<${item.id}@network.example>`, accepted: ['member@example.org'] });

    expect(server.received).toHaveLength(1);
    const [received] = server.received;
    expect(received!.to).toEqual(['member@example.org']);
    const { headers, parts } = parseMessage(received!.raw);
    expect(headers.get('to')).toBe('member@example.org');
    expect(headers.get('reply-to')).toBe('sender@example.org');
    expect(headers.get('subject')).toBe('A member of the network wrote to you');
    // The member's words arrive escaped in the HTML part, as-is in the text part.
    expect(parts.get('text/html')).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(parts.get('text/html')).not.toContain('<img');
    expect(parts.get('text/plain')).toContain(`> ${XSS}`);

    expect((await eventsOf(item.id)).map((e) => [e.state, e.attempt])).toEqual([
      ['PENDING', 0],
      ['PROCESSING', 1],
      ['SUCCESS', 1],
    ]);
  });

  it('retries with backoff while the server refuses, then succeeds with exactly one message', async () => {
    const { server, transport } = await smtpTransport({ rejectFirst: 2 });
    const item = await enqueueMail({ db: database.db, clock }, memberMessage());
    const w = worker(transport);

    expect(await w.runOnce()).toMatchObject({ retried: 1 });
    let row = await load(item.id);
    expect(row).toMatchObject({ state: 'RETRY', attempts: 1, lockedBy: null, endTime: null });
    expect(row.error).toMatch(/451/);
    expect(row.nextAttemptAt).toEqual(new Date(clock.now().getTime() + BACKOFF));

    // Not due yet: nothing happens.
    clock.advance(BACKOFF - 1);
    expect(await w.runOnce()).toEqual({ recovered: 0, sent: 0, retried: 0, failed: 0 });

    clock.advance(1);
    expect(await w.runOnce()).toMatchObject({ retried: 1 });
    row = await load(item.id);
    expect(row).toMatchObject({ state: 'RETRY', attempts: 2 });
    // The wait doubles after each failure.
    expect(row.nextAttemptAt).toEqual(new Date(clock.now().getTime() + 2 * BACKOFF));

    clock.advance(2 * BACKOFF);
    expect(await w.runOnce()).toMatchObject({ sent: 1 });
    row = await load(item.id);
    expect(row).toMatchObject({ state: 'SUCCESS', attempts: 3, error: null });
    expect(row.endTime).toEqual(clock.now());

    expect(server.rejectedCount).toBe(2);
    expect(server.received).toHaveLength(1);
    const events = await eventsOf(item.id);
    expect(events.map((e) => e.state)).toEqual(['PENDING', 'PROCESSING', 'RETRY', 'PROCESSING', 'RETRY', 'PROCESSING', 'SUCCESS']);
    expect(events.map((e) => e.attempt)).toEqual([0, 1, 1, 2, 2, 3, 3]);
    expect(events[2]!.detail).toMatch(/451/);
  });

  it('gives up as ERROR with the error text once maxAttempts is reached', async () => {
    const { server, transport } = await smtpTransport({ rejectAllWith: 'Mailbox unavailable' });
    const item = await enqueueMail({ db: database.db, clock }, memberMessage());
    const w = worker(transport, { maxAttempts: 3 });

    for (let attempt = 1; attempt <= 3; attempt++) {
      await w.runOnce();
      clock.advance(60 * 60_000);
    }
    expect(await w.runOnce()).toEqual({ recovered: 0, sent: 0, retried: 0, failed: 0 });

    const row = await load(item.id);
    expect(row).toMatchObject({ state: 'ERROR', attempts: 3, lockedBy: null });
    expect(row.error).toMatch(/550.*Mailbox unavailable/);
    expect(row.endTime).not.toBeNull();
    expect(server.rejectedCount).toBe(3);
    expect(server.received).toHaveLength(0);
    expect((await eventsOf(item.id)).map((e) => e.state)).toEqual([
      'PENDING',
      'PROCESSING',
      'RETRY',
      'PROCESSING',
      'RETRY',
      'PROCESSING',
      'ERROR',
    ]);
  });

  it('puts an item left PROCESSING by a crashed worker back in line once its lease expires', async () => {
    const { server, transport } = await smtpTransport();
    const item = await enqueueMail({ db: database.db, clock }, memberMessage());
    await database.db
      .update(mail)
      .set({
        state: 'PROCESSING',
        attempts: 1,
        startTime: clock.now(),
        nextAttemptAt: new Date(clock.now().getTime() + LEASE),
        lockedBy: 'crashed-worker',
      })
      .where(eq(mail.id, item.id));
    const w = worker(transport);

    clock.advance(LEASE);
    expect(await w.runOnce()).toEqual({ recovered: 0, sent: 0, retried: 0, failed: 0 });
    expect(await load(item.id)).toMatchObject({ state: 'PROCESSING', lockedBy: 'crashed-worker' });

    clock.advance(1);
    expect(await w.runOnce()).toEqual({ recovered: 1, sent: 1, retried: 0, failed: 0 });
    // The interrupted attempt counts.
    expect(await load(item.id)).toMatchObject({ state: 'SUCCESS', attempts: 2, lockedBy: null });
    expect(server.received).toHaveLength(1);
    const events = await eventsOf(item.id);
    expect(events.map((e) => [e.state, e.attempt])).toEqual([
      ['PENDING', 0],
      ['RETRY', 1],
      ['PROCESSING', 2],
      ['SUCCESS', 2],
    ]);
    expect(events[1]!.detail).toMatch(/crashed-worker/);
  });

  it('ends a crashed item as ERROR when its interrupted attempt was the last one', async () => {
    const { transport } = await smtpTransport();
    const item = await enqueueMail({ db: database.db, clock }, memberMessage());
    await database.db
      .update(mail)
      .set({
        state: 'PROCESSING',
        attempts: 5,
        startTime: clock.now(),
        nextAttemptAt: new Date(clock.now().getTime() + LEASE),
        lockedBy: 'crashed-worker',
      })
      .where(eq(mail.id, item.id));
    const w = worker(transport);
    clock.advance(LEASE + 1);

    expect(await w.runOnce()).toEqual({ recovered: 1, sent: 0, retried: 0, failed: 0 });
    const row = await load(item.id);
    expect(row).toMatchObject({ state: 'ERROR', attempts: 5 });
    expect(row.error).toMatch(/crashed-worker/);
  });

  it('drops its own result when its lease expired and another worker took the item over', async () => {
    const held = heldTransport();
    const item = await enqueueMail({ db: database.db, clock }, memberMessage());
    const slow = worker(held.transport);
    const { server, transport } = await smtpTransport();
    const other = worker(transport);
    const slowRun = slow.runOnce();
    await vi.waitFor(() => expect(held.started).toHaveLength(1));

    // The slow worker is not started, so it renews nothing: as if it had died.
    clock.advance(LEASE + 1);
    expect(await other.runOnce()).toMatchObject({ recovered: 1, sent: 1 });

    held.release();
    expect(await slowRun).toEqual({ recovered: 0, sent: 0, retried: 0, failed: 0 });
    expect(await load(item.id)).toMatchObject({ state: 'SUCCESS', attempts: 2, lockedBy: null });
    expect(server.received).toHaveLength(1);
    expect((await eventsOf(item.id)).filter((e) => e.state === 'SUCCESS')).toHaveLength(1);
  });

  it('lets several workers share the outbox without sending an item twice', async () => {
    const { server, transport } = await smtpTransport();
    const items = await Promise.all(
      Array.from({ length: 8 }, (_, i) => enqueueMail({ db: database.db, clock }, memberMessage({ to: `m${i}@example.org` }))),
    );
    const [a, b] = [worker(transport, { batchSize: 2 }), worker(transport, { batchSize: 3 })];

    const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()]);

    expect(ra.sent + rb.sent).toBe(8);
    expect(server.received).toHaveLength(8);
    expect(new Set(server.received.flatMap((m) => m.to)).size).toBe(8);
    for (const item of items) expect(await load(item.id)).toMatchObject({ state: 'SUCCESS', attempts: 1 });
  });

  it('delivers soon after wake() when started', async () => {
    const { server, transport } = await smtpTransport();
    const running = start(worker(transport));
    await vi.waitFor(() => expect(running.jobs.status(JOBS.mailDelivery).runs).toBe(1));

    const item = await enqueueMail({ db: database.db, clock }, memberMessage());
    running.wake();
    await vi.waitFor(async () => expect((await load(item.id)).state).toBe('SUCCESS'), { timeout: 5000 });
    expect(server.received).toHaveLength(1);
  });

  it('stop() waits for the send in flight, then resolves; calling it again is harmless', async () => {
    const held = heldTransport();
    const item = await enqueueMail({ db: database.db, clock }, memberMessage());
    const w = start(worker(held.transport));
    await vi.waitFor(() => expect(held.started).toHaveLength(1));

    let isStopped = false;
    const stopping = w.stop().then(() => {
      isStopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isStopped).toBe(false);
    expect((await load(item.id)).state).toBe('PROCESSING');

    held.release();
    await stopping;
    expect(isStopped).toBe(true);
    expect(await load(item.id)).toMatchObject({ state: 'SUCCESS', attempts: 1 });
    await w.stop();

    // A stopped worker no longer reacts to wake().
    const later = await enqueueMail({ db: database.db, clock }, memberMessage());
    w.wake();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await load(later.id)).state).toBe('PENDING');
  });
});

describe('mail worker facing faults (issue 15)', () => {
  it('renews its claim while a send takes long, so no other worker takes the item over', async () => {
    const held = heldTransport();
    const item = await enqueueMail({ db: database.db, clock }, memberMessage());
    const slow = worker(held.transport, { renewEveryMs: 20 });
    const { server, transport } = await smtpTransport();
    const other = worker(transport);
    start(slow);
    await vi.waitFor(() => expect(held.started).toHaveLength(1));
    const claimedUntil = (await load(item.id)).nextAttemptAt.getTime();

    clock.advance(LEASE - 1000);
    await vi.waitFor(async () => expect((await load(item.id)).nextAttemptAt.getTime()).toBeGreaterThan(claimedUntil));
    clock.advance(2000);
    expect(await other.runOnce()).toEqual({ recovered: 0, sent: 0, retried: 0, failed: 0 });

    held.release();
    await vi.waitFor(async () => expect(await load(item.id)).toMatchObject({ state: 'SUCCESS', attempts: 1, lockedBy: null }));
    expect(server.received).toHaveLength(0);
  });

  it('does not use up attempts or give up while the SMTP server is out of reach, and delivers once it is back', async () => {
    const { server, transport } = await smtpTransport();
    const port = Number(new URL(server.url).port);
    await server.close();
    const item = await enqueueMail({ db: database.db, clock }, memberMessage());
    const w = worker(transport, { maxAttempts: 2, pauseBaseMs: 1000 });

    for (let i = 0; i < 4; i++) {
      expect(await w.runOnce()).toMatchObject({ sent: 0, failed: 0 });
      const row = await load(item.id);
      expect(row).toMatchObject({ state: 'RETRY', attempts: 0 });
      expect(row.error).toMatch(/ECONNREFUSED|connect/i);
      clock.advance(60_000);
    }
    smtp = await startTestSmtpServer({ port });
    expect(await w.runOnce()).toMatchObject({ sent: 1 });
    expect(await load(item.id)).toMatchObject({ state: 'SUCCESS', attempts: 1 });
    expect(smtp.received).toHaveLength(1);
    const events = await eventsOf(item.id);
    expect(events.filter((e) => e.state === 'RETRY').every((e) => /out of reach/.test(e.detail ?? ''))).toBe(true);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('mail worker losing the database (issue 15)', () => {
  it('records a message it sent while the database was away once it is back, and never sends it again', async () => {
    const url = new URL(database.url!);
    const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port) });
    const viaProxy = new URL(url);
    viaProxy.port = String(proxy.port);
    const cutOff = fromPostgres(viaProxy.toString(), 2, SERVER_POOL_TIMEOUTS);
    try {
      const held = heldTransport();
      const item = await enqueueMail({ db: database.db, clock }, memberMessage());
      const owner = worker(held.transport, { db: cutOff.db });
      const { server, transport } = await smtpTransport();
      const other = worker(transport);
      const run = owner.runOnce();
      await vi.waitFor(() => expect(held.started).toHaveLength(1));

      proxy.cut();
      held.release();
      await expect(run).rejects.toThrow();
      proxy.restore();
      // Longer than a lease later: the claim ran out while the database was away.
      clock.advance(LEASE + 1);

      expect(await owner.runOnce()).toMatchObject({ sent: 1, recovered: 0 });
      expect(await other.runOnce()).toEqual({ recovered: 0, sent: 0, retried: 0, failed: 0 });
      expect(await load(item.id)).toMatchObject({ state: 'SUCCESS', attempts: 1, lockedBy: null });
      expect(server.received).toHaveLength(0);
      expect((await eventsOf(item.id)).map((e) => e.state)).toEqual(['PENDING', 'PROCESSING', 'SUCCESS']);
    } finally {
      await cutOff.close();
      await proxy.close();
    }
  });
});
