import type { Me } from '../../shared/account';

/** A signed-in member as `/api/me` describes one: a profile, a confirmed address, no second factor. */
export function testMe(overrides: Partial<Me> = {}): Me {
  return {
    id: 'member-1',
    email: 'ada@example.org',
    emailVerified: true,
    pendingEmail: null,
    isAdmin: false,
    twoFactorEnabled: false,
    locale: null,
    secondFactorPassed: false,
    secondFactorNeeded: false,
    hasProfile: true,
    firstName: 'Ada',
    lastName: 'Lovelace',
    photoUrl: null,
    ...overrides,
  };
}
