import { describe, expect, it } from 'vitest';
import { fromPostgres } from '../db/client';
import { createLogger } from '../logger';
import { nextLiveEvent } from '../testing/app';
import { useTestDatabase } from '../testing/db';
import { startTcpProxy } from '../testing/tcp-proxy';
import { createLiveBus } from './bus';

const database = useTestDatabase();

describe.skipIf(!process.env.DATABASE_URL)('the live bus starting while PostgreSQL cannot be reached yet', () => {
  it('waits for its first LISTEN to hold, so nothing announced after start is missed', async () => {
    const url = new URL(database.url!);
    const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port) });
    url.port = String(proxy.port);
    const through = fromPostgres(url.toString(), 1);
    const bus = createLiveBus(through, createLogger('silent'));
    try {
      // As on a busy machine whose first connection attempt fails (refused here, timed out there).
      proxy.cut();
      setTimeout(() => proxy.restore(), 700);
      const started = performance.now();
      await bus.start({ waitMs: 10_000 });
      expect(performance.now() - started).toBeGreaterThan(600);
      expect(bus.isListening()).toBe(true);
      // An announcement made right after start is heard (before the fix it was lost, and a test waiting for
      // it timed out).
      const heard = nextLiveEvent(bus, (e) => e.topic === 'posts' && e.id === 'after-start', 3000);
      await bus.publish(database.db, { topic: 'posts', kind: 'created', id: 'after-start' });
      await expect(heard).resolves.toMatchObject({ id: 'after-start' });
    } finally {
      await bus.close();
      await through.close();
      await proxy.close();
    }
  });
});
