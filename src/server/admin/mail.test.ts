import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN_MAIL_PAGE_SIZE, type MailListQuery } from '../../shared/admin';
import type { LiveEvent } from '../../shared/live';
import { mail, mailEvent } from '../db/schema';
import { createLogger } from '../logger';
import { MAIL_FORMS, renderMail } from '../mail/outbox';
import type { MailTransport } from '../mail/transport';
import { MailWorker } from '../mail/worker';
import { createJobRunner, type JobRunner } from '../jobs';
import { JOBS, mailJobs } from '../site-jobs';
import { testClock, useTestApp } from '../testing/app';
import { expectAnswer, signedInAdmin, signedInMember, uniqueEmail } from '../testing/factories';

const ADMIN_EMAIL = 'mail.admin@example.org';

/** The mail worker's jobs, as the server runs them (src/server/site-jobs.ts), while a test has one. */
let jobs: JobRunner | undefined;
const clock = testClock();
const t = useTestApp({ config: { adminEmails: [ADMIN_EMAIL] }, clock, wakeMailWorker: () => jobs?.trigger(JOBS.mailDelivery) });
afterEach(async () => {
  await jobs?.stop();
  jobs = undefined;
});

type Client = ReturnType<typeof t.client>;

let adminClient: Client | undefined;
/** The admin listed in ADMIN_EMAILS, signed up once with a second factor (sign-ins are rate-limited per address). */
async function admin() {
  adminClient ??= (await signedInAdmin(t, { email: ADMIN_EMAIL, profile: null })).c;
  return adminClient;
}

const list = (c: Client, query: MailListQuery = {}) => expectAnswer(c.api.admin.mail.$get({ query }));
const item = (c: Client, id: string) => c.api.admin.mail[':id'].$get({ param: { id } });
const retry = (c: Client, id: string) => c.api.admin.mail[':id'].retry.$post({ param: { id } });
const remove = (c: Client, id: string) => c.api.admin.mail[':id'].$delete({ param: { id } });
const activity = (c: Client) => expectAnswer(c.api.admin.activity.$get({ query: {} }));

/** Adds a mail item through the app's outbox, as the site's features do. */
async function queue(overrides: { form?: string; to?: string; subject?: string; text?: string } = {}) {
  const { id } = await t.deps.outbox.add({
    form: overrides.form ?? MAIL_FORMS.newPostAlert,
    to: overrides.to ?? uniqueEmail('to'),
    replyTo: 'writer@example.org',
    ...renderMail({
      subject: overrides.subject ?? 'New post: Meals for a new foster family',
      paragraphs: [overrides.text ?? 'A post was written.'],
    }),
  });
  clock.advance(1000);
  return id;
}

/** Every live event on the mail topic until `stop()`. */
/**
 * The mail events this instance announces, as it sends them. What travels back through PostgreSQL's LISTEN is the
 * bus's to deliver (live.test.ts): on a loaded machine the listening connection can miss a heartbeat and be made
 * again, and what was sent meanwhile is then a resync, not the events themselves (a CI run on PostgreSQL heard the
 * 'created' and neither 'updated'). These tests are about what the mail log is told.
 */
function mailEvents() {
  const seen: LiveEvent[] = [];
  const off = t.deps.live.subscribeSent((e) => {
    if (e.topic === 'mail') seen.push(e);
  });
  return { seen, stop: off };
}

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const stateOf = async (id: string) => (await t.db.select().from(mail).where(eq(mail.id, id)))[0]?.state;

/** A transport that fails while `failing.now` is true (a mailbox that refuses, then accepts). */
function switchableTransport() {
  const failing = { now: true };
  const transport: MailTransport = {
    kind: 'file',
    async send(item) {
      if (failing.now) throw new Error('550 Mailbox unavailable');
      return { messageId: `<${item.id}@test>` };
    },
    close: async () => undefined,
  };
  return { transport, failing };
}

