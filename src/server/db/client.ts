import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { acquireLock } from './lock';
import { turnScheduler, type TurnScheduler } from './turns';

export { schema };

/**
 * One Drizzle type for both drivers. PGlite and node-postgres share the query builder; the only
 * difference the app sees is `execute()`'s result, which has `rows` on both.
 */
export type Db = NodePgDatabase<typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The embedded client, when embedded (tests clone it). */
  pglite?: PGlite;
  /** The connection string, when on a server (live updates open their own LISTEN connection). */
  url?: string;
  /**
   * Calls `listener` with the seconds each query took, from sent to answered, until the returned function is
   * called (the metrics of decision 022). Without listeners a query pays one check of an empty set.
   */
  onQuery: (listener: QueryListener) => () => void;
  /** The connection pool's state, on PostgreSQL (PGlite is one connection in the process: no pool). */
  poolStats?: () => PoolStats;
};

export type QueryListener = (seconds: number) => void;
export type PoolStats = {
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection, all being busy. */
  waiting: number;
  /** The most connections the pool opens. */
  max: number;
};

/** Who wants each query's duration, and the timing of a query for them when anyone does. */
function queryTimer() {
  const listeners = new Set<QueryListener>();
  const report = (started: number) => () => {
    const seconds = (performance.now() - started) / 1000;
    for (const listener of listeners) listener(seconds);
  };
  return {
    listeners,
    subscribe: (listener: QueryListener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** `run`'s promise, timed from now until it settles (the caller still sees its result or its error). */
    time<T>(run: () => Promise<T>): Promise<T> {
      if (listeners.size === 0) return run();
      const done = report(performance.now());
      const result = run();
      result.then(done, done);
      return result;
    },
    /** The callback, timed from now until pg calls it. */
    timeCallback(callback: (...args: unknown[]) => unknown) {
      const done = report(performance.now());
      return function (this: unknown, ...args: unknown[]) {
        done();
        return callback.apply(this, args);
      };
    },
  };
}
type QueryTimer = ReturnType<typeof queryTimer>;

/**
 * The client Drizzle is given: PGlite's query and transaction (all Drizzle calls), each query timed from its
 * call (its wait in line included). Each query, and each transaction as a whole, waits for its turn
 * (turns.ts, decision 031) so that the loop accepts and answers connections between them. The
 * transaction's own queries (BEGIN, COMMIT) run inside PGlite and are not counted on their own.
 */
function timedPglite(client: PGlite, timer: QueryTimer, turns: TurnScheduler): PGlite {
  const query: PGlite['query'] = (text, params, options) => timer.time(() => turns.run(() => client.query(text, params, options)));
  const transaction: PGlite['transaction'] = (callback) =>
    turns.run(() =>
      client.transaction((tx) => {
        const timedTx = Object.create(tx) as typeof tx;
        timedTx.query = (text, params, options) => timer.time(() => tx.query(text, params, options));
        return callback(timedTx);
      }),
    );
  return { query, transaction } as PGlite;
}

/**
 * pg's Client, timing each query on its connection (not the wait for a connection: the pool's `waiting`
 * counts that). The pool sends its queries with a callback, a client used directly returns a promise.
 */
function timedPgClient(timer: QueryTimer): typeof pg.Client {
  class TimedClient extends pg.Client {}
  // Called with the client as `this`, through Reflect.apply.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const send = pg.Client.prototype.query;
  TimedClient.prototype.query = function query(this: pg.Client, ...args: unknown[]): unknown {
    if (timer.listeners.size === 0) return Reflect.apply(send, this, args);
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = timer.timeCallback(last as (...a: unknown[]) => unknown);
      return Reflect.apply(send, this, args);
    }
    return timer.time(() => Reflect.apply(send, this, args) as Promise<unknown>);
  } as typeof send;
  return TimedClient;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export function pgliteDir(dataDir: string) {
  return path.join(dataDir, 'pglite');
}
export function lockPath(dataDir: string) {
  return path.join(dataDir, 'pglite.lock');
}

/** Wraps an open PGlite (file-backed, in memory or cloned) as a Database. */
export function fromPglite(client: PGlite, onClose?: () => void): Database {
  const timer = queryTimer();
  const db = drizzlePglite({ client: timedPglite(client, timer, turnScheduler()), schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    onQuery: timer.subscribe,
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        onClose?.();
      }
    },
  };
}

