import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { need, needCommitment } from '../db/schema';
import { useTestApp } from '../testing/app';
import { insertMember, insertNeed } from '../testing/factories';
import { hashLinkToken, itemsOf, needById, newSupervisorLink, openNeed, toListing } from './store';

const t = useTestApp();

describe("the needs board's store", () => {
  it("adds up each item's commitments, leaving out withdrawn ones and prayers, and never above the quantity", async () => {
    const responder = await insertMember(t.db);
    const { id, itemIds } = await insertNeed(t.db, {
      items: [
        { name: 'Dinner for a family of 5', quantity: 4, unitValue: 40 },
        { name: 'Car seat', quantity: 1, unitValue: 120 },
      ],
    });
    const now = new Date();
    await t.db.insert(needCommitment).values([
      { needId: id, itemId: itemIds[0]!, uid: responder.id, quantity: 2, createdAt: now },
      { needId: id, itemId: itemIds[0]!, uid: responder.id, quantity: 1, createdAt: now, withdrawnAt: now },
      { needId: id, itemId: null, uid: responder.id, quantity: 0, createdAt: now },
    ]);
    const items = (await itemsOf(t.db, [id])).get(id)!;
    expect(items.map((i) => [i.name, i.quantity, i.committed])).toEqual([
      ['Dinner for a family of 5', 4, 2],
      ['Car seat', 1, 0],
    ]);
    expect(toListing(await needById(t.db, id), items)).toMatchObject({
      totalUnits: 5,
      committedUnits: 2,
      totalValue: 280,
      committedValue: 80,
      status: 'open',
    });
  });

  it('puts a need on the board within the first radius, forgetting its supervisor link', async () => {
    const link = newSupervisorLink(new Date('2026-11-26T12:00:00Z'));
    expect(link.tokenHash).toBe(hashLinkToken(link.token));
    expect(link.expiresAt.toISOString()).toBe('2026-11-30T12:00:00.000Z');
    const { id } = await insertNeed(t.db, { status: 'supervisor', supervisorTokenHash: link.tokenHash, radiusMiles: 60 });
    const now = new Date();
    await t.db.transaction((tx) => openNeed(tx, t.deps.live, { id, now, approvedBy: null }));
    const [row] = await t.db.select().from(need).where(eq(need.id, id));
    expect(row).toMatchObject({ status: 'open', approvedAt: now, radiusMiles: 15, announcedMiles: null, supervisorTokenHash: null });
  });

  it("answers 404 with the board's message for a need it does not have", async () => {
    await expect(needById(t.db, 999_999)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'This need is not on the board.' });
  });
});
