import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rateLimit } from '../db/schema';
import { recordingLogger } from '../testing/recording-logger';
import { testClock, useTestApp } from '../testing/app';
import { createJobRunner } from '../jobs';
import { rateLimitPruneJob } from '../site-jobs';

// Issue 23, defect 8: nothing called prune(), so the rate_limit table kept every window of every client.

const clock = testClock();
const t = useTestApp({ clock });
const HOUR = 60 * 60_000;
const rule = { limit: 5, windowMs: 15 * 60_000 };

const keys = async () =>
  (await t.db.select({ key: rateLimit.key }).from(rateLimit).where(like(rateLimit.key, 'prune-test:%'))).map((r) => r.key).sort();

describe('pruning the rate limits', () => {
  it('the running server drops windows that ended over a day ago, now and then, and stops when asked', async () => {
    await t.limiter.hit([{ key: 'prune-test:old', rule }]);
    await t.limiter.useOnce('prune-test:used-token', new Date(t.clock.now().getTime() + HOUR));
    clock.advance(26 * HOUR);
    await t.limiter.hit([{ key: 'prune-test:recent', rule }]);
    expect(await keys()).toEqual(['prune-test:old', 'prune-test:recent', 'prune-test:used-token']);

    const { logger, lines } = recordingLogger();
    const pruning = createJobRunner({ db: t.db, clock, logger }).add(rateLimitPruneJob(t.limiter, logger, 20));
    pruning.start();
    await expect.poll(keys).toEqual(['prune-test:recent']);
    expect(lines.filter((l) => l.level === 'error' || l.level === 'warn')).toEqual([]);

    await pruning.stop();
    clock.advance(26 * HOUR);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await keys()).toEqual(['prune-test:recent']);
  });
});
