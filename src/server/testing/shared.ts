import { afterAll, beforeAll } from 'vitest';

/**
 * What the tests of a file (or of a describe block) share: opened before them and closed after them. Call
 * it at the top of the file or block; what a test or a later hook reads of it is the thing's own, so
 * `const database = useShared(createTestDatabase, (d) => d.close())` reads like the database itself.
 */
export function useShared<T extends object>(open: () => Promise<T>, close: (it: T) => unknown): T {
  let it: T | undefined;
  beforeAll(async () => {
    it = await open();
  });
  afterAll(() => (it ? close(it) : undefined));
  return new Proxy({} as T, {
    get(_, key) {
      if (!it) throw new Error('This is opened before the tests: read it in a test or a later hook');
      return it[key as keyof T];
    },
  });
}
