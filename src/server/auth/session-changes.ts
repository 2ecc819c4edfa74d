import type { BetterAuthOptions, DBAdapter, DBTransactionAdapter, Where } from 'better-auth';
import type { Db } from '../db/client';
import type { LivePublisher } from '../live';
import { SESSIONS_TOPIC } from './session-cache';

type AdapterFactory = (options: BetterAuthOptions) => DBAdapter;

/** The rows whose change matters to a kept session: sessions (by their user), and users themselves. */
const WATCHED: Record<string, string> = { session: 'userId', user: 'id' };

/** Announces on the live bus that these users' sessions (or what they carry of the user) changed. */
export async function announceSessionChanges(live: LivePublisher, executor: Pick<Db, 'execute'>, userIds: Iterable<string>) {
  for (const id of new Set(userIds)) await live.publish(executor, { topic: SESSIONS_TOPIC, kind: 'changed', id });
}

/**
 * Better Auth's database adapter, announcing every change it makes to sessions and users on the live bus
 * (SESSIONS_TOPIC), so that the session cache of every instance drops them: sign-out, revoked sessions, a
 * password reset, a refreshed expiry, a second factor turned on or off, a confirmed address. Wrapping the
 * adapter, not the endpoints, covers every path inside Better Auth and its plugins, now and in later
 * versions. The users concerned are read before the change (its `where` may name a token, not a user);
 * the announcement follows the change, which the adapter has committed by then (it runs without
 * transactions of its own; a transaction's adapter is wrapped the same way).
 */
export function announcingSessionChanges(factory: AdapterFactory, announce: (userIds: string[]) => Promise<void>): AdapterFactory {
  const wrapped = new WeakSet<object>();
  // In place, so the adapter keeps its identity (Better Auth registers its schema check by it); once,
  // since a transaction without a transaction of its own hands back the same adapter.
  const wrap = <A extends DBTransactionAdapter>(adapter: A): A => {
    if (wrapped.has(adapter)) return adapter;
    wrapped.add(adapter);
    const usersOf = async (model: string, where: Where[]) => {
      const field = WATCHED[model];
      if (!field) return [];
      const rows = await adapter.findMany<Record<string, unknown>>({ model, where, select: [field] });
      return rows.map((r) => String(r[field]));
    };
    /** Runs a change of `model` rows matching `where`, then announces the users it concerned. */
    const announced =
      <Args extends { model: string; where: Where[] }, R>(change: (args: Args) => Promise<R>) =>
      async (args: Args): Promise<R> => {
        const users = await usersOf(args.model, args.where);
        const result = await change(args);
        if (users.length) await announce(users);
        return result;
      };
    return Object.assign(adapter, {
      update: announced(adapter.update),
      updateMany: announced(adapter.updateMany),
      delete: announced(adapter.delete),
      deleteMany: announced(adapter.deleteMany),
      consumeOne: announced(adapter.consumeOne),
      incrementOne: announced(adapter.incrementOne),
    });
  };
  return (options) => {
    const adapter = factory(options);
    const transaction = adapter.transaction;
    return Object.assign(wrap(adapter), {
      transaction: <R>(callback: (trx: DBTransactionAdapter) => Promise<R>) => transaction((trx) => callback(wrap(trx))),
    });
  };
}
