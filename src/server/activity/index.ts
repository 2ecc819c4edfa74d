import { desc } from 'drizzle-orm';
import {
  ADMIN_ACTIVITY_PAGE_SIZE,
  ADMIN_TOPICS,
  type ActivityEntry,
  type ActivityListResponse,
  type AdminAction,
} from '../../shared/admin';
import type { Db, Tx } from '../db/client';
import { cursorOf, olderThan, pageOf } from '../db/keyset';
import { adminActivity } from '../db/schema';
import type { LivePublisher } from '../live';

/** Who acted: an admin in the admin area, or the command line (uid and email null). */
export type Actor = { uid: string | null; email: string | null };
export const COMMAND_LINE: Actor = { uid: null, email: null };

export type ActivityInput = {
  actor: Actor;
  action: AdminAction;
  target?: string | null;
  details?: Record<string, unknown>;
  at: Date;
};

/** What writing to the log needs: the transaction of the change it records (or the database), and the live bus if any. */
export type ActivityDeps = { db: Tx | Db; live?: LivePublisher | undefined };

/**
 * Writes one entry of the activity log, inside the transaction of the change it records, so the log never
 * names a change that did not happen nor misses one that did. The admins' open activity page hears of it.
 */
export async function recordActivity({ db, live }: ActivityDeps, entry: ActivityInput): Promise<void> {
  const [row] = await db
    .insert(adminActivity)
    .values({
      at: entry.at,
      actorUid: entry.actor.uid,
      actorEmail: entry.actor.email,
      action: entry.action,
      target: entry.target ?? null,
      details: entry.details ?? {},
    })
    .returning({ id: adminActivity.id });
  await live?.publish(db, { topic: ADMIN_TOPICS.activity, kind: 'created', id: row!.id });
}

/** Newest first, a page at a time. */
export async function listActivity(db: Db, { before }: { before?: string | undefined }): Promise<ActivityListResponse> {
  const rows = await db
    .select({
      id: adminActivity.id,
      at: adminActivity.at,
      actorUid: adminActivity.actorUid,
      actorEmail: adminActivity.actorEmail,
      action: adminActivity.action,
      target: adminActivity.target,
      details: adminActivity.details,
      cursor: cursorOf(adminActivity.at),
    })
    .from(adminActivity)
    .where(before ? olderThan(adminActivity.at, adminActivity.id, before) : undefined)
    .orderBy(desc(adminActivity.at), desc(adminActivity.id))
    .limit(ADMIN_ACTIVITY_PAGE_SIZE + 1);
  const { page, nextCursor } = pageOf(rows, ADMIN_ACTIVITY_PAGE_SIZE);
  const entries: ActivityEntry[] = page.map(({ cursor: _cursor, at, action, ...rest }) => ({
    ...rest,
    at: at.toISOString(),
    action: action as AdminAction,
  }));
  return { entries, nextCursor };
}
