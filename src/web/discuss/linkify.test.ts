import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('finds http and https addresses and leaves the rest as text', () => {
    expect(linkify('See https://example.org/a?b=1#c and http://x.test.')).toEqual([
      { text: 'See ' },
      { url: 'https://example.org/a?b=1#c' },
      { text: ' and ' },
      { url: 'http://x.test' },
      { text: '.' },
    ]);
  });

  it('keeps brackets that belong to the address and drops those around it', () => {
    expect(linkify('(https://en.wikipedia.org/wiki/Foster_care_(US))')).toEqual([
      { text: '(' },
      { url: 'https://en.wikipedia.org/wiki/Foster_care_(US)' },
      { text: ')' },
    ]);
  });

  it('never makes links of other schemes or of markup', () => {
    for (const text of ['javascript:alert(1)', '<a href="https://x.test">x</a>', 'data:text/html,hi', 'ftp://x.test']) {
      const parts = linkify(text);
      expect(parts.filter((p) => 'url' in p && !p.url.startsWith('https://x.test'))).toEqual([]);
    }
    expect(linkify('<img src=x onerror=alert(1)>')).toEqual([{ text: '<img src=x onerror=alert(1)>' }]);
  });

  it('keeps line breaks in the text parts', () => {
    expect(linkify('one\ntwo')).toEqual([{ text: 'one\ntwo' }]);
    expect(linkify('')).toEqual([]);
  });
});
