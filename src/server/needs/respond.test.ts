import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { NEED_RESPONSE_MESSAGES } from '../../shared/need-responses';
import { COMMITMENTS_PER_HOUR, NEED_ITEM_FULL, NEED_NOT_OPEN } from '../../shared/needs';
import { need, needCommitment, user } from '../db/schema';
import { MAIL_FORMS } from '../mail';
import { NEED_COMMITMENT_RATE_MESSAGE } from '../rate-limit/rules';
import { nextLiveEvent, useTestApp } from '../testing/app';
import {
  expectJson,
  insertCaseworker,
  insertChurch,
  insertNeed,
  mailsTo,
  signedInMember,
  uniqueTag,
  type SignedUpMember,
} from '../testing/factories';
import { itemsOf, NEEDS_TOPIC } from './store';

// Responding to a need (issue 26): committing units of an item (for oneself, or a church as its point person)
// or to pray, never beyond what was asked, even when two people take the last unit at the same moment; the mails
// that put the asker and the responder in touch without showing an address; withdrawing. Runs on PGlite, and on
// PostgreSQL when DATABASE_URL is set (as the suite's api-postgres step does), where the two commitments truly
// race on two connections.

const t = useTestApp();

let asker: SignedUpMember;
let grace: SignedUpMember;
let hank: SignedUpMember;
beforeAll(async () => {
  asker = await signedInMember(t, { prefix: 'asker', profile: { firstName: 'Abby', lastName: 'Asker' } });
  grace = await signedInMember(t, { prefix: 'grace', profile: { firstName: 'Grace', lastName: 'Giver' } });
  hank = await signedInMember(t, { prefix: 'hank', profile: { firstName: 'Hank', lastName: 'Helper' } });
});

const commit = (m: SignedUpMember, id: number, body: unknown) => m.c.post(`/api/needs/${id}/commitments`, body);
const askedNeed = (values: Parameters<typeof insertNeed>[1] = {}) => insertNeed(t.db, { askerUid: asker.id, ...values });

async function committedOf(id: number) {
  return (await itemsOf(t.db, [id])).get(id)!.map((i) => i.committed);
}

