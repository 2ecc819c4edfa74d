import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fromPostgres } from '../db/client';
import { categoryFollow, digestRun, mail, postCategory, profile, user } from '../db/schema';
import type { Logger } from '../logger';
import { MAIL_FORMS } from '../mail';
import { createDbOutbox } from '../mail/db-outbox';
import { parseMessage, startTestSmtpServer } from '../mail/test-support';
import { createMailTransport } from '../mail/transport';
import { MailWorker } from '../mail/worker';
import { testClock, useTestApp } from '../testing/app';
import { authorOf, expectJson, insertMember, insertPost, insertResponse, signedInMember, uniqueTag } from '../testing/factories';
import { dueMembers, makeDigest, periodEnd, startRun } from './digest';
import { createJobRunner } from '../jobs';
import { digestJob } from '../site-jobs';
import { makeDueDigests } from './due-digests';
import { readUnsubscribeToken } from './unsubscribe-token';
import { recordingLogger } from '../testing/recording-logger';

// The digest job with time moved by the test clock, on the run's database (PGlite, or PostgreSQL with
// DATABASE_URL). Every test runs the job over the whole database, so each checks its own members; the clock
// only moves forward, each test in weeks of its own.

const clock = testClock(new Date('2031-02-26T10:00:00Z'));
const t = useTestApp({ clock });

const HOUR = 3_600_000;
const at = (iso: string) => clock.set(new Date(iso));

/** The digest job's work, as one instance runs it at each look. */
function schedule(options: { batchSize?: number; logger?: Logger } = {}) {
  const deps = { ...t.deps, logger: options.logger ?? t.deps.logger };
  return { runDue: () => makeDueDigests(deps, { instance: 'test-instance', batchSize: options.batchSize }) };
}

const digestsTo = (email: string) =>
  t.db
    .select()
    .from(mail)
    .where(and(eq(mail.to, email), eq(mail.form, MAIL_FORMS.digest)))
    .orderBy(asc(mail.date));

/** The posts a digest mail links to, in its order. */
const postsIn = (m: { message: { text: string } }) => [...m.message.text.matchAll(/\/discuss\/(\d+)\n/g)].map((x) => Number(x[1]));

async function categoryId(name: string): Promise<number> {
  const [row] = await t.db
    .select({ id: postCategory.id })
    .from(postCategory)
    .where(sql`lower(${postCategory.name}) = lower(${name})`);
  return row!.id;
}

/** A member written straight to the database, following these categories. */
async function follower(...categories: number[]) {
  const m = await insertMember(t.db);
  for (const categoryId of categories) await t.db.insert(categoryFollow).values({ uid: m.id, categoryId });
  return m;
}

/** A category of the test's own, and a member who writes in it. */
async function newCategory() {
  const name = `Category ${uniqueTag('')}`;
  const writer = authorOf(await insertMember(t.db), { firstName: 'Ruth', lastName: 'Nguyen' });
  const first = await insertPost(t.deps, writer, { category: name });
  return { name, id: await categoryId(name), writer, first };
}

describe('digest periods', () => {
  it('end daily at 13:00 UTC and weekly on Mondays at 13:00 UTC', () => {
    expect(periodEnd('daily', new Date('2031-03-05T12:59:59Z'))).toEqual(new Date('2031-03-04T13:00:00Z'));
    expect(periodEnd('daily', new Date('2031-03-05T13:00:00Z'))).toEqual(new Date('2031-03-05T13:00:00Z'));
    // 3 March 2031 is a Monday.
    expect(periodEnd('weekly', new Date('2031-03-03T12:59:59Z'))).toEqual(new Date('2031-02-24T13:00:00Z'));
    expect(periodEnd('weekly', new Date('2031-03-03T13:00:00Z'))).toEqual(new Date('2031-03-03T13:00:00Z'));
    expect(periodEnd('weekly', new Date('2031-03-09T23:00:00Z'))).toEqual(new Date('2031-03-03T13:00:00Z'));
  });
});

