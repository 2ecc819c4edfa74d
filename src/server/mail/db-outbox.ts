import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { LivePublisher } from '../live';
import { enqueueMail, type Outbox } from './outbox';

export type DbOutboxOptions = {
  /** Tells the admin's open mail log of each new item. */
  live?: LivePublisher;
  /** Asks the local delivery worker to run now (after an add or a retry) instead of at its next poll. */
  wakeWorker?: () => void;
};

/** The app's Outbox: rows in the mail table, delivered by the mail worker. */
export function createDbOutbox(db: Db, clock: Clock, options: DbOutboxOptions = {}): Outbox {
  const wake = () => options.wakeWorker?.();
  return {
    async add(item, tx) {
      const row = await enqueueMail({ db: tx ?? db, clock, live: options.live }, item);
      if (!tx) wake();
      return { id: row.id };
    },
    wake,
  };
}
