import { describe, expect, it } from 'vitest';
import { isStatCode, NATIONAL_COUNT, networkTarget, US_STATES } from './states';

describe('networkTarget', () => {
  it('is 5% of the count, rounded up', () => {
    expect(networkTarget(1211)).toBe(61);
    expect(networkTarget(557)).toBe(28);
    expect(networkTarget(9831)).toBe(492);
    expect(networkTarget(NATIONAL_COUNT)).toBe(20_516);
  });

  it('is exact on multiples of 20 and rounds up anything above them', () => {
    expect(networkTarget(20)).toBe(1);
    expect(networkTarget(21)).toBe(2);
    expect(networkTarget(400_000)).toBe(20_000);
    expect(networkTarget(1)).toBe(1);
    expect(networkTarget(0)).toBe(0);
    for (let n = 0; n <= 200_000; n += 20) expect(networkTarget(n)).toBe(n / 20);
  });

  it('has no target for an unknown count', () => {
    expect(networkTarget(null)).toBeNull();
  });
});

describe('isStatCode', () => {
  it('knows the 50 states, DC and the national row', () => {
    expect(US_STATES).toHaveLength(51);
    expect(US_STATES.every((s) => isStatCode(s.code))).toBe(true);
    expect(isStatCode('US')).toBe(true);
    expect(isStatCode('DC')).toBe(true);
    expect(isStatCode('NONE')).toBe(false);
    expect(isStatCode('nh')).toBe(false);
    expect(isStatCode('PR')).toBe(false);
  });
});
