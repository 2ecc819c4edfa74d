import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { NEED_MET_OUTCOMES, smallNumberRule, type ChurchNeedFigures } from '../../shared/need-figures';
import type { Db, Tx } from '../db/client';
import { churchMember, need, needCommitment, needItem } from '../db/schema';

// A church's part in the needs board (issue 26: "each church's committed value and children served add to its
// figures"). Kept here, not in the needs feature, because the church's page reads it and the needs feature
// already builds on the churches one; the needs board's own figures count churches with the same rule.

/**
 * The church a commitment counts for: the one a point person made it for, or else the responder's church, where
 * a point person confirmed them as its member (today's, so a member who moves takes no figures along).
 */
export const respondingChurchId = sql<
  number | null
>`coalesce(${needCommitment.churchId}, (select ${churchMember.churchId} from ${churchMember} where ${churchMember.uid} = ${needCommitment.uid} and ${churchMember.status} = 'confirmed'))`;

/** Commitments that count: units of an item (a prayer is not a response the figures weigh), not withdrawn. */
export const countedCommitment = and(isNotNull(needCommitment.itemId), isNull(needCommitment.withdrawnAt));

/** What a church's page says of it on the needs board: needs responded to and met, children served, value committed. */
export async function churchNeedFigures(db: Db | Tx, churchId: number): Promise<ChurchNeedFigures> {
  const [row] = await db
    .select({
      responded: sql<number>`count(distinct ${needCommitment.needId})::int`,
      met: sql<number>`(count(distinct ${needCommitment.needId}) filter (where ${inArray(need.outcome, [...NEED_MET_OUTCOMES])}))::int`,
      valueCommitted: sql<number>`coalesce(sum(${needCommitment.quantity} * ${needItem.unitValue}), 0)::int`,
    })
    .from(needCommitment)
    .innerJoin(need, eq(need.id, needCommitment.needId))
    .innerJoin(needItem, eq(needItem.id, needCommitment.itemId))
    .where(and(countedCommitment, eq(respondingChurchId, churchId)));
  // Children are counted once per need, however many of the church's people committed to it.
  const metNeeds = db
    .selectDistinct({ id: needCommitment.needId })
    .from(needCommitment)
    .where(and(countedCommitment, eq(respondingChurchId, churchId)));
  const [served] = await db
    .select({ children: sql<number>`coalesce(sum(${need.childrenServed}), 0)::int` })
    .from(need)
    .where(and(inArray(need.id, metNeeds), inArray(need.outcome, [...NEED_MET_OUTCOMES])));
  return {
    responded: row?.responded ?? 0,
    met: row?.met ?? 0,
    childrenServed: smallNumberRule(served?.children ?? 0),
    valueCommitted: row?.valueCommitted ?? 0,
  };
}