describe('the digest', () => {
  it('lists new posts of followed categories and the most active posts, never their own or unfollowed, and goes over SMTP with both headers', async () => {
    at('2031-02-27T10:00:00Z');
    const older = await insertPost(t.deps, authorOf(await insertMember(t.db)), { category: 'General', title: 'Older but busy' });

    at('2031-03-04T09:00:00Z');
    const reader = await signedInMember(t, { profile: { firstName: 'Ana', lastName: 'Reyes' } });
    const writer = authorOf(await insertMember(t.db), { firstName: 'Ruth', lastName: 'Nguyen' });
    const prayer = `Prayer requests ${uniqueTag('')}`;
    const fresh = await insertPost(t.deps, writer, {
      category: prayer,
      title: 'Pray for <b>Sam</b> & his court date',
      body: `${'A long wait for the hearing. '.repeat(12)}Thank you all.`,
    });
    const unfollowed = await insertPost(t.deps, writer, { category: prayer, title: 'A post the reader unfollowed' });
    const busy = await insertPost(t.deps, writer, { category: 'General', title: 'Busy this week' });
    // Followed through the API, as the member would.
    await expectJson(await reader.c.put(`/api/post-categories/${await categoryId(prayer)}/follow`));
    await expectJson(await reader.c.delete(`/api/posts/${unfollowed}/follow`));
    const own = await insertPost(t.deps, authorOf(reader, { firstName: 'Ana', lastName: 'Reyes' }), { category: prayer, title: 'Mine' });

    at('2031-03-05T09:00:00Z');
    const others = await Promise.all([1, 2, 3, 4].map(async () => authorOf(await insertMember(t.db))));
    for (const o of others) await insertResponse(t.deps, o, own); // their own post: the busiest, and still left out
    for (const o of others.slice(0, 3)) await insertResponse(t.deps, o, busy);
    for (const o of others.slice(0, 2)) await insertResponse(t.deps, o, older);
    await insertResponse(t.deps, others[0]!, fresh); // listed as new already
    await insertResponse(t.deps, others[0]!, unfollowed);
    // After the period's end: the next digest's.
    at('2031-03-10T13:30:00Z');
    const late = await insertPost(t.deps, writer, { category: prayer, title: 'Too late for this one' });

    at('2031-03-10T13:35:00Z');
    const summary = await schedule().runDue();
    expect(summary).toMatchObject({ failed: 0, stopped: false });
    const [digest, ...more] = await digestsTo(reader.email);
    expect(more).toEqual([]);
    expect(postsIn(digest!)).toEqual([fresh, busy, older]);
    expect(postsIn(digest!)).not.toContain(late);
    const text = digest!.message.text;
    expect(digest!.message.subject).toBe('Your weekly forum digest: 3 posts for you');
    expect(text).toContain('since Monday, March 3.');
    expect(text).toContain(
      `New in the categories you follow:\n\nPray for <b>Sam</b> & his court date:\n${t.config.publicUrl}/discuss/${fresh}`,
    );
    expect(text).toContain(`In ${prayer}, by Ruth Nguyen`);
    expect(text).toMatch(/> A long wait for the hearing\. .{100,200}…\n/);
    expect(text).toContain('3 new responses, in General');
    expect(text).toContain('2 new responses, in General');
    expect(text).toContain(`${t.config.publicUrl}/settings/notifications`);
    expect(digest!.message.html).toContain('Pray for &lt;b&gt;Sam&lt;/b&gt; &amp; his court date');
    expect(digest!.message.html).not.toContain('<b>Sam');

    // The signed link turns off the digest, and the page's link carries the same token.
    const listUnsubscribe = digest!.message.headers!['List-Unsubscribe']!;
    const token = new URL(/^<(.+)>$/.exec(listUnsubscribe)![1]!).searchParams.get('token')!;
    expect(readUnsubscribeToken(t.config.sessionSecret, token, clock.now())).toMatchObject({ uid: reader.id, kind: 'digest' });
    expect(text).toContain(`${t.config.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`);

    // What it listed is recorded with the member's period.
    expect(await t.db.select().from(digestRun).where(eq(digestRun.uid, reader.id))).toEqual([
      expect.objectContaining({
        periodEnd: new Date('2031-03-10T13:00:00Z'),
        since: new Date('2031-03-03T13:00:00Z'),
        frequency: 'weekly',
        postCount: 3,
        newPosts: [fresh],
        activePosts: [busy, older],
      }),
    ]);

    // The mail really goes, with text and HTML parts and both unsubscribe headers.
    const smtp = await startTestSmtpServer();
    const transport = createMailTransport({ smtpUrl: smtp.url, dataDir: '/nonexistent', mailFrom: 'Network <no-reply@network.example>' });
    const worker = new MailWorker({ db: t.db, transport, clock, logger: t.deps.logger, pollMs: 3_600_000 });
    try {
      await worker.runOnce();
      // The reader's other mail (their address's confirmation, responses to their post) goes too.
      const received = smtp.received.map((m) => ({ to: m.to, ...parseMessage(m.raw) }));
      const digests = received.filter((m) => m.to.includes(reader.email) && m.headers.get('subject') === digest!.message.subject);
      expect(digests).toHaveLength(1);
      const parsed = digests[0]!;
      expect(parsed.headers.get('list-unsubscribe')).toBe(listUnsubscribe);
      expect(parsed.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(parsed.parts.get('text/plain')).toContain(`${t.config.publicUrl}/discuss/${fresh}`);
      expect(parsed.parts.get('text/html')).toContain(`href="${t.config.publicUrl}/discuss/${busy}"`);
      expect(parsed.parts.get('text/html')).toContain('Pray for &lt;b&gt;Sam&lt;/b&gt;');
    } finally {
      await transport.close();
      await smtp.close();
    }
  });

  it('lists each post once, makes one digest per period however often the job looks, and sends nothing when nothing is new', async () => {
    at('2031-03-11T09:00:00Z');
    const c = await newCategory();
    const reader = await follower(c.id);
    const talker = authorOf(await insertMember(t.db));
    const first = await insertPost(t.deps, c.writer, { category: c.name });
    for (let i = 0; i < 3; i++) await insertResponse(t.deps, talker, c.first);

    at('2031-03-17T13:05:00Z');
    const job = schedule();
    await job.runDue();
    clock.advance(2 * HOUR);
    expect((await job.runDue()).sent).toBe(0);
    const [week1, ...none] = await digestsTo(reader.email);
    expect(none).toEqual([]);
    expect(new Set(postsIn(week1!))).toEqual(new Set([c.first, first]));

    // The next week: the same post is the busiest again, and is not listed again; a new one is.
    at('2031-03-18T09:00:00Z');
    for (let i = 0; i < 5; i++) await insertResponse(t.deps, talker, c.first);
    const second = await insertPost(t.deps, c.writer, { category: c.name });
    at('2031-03-24T13:05:00Z');
    await job.runDue();
    const weeks = await digestsTo(reader.email);
    expect(weeks).toHaveLength(2);
    expect(postsIn(weeks[1]!)).toContain(second);
    expect(postsIn(weeks[1]!)).not.toContain(c.first);
    expect(postsIn(weeks[1]!)).not.toContain(first);

    // A week with nothing new: no mail, and the period is done all the same.
    at('2031-03-31T13:05:00Z');
    await job.runDue();
    expect(await digestsTo(reader.email)).toHaveLength(2);
    const [quiet] = await t.db
      .select()
      .from(digestRun)
      .where(and(eq(digestRun.uid, reader.id), eq(digestRun.periodEnd, new Date('2031-03-31T13:00:00Z'))));
    expect(quiet).toMatchObject({ frequency: 'weekly', postCount: 0, since: new Date('2031-03-24T13:00:00Z') });
    expect((await job.runDue()).empty).toBe(0);
  });

  it('goes to nobody whose address is unconfirmed, who is suspended or deleted, or whose digest is off', async () => {
    at('2031-04-01T09:00:00Z');
    const c = await newCategory();
    const confirmed = await follower(c.id);
    const unconfirmed = await insertMember(t.db, { emailVerified: false });
    const suspended = await follower(c.id);
    const deleted = await follower(c.id);
    const off = await signedInMember(t);
    for (const m of [unconfirmed, off]) await t.db.insert(categoryFollow).values({ uid: m.id, categoryId: c.id });
    await t.db.update(profile).set({ suspendedAt: clock.now() }).where(eq(profile.uid, suspended.id));
    await expectJson(await off.c.put('/api/notifications/preferences', { digest: 'off' }));
    await insertPost(t.deps, c.writer, { category: c.name });
    await t.db.delete(user).where(eq(user.id, deleted.id));

    at('2031-04-07T13:05:00Z');
    await schedule().runDue();
    expect(await digestsTo(confirmed.email)).toHaveLength(1);
    for (const m of [unconfirmed, suspended, deleted, off]) expect(await digestsTo(m.email), m.email).toEqual([]);
    const runs = await t.db
      .select({ uid: digestRun.uid })
      .from(digestRun)
      .where(eq(digestRun.periodEnd, new Date('2031-04-07T13:00:00Z')));
    for (const m of [unconfirmed, suspended, off]) expect(runs.map((r) => r.uid)).not.toContain(m.id);
    // Nor are they due at the next look (each look would read them again).
    expect(await schedule().runDue()).toEqual({ sent: 0, empty: 0, skipped: 0, failed: 0, stopped: false });
  });

  it('skips a member suspended, or whose digest changed, after their batch was read', async () => {
    at('2031-04-08T08:00:00Z');
    const c = await newCategory();
    const suspended = await follower(c.id);
    const changed = await signedInMember(t);
    await t.db.insert(categoryFollow).values({ uid: changed.id, categoryId: c.id });
    at('2031-04-14T13:01:00Z');
    const run = startRun(clock.now(), 'test');
    const due = await dueMembers(t.db, run, { after: '', limit: 100_000 });
    const [a, b] = [suspended, changed].map((m) => due.find((d) => d.uid === m.id)!);
    expect(a && b).toBeTruthy();
    await t.db.update(profile).set({ suspendedAt: clock.now() }).where(eq(profile.uid, suspended.id));
    await expectJson(await changed.c.put('/api/notifications/preferences', { digest: 'daily' }));
    expect(await makeDigest(t.deps, run, a!)).toBe('skipped');
    expect(await makeDigest(t.deps, run, b!)).toBe('skipped');
    expect(
      await t.db
        .select()
        .from(digestRun)
        .where(inArray(digestRun.uid, [suspended.id, changed.id])),
    ).toEqual([]);
    await t.db.update(profile).set({ suspendedAt: null }).where(eq(profile.uid, suspended.id));
  });

  it('makes one digest per member when two instances run the job at once, in batches', async () => {
    at('2031-04-08T09:00:00Z');
    const c = await newCategory();
    const members = await Promise.all(Array.from({ length: 40 }, () => follower(c.id)));
    await insertPost(t.deps, c.writer, { category: c.name });

    at('2031-04-14T13:05:00Z');
    // The second instance: its own connection on PostgreSQL, the same embedded database otherwise.
    const other = t.database.url ? fromPostgres(t.database.url, 2) : t.database;
    try {
      const first = schedule({ batchSize: 7 });
      const deps = { ...t.deps, database: other, outbox: createDbOutbox(other.db, clock) };
      const [a, b] = await Promise.all([first.runDue(), makeDueDigests(deps, { instance: 'other-instance', batchSize: 7 })]);
      expect(a.failed + b.failed).toBe(0);
      for (const m of members) expect(await digestsTo(m.email), m.email).toHaveLength(1);
      // Every digest queued is one run's, whichever instance made it.
      const end = new Date('2031-04-14T13:00:00Z');
      const made = await t.db
        .select({ uid: digestRun.uid, instance: digestRun.instance, postCount: digestRun.postCount })
        .from(digestRun)
        .where(eq(digestRun.periodEnd, end));
      const queued = await t.db
        .select({ to: mail.to })
        .from(mail)
        .where(and(eq(mail.form, MAIL_FORMS.digest), eq(mail.date, clock.now())));
      expect(queued).toHaveLength(made.filter((r) => r.postCount > 0).length);
      expect(a.sent + b.sent).toBe(queued.length);
      // Each period's run was made by one instance: the other counts it as taken, not as its own.
      expect(a.sent + a.empty + b.sent + b.empty).toBe(made.length);
      expect(made.filter((r) => members.some((m) => m.id === r.uid))).toHaveLength(members.length);
    } finally {
      if (other !== t.database) await other.close();
    }
  });

  it('misses nothing and repeats nothing when a member switches between weekly and daily', async () => {
    at('2031-04-15T09:00:00Z');
    const c = await newCategory();
    const early = await signedInMember(t); // switches before the day's digest hour
    const late = await signedInMember(t); // switches after it
    for (const m of [early, late]) await t.db.insert(categoryFollow).values({ uid: m.id, categoryId: c.id });
    const job = schedule();
    at('2031-04-21T13:05:00Z');
    await job.runDue(); // their weekly digest, with the category's first post
    for (const m of [early, late]) expect(postsIn((await digestsTo(m.email))[0]!)).toEqual([c.first]);

    at('2031-04-22T09:00:00Z');
    const tuesday = await insertPost(t.deps, c.writer, { category: c.name });
    at('2031-04-23T09:00:00Z');
    const wednesday = await insertPost(t.deps, c.writer, { category: c.name });
    await expectJson(await early.c.put('/api/notifications/preferences', { digest: 'daily' }));
    at('2031-04-23T14:00:00Z');
    await expectJson(await late.c.put('/api/notifications/preferences', { digest: 'daily' }));
    at('2031-04-23T14:05:00Z');
    await job.runDue();
    // Daily from today's period for the one who switched before it ended, from Monday's digest on.
    expect(postsIn((await digestsTo(early.email))[1]!)).toEqual([wednesday, tuesday]);
    expect(await digestsTo(late.email)).toHaveLength(1);
    expect(await job.runDue()).toMatchObject({ sent: 0, skipped: 0 });

    at('2031-04-24T09:00:00Z');
    const thursday = await insertPost(t.deps, c.writer, { category: c.name });
    at('2031-04-24T13:05:00Z');
    await job.runDue();
    expect(postsIn((await digestsTo(early.email))[2]!)).toEqual([thursday]);
    expect(postsIn((await digestsTo(late.email))[1]!)).toEqual([thursday, wednesday, tuesday]);

    // Back to weekly: Monday's digest starts where Thursday's ended.
    await expectJson(await early.c.put('/api/notifications/preferences', { digest: 'weekly' }));
    at('2031-04-25T09:00:00Z');
    const friday = await insertPost(t.deps, c.writer, { category: c.name });
    at('2031-04-28T13:05:00Z');
    await job.runDue();
    const weekly = await digestsTo(early.email);
    expect(weekly).toHaveLength(4);
    expect(postsIn(weekly[3]!)).toEqual([friday]);
    expect(weekly[3]!.message.subject).toBe('Your weekly forum digest: 1 post for you');
  });

  it("stops after its one-click unsubscribe (a mail program's POST, no cookie), and comes back with undo", async () => {
    at('2031-04-29T09:00:00Z');
    const c = await newCategory();
    const reader = await follower(c.id);
    const job = schedule();
    at('2031-05-05T13:05:00Z');
    await job.runDue();
    const [digest] = await digestsTo(reader.email);
    const url = new URL(/^<(.+)>$/.exec(digest!.message.headers!['List-Unsubscribe']!)![1]!);
    const oneClick = (extra = '') =>
      t.app.request(`${url.pathname}${url.search}${extra}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    expect(await expectJson(await oneClick())).toEqual({ kind: 'digest', label: 'The digest of new posts', mail: false });

    at('2031-05-06T09:00:00Z');
    const unseen = await insertPost(t.deps, c.writer, { category: c.name });
    at('2031-05-12T13:05:00Z');
    await job.runDue();
    expect(await digestsTo(reader.email)).toHaveLength(1);

    // Undone: back to weekly, from the next period on, with what it missed in between (two weeks at most).
    expect(await expectJson(await oneClick('&undo=1'))).toMatchObject({ mail: true });
    at('2031-05-13T09:00:00Z');
    const next = await insertPost(t.deps, c.writer, { category: c.name });
    at('2031-05-19T13:05:00Z');
    await job.runDue();
    const after = await digestsTo(reader.email);
    expect(after).toHaveLength(2);
    expect(postsIn(after[1]!)).toEqual([next, unseen]);
  });

  it('goes on with the other members when one fails, and tries that one again at the next look', async () => {
    at('2031-05-20T09:00:00Z');
    const c = await newCategory();
    const before = await follower(c.id);
    // An address the outbox refuses: this member's digest fails every time.
    const broken = await insertMember(t.db, { email: `not an address ${uniqueTag('')}` });
    await t.db.insert(categoryFollow).values({ uid: broken.id, categoryId: c.id });
    const after = await follower(c.id);
    await insertPost(t.deps, c.writer, { category: c.name });

    at('2031-05-26T13:05:00Z');
    const { logger, lines } = recordingLogger();
    const job = schedule({ logger, batchSize: 2 });
    const summary = await job.runDue();
    expect(summary).toMatchObject({ failed: 1, stopped: false });
    for (const m of [before, after]) expect(await digestsTo(m.email)).toHaveLength(1);
    expect(lines.filter((l) => l.level === 'error')).toEqual([
      expect.objectContaining({ msg: 'digest failed for a member', fields: expect.objectContaining({ uid: broken.id }) }),
    ]);
    // Nothing of it was kept: the next look tries again.
    expect(await t.db.select().from(digestRun).where(eq(digestRun.uid, broken.id))).toEqual([]);
    expect(await job.runDue()).toMatchObject({ failed: 1, sent: 0 });
    await t.db.delete(user).where(eq(user.id, broken.id));
  });

  it('is made by the started job at once, and stop waits for it', async () => {
    at('2031-05-27T09:00:00Z');
    const c = await newCategory();
    const reader = await follower(c.id);
    at('2031-06-02T13:05:00Z');
    const jobs = createJobRunner({ db: t.db, clock, logger: t.deps.logger }).add(digestJob(t.deps, { everyMs: 60_000 }));
    jobs.start();
    await jobs.stop();
    expect(jobs.status('digest')).toMatchObject({ runs: 1, failures: 0 });
    expect(await digestsTo(reader.email)).toHaveLength(1);
  });
});

describe('the digest in its reader’s language', () => {
  it('is in Spanish for a member who chose Spanish, dates and plurals included; English for the others', async () => {
    at('2031-07-02T09:00:00Z');
    const c = await newCategory();
    const lector = await follower(c.id);
    await t.db.update(user).set({ locale: 'es' }).where(eq(user.id, lector.id));
    const reader = await follower(c.id);
    const second = await insertPost(t.deps, c.writer, { category: c.name, title: 'Una cena para la familia' });

    at('2031-07-07T13:35:00Z');
    await schedule().runDue();
    const [spanish] = await digestsTo(lector.email);
    expect(spanish!.message.subject).toBe('Su resumen semanal del foro: 2 publicaciones para usted');
    expect(spanish!.message.text).toContain('Esto es lo nuevo en el foro de Foster Care Network desde el lunes, 30 de junio.');
    expect(spanish!.message.text).toContain('Nuevo en las categorías que usted sigue:');
    expect(spanish!.message.text).toContain(`En ${c.name}, por Ruth Nguyen`);
    // What members wrote stays as they wrote it.
    expect(spanish!.message.text).toContain('Una cena para la familia');
    expect(spanish!.message.html).toContain('<html lang="es">');
    expect(postsIn(spanish!)).toEqual([second, c.first]);

    const [english] = await digestsTo(reader.email);
    expect(english!.message.subject).toBe('Your weekly forum digest: 2 posts for you');
    expect(english!.message.text).toContain('Here is what is new on the Foster Care Network forum since Monday, June 30.');
    expect(english!.message.html).toContain('<html lang="en">');
  });

  it('names a seeded category in the reader’s language, a member’s own as written', async () => {
    at('2031-08-06T09:00:00Z');
    const prayer = await categoryId('Prayer requests');
    const c = await newCategory();
    const lector = await follower(prayer, c.id);
    await t.db.update(user).set({ locale: 'es' }).where(eq(user.id, lector.id));
    const reader = await follower(prayer);
    const asked = await insertPost(t.deps, c.writer, { category: 'Prayer requests', title: 'Oren por la audiencia' });
    const busy = await insertPost(t.deps, c.writer, { category: 'Questions and advice', title: 'Una pregunta muy comentada' });
    for (const n of [1, 2]) await insertResponse(t.deps, authorOf(await insertMember(t.db)), busy, { body: `Respuesta ${n}` });

    at('2031-08-11T13:35:00Z');
    await schedule().runDue();
    const [spanish] = await digestsTo(lector.email);
    expect(postsIn(spanish!)).toEqual([asked, c.first, busy]);
    expect(spanish!.message.text).toContain('En Peticiones de oración, por Ruth Nguyen');
    expect(spanish!.message.text).toContain(`En ${c.name}, por Ruth Nguyen`);
    expect(spanish!.message.text).toContain('2 respuestas nuevas, en Preguntas y consejos');
    expect(spanish!.message.text).not.toMatch(/Prayer requests|Questions and advice/);

    const [english] = await digestsTo(reader.email);
    expect(english!.message.text).toContain('In Prayer requests, by Ruth Nguyen');
    expect(english!.message.text).toContain('2 new responses, in Questions and advice');
  });
});
