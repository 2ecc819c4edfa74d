import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rateLimit } from '../db/schema';
import { recordingLogger } from '../testing/recording-logger';
import { testClock, useTestApp } from '../testing/app';
import { createJobRunner } from '../jobs';
import { rateLimitPruneJob } from '../site-jobs';
import { AppError } from '../http/errors';
import { i18nFor } from '../i18n';
import { CARE_TASK_RATE_MESSAGE } from './rules';
import { CARE_TASKS_PER_HOUR } from '../../shared/care';

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

describe('what a limit says (issue 28)', () => {
  it('a message with its number is the English text the routes pass, answered in Spanish to a Spanish asker', async () => {
    expect(CARE_TASK_RATE_MESSAGE).toBe(`You can add up to ${CARE_TASKS_PER_HOUR} tasks an hour. Please try again later.`);
    const once = { limit: 1, windowMs: HOUR };
    await t.limiter.hit([{ key: 'words-test', rule: once }], CARE_TASK_RATE_MESSAGE);
    const refused: unknown = await t.limiter.hit([{ key: 'words-test', rule: once }], CARE_TASK_RATE_MESSAGE).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    const error = refused as AppError;
    expect(error.toJSON(i18nFor('es'))).toEqual({
      code: 'RATE_LIMITED',
      message: `Puede agregar hasta ${CARE_TASKS_PER_HOUR} tareas por hora. Vuelva a intentarlo más tarde.`,
    });
    expect(error.toJSON(i18nFor('en')).message).toBe(CARE_TASK_RATE_MESSAGE);
  });

  it('the limiter’s own answer (no message given) is in Spanish too', async () => {
    const once = { limit: 1, windowMs: HOUR };
    await t.limiter.hit([{ key: 'words-test-default', rule: once }]);
    const refused = (await t.limiter.hit([{ key: 'words-test-default', rule: once }]).catch((err: unknown) => err)) as AppError;
    expect(refused.toJSON(i18nFor('es')).message).toBe('Demasiados intentos. Espere un poco y vuelva a intentarlo.');
    expect(refused.toJSON(i18nFor('en')).message).toBe('Too many attempts. Please wait a little and try again.');
  });
});
