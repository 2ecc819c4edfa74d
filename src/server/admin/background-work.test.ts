import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categoryFollow, jobRun, mail, postCategory } from '../db/schema';
import { testClock, useTestApp } from '../testing/app';
import { authorOf, expectAnswer, insertMember, insertPost, signUpAdmin, uniqueTag } from '../testing/factories';

// The overview's "Background work" panel (decision 030): GET /api/admin/background-work. Who may ask is the
// authorization matrix's (security/authorization-matrix.test.ts); this is what it says.

const clock = testClock(new Date('2031-06-03T10:00:00Z')); // a Tuesday
const t = useTestApp({
  clock,
  // As on a server: digests made here, scheduled backups on, the rate limits pruned.
  config: {
    digestCheckMinutes: 5,
    rateLimitPruneMinutes: 60,
    backup: { dir: path.join(os.tmpdir(), 'fn-background-work-test'), keep: 3, intervalHours: 24 },
  },
});

const HOUR = 3_600_000;

describe('GET /api/admin/background-work', () => {
  it('says when the last digest and backup were made, how long mail has waited, and how each job of the instance goes', async () => {
    // Signed up through the forms, so its confirmation mail waits (below).
    const admin = (await signUpAdmin(t)).c;
    const read = () => expectAnswer(admin.api.admin['background-work'].$get());
    const [oldest] = await t.db
      .select({ date: sql<Date>`min(${mail.date})`.mapWith(mail.date) })
      .from(mail)
      .where(eq(mail.state, 'PENDING'));

    const fresh = await read();
    expect(fresh).toMatchObject({
      now: clock.now().toISOString(),
      digest: { isOn: true, lastMadeAt: null, lastCount: 0 },
      backup: { isOn: true, last: null, lastGoodAt: null },
      mail: { oldestWaitingSince: oldest!.date.toISOString() },
    });
    // The sign-up's mail waits: this app runs no mail worker.
    expect(fresh.mail.waiting).toBeGreaterThan(0);
    expect(fresh.jobs.map((j) => [j.name, j.runs, j.lastSuccessAt])).toEqual([
      ['digest', 0, null],
      ['backup', 0, null],
      ['rate-limit-prune', 0, null],
      ['need-announce', 0, null],
      ['need-widen', 0, null],
      ['need-remind', 0, null],
      ['need-expire', 0, null],
      // Approvals (issue 26): requests whose supervisor's link ran out expire.
      ['need-supervisor-expiry', 0, null],
      // Care teams (issue 27): reminders, offers again, the Sunday summary, clearance notices, the anniversary.
      ['care-remind', 0, null],
      ['care-reoffer', 0, null],
      ['care-summary', 0, null],
      ['clearance-notices', 0, null],
      ['care-anniversary', 0, null],
      ['response-cache-sweep', 0, null],
      // The printables' thumbnails (issue 29), drawn at start.
      ['resource-thumbnails', 0, null],
    ]);

    // A member who follows a category with a new post gets the next Monday's digest.
    const category = `Category ${uniqueTag('')}`;
    await insertPost(t.deps, authorOf(await insertMember(t.db)), { category });
    const [{ id: categoryId }] = (await t.db.select({ id: postCategory.id }).from(postCategory).where(eq(postCategory.name, category))) as [
      { id: number },
    ];
    const reader = await insertMember(t.db);
    await t.db.insert(categoryFollow).values({ uid: reader.id, categoryId });
    clock.set(new Date('2031-06-09T13:05:00Z'));
    expect(await t.jobs.runNow('digest')).toMatchObject({ status: 'done', result: { sent: 1 } });

    // Two scheduled backups, as the job records them: the later one failed.
    await t.db.insert(jobRun).values([
      {
        job: 'backup',
        period: new Date('2031-06-08T00:00:00Z'),
        instance: 'one',
        startedAt: new Date('2031-06-08T00:00:30Z'),
        finishedAt: new Date('2031-06-08T00:01:10Z'),
        result: { file: 'foster-network-20310608-000030Z.tar.gz', bytes: 123_456, sha256: 'ab'.repeat(32) },
      },
      {
        job: 'backup',
        period: new Date('2031-06-09T00:00:00Z'),
        instance: 'two',
        startedAt: new Date('2031-06-09T00:00:20Z'),
        finishedAt: new Date('2031-06-09T00:00:21Z'),
        error: 'ENOSPC: no space left on device',
      },
    ]);
    // The rate limits' table is away for one run.
    await t.jobs.runNow('rate-limit-prune');
    clock.advance(HOUR);
    await t.db.execute(sql`alter table rate_limit rename to rate_limit_away`);
    try {
      expect(await t.jobs.runNow('rate-limit-prune')).toMatchObject({ status: 'failed' });
    } finally {
      await t.db.execute(sql`alter table rate_limit_away rename to rate_limit`);
    }

    const later = await read();
    expect(later).toMatchObject({
      now: '2031-06-09T14:05:00.000Z',
      digest: { lastMadeAt: '2031-06-09T13:05:00.000Z', lastCount: 1 },
      backup: {
        last: {
          startedAt: '2031-06-09T00:00:20.000Z',
          finishedAt: '2031-06-09T00:00:21.000Z',
          file: null,
          error: 'ENOSPC: no space left on device',
        },
        lastGoodAt: '2031-06-08T00:01:10.000Z',
      },
      mail: { oldestWaitingSince: oldest!.date.toISOString() },
    });
    expect(later.jobs.find((j) => j.name === 'digest')).toMatchObject({ runs: 1, failures: 0, lastSuccessAt: '2031-06-09T13:05:00.000Z' });
    expect(later.jobs.find((j) => j.name === 'rate-limit-prune')).toMatchObject({
      runs: 2,
      failures: 1,
      lastSuccessAt: '2031-06-09T13:05:00.000Z',
      lastFailureAt: '2031-06-09T14:05:00.000Z',
      lastError: expect.stringContaining('rate_limit'),
    });
  });
});
