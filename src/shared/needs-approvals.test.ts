import { describe, expect, it } from 'vitest';
import { i18nFor } from '../server/i18n';
import { supervisorDecisionSchema, waitingLabel } from './needs-approvals';

describe('the waiting time in the queue', () => {
  it('says hours under a day, then days and hours', () => {
    expect([0, 1, 5, 24, 25, 49, 72].map((h) => waitingLabel(i18nFor('en'), h))).toEqual([
      'less than an hour',
      '1 hour',
      '5 hours',
      '1 day',
      '1 day 1 hour',
      '2 days 1 hour',
      '3 days',
    ]);
  });

  it('is said in Spanish to a Spanish reader, with its plurals', () => {
    expect([0, 1, 25, 49].map((h) => waitingLabel(i18nFor('es'), h))).toEqual([
      'menos de una hora',
      '1 hora',
      '1 día 1 hora',
      '2 días 1 hora',
    ]);
  });
});

describe("the supervisor's decision", () => {
  it('needs a reason to decline, and reads a blank one as none', () => {
    expect(supervisorDecisionSchema.parse({ decision: 'approve', reason: '  ' })).toEqual({ decision: 'approve', reason: null });
    expect(supervisorDecisionSchema.parse({ decision: 'decline', reason: ' Ask the family first.\r\n' })).toEqual({
      decision: 'decline',
      reason: 'Ask the family first.',
    });
    const refused = supervisorDecisionSchema.safeParse({ decision: 'decline' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['reason'],
      message: 'Say why you decline it: the caseworker is sent your reason',
    });
  });
});
