import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { ChurchMapGroup, ChurchMapResponse } from '../../shared/churches';
import type { StateCode } from '../../shared/states';
import type { Db } from '../db/client';
import { church } from '../db/schema';

// The US map's churches layer (issue 25, product.md §12): active churches on the site's map (975 × 610
// units), grouped where their markers (about 10 units across) would overlap, so a town with five churches
// shows one marker saying 5 rather than five markers on top of each other.

/** Churches closer than this (in map units) to a group's first church join that group. */
export const GROUP_RADIUS = 12;
/** A group names at most this many churches; its count says how many there are, the state's list has them all. */
export const GROUP_LIST_MAX = 20;

export type MapChurch = { id: number; name: string; city: string; state: StateCode; x: number; y: number };

type Group = { state: StateCode; seedX: number; seedY: number; members: MapChurch[] };

/**
 * Greedy grouping: churches in a fixed order (by id, so the same churches always give the same groups) each
 * join the nearest group of their own state whose first church is within GROUP_RADIUS, or start one. A group
 * never spans two states, so a state's panel can count its groups' churches. A grid of cells GROUP_RADIUS wide
 * keeps each look-up to the nine cells around the church, not every group.
 */
export function groupChurches(churches: readonly MapChurch[]): ChurchMapGroup[] {
  const cells = new Map<string, Group[]>();
  const cellOf = (x: number, y: number) => [Math.floor(x / GROUP_RADIUS), Math.floor(y / GROUP_RADIUS)] as const;
  const groups: Group[] = [];
  for (const c of [...churches].sort((a, b) => a.id - b.id)) {
    const [cx, cy] = cellOf(c.x, c.y);
    let best: Group | undefined;
    let bestDistance = GROUP_RADIUS;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const g of cells.get(`${cx + dx},${cy + dy}`) ?? []) {
          if (g.state !== c.state) continue;
          const distance = Math.hypot(g.seedX - c.x, g.seedY - c.y);
          if (distance < bestDistance) [best, bestDistance] = [g, distance];
        }
      }
    }
    if (best) {
      best.members.push(c);
      continue;
    }
    const group: Group = { state: c.state, seedX: c.x, seedY: c.y, members: [c] };
    groups.push(group);
    const key = `${cx},${cy}`;
    cells.set(key, [...(cells.get(key) ?? []), group]);
  }
  const round = (n: number) => Math.round(n * 10) / 10;
  return groups.map(({ state, members }) => ({
    x: round(members.reduce((sum, m) => sum + m.x, 0) / members.length),
    y: round(members.reduce((sum, m) => sum + m.y, 0) / members.length),
    state,
    count: members.length,
    churches: [...members]
      .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.id - b.id)
      .slice(0, GROUP_LIST_MAX)
      .map(({ id, name, city }) => ({ id, name, city })),
  }));
}

/** Active churches per state (states with none left out). */
export async function activeChurchesByState(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ state: church.state, count: sql<number>`count(*)::int` })
    .from(church)
    .where(eq(church.status, 'active'))
    .groupBy(church.state);
  return new Map(rows.map((r) => [r.state, r.count]));
}

/** GET /api/churches/map: the groups of active churches with a place on the map, and the counts per state. */
export async function churchMap(db: Db): Promise<ChurchMapResponse> {
  const [placed, byState] = await Promise.all([
    db
      .select({ id: church.id, name: church.name, city: church.city, state: church.state, x: church.mapX, y: church.mapY })
      .from(church)
      .where(and(eq(church.status, 'active'), isNotNull(church.mapX), isNotNull(church.mapY)))
      .orderBy(asc(church.id)),
    activeChurchesByState(db),
  ]);
  const churches = placed.map((r) => ({ ...r, state: r.state as StateCode, x: r.x!, y: r.y! }));
  return {
    groups: groupChurches(churches),
    byState: Object.fromEntries([...byState].sort(([a], [b]) => a.localeCompare(b))),
    total: [...byState.values()].reduce((sum, n) => sum + n, 0),
  };
}