describe('committing', () => {
  it('takes some units of an item, mails the asker (Reply-To the responder) and the responder (Reply-To the asker)', async () => {
    const church = await insertChurch(t.db, { name: `${uniqueTag('Grace')} Chapel`, members: [grace.id] });
    expect(church).toBeGreaterThan(0);
    const { id, itemIds } = await askedNeed({ items: [{ name: 'Dinner for a family of 5', quantity: 4, unitValue: 40 }] });
    const heard = nextLiveEvent(t.deps.live, (e) => e.topic === NEEDS_TOPIC && e.id === String(id));
    const made = await expectJson<{ id: number; committed: number; asked: number }>(
      await commit(grace, id, { itemId: itemIds[0], quantity: 2 }),
      201,
    );
    expect(made).toMatchObject({ itemId: itemIds[0], quantity: 2, committed: 2, asked: 4 });
    await heard;
    expect(await committedOf(id)).toEqual([2]);

    const [toAsker] = await mailsTo(t.db, asker.email, MAIL_FORMS.needCommitment);
    expect(toAsker?.replyTo).toBe(grace.email);
    expect(toAsker?.message.subject).toContain('Grace Giver');
    expect(toAsker?.message.text).toContain('Chapel');
    expect(toAsker?.message.text).toContain('Dinner for a family of 5: 2 of 4');
    expect(toAsker?.message.text).not.toContain(grace.email);
    const [toGrace] = await mailsTo(t.db, grace.email, MAIL_FORMS.needCommitmentConfirmation);
    expect(toGrace?.replyTo).toBe(asker.email);
    expect(toGrace?.message.text).toContain('your reply goes to Abby');
    expect(toGrace?.message.text).not.toContain(asker.email);

    const [row] = await t.db.select().from(need).where(eq(need.id, id));
    expect(row?.firstCommitmentAt).not.toBeNull();
    expect(row?.fullyCommittedAt).toBeNull();
    await expectJson(await commit(hank, id, { itemId: itemIds[0], quantity: 2 }), 201);
    const [full] = await t.db.select().from(need).where(eq(need.id, id));
    expect(full?.fullyCommittedAt).not.toBeNull();
    expect(full?.firstCommitmentAt).toEqual(row?.firstCommitmentAt);
  });

  it("names a caseworker who has no profile by their application's name in both mails, never 'there'", async () => {
    const caseworkerAccount = await signedInMember(t, { prefix: 'caseworker', profile: null });
    await insertCaseworker(t.db, caseworkerAccount.id, { name: 'Casey Jordan' });
    const { id, itemIds } = await insertNeed(t.db, { askerUid: caseworkerAccount.id, askedAs: 'caseworker', items: [{ quantity: 3 }] });
    await expectJson(await commit(grace, id, { itemId: itemIds[0], quantity: 1 }), 201);
    const [toCaseworker] = await mailsTo(t.db, caseworkerAccount.email, MAIL_FORMS.needCommitment);
    expect(toCaseworker?.message.text).toContain('Hello Casey,');
    const confirmations = await mailsTo(t.db, grace.email, MAIL_FORMS.needCommitmentConfirmation);
    const toGrace = confirmations.find((m) => m.replyTo === caseworkerAccount.email);
    expect(toGrace?.message.text).toContain('your reply goes to Casey');
    expect(toGrace?.message.text).not.toMatch(/\bthere\b/);
  });

  it('gives the last unit to one of two people who commit to it at the same moment; the other is told', async () => {
    for (let round = 0; round < 3; round++) {
      const { id, itemIds } = await askedNeed({ items: [{ quantity: 3 }] });
      await expectJson(await commit(hank, id, { itemId: itemIds[0], quantity: 2 }), 201);
      const answers = await Promise.all([grace, hank].map((m) => commit(m, id, { itemId: itemIds[0], quantity: 1 })));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      const refused = answers.find((a) => a.status === 409)!;
      expect(await refused.json()).toMatchObject({ code: 'CONFLICT', message: NEED_ITEM_FULL });
      expect(await committedOf(id)).toEqual([3]);
      const stored = await t.db
        .select()
        .from(needCommitment)
        .where(and(eq(needCommitment.needId, id), isNull(needCommitment.withdrawnAt)));
      expect(stored.reduce((sum, c) => sum + c.quantity, 0)).toBe(3);
    }
  });

  it('refuses more than is still needed, naming the quantity, and an item of another need', async () => {
    const { id, itemIds } = await askedNeed({ items: [{ quantity: 4 }] });
    await expectJson(await commit(grace, id, { itemId: itemIds[0], quantity: 3 }), 201);
    const tooMany = await expectJson<{ fieldErrors: Record<string, string> }>(
      await commit(hank, id, { itemId: itemIds[0], quantity: 2 }),
      409,
    );
    expect(tooMany.fieldErrors.quantity).toBe('Only 1 is still needed. Nothing was committed: commit to 1 or fewer.');
    const other = await askedNeed();
    const wrong = await expectJson<{ fieldErrors: Record<string, string> }>(
      await commit(hank, id, { itemId: other.itemIds[0], quantity: 1 }),
      400,
    );
    expect(wrong.fieldErrors.itemId).toBeDefined();
    const missing = await expectJson<{ fieldErrors: Record<string, string> }>(await commit(hank, id, { itemId: itemIds[0] }), 400);
    expect(missing.fieldErrors.quantity).toBeDefined();
    expect(await committedOf(id)).toEqual([3]);
  });

  it('takes nothing for a need that is closed (409), not yet or never on the board (404), or fully committed', async () => {
    const closed = await askedNeed({ status: 'closed', outcome: 'met', closedAt: new Date() });
    expect(await expectJson(await commit(grace, closed.id, { itemId: closed.itemIds[0], quantity: 1 }), 409)).toMatchObject({
      message: NEED_NOT_OPEN,
    });
    for (const status of ['review', 'supervisor', 'declined', 'expired'] as const) {
      const waiting = await askedNeed({ status });
      expect((await commit(grace, waiting.id, { itemId: waiting.itemIds[0], quantity: 1 })).status).toBe(404);
      expect((await commit(grace, waiting.id, { prayer: true })).status).toBe(404);
    }
    const full = await askedNeed({ items: [{ quantity: 1 }] });
    await expectJson(await commit(grace, full.id, { itemId: full.itemIds[0], quantity: 1 }), 201);
    expect(await expectJson(await commit(hank, full.id, { itemId: full.itemIds[0], quantity: 1 }), 409)).toMatchObject({
      message: NEED_ITEM_FULL,
    });
    expect((await grace.c.post('/api/needs/2000000000/commitments', { prayer: true })).status).toBe(404);
  });

  it('refuses the asker, an unconfirmed account and a member without a profile', async () => {
    const { id, itemIds } = await askedNeed();
    expect(await expectJson(await commit(asker, id, { itemId: itemIds[0], quantity: 1 }), 403)).toMatchObject({
      message: NEED_RESPONSE_MESSAGES.ownNeed,
    });
    const unconfirmed = await signedInMember(t, { confirm: false });
    expect(await expectJson(await commit(unconfirmed, id, { prayer: true }), 403)).toMatchObject({ code: 'EMAIL_UNVERIFIED' });
    const noProfile = await signedInMember(t, { profile: null });
    expect(await expectJson(await commit(noProfile, id, { prayer: true }), 403)).toMatchObject({ code: 'NEEDS_PROFILE' });
    expect(await committedOf(id)).toEqual([0]);
  });

  it('lets a point person commit for their church, and no other church', async () => {
    const kept = await insertChurch(t.db, { name: `${uniqueTag('Kept')} Assembly`, pointPersons: [hank.id] });
    const notKept = await insertChurch(t.db, { pointPersons: [grace.id] });
    const { id, itemIds } = await askedNeed({ items: [{ quantity: 2 }] });
    expect(await expectJson(await commit(hank, id, { itemId: itemIds[0], quantity: 1, churchId: notKept }), 403)).toMatchObject({
      message: NEED_RESPONSE_MESSAGES.notPointPerson,
    });
    await expectJson(await commit(hank, id, { itemId: itemIds[0], quantity: 1, churchId: kept }), 201);
    const [stored] = await t.db.select().from(needCommitment).where(eq(needCommitment.needId, id));
    expect(stored?.churchId).toBe(kept);
    const mails = await mailsTo(t.db, asker.email, MAIL_FORMS.needCommitment);
    expect(mails.some((m) => m.message.text.includes('Assembly') && m.message.text.includes('for their church'))).toBe(true);
  });

  it('takes a promise to pray once per person, without mail', async () => {
    const { id } = await askedNeed();
    const first = await expectJson<{ id: number }>(await commit(grace, id, { prayer: true }), 201);
    const again = await expectJson<{ id: number }>(await commit(grace, id, { prayer: true }), 201);
    expect(again.id).toBe(first.id);
    const rows = await t.db.select().from(needCommitment).where(eq(needCommitment.needId, id));
    expect(rows).toMatchObject([{ itemId: null, quantity: 0 }]);
    expect(
      (await mailsTo(t.db, asker.email, MAIL_FORMS.needCommitment)).filter((m) => new RegExp(`/needs/${id}\\b`).test(m.message.text)),
    ).toEqual([]);
    const [row] = await t.db.select().from(need).where(eq(need.id, id));
    expect(row?.firstCommitmentAt).toBeNull();
    expect((await commit(grace, id, { prayer: true, itemId: 3 })).status).toBe(400);
  });

  it(`allows ${COMMITMENTS_PER_HOUR} commitments and withdrawals an hour per member`, async () => {
    const busy = await signedInMember(t, { prefix: 'busy' });
    const { id, itemIds } = await askedNeed({ items: [{ quantity: 100, unitValue: 5 }] });
    for (let i = 0; i < COMMITMENTS_PER_HOUR; i++) await expectJson(await commit(busy, id, { itemId: itemIds[0], quantity: 1 }), 201);
    expect(await expectJson(await commit(busy, id, { itemId: itemIds[0], quantity: 1 }), 429)).toMatchObject({
      message: NEED_COMMITMENT_RATE_MESSAGE,
    });
    expect(await committedOf(id)).toEqual([COMMITMENTS_PER_HOUR]);
  });
});

