import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { post, postCategory } from '../db/schema';
import { useTestDatabase } from '../testing/db';
import { matchesWords, toPrefixQuery } from './queries';

const database = useTestDatabase();

type PlanNode = { 'Node Type'?: string; 'Index Name'?: string; 'Index Cond'?: string; Plans?: PlanNode[] };

/**
 * The plan of the forum's keyword search of `q`, with reading the whole table ruled out: what is left is the
 * GIN index on `search`, if the query's shape lets PostgreSQL use it (a CASE choosing the query per row would not).
 */
async function planOf(q: string): Promise<PlanNode[]> {
  const query = database.db
    .select({ id: post.id })
    .from(post)
    .where(matchesWords(toPrefixQuery(q)!))
    .toSQL();
  const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => `'${String(query.params[Number(n) - 1])}'`);
  let plan: PlanNode[] = [];
  await database.db
    .transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const { rows } = await tx.execute(sql.raw(`explain (format json) ${text}`));
      plan = (rows as Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>).flatMap((r) => r['QUERY PLAN'].map((p) => p.Plan));
      tx.rollback();
    })
    .catch((err: unknown) => {
      if (plan.length === 0) throw err;
    });
  return plan;
}

/** The conditions the plan asks of the search index. */
function searchIndexConditions(plan: PlanNode[]): string[] {
  const found: string[] = [];
  const visit = (node: PlanNode) => {
    if (node['Index Name'] === 'post_search_idx' && node['Index Cond']) found.push(node['Index Cond']);
    node.Plans?.forEach(visit);
  };
  plan.forEach(visit);
  return found;
}

describe('the forum search (issue 28: each post stemmed in its own language)', () => {
  it('reads the search index once per language, a Spanish query and an English one', async () => {
    const [category] = await database.db.insert(postCategory).values({ name: 'Bulk' }).returning({ id: postCategory.id });
    await database.db.execute(sql`
      insert into post (poster_first_name, poster_last_name, post_title, post, post_category, language)
      select 'Bulk', 'Poster', 'Post ' || n, case when n % 2 = 0 then 'Buscamos familias de acogida ' || n else 'We look for families ' || n end,
        ${category!.id}, case when n % 2 = 0 then 'es' else 'en' end
      from generate_series(1, 3000) n`);
    await database.db.execute(sql`analyze post`);
    // PostgreSQL folds each query to its stems: 'famili' in Spanish, 'familia' in English; each reads the index.
    const conditions = searchIndexConditions(await planOf('familias'));
    expect(conditions.map((c) => c.match(/'(\w+)'':\*/)?.[1]).sort(), conditions.join(' | ')).toEqual(['famili', 'familia']);
  });
});
