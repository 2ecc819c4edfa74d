import { beforeAll, describe, expect, it } from 'vitest';
import type { ChurchMapGroup, ChurchMapResponse } from '../../shared/churches';
import type { StatesResponse } from '../../shared/state-stat';
import { seedStateStats } from '../states/service';
import { useTestApp } from '../testing/app';
import { insertChurch } from '../testing/factories';
import { GROUP_LIST_MAX, GROUP_RADIUS, groupChurches, type MapChurch } from './map';
import { CHURCHES_TOPIC } from './store';

// The US map's churches layer (issue 25): GET /api/churches/map groups the active churches where their markers
// would overlap, and GET /api/states counts them per state.

const t = useTestApp();
beforeAll(async () => {
  await seedStateStats(t.db);
});

async function getMap(headers?: Record<string, string>) {
  const res = await t.client().get('/api/churches/map', headers);
  return { res, body: res.status === 200 ? ((await res.json()) as ChurchMapResponse) : undefined };
}

async function freshMap(): Promise<ChurchMapResponse> {
  // Rows stored by the factory behind the services' back: announced as a service would, so the kept answer goes.
  await t.announce({ topic: CHURCHES_TOPIC });
  const { res, body } = await getMap();
  expect(res.status).toBe(200);
  return body!;
}

const groupOf = (map: ChurchMapResponse, id: number): ChurchMapGroup | undefined =>
  map.groups.find((g) => g.churches.some((c) => c.id === id));

describe('GET /api/churches/map', () => {
  it('draws two churches of one ZIP code as one group of 2, at the mean of their points', async () => {
    const a = await insertChurch(t.db, { zip: '65802', name: 'First Assembly of Springfield' });
    const b = await insertChurch(t.db, { zip: '65802', name: 'Abundant Life Springfield' });
    const map = await freshMap();
    const group = groupOf(map, a)!;
    expect(group).toBe(groupOf(map, b));
    expect(group).toMatchObject({ state: 'MO', count: 2, x: 546.4, y: 338.4 });
    // By name, with the city each is in.
    expect(group.churches.map((c) => c.name)).toEqual(['Abundant Life Springfield', 'First Assembly of Springfield']);
    expect(group.churches[0]).toEqual({ id: b, name: 'Abundant Life Springfield', city: 'Springfield' });
  });

  it('draws churches far apart as groups of their own', async () => {
    const seattle = await insertChurch(t.db, { zip: '98101' });
    const springfield = await insertChurch(t.db, { zip: '65804' });
    const map = await freshMap();
    expect(groupOf(map, seattle)).toMatchObject({ state: 'WA', count: 1, x: 97.7, y: 46.2 });
    expect(groupOf(map, seattle)).not.toBe(groupOf(map, springfield));
  });

  it('keeps neighbours across a state line apart, so each state counts its own', async () => {
    // Kansas City, Missouri (64101) and Kansas City, Kansas (66101): half a unit apart on the map.
    const mo = await insertChurch(t.db, { zip: '64101' });
    const ks = await insertChurch(t.db, { zip: '66101' });
    const map = await freshMap();
    expect(groupOf(map, mo)).toMatchObject({ state: 'MO' });
    expect(groupOf(map, ks)).toMatchObject({ state: 'KS', count: 1 });
  });

  it('leaves proposed and archived churches out of the groups and the counts', async () => {
    const before = await freshMap();
    const proposed = await insertChurch(t.db, { zip: '59601', status: 'proposed' });
    const archived = await insertChurch(t.db, { zip: '59601', status: 'archived' });
    const map = await freshMap();
    expect(groupOf(map, proposed)).toBeUndefined();
    expect(groupOf(map, archived)).toBeUndefined();
    expect(map.byState.MT).toBeUndefined();
    expect(map.total).toBe(before.total);
  });

  it("counts each state's active churches and the total, in the map's answer and in GET /api/states", async () => {
    await insertChurch(t.db, { zip: '03301' });
    await insertChurch(t.db, { zip: '03301' });
    await insertChurch(t.db, { zip: '03101' });
    await insertChurch(t.db, { zip: '03301', status: 'archived' });
    const map = await freshMap();
    expect(map.byState.NH).toBe(3);
    expect(map.groups.filter((g) => g.state === 'NH').reduce((n, g) => n + g.count, 0)).toBe(3);
    expect(map.total).toBe(Object.values(map.byState).reduce((n, v) => n + v, 0));
    expect(map.total).toBe(map.groups.reduce((n, g) => n + g.count, 0));

    const states = (await (await t.client().get('/api/states')).json()) as StatesResponse;
    expect(states.states.find((s) => s.code === 'NH')!.churches).toBe(3);
    expect(states.states.find((s) => s.code === 'WY')!.churches).toBe(0);
    expect(states.national.churches).toBe(map.total);
  });

  it('is kept in memory until a change of a church is announced, for the map and the states alike', async () => {
    const first = await freshMap();
    const statesBefore = (await (await t.client().get('/api/states')).json()) as StatesResponse;
    const { res: again } = await getMap();
    expect(again.status).toBe(200);
    const etag = again.headers.get('etag')!;
    expect(again.headers.get('cache-control')).toBe('public, max-age=60');
    expect((await getMap({ 'if-none-match': etag })).res.status).toBe(304);

    const id = await insertChurch(t.db, { zip: '83702' });
    // Not announced yet: the answers kept in memory are still the old ones.
    expect((await getMap({ 'if-none-match': etag })).res.status).toBe(304);
    expect(((await (await t.client().get('/api/states')).json()) as StatesResponse).national.churches).toBe(statesBefore.national.churches);

    await t.announce({ topic: CHURCHES_TOPIC, kind: 'created', id: String(id) });
    const changed = await getMap({ 'if-none-match': etag });
    expect(changed.res.status).toBe(200);
    expect(groupOf(changed.body!, id)).toMatchObject({ state: 'ID', count: 1 });
    expect(changed.body!.total).toBe(first.total + 1);
    const statesAfter = (await (await t.client().get('/api/states')).json()) as StatesResponse;
    expect(statesAfter.national.churches).toBe(statesBefore.national.churches + 1);
    expect(statesAfter.states.find((s) => s.code === 'ID')!.churches).toBe(1);
  });
});

describe('groupChurches', () => {
  const at = (id: number, x: number, y: number, state = 'TX'): MapChurch => ({
    id,
    name: `Church ${id}`,
    city: 'Here',
    state: state as MapChurch['state'],
    x,
    y,
  });

  it(`joins churches within ${GROUP_RADIUS} units of a group's first church, and no farther`, () => {
    const groups = groupChurches([at(1, 100, 100), at(2, 100 + GROUP_RADIUS - 1, 100), at(3, 100 + GROUP_RADIUS + 1, 100)]);
    expect(groups.map((g) => g.count)).toEqual([2, 1]);
    expect(groups[0]).toMatchObject({ x: 105.5, y: 100 });
  });

  it('gives the same groups whatever order the churches come in', () => {
    const churches = [at(1, 10, 10), at(2, 18, 10), at(3, 26, 10), at(4, 34, 10), at(5, 12, 30)];
    expect(groupChurches([...churches].reverse())).toEqual(groupChurches(churches));
  });

  it(`names at most ${GROUP_LIST_MAX} churches of a group and counts them all`, () => {
    const many = Array.from({ length: 25 }, (_, i) => at(i + 1, 300, 300));
    const [group] = groupChurches(many);
    expect(group!.count).toBe(25);
    expect(group!.churches).toHaveLength(GROUP_LIST_MAX);
  });
});
