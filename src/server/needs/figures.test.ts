import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOverview } from '../../shared/admin';
import type { ChurchPage } from '../../shared/churches';
import type { NeedFigures } from '../../shared/need-figures';
import { needCommitment } from '../db/schema';
import { seedStateStats } from '../states/service';
import { testClock, useTestApp } from '../testing/app';
import { parseCsv } from '../testing/csv';
import { expectAnswer, insertChurch, insertMember, insertNeed, signedInAdmin, signedInMember } from '../testing/factories';
import { NEEDS_TOPIC } from './store';

// The needs board's figures (issue 26): open needs per state for the map, this year's band on the landing page,
// a church's part on its page, the admin overview's months and response times, and the CSV of needs.

const HOUR = 60 * 60 * 1000;
const clock = testClock(new Date('2026-11-20T12:00:00Z'));
const t = useTestApp({ clock });
beforeAll(async () => {
  await seedStateStats(t.db);
});

type Client = ReturnType<typeof t.client>;
let adminClient: Client | undefined;
async function admin(): Promise<Client> {
  adminClient ??= (await signedInAdmin(t, { profile: null })).c;
  return adminClient;
}

/** Rows stored behind the services' back are announced as a service would, so what is kept in memory goes. */
async function figures(): Promise<NeedFigures> {
  await t.announce({ topic: NEEDS_TOPIC });
  return expectAnswer(t.client().api.needs.figures.$get());
}

async function commit(values: {
  needId: number;
  itemId: number | null;
  uid: string;
  quantity: number;
  churchId?: number;
  at?: Date;
  withdrawn?: boolean;
}) {
  const at = values.at ?? clock.now();
  await t.db.insert(needCommitment).values({
    needId: values.needId,
    itemId: values.itemId,
    uid: values.uid,
    churchId: values.churchId ?? null,
    quantity: values.quantity,
    createdAt: at,
    withdrawnAt: values.withdrawn ? at : null,
  });
}

/** A need closed with an outcome at `closedAt` (met unless told otherwise). */
function closedNeed(closedAt: Date, values: Parameters<typeof insertNeed>[1] = {}) {
  return insertNeed(t.db, {
    status: 'closed',
    outcome: 'met',
    closeReason: 'asker',
    childrenServed: 2,
    createdAt: new Date(closedAt.getTime() - 72 * HOUR),
    approvedAt: new Date(closedAt.getTime() - 70 * HOUR),
    closedAt,
    ...values,
  });
}

