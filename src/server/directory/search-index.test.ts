import { describe, expect, it } from 'vitest';
import { and, sql } from 'drizzle-orm';
import { profile } from '../db/schema';
import { useTestDatabase } from '../testing/db';
import { isListed } from '../profiles';
import { matchConditions } from './queries';

const database = useTestDatabase();

/**
 * The plan for the directory's search of `q`, as text, with the other ways to read the listed members ruled
 * out (the whole table, the directory's order index): what is left is an index that answers the search, if
 * one can. The index is dropped inside a transaction that is rolled back.
 */
async function planOf(q: string): Promise<string> {
  const where = and(isListed, ...matchConditions({ q, foster: false, credentialed: false, state: '' }));
  const query = database.db.select({ uid: profile.uid }).from(profile).where(where).toSQL();
  const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => `'${String(query.params[Number(n) - 1])}'`);
  let plan = '';
  await database.db
    .transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`drop index profile_directory_idx`);
      await tx.execute(sql`set local enable_indexscan = off`);
      const { rows } = await tx.execute(sql.raw(`explain (format json) ${text}`));
      plan = JSON.stringify(rows);
      tx.rollback();
    })
    .catch((err: unknown) => {
      if (!plan) throw err;
    });
  return plan;
}

type PlanNode = { 'Index Name'?: string; 'Index Cond'?: string; Plans?: PlanNode[] };

/** What the plan asks of the trigram index: its index conditions, empty when it is not used to search. */
function searchIndexConditions(plan: string): string[] {
  const found: string[] = [];
  const visit = (node: PlanNode) => {
    if (node['Index Name'] === 'profile_search_idx' && node['Index Cond']) found.push(node['Index Cond']);
    node.Plans?.forEach(visit);
  };
  for (const row of JSON.parse(plan) as Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>) row['QUERY PLAN'].forEach((p) => visit(p.Plan));
  return found;
}

describe('the directory search', () => {
  it('can be answered by the trigram index, whose expression must be the query’s own', async () => {
    await database.db.execute(sql`
      insert into "user" (id, name, email, email_verified)
      select 'bulk-' || n, 'Bulk ' || n, 'bulk' || n || '@example.org', true from generate_series(1, 2000) n`);
    await database.db.execute(sql`
      insert into profile (uid, email, saved_at, first_name, last_name, church, city, ag_affiliated)
      select 'bulk-' || n, 'bulk' || n || '@example.org', now(), 'First' || n, 'Last' || n, 'Church ' || (n % 40),
        'Town' || (n % 90), 'Yes'
      from generate_series(1, 2000) n`);
    await database.db.execute(sql`
      insert into "user" (id, name, email, email_verified) values ('rare', 'Rare', 'rare@example.org', true)`);
    await database.db.execute(sql`
      insert into profile (uid, email, saved_at, first_name, last_name, city, org_other, ag_affiliated)
      values ('rare', 'rare@example.org', now(), 'Zebedee', 'Quixley', 'Wyjkton', 'Vexwhorl Homes', 'Yes')`);
    await database.db.execute(sql`analyze profile`);
    // schema.ts directorySearchText is both the index's expression and the query's; were they to differ by
    // a character, the planner could not use the index and every search would read every member.
    expect(searchIndexConditions(await planOf('quixley')).join()).toContain('%quixley%');
    const conditions = searchIndexConditions(await planOf('Zebedee wyjkton VEXWHORL')).join();
    for (const word of ['%zebedee%', '%wyjkton%', '%vexwhorl%']) expect(conditions).toContain(word);
    // The rollback kept the order index.
    const { rows } = await database.db.execute(sql`select 1 from pg_indexes where indexname = 'profile_directory_idx'`);
    expect(rows).toHaveLength(1);
  });
});
