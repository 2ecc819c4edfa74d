import { describe, expect, it } from 'vitest';
import { COUNT_SOURCE_MAX, COUNT_YEAR_MIN, SOURCE_URL_MAX, STATE_COUNT_MAX } from './states';
import { stateStatUpdateSchema } from './state-stat';

// The limits' messages are the catalog's ids, so they write their numbers out: they must say the limits.
describe('stateStatUpdateSchema', () => {
  it('names its limits as they are', () => {
    const none = { countSource: null, countYear: null };
    const count = stateStatUpdateSchema.safeParse({ count: STATE_COUNT_MAX + 1, sourceUrl: null, ...none });
    expect(count.error?.issues[0]?.message).toBe(`A count is at most ${STATE_COUNT_MAX.toLocaleString('en-US')}`);
    const url = stateStatUpdateSchema.safeParse({ count: 1, sourceUrl: `https://example.org/${'x'.repeat(SOURCE_URL_MAX)}`, ...none });
    expect(url.error?.issues[0]?.message).toBe(`At most ${SOURCE_URL_MAX} characters`);
    const source = stateStatUpdateSchema.safeParse({
      count: 1,
      sourceUrl: null,
      countSource: 'x'.repeat(COUNT_SOURCE_MAX + 1),
      countYear: null,
    });
    expect(source.error?.issues[0]?.message).toBe(`At most ${COUNT_SOURCE_MAX} characters`);
    const year = stateStatUpdateSchema.safeParse({ count: 1, sourceUrl: null, countSource: null, countYear: COUNT_YEAR_MIN - 1 });
    expect(year.error?.issues[0]?.message).toBe(`Enter a year from ${COUNT_YEAR_MIN} on`);
  });
});