describe('in Spanish', () => {
  it("answers a Spanish asker's refusal in Spanish, and an English one in the exact English", async () => {
    const { id, itemIds } = await askedNeed({ items: [{ quantity: 2 }] });
    await expectJson(await commit(grace, id, { itemId: itemIds[0], quantity: 1 }), 201);
    const body = { itemId: itemIds[0], quantity: 2 };
    const inSpanish = await expectJson<{ message: string; fieldErrors: Record<string, string> }>(
      await hank.c.post(`/api/needs/${id}/commitments`, body, { 'accept-language': 'es-US,es;q=0.9' }),
      409,
    );
    expect(inSpanish.message).toBe('Solo falta 1. No se comprometió nada: comprométase con 1 o menos.');
    expect(inSpanish.fieldErrors.quantity).toBe(inSpanish.message);
    const own = await expectJson(await asker.c.post(`/api/needs/${id}/commitments`, { prayer: true }, { 'accept-language': 'es' }), 403);
    expect(own).toMatchObject({ message: 'Usted pidió esta necesidad: otras personas se comprometen con ella.' });
    const inEnglish = await expectJson(await hank.c.post(`/api/needs/${id}/commitments`, body, { 'accept-language': 'en-US' }), 409);
    expect(inEnglish).toMatchObject({ message: 'Only 1 is still needed. Nothing was committed: commit to 1 or fewer.' });
  });

  it("mails each person in their own language: a Spanish asker's mail in Spanish, the English responder's copy in English", async () => {
    const spanish = await signedInMember(t, { prefix: 'sofia', profile: { firstName: 'Sofía', lastName: 'Soto' } });
    await t.db.update(user).set({ locale: 'es' }).where(eq(user.id, spanish.id));
    const gil = await signedInMember(t, { prefix: 'gil', profile: { firstName: 'Gil', lastName: 'Giver' } });
    const { id, itemIds } = await insertNeed(t.db, {
      askerUid: spanish.id,
      title: 'Cenas para una familia',
      items: [{ name: 'Cena', quantity: 4, unitValue: 40 }],
    });
    await expectJson(await commit(gil, id, { itemId: itemIds[0], quantity: 2 }), 201);
    const [toAsker] = await mailsTo(t.db, spanish.email, MAIL_FORMS.needCommitment);
    expect(toAsker?.message.subject).toBe('Gil Giver se comprometió con su solicitud «Cenas para una familia»');
    expect(toAsker?.message.text).toContain('Hola, Sofía:');
    expect(toAsker?.message.text).toContain('Cena: 2 de 4');
    expect(toAsker?.message.html).toContain('lang="es"');
    const confirmations = await mailsTo(t.db, gil.email, MAIL_FORMS.needCommitmentConfirmation);
    const toGil = confirmations.find((m) => m.replyTo === spanish.email);
    expect(toGil?.message.subject).toBe('You committed to “Cenas para una familia”');
    expect(toGil?.message.text).toContain('your reply goes to Sofía, who asked');

    // Withdrawing mails the Spanish asker in Spanish too.
    const [mine] = await t.db.select().from(needCommitment).where(eq(needCommitment.needId, id));
    await expectJson(await gil.c.delete(`/api/needs/${id}/commitments/${mine!.id}`), 200);
    const [withdrawn] = await mailsTo(t.db, spanish.email, MAIL_FORMS.needCommitmentWithdrawn);
    expect(withdrawn?.message.subject).toBe('Gil Giver retiró un compromiso con «Cenas para una familia»');
  });
});

