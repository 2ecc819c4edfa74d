import { describe, expect, it } from 'vitest';
import { formatPhone } from './formats';

describe('a phone number in the admin pages', () => {
  it('reads ten U.S. digits, however typed, in the U.S. form', () => {
    expect(formatPhone('4175550110')).toBe('(417) 555-0110');
    expect(formatPhone('417-555-0110')).toBe('(417) 555-0110');
    expect(formatPhone('(417) 555 0110')).toBe('(417) 555-0110');
    expect(formatPhone('+1 417.555.0110')).toBe('(417) 555-0110');
  });

  it('shows anything else exactly as typed', () => {
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhone('555-0110')).toBe('555-0110');
    expect(formatPhone('417 555 0110 ext. 12')).toBe('417 555 0110 ext. 12');
    expect(formatPhone('24175550110')).toBe('24175550110');
  });
});
