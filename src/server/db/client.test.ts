import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../testing/db';
import type { Database } from './client';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('test database', () => {
  it('is migrated', async () => {
    const res = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from "user"`);
    expect(res.rows[0]?.n).toBe(0);
    await database.ping();
  });
});
