import { describe, expect, it } from 'vitest';
import { safeNextPath, signInPathFor } from './safe-next';

const origin = 'https://network.example';

describe('safeNextPath', () => {
  it('keeps a path on this site, with its query', () => {
    expect(safeNextPath('/directory?state=TX', origin)).toBe('/directory?state=TX');
  });

  it.each([null, '', 'dashboard', '//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)'])(
    'falls back to / for %s',
    (next) => {
      expect(safeNextPath(next, origin)).toBe('/');
    },
  );

  it('round-trips through the sign-in link', () => {
    const link = new URL(signInPathFor('/admin?tab=mail'), origin);
    expect(safeNextPath(link.searchParams.get('next'), origin)).toBe('/admin?tab=mail');
  });
});
