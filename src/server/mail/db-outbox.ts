import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { Outbox } from '../deps';
import { enqueueMail } from './outbox';

/** The app's Outbox: rows in the mail table; `onQueued` lets a local worker start at once. */
export function createDbOutbox(db: Db, clock: Clock, onQueued?: () => void): Outbox {
  return {
    async add(item) {
      const row = await enqueueMail(db, item, clock);
      onQueued?.();
      return { id: row.id };
    },
  };
}
