import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { postCategory, rateLimit } from '../db/schema';
import { createTestDatabase, pgliteLoans } from './db';

// A worker keeps the PGlite databases its files gave back and resets one for the next file instead of copying the
// template again (decision 033). A file must not be able to tell: what the last file wrote is gone, ids start where
// a fresh copy starts them, and the last file's handle can no longer reach the database.
describe.skipIf(Boolean(process.env.DATABASE_URL))('test databases lent again', () => {
  it('a database given back and lent again holds what a fresh copy holds', async () => {
    const fresh = await createTestDatabase();
    const categories = await fresh.db.select().from(postCategory).orderBy(postCategory.id);
    const [firstNew] = await fresh.db.insert(postCategory).values({ name: 'Probe' }).returning();
    await fresh.close();

    const used = await createTestDatabase();
    await used.db.insert(postCategory).values([{ name: 'Left behind' }, { name: 'Also left' }]);
    await used.db.insert(rateLimit).values({ key: 'left-behind', windowStart: new Date(), count: 3 });
    await used.db.execute(sql`set statement_timeout = 1234`);
    const resetsBefore = pgliteLoans.resets;
    await used.close();

    const next = await createTestDatabase();
    try {
      expect(pgliteLoans.resets).toBe(resetsBefore + 1);
      expect(await next.db.select().from(postCategory).orderBy(postCategory.id)).toEqual(categories);
      expect(await next.db.select().from(rateLimit)).toEqual([]);
      const [again] = await next.db.insert(postCategory).values({ name: 'Probe' }).returning();
      expect(again!.id).toBe(firstNew!.id);
      const { rows } = await next.pglite!.query<{ statement_timeout: string }>('show statement_timeout');
      expect(rows[0]!.statement_timeout).toBe('0');
    } finally {
      await next.close();
    }
  });

  it('a handle given back acts as a closed database, and cannot write into the next file’s', async () => {
    const first = await createTestDatabase();
    const heard: string[] = [];
    await first.pglite!.listen('probe_channel', (payload) => heard.push(payload));
    await first.close();
    expect(first.pglite!.closed).toBe(true);
    // As a timer the file left running would write: refused, as by a closed PGlite (Drizzle wraps the error).
    const late = await first.db
      .insert(rateLimit)
      .values({ key: 'late-timer', windowStart: new Date() })
      .then(
        () => null,
        (err: unknown) => err as Error,
      );
    expect(late?.cause).toMatchObject({ message: 'PGlite is closed' });

    const second = await createTestDatabase();
    try {
      expect(second.pglite!.closed).toBe(false);
      expect(await second.db.select().from(rateLimit)).toEqual([]);
      await second.pglite!.query(`select pg_notify('probe_channel', 'for the next file')`);
      await new Promise((r) => setTimeout(r, 50));
      expect(heard).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('a database whose shape a test changed and left so is closed, and the next file gets another', async () => {
    const changed = await createTestDatabase();
    await changed.db.execute(sql`create function left_behind() returns int language sql as 'select 1'`);
    await changed.db.execute(sql`alter table rate_limit rename to rate_limit_left`);
    const discardedBefore = pgliteLoans.discarded;
    await changed.close();

    const next = await createTestDatabase();
    try {
      expect(pgliteLoans.discarded).toBe(discardedBefore + 1);
      expect(await next.db.select().from(rateLimit)).toEqual([]);
      const { rows } = await next.pglite!.query(`select 1 from pg_proc where proname = 'left_behind'`);
      expect(rows).toEqual([]);
    } finally {
      await next.close();
    }
  });
});