/** How long a PostgreSQL pool waits: for a connection (a new one, or a free one of the pool), and for a query. */
export type PoolTimeouts = { connectMs?: number; queryMs?: number };

/**
 * The server's bounds (issue 15): with the database stopped, frozen or out of reach, or every connection
 * busy, a request fails within ~4 s (answered 503 with Retry-After, http/errors.ts) instead of waiting for
 * good. The server cancels a statement a little before the client gives up on it, so a slow statement ends
 * cleanly on a live server; the client's own limit is for a server that no longer answers at all.
 */
export const SERVER_POOL_TIMEOUTS = { connectMs: 2_000, queryMs: 4_000 } as const satisfies PoolTimeouts;

export function fromPostgres(url: string, poolSize = 10, timeouts: PoolTimeouts = {}): Database {
  const timer = queryTimer();
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    Client: timedPgClient(timer),
    connectionTimeoutMillis: timeouts.connectMs,
    query_timeout: timeouts.queryMs,
    statement_timeout: timeouts.queryMs ? Math.max(1, timeouts.queryMs - 500) : undefined,
  });
  // An idle client's connection can drop (server restart, a test dropping its database); the pool
  // replaces it on next use, so this must not crash the process.
  pool.on('error', () => undefined);
  // So can a client's that is checked out: in a transaction (Drizzle takes a client of its own for one), a
  // lost connection is also emitted as an 'error' event, which nobody listens for while the client is out
  // of the pool, and an 'error' event without a listener ends the process (issue 15: the server died when
  // PostgreSQL stopped under load). The queries in flight fail with the error anyway, and the pool drops the
  // broken client when it comes back.
  pool.on('connect', (client) => client.on('error', () => undefined));
  releaseBrokenClients(pool);
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    url,
    onQuery: timer.subscribe,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

/**
 * Drizzle takes a client of its own for a transaction and sends `begin` before its try block: when `begin`
 * fails (the connection was lost, a client handed out just as the database went away), the client is never
 * released, and each such failure keeps one of the pool's connections for good. After an outage the pool is
 * then empty and every request waits for a connection (issue 15). A client checked out whose connection
 * fails is released here, with the error, so the pool drops it; releasing it again later is harmless.
 */
function releaseBrokenClients(pool: pg.Pool) {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  pool.connect = (async (callback?: unknown) => {
    if (callback) return (pool.constructor.prototype as pg.Pool).connect.call(pool, callback as never);
    const client = await connect();
    const release = client.release.bind(client);
    let isReleased = false;
    const onError = (err: Error) => client.release(err);
    client.release = (err?: Error | boolean) => {
      if (isReleased) return;
      isReleased = true;
      client.removeListener('error', onError);
      release(err);
    };
    client.once('error', onError);
    return client;
  }) as pg.Pool['connect'];
}

/**
 * The embedded server's settings: PGlite defaults to 128 MB of shared buffers, sized for a database
 * server; a site of this size is served from 32 MB plus the operating system's file cache, and the
 * process stays ~120 MB smaller.
 */
export const PGLITE_CONF = ['shared_buffers=32MB', 'work_mem=8MB', 'maintenance_work_mem=32MB', 'temp_buffers=8MB'];

function createPgliteInChildProcess(dir: string) {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'init-pglite.ts');
  const res = spawnSync(process.execPath, ['--import', 'tsx', script, dir], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`Could not create the embedded database in ${dir}: ${res.stderr}`);
}

/** Opens the configured database: PostgreSQL when a URL is given, else PGlite under dataDir (locked). */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) return fromPostgres(opts.databaseUrl, 10, SERVER_POOL_TIMEOUTS);
  const release = acquireLock(lockPath(opts.dataDir));
  try {
    const dir = pgliteDir(opts.dataDir);
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) createPgliteInChildProcess(dir);
    const client = await PGlite.create(dir, { postgresqlconf: PGLITE_CONF, extensions: PGLITE_EXTENSIONS });
    return fromPglite(client, release);
  } catch (err) {
    release();
    throw err;
  }
}

/** The extensions the migrations create (the directory's trigram search); every embedded client loads them. */
export const PGLITE_EXTENSIONS = { pg_trgm };

const MIGRATION_LOCK_ID = 727_001;

/** Applies the checked-in migrations. On PostgreSQL an advisory lock keeps concurrent instances in line. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  // A dedicated connection holds a session-level advisory lock while it migrates.
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}
