import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestDatabase } from '../testing/db';

const database = useTestDatabase();

describe('test database', () => {
  it('is migrated', async () => {
    const res = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from "user"`);
    expect(res.rows[0]?.n).toBe(0);
    await database.ping();
  });
});

describe('query timing (the metrics, decision 022)', () => {
  it('reports each query, in a transaction too, and a failed one, to whoever listens until they stop', async () => {
    const seen: number[] = [];
    const stop = database.onQuery((seconds) => seen.push(seconds));
    try {
      const started = performance.now();
      await database.db.execute(sql`select pg_sleep(0.05)`);
      const took = (performance.now() - started) / 1000;
      expect(seen).toHaveLength(1);
      expect(seen[0]).toBeGreaterThanOrEqual(0.049);
      expect(seen[0]).toBeLessThanOrEqual(took);

      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await tx.execute(sql`select 2`);
      });
      // The two statements; PostgreSQL's BEGIN and COMMIT are queries of their own there, not in PGlite.
      expect(seen.length - 1).toBe(database.kind === 'postgres' ? 4 : 2);

      const before = seen.length;
      await expect(database.db.execute(sql`select * from no_such_table`)).rejects.toThrow(/no_such_table/);
      expect(seen.length).toBe(before + 1);
    } finally {
      stop();
    }
    const after = seen.length;
    await database.db.execute(sql`select 1`);
    expect(seen.length).toBe(after);
  });
});
