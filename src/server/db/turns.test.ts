import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../testing/db';
import { turnScheduler } from './turns';

// The embedded database under saturating load (decision 031): PGlite runs on the loop's thread, and without
// turns a queue of queries ran to its end inside one loop turn, so nothing else (timers, new connections)
// ran meanwhile. On PostgreSQL the queries run in its own processes and the loop is free anyway (and a query
// outside a transaction does not wait for it: another connection), so these run on PGlite only.
const database = useTestDatabase();

/** A statement that keeps PGlite busy a few milliseconds. */
const busy = sql`select count(*) from generate_series(1, 20000)`;

describe.skipIf(process.env.DATABASE_URL)('the embedded database under load', () => {
  // Counted in queries rather than milliseconds, so that a busy machine (a slower loop) does not change the verdict.
  it('lets a timer run while many callers send queries back to back', async () => {
    const until = performance.now() + 1_000;
    let queries = 0;
    const callers = Array.from({ length: 20 }, async () => {
      while (performance.now() < until) {
        await database.db.execute(busy);
        queries++;
      }
    });
    // Without turns it fired only once the callers had stopped, after every query.
    const queriesBefore = await new Promise<number>((resolve) => setTimeout(() => resolve(queries), 10));
    await Promise.all(callers);
    expect(queriesBefore).toBeGreaterThan(0);
    expect(queriesBefore).toBeLessThan(queries / 4);
  });

  it('accepts and answers a new connection while busy connections keep it saturated', async () => {
    let busyAnswers = 0;
    const server = http.createServer((req, res) => {
      if (req.url === '/hello') return void res.end('hello');
      database.db.execute(busy).then(
        () => {
          busyAnswers++;
          res.end('done');
        },
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
    const connections = 40;
    let accepted = 0;
    server.on('connection', () => accepted++);
    let isLoading = true;
    const agents = Array.from({ length: connections }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    try {
      const load = agents.map(async (agent) => {
        while (isLoading) await get('/busy', agent);
      });
      // Every busy connection accepted and answered once: the server is saturated, and no connection of the
      // load waits in the accept queue ahead of the new ones.
      while (accepted < connections || busyAnswers < connections) await new Promise((resolve) => setTimeout(resolve, 20));
      // Each on a new connection, as a new visitor's first request; the answer needs no query. Counted: the busy
      // requests answered meanwhile. Without turns a loop turn ran one query for each busy connection, and the
      // new connection waited a turn to be accepted and another to be read.
      const answeredMeanwhile: number[] = [];
      for (let i = 0; i < 5; i++) {
        const before = busyAnswers;
        await get('/hello', false);
        answeredMeanwhile.push(busyAnswers - before);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      isLoading = false;
      await Promise.all(load);
      expect(Math.max(...answeredMeanwhile)).toBeLessThan(connections / 2);
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