function startWorker(transport: MailTransport) {
  const worker = new MailWorker({
    db: t.db,
    transport,
    clock: t.clock,
    live: t.deps.live,
    logger: createLogger('silent'),
    // Nothing but a wake() makes it run: the tests prove who wakes it.
    pollMs: 60 * 60_000,
    maxAttempts: 1,
    workerId: 'admin-test-worker',
  });
  jobs = createJobRunner({ db: t.db, clock: t.clock, logger: createLogger('silent') }).add(...mailJobs(worker, createLogger('silent')));
  jobs.start();
  return worker;
}

describe('GET /api/admin/mail', () => {
  it('lists every item newest first with its delivery state, filtered by form and state, a page at a time', async () => {
    const c = await admin();
    const to = uniqueEmail('list');
    const ids: string[] = [];
    for (let i = 0; i < ADMIN_MAIL_PAGE_SIZE + 3; i++) ids.push(await queue({ form: 'list test form', to, subject: `Item ${i}` }));
    const contact = await queue({ form: MAIL_FORMS.contactUs, subject: 'Hello from the contact page' });

    const first = await list(c);
    expect(first.items[0]).toMatchObject({
      id: contact,
      form: 'contact us',
      subject: 'Hello from the contact page',
      replyTo: 'writer@example.org',
      state: 'PENDING',
      attempts: 0,
      endTime: null,
      error: null,
    });
    expect(first.items[0]).not.toHaveProperty('html');

    const byForm = await list(c, { form: 'list test form' });
    expect(byForm.items.map((i) => i.id)).toEqual(ids.slice().reverse().slice(0, ADMIN_MAIL_PAGE_SIZE));
    const next = await list(c, { form: 'list test form', before: byForm.nextCursor! });
    expect(next.items.map((i) => i.id)).toEqual(ids.slice(0, 3).reverse());
    expect(next.nextCursor).toBeNull();

    await t.db.update(mail).set({ state: 'ERROR', error: 'boom' }).where(eq(mail.id, ids[0]!));
    const failed = await list(c, { state: 'ERROR' });
    expect(failed.items.map((i) => i.id)).toContain(ids[0]);
    expect(failed.items.every((i) => i.state === 'ERROR')).toBe(true);
    const none = await list(c, { state: 'SUCCESS', form: 'contact us' });
    expect(none.items).toEqual([]);

    const forms = await expectAnswer(c.api.admin.mail.forms.$get());
    expect(forms.forms).toEqual(expect.arrayContaining([{ form: 'list test form', count: ADMIN_MAIL_PAGE_SIZE + 3 }]));

    // Raw: an unknown state, malformed on purpose.
    for (const q of ['state=LOST', 'before=yesterday', `form=${'f'.repeat(101)}`]) {
      expect((await c.get(`/api/admin/mail?${q}`)).status, q).toBe(400);
    }
  });

  it('shows one item with its text, its HTML and its delivery history', async () => {
    const c = await admin();
    const id = await queue({ text: 'Line <one>\nline two' });
    const shown = await expectAnswer(item(c, id));
    expect(shown).toMatchObject({ id, text: 'Line <one>\nline two', state: 'PENDING' });
    expect(shown.html).toContain('Line &lt;one&gt;<br/>line two');
    expect(shown.events).toEqual([expect.objectContaining({ state: 'PENDING', attempt: 0, detail: 'queued' })]);
    expect((await item(c, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await item(c, 'not-a-uuid')).status).toBe(404);
  });

  it('hides the token of a password-reset link, which would let the reader into the account', async () => {
    const c = await admin();
    const email = uniqueEmail('reset');
    await signedInMember(t, { email });
    // Raw: Better Auth's route, which the typed client does not cover.
    const res = await t.client().post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    expect(res.status).toBe(200);
    const stored = (await t.lastMailTo(email, 'password reset'))!;
    const token = /token=([^\s&]+)/.exec(stored.message.text)![1]!;
    expect(token.length).toBeGreaterThan(10);

    const shown = await expectAnswer(item(c, stored.id));
    expect(shown.form).toBe('password reset');
    expect(shown.text).toContain('/reset-password?token=[hidden]');
    expect(shown.html).toContain('/reset-password?token=[hidden]');
    expect(JSON.stringify(shown)).not.toContain(token);
    // The message sent (and sent again on a retry) keeps its link.
    expect((await t.lastMailTo(email, 'password reset'))!.message.html).toContain(token);
  });
});

describe('DELETE /api/admin/mail/:id', () => {
  it('deletes the item and its history, logs what it was and tells the open mail logs', async () => {
    const c = await admin();
    const id = await queue({ subject: 'To be deleted' });
    const events = mailEvents();
    expect(await expectAnswer(remove(c, id))).toEqual({ ok: true });
    expect(await t.db.select().from(mail).where(eq(mail.id, id))).toEqual([]);
    expect(await t.db.select().from(mailEvent).where(eq(mailEvent.mailId, id))).toEqual([]);
    await until(
      async () => events.seen,
      (seen) => seen.some((e) => e.id === id && e.kind === 'deleted'),
    );
    events.stop();

    const log = await activity(c);
    expect(log.entries[0]).toMatchObject({
      action: 'mail.delete',
      target: id,
      actorEmail: ADMIN_EMAIL,
      details: { form: 'new post alert', subject: 'To be deleted', state: 'PENDING' },
    });
    expect((await remove(c, id)).status).toBe(404);
  });
});

describe('mail on the live channel', () => {
  it('announces an add and each state change the worker makes', async () => {
    const { transport, failing } = switchableTransport();
    failing.now = false;
    startWorker(transport);
    const events = mailEvents();
    const id = await queue();
    await until(
      () => stateOf(id),
      (s) => s === 'SUCCESS',
    );
    await until(
      async () => events.seen.filter((e) => e.id === id).length,
      (n) => n >= 3,
    );
    events.stop();
    expect(events.seen.filter((e) => e.id === id).map((e) => e.kind)).toEqual(['created', 'updated', 'updated']);
  });
});

describe('POST /api/admin/mail/:id/retry', () => {
  it('puts a failed item back in line, wakes the worker, and it is delivered', async () => {
    const c = await admin();
    const { transport, failing } = switchableTransport();
    startWorker(transport);
    const id = await queue({ subject: 'Refused at first' });
    await until(
      () => stateOf(id),
      (s) => s === 'ERROR',
    );
    const failed = await expectAnswer(item(c, id));
    expect(failed).toMatchObject({ state: 'ERROR', attempts: 1, error: '550 Mailbox unavailable' });
    expect(failed.endTime).not.toBeNull();

    failing.now = false;
    const retried = await expectAnswer(retry(c, id));
    expect(retried).toMatchObject({ state: 'RETRY', attempts: 1 });
    // The worker polls once an hour here: only the retry's wake-up can have delivered it.
    await until(
      () => stateOf(id),
      (s) => s === 'SUCCESS',
    );
    const delivered = await expectAnswer(item(c, id));
    expect(delivered).toMatchObject({ state: 'SUCCESS', attempts: 2, error: null });
    expect(delivered.events.map((e) => e.state)).toEqual(['PENDING', 'PROCESSING', 'ERROR', 'RETRY', 'PROCESSING', 'SUCCESS']);
    expect(delivered.events[3]!.detail).toBe(`retry asked by ${ADMIN_EMAIL}`);

    const log = await activity(c);
    expect(log.entries[0]).toMatchObject({ action: 'mail.retry', target: id, details: { subject: 'Refused at first' } });
  });

  it('refuses items that have not failed, and unknown ones', async () => {
    const c = await admin();
    const id = await queue();
    expect((await expectAnswer(retry(c, id), 409)).message).toBe('Only a failed (ERROR) item can be retried; this one is PENDING.');
    expect(await stateOf(id)).toBe('PENDING');
    expect((await retry(c, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
