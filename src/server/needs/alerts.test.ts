import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NEED_ALERT_EMAIL_UNCONFIRMED, NEED_ALERT_RADIUS_MESSAGE, type NeedAlert } from '../../shared/contracts/need-alerts';
import { UNKNOWN_ZIP } from '../../shared/churches';
import { needAlert, user } from '../db/schema';
import { useTestApp } from '../testing/app';
import { expectJson, signedInMember } from '../testing/factories';

const t = useTestApp();

describe('"needs near me": GET, PUT and DELETE /api/me/need-alert', () => {
  it('keeps one alert per member: none, saved with its town, replaced, removed', async () => {
    const m = await signedInMember(t);
    expect(await expectJson<NeedAlert>(await m.c.get('/api/me/need-alert'))).toEqual({ alert: null });

    const saved = await expectJson<NeedAlert>(await m.c.put('/api/me/need-alert', { zip: '65802', radiusMiles: 15 }));
    expect(saved).toEqual({ alert: { zip: '65802', city: 'Springfield', state: 'MO', radiusMiles: 15 } });
    expect(await expectJson<NeedAlert>(await m.c.get('/api/me/need-alert'))).toEqual(saved);
    const [row] = await t.db.select().from(needAlert).where(eq(needAlert.uid, m.id));
    expect(row!.latitude).toBeCloseTo(37.2, 0);

    // ZIP+4 is read as its five digits; a new alert replaces the one before.
    const moved = await expectJson<NeedAlert>(await m.c.put('/api/me/need-alert', { zip: '64101-1234', radiusMiles: 60 }));
    expect(moved.alert).toMatchObject({ zip: '64101', city: 'Kansas City', radiusMiles: 60 });
    expect(await t.db.select().from(needAlert).where(eq(needAlert.uid, m.id))).toHaveLength(1);

    expect(await expectJson<NeedAlert>(await m.c.delete('/api/me/need-alert'))).toEqual({ alert: null });
    expect(await expectJson<NeedAlert>(await m.c.delete('/api/me/need-alert'))).toEqual({ alert: null });
    expect(await t.db.select().from(needAlert).where(eq(needAlert.uid, m.id))).toEqual([]);
  });

  it('refuses a ZIP code nobody knows, a distance not offered, and fields it does not read, naming the field', async () => {
    const m = await signedInMember(t);
    const unknown = await expectJson<{ fieldErrors: Record<string, string> }>(
      await m.c.put('/api/me/need-alert', { zip: '00000', radiusMiles: 15 }),
      400,
    );
    expect(unknown.fieldErrors).toEqual({ zip: UNKNOWN_ZIP });
    const far = await expectJson<{ fieldErrors: Record<string, string> }>(
      await m.c.put('/api/me/need-alert', { zip: '65802', radiusMiles: 20 }),
      400,
    );
    expect(far.fieldErrors).toEqual({ radiusMiles: NEED_ALERT_RADIUS_MESSAGE });
    const bad = await expectJson<{ fieldErrors: Record<string, string> }>(
      await m.c.put('/api/me/need-alert', { zip: 'abc', radiusMiles: 15 }),
      400,
    );
    expect(Object.keys(bad.fieldErrors)).toEqual(['zip']);
    expect((await m.c.put('/api/me/need-alert', { zip: '65802', radiusMiles: 15, uid: 'someone-else' })).status).toBe(400);
    expect(await t.db.select().from(needAlert).where(eq(needAlert.uid, m.id))).toEqual([]);
  });

  it('asks an unconfirmed member to confirm their address first, and a visitor to sign in', async () => {
    const unconfirmed = await signedInMember(t, { confirm: false });
    const res = await unconfirmed.c.put('/api/me/need-alert', { zip: '65802', radiusMiles: 15 });
    expect(await expectJson(res, 403)).toMatchObject({ code: 'EMAIL_UNVERIFIED', message: NEED_ALERT_EMAIL_UNCONFIRMED });
    const visitor = t.client();
    for (const res of [
      await visitor.get('/api/me/need-alert'),
      await visitor.put('/api/me/need-alert', { zip: '65802', radiusMiles: 15 }),
      await visitor.delete('/api/me/need-alert'),
    ]) {
      expect(res.status).toBe(401);
    }
  });

  it('goes with the account when it is deleted', async () => {
    const m = await signedInMember(t);
    await expectJson(await m.c.put('/api/me/need-alert', { zip: '65802', radiusMiles: 30 }));
    await t.db.delete(user).where(eq(user.id, m.id));
    expect(await t.db.select().from(needAlert).where(eq(needAlert.uid, m.id))).toEqual([]);
  });
});
