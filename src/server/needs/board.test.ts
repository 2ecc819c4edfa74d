import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { NEED_NOT_FOUND, type NeedPage } from '../../shared/needs';
import { NEED_BOARD_PAGE_SIZE, type NeedBoard } from '../../shared/needs-board';
import { need, needCommitment } from '../db/schema';
import { testClock, useTestApp } from '../testing/app';
import {
  expectJson,
  insertCaseworker,
  insertChurch,
  insertMember,
  insertNeed,
  signedInAdmin,
  signedInMember,
  uniqueTag,
} from '../testing/factories';
import { NEEDS_TOPIC } from './store';

// The board and a need's page (issue 26, product.md §13): open needs nearest a ZIP code or newest first, the
// filters, what visitors and members see of a need, and nothing before approval.

const clock = testClock(new Date('2026-06-01T12:00:00Z'));
const t = useTestApp({ clock });
beforeEach(() => clock.advance(1000));

type Client = ReturnType<typeof t.client>;

/** Needs inserted behind the services' back, then announced so no answer kept in memory hides them. */
async function needs(...rows: Array<Parameters<typeof insertNeed>[1]>): Promise<number[]> {
  const ids: number[] = [];
  for (const row of rows) ids.push((await insertNeed(t.db, row)).id);
  await t.announce({ topic: NEEDS_TOPIC });
  return ids;
}

const board = async (query: string, c: Client = t.client()) => expectJson<NeedBoard>(await c.get(`/api/needs?${query}`));
const among = (found: NeedBoard, ids: number[]) => found.needs.filter((n) => ids.includes(n.id)).map((n) => n.id);

describe('GET /api/needs', () => {
  it('finds open needs near a ZIP code within the distance, nearest first, with the miles; newest first when asked', async () => {
    const tag = uniqueTag('near');
    const [near, nixa, dadeville] = (await needs(
      { zip: '65807', title: `${tag} near`, approvedAt: new Date(clock.now().getTime() - 3000) },
      { zip: '65714', title: `${tag} nixa`, approvedAt: new Date(clock.now().getTime() - 1000) },
      { zip: '65635', title: `${tag} dadeville`, approvedAt: new Date(clock.now().getTime() - 2000) },
    )) as [number, number, number];
    await needs(
      { zip: '65807', title: `${tag} waiting`, status: 'review' },
      { zip: '65807', title: `${tag} declined`, status: 'declined' },
    );

    const within30 = await board(`zip=65802&radius=30&q=${tag}`);
    expect(within30).toMatchObject({ origin: { zip: '65802', city: 'Springfield', state: 'MO' }, radius: 30, sort: 'nearest', total: 2 });
    expect(within30.needs.map((n) => [n.id, n.distanceMiles])).toEqual([
      [near, 3.1],
      [nixa, 11.1],
    ]);
    expect(among(await board(`zip=65802&radius=60&q=${tag}`), [near, nixa, dadeville])).toEqual([near, nixa, dadeville]);
    expect(among(await board(`zip=65802&radius=60&sort=newest&q=${tag}`), [near, nixa, dadeville])).toEqual([nixa, dadeville, near]);
    expect(among(await board(`q=${tag}`), [near, nixa, dadeville])).toEqual([nixa, dadeville, near]);
  });

  it('filters by kind, state, urgency and keyword (as written, wildcards too), and sums what is committed', async () => {
    const tag = uniqueTag('filters');
    const [meals, urgentKs, withPercent] = (await needs(
      {
        kind: 'meals',
        title: `${tag} dinners`,
        items: [
          { quantity: 4, unitValue: 40 },
          { quantity: 1, unitValue: 100 },
        ],
      },
      { zip: '66044', urgency: 'urgent', title: `${tag} rides`, kind: 'rides' },
      { title: `${tag} 100% cotton`, description: 'Sheets for two beds.' },
    )) as [number, number, number];
    const mealsPage = await board(`kind=meals&q=${tag}`);
    expect(mealsPage.needs.map((n) => n.id)).toEqual([meals]);
    expect(mealsPage.needs[0]).toMatchObject({ totalUnits: 5, totalValue: 260, committedUnits: 0, committedValue: 0, distanceMiles: null });
    expect(among(await board(`state=KS&q=${tag}`), [meals, urgentKs, withPercent])).toEqual([urgentKs]);
    expect(among(await board(`urgency=urgent&q=${tag}`), [meals, urgentKs, withPercent])).toEqual([urgentKs]);
    expect(among(await board(`q=${encodeURIComponent(`${tag} 100%`)}`), [meals, urgentKs, withPercent])).toEqual([withPercent]);
    expect((await board(`q=${encodeURIComponent(`${tag}%dinners`)}`)).total).toBe(0);
    expect((await board(`q=${tag.toUpperCase()}`)).total).toBe(3);
  });

  it('pages twenty at a time with the total, and shows closed needs that were on the board when asked', async () => {
    const tag = uniqueTag('pages');
    const rows = Array.from({ length: NEED_BOARD_PAGE_SIZE + 3 }, (_, i) => ({
      title: `${tag} ${i}`,
      approvedAt: new Date(clock.now().getTime() - i * 1000),
    }));
    const ids = await needs(...rows);
    const first = await board(`q=${tag}`);
    expect(first.total).toBe(NEED_BOARD_PAGE_SIZE + 3);
    expect(first.needs.map((n) => n.id)).toEqual(ids.slice(0, NEED_BOARD_PAGE_SIZE));
    expect((await board(`q=${tag}&page=2`)).needs.map((n) => n.id)).toEqual(ids.slice(NEED_BOARD_PAGE_SIZE));

    const [met] = await needs({ title: `${tag} met`, status: 'closed', outcome: 'met', closedAt: clock.now() });
    await needs({ title: `${tag} never approved`, status: 'closed', approvedAt: null, closedAt: clock.now() });
    const closed = await board(`show=closed&q=${tag}`);
    expect(closed.needs.map((n) => [n.id, n.outcome])).toEqual([[met, 'met']]);
  });

  it('refuses what it cannot search by, naming the field', async () => {
    const refused = async (query: string) =>
      (await expectJson<{ fieldErrors: Record<string, string> }>(await t.client().get(`/api/needs?${query}`), 400)).fieldErrors;
    expect(Object.keys(await refused('sort=nearest'))).toEqual(['zip']);
    expect(Object.keys(await refused('zip=00000'))).toEqual(['zip']);
    expect(Object.keys(await refused('zip=65802&radius=7'))).toEqual(['radius']);
    expect(Object.keys(await refused('kind=cars'))).toEqual(['kind']);
    expect(Object.keys(await refused('page=0'))).toEqual(['page']);
    expect(Object.keys(await refused(`q=${'x'.repeat(101)}`))).toEqual(['q']);
  });

  it('shows a new need once it is announced (the board is kept in memory until a need changes)', async () => {
    const tag = uniqueTag('live');
    expect((await board(`q=${tag}`)).total).toBe(0);
    await insertNeed(t.db, { title: tag });
    await t.announce({ topic: NEEDS_TOPIC, id: '1' });
    expect((await board(`q=${tag}`)).total).toBe(1);
  });
});

