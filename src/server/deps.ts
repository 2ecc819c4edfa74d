import path from 'node:path';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Logger } from './logger';
import type { LiveBus } from './live/bus';
import { createLocalStorage, type FileStorage } from './storage/storage';
import { createS3Storage } from './storage/s3';
import { createDbOutbox } from './mail/db-outbox';
import type { Outbox } from './mail/outbox';

/** What a service that only reads or writes the database needs (its first argument, as every service's is deps). */
export type DbDeps = { database: Pick<Database, 'db'> };

/** Everything the app is built from (the server's in main.ts, the tests' in testing/app.ts: see appDeps). */
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

/** Where the configuration says files live: the bucket of STORAGE_URL, or the folder DATA_DIR/files. */
export function storageFor(config: Pick<Config, 'bucket' | 'dataDir'>): FileStorage {
  return config.bucket ? createS3Storage(config.bucket) : createLocalStorage(path.join(config.dataDir, 'files'));
}

/**
 * The app's dependencies from their parts, as the server and the tests both make them: files where the
 * configuration says (or in the storage given), mail through the outbox in the database (which wakes the
 * delivery worker, where one runs).
 */
export function appDeps(
  parts: Omit<AppDeps, 'storage' | 'outbox'> & { storage?: FileStorage | undefined; wakeMailWorker?: (() => void) | undefined },
): AppDeps {
  const { wakeMailWorker, storage, ...deps } = parts;
  return {
    ...deps,
    storage: storage ?? storageFor(deps.config),
    outbox: createDbOutbox(deps.database.db, deps.clock, { live: deps.live, wakeWorker: wakeMailWorker }),
  };
}
