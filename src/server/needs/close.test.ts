import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { NEED_RESPONSE_MESSAGES } from '../../shared/need-responses';
import { NEED_NOT_OPEN } from '../../shared/needs';
import { adminActivity, need, user } from '../db/schema';
import { MAIL_FORMS } from '../mail';
import { nextLiveEvent, useTestApp } from '../testing/app';
import { expectJson, insertNeed, mailsTo, signedInAdmin, signedInMember, type SignedUpMember } from '../testing/factories';
import { NEEDS_TOPIC } from './store';

// Closing a need (issue 26): the asker or an admin records the outcome, the children served and a thank-you
// without contact details; those who committed are told; nothing is committed after. A deleted asker's needs
// close with the account.

const t = useTestApp();

let asker: SignedUpMember;
let giver: SignedUpMember;
let other: SignedUpMember;
let admin: SignedUpMember;
beforeAll(async () => {
  asker = await signedInMember(t, { prefix: 'asker', profile: { firstName: 'Abby', lastName: 'Asker' } });
  giver = await signedInMember(t, { prefix: 'giver', profile: { firstName: 'Gil', lastName: 'Giver' } });
  other = await signedInMember(t, { prefix: 'other' });
  admin = await signedInAdmin(t, { prefix: 'need-admin' });
});

const close = (m: SignedUpMember, id: number, body: unknown) => m.c.post(`/api/needs/${id}/close`, body);
const outcome = { outcome: 'met', childrenServed: 2, thankYou: 'Thank you, the boys love their new bunk bed!' };
const rowOf = async (id: number) => (await t.db.select().from(need).where(eq(need.id, id)))[0]!;

describe('closing', () => {
  it('lets the asker record the outcome, shown on the need; those who committed are told; nothing is committed after', async () => {
    const { id, itemIds } = await insertNeed(t.db, { askerUid: asker.id, items: [{ quantity: 2 }] });
    await expectJson(await giver.c.post(`/api/needs/${id}/commitments`, { itemId: itemIds[0], quantity: 1 }), 201);
    const heard = nextLiveEvent(t.deps.live, (e) => e.topic === NEEDS_TOPIC && e.id === String(id));
    await expectJson(await close(asker, id, outcome), 200);
    await heard;
    expect(await rowOf(id)).toMatchObject({
      status: 'closed',
      outcome: 'met',
      childrenServed: 2,
      thankYou: outcome.thankYou,
      closeReason: 'asker',
      closedBy: asker.id,
    });
    const [told] = await mailsTo(t.db, giver.email, MAIL_FORMS.needClosed);
    expect(told?.message.subject).toContain('is closed: met');
    expect(told?.message.text).toContain('the boys love their new bunk bed');

    expect(await expectJson(await giver.c.post(`/api/needs/${id}/commitments`, { itemId: itemIds[0], quantity: 1 }), 409)).toMatchObject({
      message: NEED_NOT_OPEN,
    });
    expect((await close(asker, id, outcome)).status).toBe(409);
  });

  it('refuses a thank-you with a phone number, an email or a street address, naming the field; and bad numbers', async () => {
    const { id } = await insertNeed(t.db, { askerUid: asker.id });
    for (const thankYou of ['Call me at 417-555-0100', 'Write to abby@example.org', 'Bring it to 12 Oak Street']) {
      const refused = await expectJson<{ fieldErrors: Record<string, string> }>(await close(asker, id, { ...outcome, thankYou }), 400);
      expect(refused.fieldErrors.thankYou).toMatch(/^Thank-you must not hold/);
    }
    for (const childrenServed of [-1, 51, 1.5, '2']) {
      const refused = await expectJson<{ fieldErrors: Record<string, string> }>(
        await close(asker, id, { ...outcome, childrenServed }),
        400,
      );
      expect(refused.fieldErrors.childrenServed).toBeDefined();
    }
    expect((await close(asker, id, { ...outcome, outcome: 'done' })).status).toBe(400);
    expect((await rowOf(id)).status).toBe('open');
    await expectJson(await close(asker, id, { outcome: 'not_met', childrenServed: 0 }), 200);
    expect(await rowOf(id)).toMatchObject({ outcome: 'not_met', thankYou: null });
  });

  it('refuses anyone but the asker or an admin; an admin closing is logged', async () => {
    const { id } = await insertNeed(t.db, { askerUid: asker.id });
    expect(await expectJson(await close(other, id, outcome), 403)).toMatchObject({ message: NEED_RESPONSE_MESSAGES.notAsker });
    expect(await expectJson(await close(giver, id, outcome), 403)).toMatchObject({ message: NEED_RESPONSE_MESSAGES.notAsker });
    const waiting = await insertNeed(t.db, { askerUid: asker.id, status: 'review' });
    expect((await close(other, waiting.id, outcome)).status).toBe(404);
    expect((await close(asker, waiting.id, outcome)).status).toBe(409);

    await expectJson(await close(admin, id, { ...outcome, outcome: 'partly_met' }), 200);
    expect(await rowOf(id)).toMatchObject({ status: 'closed', outcome: 'partly_met', closeReason: 'admin', closedBy: admin.id });
    const logged = await t.db.select().from(adminActivity).where(eq(adminActivity.action, 'need.close'));
    expect(logged.map((l) => l.details)).toContainEqual(expect.objectContaining({ need: id, outcome: 'partly_met' }));
  });
});

