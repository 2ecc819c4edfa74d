import { describe, expect, it } from 'vitest';
import { normaliseWebUrl, photoCropSchema, profileSchema } from './profile';

describe('normaliseWebUrl', () => {
  it.each([
    ['example.org', 'https://example.org/'],
    ['  www.example.org/about  ', 'https://www.example.org/about'],
    ['facebook.com/some.name', 'https://facebook.com/some.name'],
    ['example.org:8080/a', 'https://example.org:8080/a'],
    ['//example.org', 'https://example.org/'],
    ['http://example.org/a?b=1#c', 'http://example.org/a?b=1#c'],
    ['HTTPS://Example.ORG', 'https://example.org/'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseWebUrl(input)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'javascript:1',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'mailto:someone@example.org',
    'ftp://example.org',
    'http:example.org',
    'https://user:pass@example.org',
    'localhost',
    'localhost:3000',
    '192.168.1.1',
    'https://10.0.0.1/',
    'exa mple.org',
    '',
  ])('refuses %s', (input) => {
    expect(normaliseWebUrl(input)).toBeNull();
  });
});

describe('profileSchema', () => {
  const valid = { firstName: 'Ann', lastName: 'Lee', phone: '417-555-0100', state: 'MO' };

  it('needs only first name, last name, phone and state; the rest becomes null', () => {
    const parsed = profileSchema.parse(valid);
    expect(parsed).toMatchObject({ ...valid, phone: '4175550100', city: null, agAffiliated: null, numberOfFosterKids: null });
  });

  it('does not let NONE stand for a state', () => {
    expect(profileSchema.safeParse({ ...valid, state: 'NONE' }).error?.issues[0]?.path).toEqual(['state']);
  });

  it('is idempotent, so a stored profile parses to itself', () => {
    const once = profileSchema.parse({ ...valid, orgAgUrl: 'example.org', numberOfFosterKids: '2', agChurch: 'No' });
    expect(profileSchema.parse(once)).toEqual(once);
  });
});

describe('photoCropSchema', () => {
  it('reads whole pixel numbers from form fields', () => {
    expect(photoCropSchema.parse({ x: '10', y: '0', width: '320', height: '320' })).toEqual({ x: 10, y: 0, width: 320, height: 320 });
    expect(photoCropSchema.safeParse({ x: '-1', y: '0', width: '10', height: '10' }).success).toBe(false);
    expect(photoCropSchema.safeParse({ x: '1.5', y: '0', width: '10', height: '10' }).success).toBe(false);
    expect(photoCropSchema.safeParse({ x: '0', y: '0', width: '0', height: '10' }).success).toBe(false);
  });
});
