import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Logger } from './logger';
import type { LiveBus } from './live/bus';
import type { FileStorage } from './storage/storage';
import type { MailDb } from './mail/outbox';

export type OutgoingMail = {
  form: string;
  to: string;
  replyTo?: string;
  subject: string;
  /** Plain text; the HTML part is made from it, escaped. */
  text: string;
  /** Only for HTML we composed ourselves from escaped parts; never user-written HTML. */
  html?: string;
};

/** Adds items to the mail outbox. Code never sends mail directly. */
export type Outbox = {
  /**
   * Pass `tx` to add the item in the caller's transaction (it is sent only if that commits); call wake()
   * after the commit then.
   */
  add(mail: OutgoingMail, tx?: MailDb): Promise<{ id: string }>;
  /** Asks the delivery worker to look for due items now (after an admin's retry). */
  wake(): void;
};

/** Everything the app is built from; tests build their own. */
export type AppDeps = {
  config: Config;
  database: Database;
  clock: Clock;
  logger: Logger;
  storage: FileStorage;
  outbox: Outbox;
  /** Announces committed changes to every instance's open pages (LISTEN/NOTIFY → Server-Sent Events). */
  live: LiveBus;
};