describe('in Spanish', () => {
  it('tells a Spanish responder in Spanish when an English asker closes the need', async () => {
    const sofia = await signedInMember(t, { prefix: 'sofia', profile: { firstName: 'Sofía', lastName: 'Soto' } });
    await t.db.update(user).set({ locale: 'es' }).where(eq(user.id, sofia.id));
    const { id, itemIds } = await insertNeed(t.db, {
      askerUid: asker.id,
      title: 'Bunk bed',
      city: 'Springfield',
      state: 'MO',
      items: [{ quantity: 2 }],
    });
    await expectJson(await sofia.c.post(`/api/needs/${id}/commitments`, { itemId: itemIds[0], quantity: 1 }), 201);
    await expectJson(await close(asker, id, { ...outcome, outcome: 'partly_met' }), 200);
    const [toSofia] = await mailsTo(t.db, sofia.email, MAIL_FORMS.needClosed);
    expect(toSofia?.message.subject).toBe('«Bunk bed» está cerrada: cubierta en parte');
    expect(toSofia?.message.text).toContain('Hola, Sofía:');
    expect(toSofia?.message.text).toContain(
      'La solicitud con la que se comprometió en Springfield, MO está cerrada. Cómo resultó: Cubierta en parte.',
    );
    expect(toSofia?.message.text).toContain(outcome.thankYou);
  });
});

describe('a deleted asker', () => {
  it('closes their open needs (met as far as committed), expires those waiting, and tells who committed', async () => {
    const leaving = await signedInMember(t, { prefix: 'leaving' });
    const met = await insertNeed(t.db, { askerUid: leaving.id, items: [{ quantity: 1 }] });
    const partly = await insertNeed(t.db, { askerUid: leaving.id, items: [{ quantity: 2 }] });
    const untouched = await insertNeed(t.db, { askerUid: leaving.id });
    const waiting = await insertNeed(t.db, { askerUid: leaving.id, status: 'review' });
    const mine = await insertNeed(t.db, { askerUid: asker.id });
    await expectJson(await giver.c.post(`/api/needs/${met.id}/commitments`, { itemId: met.itemIds[0], quantity: 1 }), 201);
    await expectJson(await giver.c.post(`/api/needs/${partly.id}/commitments`, { itemId: partly.itemIds[0], quantity: 1 }), 201);

    await expectJson(await leaving.c.delete('/api/account'), 200);
    expect(await rowOf(met.id)).toMatchObject({ status: 'closed', outcome: 'met', closeReason: 'asker_deleted', askerUid: null });
    expect(await rowOf(partly.id)).toMatchObject({ status: 'closed', outcome: 'partly_met', closeReason: 'asker_deleted' });
    expect(await rowOf(untouched.id)).toMatchObject({ status: 'closed', outcome: 'not_met' });
    expect(await rowOf(waiting.id)).toMatchObject({ status: 'expired', closeReason: 'asker_deleted' });
    expect((await rowOf(mine.id)).status).toBe('open');
    const told = await mailsTo(t.db, giver.email, MAIL_FORMS.needClosed);
    expect(told.filter((m) => m.message.text.includes('has left the network'))).toHaveLength(2);
  });
});
