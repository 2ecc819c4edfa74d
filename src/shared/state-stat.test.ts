import { describe, expect, it } from 'vitest';
import { SOURCE_URL_MAX, STATE_COUNT_MAX } from './states';
import { stateStatUpdateSchema } from './state-stat';

// The limits' messages are the catalog's ids, so they write their numbers out: they must say the limits.
describe('stateStatUpdateSchema', () => {
  it('names its limits as they are', () => {
    const count = stateStatUpdateSchema.safeParse({ count: STATE_COUNT_MAX + 1, sourceUrl: null });
    expect(count.error?.issues[0]?.message).toBe(`A count is at most ${STATE_COUNT_MAX.toLocaleString('en-US')}`);
    const url = stateStatUpdateSchema.safeParse({ count: 1, sourceUrl: `https://example.org/${'x'.repeat(SOURCE_URL_MAX)}` });
    expect(url.error?.issues[0]?.message).toBe(`At most ${SOURCE_URL_MAX} characters`);
  });
});
