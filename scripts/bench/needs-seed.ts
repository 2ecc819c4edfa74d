// Needs for the benches (issue 26): 10,000 open needs spread over the US ZIP codes (the same ones every run),
// each with one to three items, some partly committed to; and the board's searches it is asked.
import { need, needItem } from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';
import { zipPlace } from '../../src/server/churches/geo';
import { locationColumns } from '../../src/server/churches/store';
import { NEED_KIND_CODES } from '../../src/shared/needs';
import { knownZips, seededRandom } from './churches-seed';

export const BENCH_NEEDS = 10_000;

const TITLES = ['Twin bunk bed', 'Car seat', 'Dinners for a family of five', 'Rides to school', 'A night of respite', 'Winter coats'];

export async function seedNeeds(
  db: Db,
  { count = BENCH_NEEDS, onProgress }: { count?: number; onProgress?: (phase: string, done: number, total: number) => void } = {},
) {
  const next = seededRandom(26);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const all = knownZips();
  const now = Date.now();
  const BATCH = 1000;
  for (let start = 0; start < count; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => {
      const zip = pick(all);
      const place = zipPlace(zip)!;
      const at = new Date(now - Math.floor(next() * 39 * 24 * 3600 * 1000));
      return {
        askedAs: 'family' as const,
        kind: pick(NEED_KIND_CODES),
        title: `${pick(TITLES)} ${start + k + 1}`,
        description: 'A family took in siblings this week and needs a hand while they settle.',
        city: place.city,
        state: place.state,
        zip,
        ...locationColumns(place),
        urgency: next() < 0.3 ? ('urgent' as const) : ('normal' as const),
        status: 'open' as const,
        familyConsentAt: at,
        createdAt: at,
        updatedAt: at,
        approvedAt: at,
      };
    });
    const ids = await db.insert(need).values(rows).returning({ id: need.id });
    await db.insert(needItem).values(
      ids.flatMap(({ id }) =>
        Array.from({ length: 1 + Math.floor(next() * 3) }, (_, position) => ({
          needId: id,
          position,
          name: pick(TITLES),
          quantity: 1 + Math.floor(next() * 4),
          unitValue: 20 + Math.floor(next() * 300),
        })),
      ),
    );
    onProgress?.('needs', Math.min(start + BATCH, count), count);
  }
}

/** `count` board searches near ZIP codes picked at random, none twice: each is new to the server's memory. */
export function newNeedSearches(count: number, radius: number): string[] {
  const all = knownZips();
  const seen = new Set<string>();
  while (seen.size < count) seen.add(all[Math.floor(Math.random() * all.length)]!);
  return [...seen].map((zip) => `/api/needs?zip=${zip}&radius=${radius}`);
}

/** One new board search from a random ZIP code (under load, every request another). */
export function newNeedSearch(radius: number): () => string {
  const all = knownZips();
  return () => `/api/needs?zip=${all[Math.floor(Math.random() * all.length)]!}&radius=${radius}`;
}
