import { describe, expect, it } from 'vitest';
import { errorMessage, storedErrorMessage } from './logger';

describe('error texts', () => {
  it('an error gives its message, or its name when it has none; anything else its string', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage(new TypeError())).toBe('TypeError');
    expect(errorMessage('plain')).toBe('plain');
  });

  it('a row keeps at most 2,000 characters of an error, marked when cut', () => {
    expect(storedErrorMessage(new Error('short'))).toBe('short');
    expect(storedErrorMessage(new Error('x'.repeat(2000)))).toBe('x'.repeat(2000));
    expect(storedErrorMessage(new Error('y'.repeat(5000)))).toBe(`${'y'.repeat(2000)}…`);
  });
});
