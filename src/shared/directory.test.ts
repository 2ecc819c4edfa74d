import { describe, expect, it } from 'vitest';
import {
  DIRECTORY_QUERY_MAX,
  DIRECTORY_TERMS_MAX,
  directoryFilterFromParams,
  directoryFilterToParams,
  directoryQuerySchema,
  directorySearchTerms,
  isFiltered,
} from './directory';

describe('the directory filter in the address', () => {
  it('reads what the page writes, and writes only what is set, in a fixed order', () => {
    const filter = { q: 'grace miller', foster: true, credentialed: true, state: 'MO' as const };
    const params = directoryFilterToParams(filter);
    expect(params.toString()).toBe('q=grace+miller&foster=1&credentialed=1&state=MO');
    expect(directoryFilterFromParams(params)).toEqual(filter);
    expect(directoryFilterToParams({ q: '  ', foster: false, credentialed: false, state: '' }).toString()).toBe('');
  });

  it('ignores what it does not understand instead of failing, so any shared link opens', () => {
    const filter = directoryFilterFromParams(new URLSearchParams('q=%20ruth%20&foster=yes&credentialed=true&state=mo&x=1'));
    expect(filter).toEqual({ q: 'ruth', foster: false, credentialed: true, state: 'MO' });
    expect(directoryFilterFromParams(new URLSearchParams('state=XX')).state).toBe('');
    expect(directoryFilterFromParams(new URLSearchParams(`q=${'a'.repeat(300)}`)).q).toHaveLength(DIRECTORY_QUERY_MAX);
    expect(isFiltered(directoryFilterFromParams(new URLSearchParams('')))).toBe(false);
    expect(isFiltered(directoryFilterFromParams(new URLSearchParams('state=TX')))).toBe(true);
  });
});

describe('the API query', () => {
  it('turns switches on with 1 or true and accepts a state in any case', () => {
    expect(directoryQuerySchema.parse({ foster: '1', credentialed: 'false', state: 'tx' })).toEqual({
      q: '',
      foster: true,
      credentialed: false,
      state: 'TX',
    });
  });

  it('refuses unknown states, other switch values and odd list positions', () => {
    for (const input of [{ state: 'XX' }, { state: 'NONE' }, { foster: 'yes' }, { after: 'a b' }, { after: '' }]) {
      expect(directoryQuerySchema.safeParse(input).success, JSON.stringify(input)).toBe(false);
    }
  });
});

describe('search words', () => {
  it('are the letters and digits, lower case, each once, at most a few', () => {
    expect(directorySearchTerms("  Mary-Jane O'Brien, mary 2nd  ")).toEqual(['mary', 'jane', 'o', 'brien', '2nd']);
    expect(directorySearchTerms('Zoë Ünal')).toEqual(['zoë', 'ünal']);
    expect(directorySearchTerms('% _ * ( )')).toEqual([]);
    expect(directorySearchTerms('a b c d e f g h i j k')).toHaveLength(DIRECTORY_TERMS_MAX);
  });
});