describe('GET /api/needs/figures', () => {
  it('counts the open needs per state, and no need that is not on the board', async () => {
    const before = await figures();
    await insertNeed(t.db, { zip: '98101' });
    await insertNeed(t.db, { zip: '98101', urgency: 'urgent' });
    await insertNeed(t.db, { zip: '05401' });
    for (const status of ['review', 'supervisor', 'declined', 'expired'] as const) await insertNeed(t.db, { zip: '98101', status });
    await closedNeed(clock.now(), { zip: '98101', childrenServed: 3 });
    const after = await figures();
    expect((after.openByState.WA ?? 0) - (before.openByState.WA ?? 0)).toBe(2);
    expect((after.openByState.VT ?? 0) - (before.openByState.VT ?? 0)).toBe(1);
    expect(after.open - before.open).toBe(3);
    expect(Object.values(after.openByState).reduce((a, b) => a + b, 0)).toBe(after.open);
  });

  it("adds this year's met needs, their children and committed value, and the churches that responded", async () => {
    const before = await figures();
    const point = await insertMember(t.db);
    const member = await insertMember(t.db);
    const loner = await insertMember(t.db);
    const first = await insertChurch(t.db, { pointPersons: [point.id] });
    await insertChurch(t.db, { members: [member.id] }); // the member's church counts through them
    const met = await closedNeed(new Date('2026-03-02T10:00:00Z'), {
      childrenServed: 3,
      items: [
        { quantity: 4, unitValue: 40 },
        { quantity: 1, unitValue: 300 },
      ],
    });
    await commit({ needId: met.id, itemId: met.itemIds[0]!, uid: point.id, churchId: first, quantity: 3 }); // $120, the church's
    await commit({ needId: met.id, itemId: met.itemIds[1]!, uid: member.id, quantity: 1 }); // $300, through a confirmed member
    await commit({ needId: met.id, itemId: met.itemIds[0]!, uid: loner.id, quantity: 1, withdrawn: true }); // withdrawn: nothing
    await commit({ needId: met.id, itemId: null, uid: loner.id, quantity: 0 }); // a prayer: no value, no church
    const partly = await closedNeed(new Date('2026-06-02T10:00:00Z'), { outcome: 'partly_met', childrenServed: 1 });
    await commit({ needId: partly.id, itemId: partly.itemIds[0]!, uid: loner.id, quantity: 1 }); // $300, no church
    // Not this year's, or not met: not in the band.
    const lastYear = await closedNeed(new Date('2025-12-31T23:00:00Z'), { childrenServed: 5 });
    await commit({ needId: lastYear.id, itemId: lastYear.itemIds[0]!, uid: loner.id, quantity: 1, at: new Date('2025-12-30T00:00:00Z') });
    await closedNeed(new Date('2026-04-01T00:00:00Z'), { outcome: 'not_met', childrenServed: 4 });

    const after = await figures();
    expect(after.year).toBe(2026);
    const delta = (k: 'needsMet' | 'valueProvided' | 'churchesResponded') => after.thisYear[k] - before.thisYear[k];
    expect(delta('needsMet')).toBe(2);
    expect((after.thisYear.childrenServed ?? 0) - (before.thisYear.childrenServed ?? 0)).toBe(4);
    expect(delta('valueProvided')).toBe(720);
    expect(delta('churchesResponded')).toBe(2);
  });

  it('says nothing of children served when fewer than 3 stand behind the figure', async () => {
    clock.set(new Date('2031-05-01T12:00:00Z'));
    try {
      expect((await figures()).thisYear).toEqual({ needsMet: 0, childrenServed: 0, valueProvided: 0, churchesResponded: 0 });
      await closedNeed(new Date('2031-04-01T00:00:00Z'), { childrenServed: 2 });
      expect((await figures()).thisYear).toMatchObject({ needsMet: 1, childrenServed: null });
      await closedNeed(new Date('2031-04-02T00:00:00Z'), { childrenServed: 1 });
      expect((await figures()).thisYear).toMatchObject({ needsMet: 2, childrenServed: 3 });
    } finally {
      clock.set(new Date('2026-11-20T12:00:00Z'));
    }
  });

  it('is kept in memory until a need changes, and answers a revalidation with 304', async () => {
    const first = await figures();
    await insertNeed(t.db, { zip: '59601' }); // behind the services' back, not announced
    const res = await t.client().api.needs.figures.$get();
    expect(res.status).toBe(200);
    expect(((await res.json()) as NeedFigures).open).toBe(first.open);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const etag = res.headers.get('etag')!;
    expect((await t.client().get('/api/needs/figures', { 'If-None-Match': etag })).status).toBe(304);
    expect((await figures()).open).toBe(first.open + 1);
  });
});

describe("a church's page", () => {
  const page = async (id: number) => {
    await t.announce({ topic: NEEDS_TOPIC });
    return expectAnswer(t.client().api.churches[':id'].$get({ param: { id: String(id) } })) as Promise<ChurchPage>;
  };

  it('counts the needs it responded to and met, the children served and the value it committed', async () => {
    const point = await insertMember(t.db);
    const member = await insertMember(t.db);
    const stranger = await insertMember(t.db);
    const id = await insertChurch(t.db, { pointPersons: [point.id], members: [member.id] });
    expect((await page(id)).needs).toEqual({ responded: 0, met: 0, childrenServed: 0, valueCommitted: 0 });

    const open = await insertNeed(t.db, { items: [{ quantity: 4, unitValue: 40 }] });
    await commit({ needId: open.id, itemId: open.itemIds[0]!, uid: point.id, churchId: id, quantity: 2 });
    await commit({ needId: open.id, itemId: open.itemIds[0]!, uid: stranger.id, quantity: 1 });
    const met = await closedNeed(clock.now(), { childrenServed: 2 });
    // Two of its people on one need: the need and its children count once.
    await commit({ needId: met.id, itemId: met.itemIds[0]!, uid: member.id, quantity: 1 });
    const both = await closedNeed(clock.now(), { childrenServed: 1, items: [{ quantity: 2, unitValue: 50 }] });
    await commit({ needId: both.id, itemId: both.itemIds[0]!, uid: member.id, quantity: 1 });
    await commit({ needId: both.id, itemId: both.itemIds[0]!, uid: point.id, churchId: id, quantity: 1 });
    await commit({ needId: both.id, itemId: null, uid: stranger.id, quantity: 0 });
    expect((await page(id)).needs).toEqual({ responded: 3, met: 2, childrenServed: 3, valueCommitted: 80 + 300 + 100 });
  });

  it('hides children served when fewer than 3', async () => {
    const member = await insertMember(t.db);
    const id = await insertChurch(t.db, { members: [member.id] });
    const met = await closedNeed(clock.now(), { childrenServed: 2 });
    await commit({ needId: met.id, itemId: met.itemIds[0]!, uid: member.id, quantity: 1 });
    expect((await page(id)).needs).toEqual({ responded: 1, met: 1, childrenServed: null, valueCommitted: 300 });
  });
});

