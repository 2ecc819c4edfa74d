import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../testing/db';
import { turnScheduler } from './turns';

// The embedded database under saturating load (decision 031): PGlite runs on the loop's thread, and without
// turns a queue of queries ran to its end inside one loop turn, so nothing else (timers, new connections)
// ran meanwhile. On PostgreSQL the queries run in its own processes and the loop is free anyway.
const database = useTestDatabase();

/** A statement that keeps PGlite busy a few milliseconds. */
const busy = sql`select count(*) from generate_series(1, 20000)`;

describe('the embedded database under load', () => {
  it('lets a timer run while many callers send queries back to back', async () => {
    const started = performance.now();
    const until = started + 1_000;
    let queries = 0;
    const callers = Array.from({ length: 20 }, async () => {
      while (performance.now() < until) {
        await database.db.execute(busy);
        queries++;
      }
    });
    // Set after the first queries started: without turns it fired only when the callers stopped (1 s).
    const firedAfter = await new Promise<number>((resolve) => setTimeout(() => resolve(performance.now() - started), 10));
    const queriesBefore = queries;
    await Promise.all(callers);
    expect(firedAfter).toBeLessThan(300);
    // The callers kept the database busy all along: queries were answered before the timer and after it.
    expect(queriesBefore).toBeGreaterThan(0);
    expect(queries).toBeGreaterThan(queriesBefore);
  });

  it.runIf(!process.env.DATABASE_URL)('accepts and answers a new connection while busy connections keep it saturated', async () => {
    const server = http.createServer((req, res) => {
      if (req.url === '/hello') return void res.end('hello');
      database.db.execute(busy).then(
        () => res.end('done'),
        (err: unknown) => {
          res.statusCode = 500;
          res.end(String(err));
        },
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const get = (path: string, agent: http.Agent | false) =>
      new Promise<void>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path, agent }, (res) => {
            res.resume();
            res.on('end', resolve);
          })
          .on('error', reject);
      });
    const until = performance.now() + 2_000;
    const agents = Array.from({ length: 40 }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    try {
      const load = agents.map(async (agent) => {
        while (performance.now() < until) await get('/busy', agent);
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      // Each on a new connection, as a new visitor's first request; the answer needs no query.
      const waits: number[] = [];
      for (let i = 0; i < 5; i++) {
        const sent = performance.now();
        await get('/hello', false);
        waits.push(performance.now() - sent);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await Promise.all(load);
      expect(Math.max(...waits)).toBeLessThan(500);
    } finally {
      for (const agent of agents) agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('runs a transaction as one unit: a query sent meanwhile waits for its end', async () => {
    const order: string[] = [];
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`select 1`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await t.execute(sql`select 2`);
      order.push('transaction');
    });
    const query = database.db.execute(sql`select 3`).then(() => order.push('query'));
    await Promise.all([tx, query]);
    expect(order).toEqual(['transaction', 'query']);
  });
});

describe('turns', () => {
  it('runs work in the order it came, one at a time, and passes on results and failures', async () => {
    const turns = turnScheduler(0);
    let running = 0;
    const started: number[] = [];
    const unit = (n: number) => async () => {
      running++;
      expect(running).toBe(1);
      started.push(n);
      await new Promise((resolve) => setTimeout(resolve, 1));
      running--;
      if (n === 2) throw new Error('two failed');
      return n;
    };
    const results = await Promise.allSettled([1, 2, 3, 4].map((n) => turns.run(unit(n))));
    expect(started).toEqual([1, 2, 3, 4]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([1, 'two failed', 3, 4]);
    expect(turns.waiting).toBe(0);
  });

  it('gives the loop a turn once the budget is spent, and runs work back to back within it', async () => {
    const turns = turnScheduler(50);
    let immediates = 0;
    const tick = () => setImmediate(() => immediates++);
    tick();
    // Synchronous work well within the budget: all of it runs before the loop's next check phase.
    await Promise.all(Array.from({ length: 10 }, () => turns.run(async () => undefined)));
    expect(immediates).toBe(0);
    const spender = turnScheduler(0);
    tick();
    await Promise.all(Array.from({ length: 10 }, () => spender.run(async () => undefined)));
    // With no budget each unit waits for a turn of its own.
    expect(immediates).toBeGreaterThan(0);
  });
});
