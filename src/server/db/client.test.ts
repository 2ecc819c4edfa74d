import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { startTcpProxy } from '../testing/tcp-proxy';
import { useTestDatabase } from '../testing/db';
import { fromPostgres, SERVER_POOL_TIMEOUTS } from './client';
import { isDatabaseUnavailable } from './unavailable';

const database = useTestDatabase();

describe('test database', () => {
  it('is migrated', async () => {
    const res = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from "user"`);
    expect(res.rows[0]?.n).toBe(0);
    await database.ping();
  });
});

describe.skipIf(!process.env.DATABASE_URL)('a PostgreSQL connection lost in a transaction (issue 15)', () => {
  it('fails the transaction as "unavailable" and leaves the process and the pool working', async () => {
    const killer = new pg.Client({ connectionString: database.url });
    await killer.connect();
    try {
      const failed = database.db
        .transaction(async (tx) => {
          const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
          // The server ends this transaction's connection, as a restart or a crash of PostgreSQL does.
          await killer.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
          await new Promise((resolve) => setTimeout(resolve, 200));
          await tx.execute(sql`select 1`);
        })
        .then(
          () => undefined,
          (err: unknown) => err,
        );
      const err = await failed;
      expect(err).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(err)).toBe(true);
      // The broken connection left the pool: the next query gets a good one.
      await database.ping();
    } finally {
      await killer.end();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('a PostgreSQL pool losing its connections (issue 15)', () => {
  it('keeps no connection of a transaction whose begin failed', async () => {
    const url = new URL(database.url!);
    const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port) });
    url.port = String(proxy.port);
    // One connection: if the failed transaction kept it, nothing else could ever query.
    const pool = fromPostgres(url.toString(), 1, SERVER_POOL_TIMEOUTS);
    try {
      await pool.ping();
      proxy.cut();
      // The pool hands out its idle client, whose connection was just cut: `begin` fails.
      await expect(pool.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
      proxy.restore();
      await pool.ping();
    } finally {
      await pool.close();
      await proxy.close();
    }
  });
});
