// Churches for the benches (issue 25): 10,000 active churches spread over the US ZIP codes, each at a known ZIP
// code picked at random (the same ones every run), as the finder meets them; and the searches it is asked.
import { church } from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';
import { zipPlace } from '../../src/server/churches/geo';
import { locationColumns } from '../../src/server/churches/store';
import { CHURCH_LANGUAGE_CODES, CHURCH_OFFER_CODES } from '../../src/shared/churches';

export const BENCH_CHURCHES = 10_000;

/** A small seeded generator (mulberry32): the same rows on every run and every database (the needs' seed too). */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let zips: string[] | undefined;
/** Every ZIP code the data set places in the 50 states and DC. */
export function knownZips(): string[] {
  zips ??= Array.from({ length: 100_000 }, (_, n) => String(n).padStart(5, '0')).filter((zip) => zipPlace(zip) !== null);
  return zips;
}

const KINDS = ['Assembly of God', 'First Assembly', 'Life Church', 'Fellowship', 'Chapel', 'Worship Center'];

export async function seedChurches(
  db: Db,
  { count = BENCH_CHURCHES, onProgress }: { count?: number; onProgress?: (phase: string, done: number, total: number) => void } = {},
) {
  const next = seededRandom(25);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const all = knownZips();
  const now = new Date();
  const BATCH = 1000;
  for (let start = 0; start < count; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => {
      const i = start + k;
      const zip = pick(all);
      const place = zipPlace(zip)!;
      const languages = ['en', ...(next() < 0.2 ? ['es'] : []), ...(next() < 0.03 ? [pick(CHURCH_LANGUAGE_CODES.slice(2))] : [])];
      return {
        name: `${place.city} ${pick(KINDS)} ${i + 1}`,
        ag: next() < 0.8,
        street: `${1 + Math.floor(next() * 9000)} Main St`,
        city: place.city,
        state: place.state,
        zip,
        languages,
        offers: CHURCH_OFFER_CODES.filter(() => next() < 0.4),
        status: 'active' as const,
        createdAt: now,
        updatedAt: now,
        activeSince: now,
        ...locationColumns(place),
      };
    });
    await db.insert(church).values(rows);
    onProgress?.('churches', Math.min(start + BATCH, count), count);
  }
}

/** `count` finder searches from ZIP codes picked at random, none twice: each is new to the server's memory. */
export function newChurchSearches(count: number, radius: number): string[] {
  const all = knownZips();
  const seen = new Set<string>();
  while (seen.size < count) seen.add(all[Math.floor(Math.random() * all.length)]!);
  return [...seen].map((zip) => `/api/churches?zip=${zip}&radius=${radius}`);
}

/** One new search from a random ZIP code (under load, every request another). */
export function newChurchSearch(radius: number): () => string {
  const all = knownZips();
  return () => `/api/churches?zip=${all[Math.floor(Math.random() * all.length)]!}&radius=${radius}`;
}