describe("the admin's overview and CSV", () => {
  const overview = async (c: Client): Promise<AdminOverview> => expectAnswer(c.api.admin.overview.$get({ query: { days: '7' } }));

  it('counts needs asked and met per month, the last 12 months', async () => {
    const c = await admin();
    const before = await overview(c);
    expect(before.needs.byMonth.map((m) => m.month)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    await insertNeed(t.db, { status: 'review', createdAt: new Date('2026-09-10T00:00:00Z') });
    await closedNeed(new Date('2026-10-05T00:00:00Z')); // written in October too (3 days before)
    await closedNeed(new Date('2026-10-06T00:00:00Z'), { outcome: 'not_met' });
    await closedNeed(new Date('2024-10-06T00:00:00Z')); // too long ago
    const after = await overview(c);
    const month = (o: AdminOverview, m: string) => o.needs.byMonth.find((r) => r.month === m)!;
    expect(month(after, '2026-09').asked - month(before, '2026-09').asked).toBe(1);
    expect(month(after, '2026-10').asked - month(before, '2026-10').asked).toBe(2);
    expect(month(after, '2026-10').met - month(before, '2026-10').met).toBe(1);
  });

  it('gives the median hours from approval to the first commitment and to met, by state', async () => {
    const approvedAt = new Date('2026-08-01T00:00:00Z');
    const at = (hours: number) => new Date(approvedAt.getTime() + hours * HOUR);
    // Idaho (83702): three needs answered after 2, 4 and 30 hours, one of them fully committed after 10; one unanswered.
    for (const [first, full] of [
      [2, 10],
      [4, null],
      [30, null],
      [null, null],
    ] as const) {
      await insertNeed(t.db, {
        zip: '83702',
        approvedAt,
        firstCommitmentAt: first === null ? null : at(first),
        fullyCommittedAt: full === null ? null : at(full),
      });
    }
    const { needs } = await overview(await admin());
    const idaho = needs.times.find((r) => r.code === 'ID');
    expect(idaho).toEqual({
      code: 'ID',
      name: 'Idaho',
      approved: 4,
      firstCommitment: { needs: 3, medianHours: 4 },
      met: { needs: 1, medianHours: 10 },
    });
    expect(needs.times[0]).toMatchObject({ code: 'US', name: 'United States' });
    expect(needs.times[0]!.approved).toBeGreaterThanOrEqual(4);
  });

  it('writes every need as CSV for admins, and refuses everyone else', async () => {
    const { id } = await insertNeed(t.db, {
      zip: '83702',
      title: '=HYPERLINK("x") crib',
      items: [
        { quantity: 2, unitValue: 50 },
        { quantity: 1, unitValue: 100 },
      ],
    });
    const m = await insertMember(t.db);
    const need = await t.db.query.needItem.findMany({ where: (i, { eq }) => eq(i.needId, id) });
    await commit({ needId: id, itemId: need[0]!.id, uid: m.id, quantity: 1 });
    const res = await (await admin()).get('/api/admin/needs.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="needs-2026-11-20.csv"');
    const [header, ...rows] = parseCsv((await res.text()).replace(/^\uFEFF/, ''));
    const row = Object.fromEntries(header!.map((h, i) => [h, rows.find((r) => r[0] === String(id))![i]]));
    expect(row).toMatchObject({
      status: 'open',
      state: 'ID',
      zip: '83702',
      title: `'=HYPERLINK("x") crib`,
      items: '2',
      units_asked: '3',
      value_asked: '200',
      commitments: '1',
      units_committed: '1',
      value_committed: '50',
    });
    expect(header).not.toContain('supervisor_email');

    expect((await t.client().get('/api/admin/needs.csv')).status).toBe(401);
    expect((await (await signedInMember(t)).c.get('/api/admin/needs.csv')).status).toBe(403);
  });
});