describe('withdrawing', () => {
  // Fresh responders: committing above spent much of the hour's budget.
  beforeAll(async () => {
    grace = await signedInMember(t, { prefix: 'grace', profile: { firstName: 'Grace', lastName: 'Giver' } });
    hank = await signedInMember(t, { prefix: 'hank', profile: { firstName: 'Hank', lastName: 'Helper' } });
  });

  it('lets only the responder withdraw while the need is open; the asker is told; the units are needed again', async () => {
    const { id, itemIds } = await askedNeed({ items: [{ name: 'Car seat', quantity: 1, unitValue: 120 }] });
    const made = await expectJson<{ id: number }>(await commit(grace, id, { itemId: itemIds[0], quantity: 1 }), 201);
    const [full] = await t.db.select().from(need).where(eq(need.id, id));
    expect(full?.fullyCommittedAt).not.toBeNull();
    const path = `/api/needs/${id}/commitments/${made.id}`;
    expect(await expectJson(await hank.c.delete(path), 403)).toMatchObject({ message: NEED_RESPONSE_MESSAGES.notResponder });
    expect(await expectJson(await asker.c.delete(path), 403)).toMatchObject({ message: NEED_RESPONSE_MESSAGES.notResponder });
    const other = await askedNeed();
    expect((await grace.c.delete(`/api/needs/${other.id}/commitments/${made.id}`)).status).toBe(404);

    const heard = nextLiveEvent(t.deps.live, (e) => e.topic === NEEDS_TOPIC && e.id === String(id));
    await expectJson(await grace.c.delete(path), 200);
    await heard;
    expect(await committedOf(id)).toEqual([0]);
    const [row] = await t.db.select().from(need).where(eq(need.id, id));
    expect(row?.fullyCommittedAt).toBeNull();
    expect(row?.firstCommitmentAt).not.toBeNull();
    const told = (await mailsTo(t.db, asker.email, MAIL_FORMS.needCommitmentWithdrawn)).find((m) => m.message.text.includes('Car seat'));
    expect(told?.replyTo).toBe(grace.email);
    expect(told?.message.subject).toContain('Grace Giver withdrew');
    expect(await expectJson(await grace.c.delete(path), 409)).toMatchObject({ message: NEED_RESPONSE_MESSAGES.alreadyWithdrawn });

    // The unit is free again: someone else takes it.
    await expectJson(await commit(hank, id, { itemId: itemIds[0], quantity: 1 }), 201);
  });

  it('refuses once the need is closed', async () => {
    const { id, itemIds } = await askedNeed({ items: [{ quantity: 2 }] });
    const made = await expectJson<{ id: number }>(await commit(grace, id, { itemId: itemIds[0], quantity: 1 }), 201);
    await t.db.update(need).set({ status: 'closed', outcome: 'met', closedAt: new Date() }).where(eq(need.id, id));
    expect(await expectJson(await grace.c.delete(`/api/needs/${id}/commitments/${made.id}`), 409)).toMatchObject({
      message: NEED_NOT_OPEN,
    });
    expect(await committedOf(id)).toEqual([1]);
  });
});
