import { sql, type AnyColumn } from 'drizzle-orm';

// Keyset pagination over (time, uuid), newest first: a page costs the same however deep, and rows added
// meanwhile never shift the next page. The position after a row is "<µs since 1970>.<uuid>".

/** The list position of a row, to select alongside it. */
export function cursorOf(time: AnyColumn) {
  return sql<string>`((extract(epoch from ${time}) * 1000000)::bigint)::text`;
}

/** Rows older than the position (ties on the time broken by the uuid, in the same descending order). */
export function olderThan(time: AnyColumn, id: AnyColumn, cursor: string) {
  const [us, uuid] = cursor.split('.');
  return sql`(${time}, ${id}) < (timestamptz 'epoch' + ${us}::bigint * interval '1 microsecond', ${uuid}::uuid)`;
}

/** Cuts the extra row a query fetched to learn whether more follow, and names the next position. */
export function pageOf<T extends { cursor: string; id: string }>(rows: T[], size: number): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > size && last ? `${last.cursor}.${last.id}` : null };
}
