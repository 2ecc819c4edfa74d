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
