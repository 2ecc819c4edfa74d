import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { LiveEvent } from '../../shared/live';
import type { Database, Db } from '../db/client';
import type { Logger } from '../logger';

const CHANNEL = 'live';
/** PostgreSQL caps a NOTIFY payload at 8000 bytes; events carry ids, never content. */
const MAX_PAYLOAD = 7900;
/** The LISTEN connection: how long to wait for it or a query on it, how often to check it, and the longest wait between attempts. */
const CONNECT_TIMEOUT_MS = 2_000;
const QUERY_TIMEOUT_MS = 4_000;
const HEARTBEAT_MS = 10_000;
const MAX_RETRY_MS = 2_000;
/** How long start() waits for the first LISTEN to hold before it lets the server go on without it. */
const START_WAIT_MS = 60_000;

export type LiveListener = (event: LiveEvent) => void;

/**
 * Changes travel through PostgreSQL LISTEN/NOTIFY, so every app instance on one database hears every
 * change, whichever instance made it. Publishing inside the writing transaction means a change is
 * announced only once it is committed.
 */
export type LiveBus = {
  publish(executor: Pick<Db, 'execute'>, event: Omit<LiveEvent, 'at'>): Promise<void>;
  subscribe(listener: LiveListener): () => void;
  /**
   * Events this instance is announcing, as it sends them (inside the writing transaction, before the
   * commit): for what this instance keeps in memory, which must not keep the old state while the change
   * travels back through the database (the response cache).
   */
  subscribeSent(listener: LiveListener): () => void;
  /** Starts listening; on PostgreSQL waits up to `waitMs` (a minute by default) for the first LISTEN to hold. */
  start(opts?: { waitMs?: number }): Promise<void>;
  close(): Promise<void>;
  /** Whether changes made through other instances are being heard now (false while the LISTEN connection is lost). */
  isListening(): boolean;
};

/** What code that announces changes needs of the bus (the mail outbox and worker, services). */
export type LivePublisher = Pick<LiveBus, 'publish'>;

export function createLiveBus(database: Database, logger: Logger): LiveBus {
  const listeners = new Set<LiveListener>();
  const sentListeners = new Set<LiveListener>();
  let stopListening: (() => Promise<void>) | undefined;
  let closed = false;

  const deliver = (payload: string) => {
    let event: LiveEvent;
    try {
      event = JSON.parse(payload) as LiveEvent;
    } catch {
      logger.warn('live: unreadable notification', { payload: payload.slice(0, 200) });
      return;
    }
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (err) {
        logger.error('live: listener failed', { err });
      }
    }
  };

  /** After a lost connection, notifications sent meanwhile are gone: tell everyone to refetch. */
  const resync = () => deliver(JSON.stringify({ topic: '*', kind: 'resync', at: new Date().toISOString() }));

  let isListening = database.pglite !== undefined;

  /**
   * The LISTEN connection, kept open: lost (the database restarted, the network cut), it is made again
   * (every 100 ms, doubling to 2 s) and every page is told to refetch. A connection that stops answering
   * without closing (a frozen server, a silent network) is caught by a heartbeat query, and a connection
   * attempt or query gives up after a few seconds instead of waiting for good (issue 15).
   */
  async function listenPostgres(url: string, waitMs: number) {
    let client: pg.Client | undefined;
    let retryMs = 100;
    let timer: NodeJS.Timeout | undefined;
    /** Resolves once the first LISTEN holds: start() waits for it, so nothing is announced before it can be heard. */
    let listened: () => void = () => undefined;
    const firstListen = new Promise<void>((resolve) => (listened = resolve));
    const retryLater = () => {
      isListening = false;
      clearTimeout(timer);
      if (closed) return;
      timer = setTimeout(() => void connect(true), retryMs);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    };
    /** Drops a connection that failed, without waiting for it to close (a frozen peer never answers). */
    const drop = (c: pg.Client) => {
      if (client === c) client = undefined;
      (c as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
      void c.end().catch(() => undefined);
    };
    const connect = async (isReconnect: boolean) => {
      if (closed) return;
      const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, query_timeout: QUERY_TIMEOUT_MS });
      c.on('notification', (msg) => {
        if (msg.channel === CHANNEL && msg.payload) deliver(msg.payload);
      });
      c.on('error', (err) => {
        logger.warn('live: listen connection failed', { err: err.message });
      });
      c.on('end', () => {
        if (closed || client !== c) return;
        client = undefined;
        retryLater();
      });
      try {
        await c.connect();
        await c.query(`LISTEN ${CHANNEL}`);
        client = c;
        isListening = true;
        listened();
        retryMs = 100;
        if (isReconnect) {
          logger.info('live: listening again');
          resync();
        }
      } catch (err) {
        logger.warn('live: could not listen, retrying', { err: (err as Error).message, retryMs });
        drop(c);
        retryLater();
      }
    };
    const heartbeat = setInterval(() => {
      const c = client;
      if (!c) return;
      c.query('select 1').catch((err: Error) => {
        if (client !== c) return;
        logger.warn('live: listen connection stopped answering', { err: err.message });
        drop(c);
        retryLater();
      });
    }, HEARTBEAT_MS);
    heartbeat.unref();
    await connect(false);
    // A first attempt can time out on a busy machine (CONNECT_TIMEOUT_MS): the attempts go on, and start waits
    // for one to hold, for `waitMs` at most (then /readyz says not ready until one does).
    if (!isListening && waitMs > 0) {
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([firstListen, new Promise<void>((resolve) => (waited = setTimeout(resolve, waitMs)))]);
      clearTimeout(waited);
    }
    return async () => {
      clearInterval(heartbeat);
      clearTimeout(timer);
      const c = client;
      client = undefined;
      if (c) drop(c);
    };
  }

  return {
    async publish(executor, event) {
      const sent: LiveEvent = { ...event, at: new Date().toISOString() };
      const payload = JSON.stringify(sent);
      if (payload.length > MAX_PAYLOAD) throw new Error(`live event too large (${payload.length} bytes)`);
      for (const listener of sentListeners) listener(sent);
      await executor.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    subscribeSent(listener) {
      sentListeners.add(listener);
      return () => sentListeners.delete(listener);
    },
    async start({ waitMs = START_WAIT_MS } = {}) {
      if (database.pglite) {
        const unlisten = await database.pglite.listen(CHANNEL, deliver);
        stopListening = () => unlisten();
      } else if (database.url) {
        stopListening = await listenPostgres(database.url, waitMs);
      }
    },
    isListening: () => isListening && !closed,
    async close() {
      closed = true;
      // Subscribers (open event streams) end with the bus, so the HTTP server can finish closing.
      deliver(JSON.stringify({ topic: '*', kind: 'closing', at: new Date().toISOString() }));
      listeners.clear();
      await stopListening?.().catch(() => undefined);
    },
  };
}
