import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import { contentLanguageOf } from '../../shared/i18n/content-language';
import { SUPERVISOR_LINK_USED } from '../../shared/needs';
import type { SupervisorRequest } from '../../shared/needs-approvals';
import type { StateCode } from '../../shared/states';
import type { Tx } from '../db/client';
import { caseworker, need } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { markDeclined, tellAsker } from './review';
import { hashLinkToken, itemsOf, NEED_REVIEWS_TOPIC, NEEDS_TOPIC, openNeed } from './store';

// The supervisor's single-use link (issue 26): whoever holds it reads the caseworker's request and approves or
// declines it, without an account and without being signed in. Only the token's hash is stored; the first
// decision clears it, so the link works once; it stops working after SUPERVISOR_LINK_DAYS, when the expiry
// job marks the request expired and tells the caseworker.

type Deps = Pick<AppDeps, 'config' | 'database' | 'clock' | 'live' | 'outbox' | 'logger'>;

/** The request this token opens while its link works: waiting for the supervisor, not yet expired. */
const linkWorks = (token: string, now: Date) =>
  and(eq(need.supervisorTokenHash, hashLinkToken(token)), eq(need.status, 'supervisor'), gt(need.supervisorLinkExpiresAt, now));

export async function supervisorRequest(deps: Pick<AppDeps, 'database' | 'clock'>, token: string): Promise<SupervisorRequest> {
  const { db } = deps.database;
  const [found] = await db
    .select({ row: need, caseworkerName: caseworker.name })
    .from(need)
    .leftJoin(caseworker, eq(caseworker.uid, need.askerUid))
    .where(linkWorks(token, deps.clock.now()));
  if (!found) throw new AppError('GONE', SUPERVISOR_LINK_USED);
  const { row, caseworkerName } = found;
  const items = (await itemsOf(db, [row.id])).get(row.id) ?? [];
  return {
    kind: row.kind,
    title: row.title,
    description: row.description,
    language: contentLanguageOf(row.language),
    city: row.city,
    state: row.state as StateCode,
    urgency: row.urgency,
    items: items.map(({ name, quantity, unitValue, note }) => ({ name, quantity, unitValue, note })),
    caseworker: { name: caseworkerName ?? 'A caseworker', agency: row.agency ?? '' },
    supervisorName: row.supervisorName ?? '',
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.supervisorLinkExpiresAt!.toISOString(),
  };
}

/**
 * The supervisor's decision. The token's hash is cleared in the same statement that finds the request, so two
 * clicks (or two people with the mail) cannot both decide: the second gets 410 with SUPERVISOR_LINK_USED.
 */
export async function decideSupervisorRequest(
  deps: Deps,
  { token, decision, reason }: { token: string; decision: 'approve' | 'decline'; reason: string | null },
): Promise<{ status: 'open' | 'declined' }> {
  const now = deps.clock.now();
  const status = await deps.database.db.transaction(async (tx) => {
    const [row] = await tx.update(need).set({ supervisorTokenHash: null, updatedAt: now }).where(linkWorks(token, now)).returning();
    if (!row) throw new AppError('GONE', SUPERVISOR_LINK_USED);
    if (decision === 'approve') {
      await openNeed(tx, deps.live, { id: row.id, now, approvedBy: null });
      await tellAsker(deps, tx, row, { to: 'open', by: 'supervisor' });
      return 'open' as const;
    }
    await markDeclined(deps, tx, row, { now, reason: reason ?? '', by: 'supervisor' });
    return 'declined' as const;
  });
  deps.outbox.wake();
  deps.logger.info('need decided by the supervisor', { status });
  return { status };
}

/** How many expired requests one run handles: the rest wait for the next run. */
const EXPIRY_BATCH = 100;

/**
 * The expiry job: requests whose supervisor's link ran out become `expired`, and their caseworker is told. The
 * rows are locked with SKIP LOCKED and the change is made only while they still wait, so two instances running
 * it at once expire (and mail) each request once.
 */
export async function expireSupervisorRequests(deps: Deps): Promise<{ expired: number }> {
  const now = deps.clock.now();
  const expired = await deps.database.db.transaction(async (tx: Tx) => {
    const due = await tx
      .select()
      .from(need)
      .where(and(eq(need.status, 'supervisor'), lte(need.supervisorLinkExpiresAt, now)))
      .orderBy(asc(need.supervisorLinkExpiresAt), asc(need.id))
      .limit(EXPIRY_BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return 0;
    await tx
      .update(need)
      .set({ status: 'expired', supervisorTokenHash: null, updatedAt: now })
      .where(
        inArray(
          need.id,
          due.map((r) => r.id),
        ),
      );
    for (const row of due) {
      await tellAsker(deps, tx, row, { to: 'expired' });
      await deps.live.publish(tx, { topic: NEEDS_TOPIC, kind: 'updated', id: String(row.id) });
      await deps.live.publish(tx, { topic: NEED_REVIEWS_TOPIC, kind: 'updated', id: String(row.id) });
    }
    return due.length;
  });
  if (expired > 0) {
    deps.outbox.wake();
    deps.logger.info('supervisor requests expired', { expired });
  }
  return { expired };
}