describe('GET /api/needs/:id', () => {
  it('shows visitors the need, its items and commitments without names; members see who asked and first names', async () => {
    const asker = await signedInMember(t, { profile: { firstName: 'Hope' } });
    const askerChurch = await insertChurch(t.db, { name: 'Grace Assembly', members: [asker.id] });
    const responder = await signedInMember(t, { profile: { firstName: 'Ruth' } });
    const pointPerson = await insertMember(t.db, { firstName: 'Paul' });
    const helping = await insertChurch(t.db, { name: 'Helping Assembly', pointPersons: [pointPerson.id] });
    const { id, itemIds } = await insertNeed(t.db, {
      askerUid: asker.id,
      createdAt: clock.now(),
      items: [{ name: 'Dinner', quantity: 4, unitValue: 40 }],
    });
    await t.db.insert(needCommitment).values([
      { needId: id, itemId: itemIds[0]!, uid: responder.id, quantity: 2, createdAt: clock.now() },
      { needId: id, itemId: itemIds[0]!, uid: pointPerson.id, churchId: helping, quantity: 1, createdAt: clock.now() },
      { needId: id, itemId: null, uid: pointPerson.id, quantity: 0, createdAt: clock.now() },
      { needId: id, itemId: itemIds[0]!, uid: pointPerson.id, quantity: 1, createdAt: clock.now(), withdrawnAt: clock.now() },
    ]);
    await t.announce({ topic: NEEDS_TOPIC, id: String(id) });

    const seen = await expectJson<NeedPage>(await t.client().get(`/api/needs/${id}`));
    expect(seen).toMatchObject({ id, status: 'open', asker: null, prayers: 1, committedUnits: 3, totalUnits: 4, committedValue: 120 });
    expect(seen.items).toEqual([{ id: itemIds[0], name: 'Dinner', quantity: 4, unitValue: 40, note: null, committed: 3 }]);
    expect(seen.commitments.map((c) => [c.quantity, c.firstName, c.church?.name ?? null, c.mine])).toEqual([
      [2, null, null, false],
      [1, null, 'Helping Assembly', false],
      [0, null, null, false],
    ]);
    expect(seen.may).toEqual({ edit: false, close: false, commit: false });
    expect(seen.closesAt).toBe(new Date(clock.now().getTime() + 40 * 24 * 3600 * 1000).toISOString());
    expect(JSON.stringify(seen)).not.toContain(asker.email);

    const asMember = await expectJson<NeedPage>(await responder.c.get(`/api/needs/${id}`));
    expect(asMember.asker).toEqual({
      firstName: 'Hope',
      askedAs: 'family',
      church: { id: askerChurch, name: 'Grace Assembly' },
      agency: null,
    });
    expect(asMember.commitments.map((c) => [c.firstName, c.mine])).toEqual([
      ['Ruth', true],
      ['Paul', false],
      ['Paul', false],
    ]);
    expect(asMember.may).toEqual({ edit: false, close: false, commit: true });
    expect((await expectJson<NeedPage>(await asker.c.get(`/api/needs/${id}`))).may).toEqual({ edit: true, close: true, commit: false });
  });

  it("names a caseworker's agency, and keeps requests not yet approved, declined or expired from all but the asker and admins", async () => {
    const worker = await signedInMember(t, { profile: { firstName: 'Casey' } });
    await insertCaseworker(t.db, worker.id, { agency: 'Greene County' });
    const member = await signedInMember(t);
    const admin = await signedInAdmin(t);
    const open = await insertNeed(t.db, { askerUid: worker.id, askedAs: 'caseworker', agency: 'Greene County' });
    expect((await expectJson<NeedPage>(await member.c.get(`/api/needs/${open.id}`))).asker).toEqual({
      firstName: 'Casey',
      askedAs: 'caseworker',
      church: null,
      agency: 'Greene County',
    });
    for (const status of ['supervisor', 'review', 'declined', 'expired'] as const) {
      const { id } = await insertNeed(t.db, { askerUid: worker.id, status });
      for (const c of [t.client(), member.c])
        expect(await expectJson<{ message: string }>(await c.get(`/api/needs/${id}`), 404)).toMatchObject({ message: NEED_NOT_FOUND });
      expect((await expectJson<NeedPage>(await worker.c.get(`/api/needs/${id}`))).status).toBe(status);
      expect((await expectJson<NeedPage>(await admin.c.get(`/api/needs/${id}`))).may.edit).toBe(
        status === 'supervisor' || status === 'review',
      );
    }
    expect((await t.client().get('/api/needs/999999999')).status).toBe(404);
  });

  it("names a caseworker who has no profile by their application's first name, never 'A member'", async () => {
    const worker = await signedInMember(t, { profile: null });
    await insertCaseworker(t.db, worker.id, { name: 'Dana Whitfield Jones', agency: 'Ada County' });
    const member = await signedInMember(t);
    const { id } = await insertNeed(t.db, { askerUid: worker.id, askedAs: 'caseworker', agency: 'Ada County' });
    expect((await expectJson<NeedPage>(await member.c.get(`/api/needs/${id}`))).asker).toMatchObject({
      firstName: 'Dana',
      agency: 'Ada County',
    });
  });

  it("keeps a visitor's page in memory until the need changes", async () => {
    const { id } = await insertNeed(t.db, { title: 'Before' });
    await t.announce({ topic: NEEDS_TOPIC, id: String(id) });
    expect((await expectJson<NeedPage>(await t.client().get(`/api/needs/${id}`))).title).toBe('Before');
    await t.db.update(need).set({ title: 'After' }).where(eq(need.id, id));
    await t.announce({ topic: NEEDS_TOPIC, kind: 'updated', id: String(id) });
    expect((await expectJson<NeedPage>(await t.client().get(`/api/needs/${id}`))).title).toBe('After');
  });
});

describe('the language filter (issue 28)', () => {
  it('shows the needs written in one language, every language without it, and refuses another with 400', async () => {
    const tag = uniqueTag('lang');
    const [es, en] = (await needs({ title: `${tag} cuna`, language: 'es' }, { title: `${tag} crib`, language: 'en' })) as [number, number];
    expect((await board(`q=${tag}&language=es`)).needs.map((n) => [n.id, n.language])).toEqual([[es, 'es']]);
    expect((await board(`q=${tag}&language=en`)).needs.map((n) => n.id)).toEqual([en]);
    expect(among(await board(`q=${tag}`), [es, en]).sort()).toEqual([es, en].sort());
    expect((await board(`zip=65802&q=${tag}&language=es`)).needs.map((n) => n.id)).toEqual([es]);
    const page = await expectJson<NeedPage>(await t.client().get(`/api/needs/${es}`));
    expect(page.language).toBe('es');
    for (const language of ['fr', 'ES', '']) {
      const res = await t.client().get(`/api/needs?language=${language}`);
      expect(await expectJson(res, 400), language).toMatchObject({ fieldErrors: { language: 'Choose English or Spanish.' } });
    }
  });
});
