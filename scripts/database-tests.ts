import fs from 'node:fs';
import path from 'node:path';
import { relativeImportsIn } from '../eslint-rules/relative-imports.js';

// Which API test files can reach the run's database (decision 053). The PostgreSQL run of the API suite runs only
// those: a file that never reaches the database runs the same code on either run, so its second run adds nothing.

/** What opens the run's database, or starts a process that would: a file that reaches one of them counts. */
const DOORS = [
  'src/server/testing/db.ts', // a test database: a PGlite copy, or a PostgreSQL one when DATABASE_URL is set
  'src/server/config.ts', // the configuration, whose DATABASE_URL an app or a script may open
  'src/server/testing/server-process.ts', // a server process, which takes the parent's environment
  'scripts/build-server.ts', // the built server, started by the tests of the start-up script
];

/**
 * The API test files (`src/**\/*.test.ts`, relative to `root`) that reach the database: through their imports, at any
 * depth and type-only ones included, they come to one of DOORS or to a file that reads `DATABASE_URL` itself.
 */
export function testsThatReachTheDatabase(root = process.cwd()): string[] {
  const doors = new Set(DOORS.map((d) => path.join(root, d)));
  /** Each file read once: whether it is a door itself, and what it imports. */
  const files = new Map<string, { isDoor: boolean; imports: string[] }>();
  const read = (file: string) => {
    let found = files.get(file);
    if (!found) {
      const text = fs.readFileSync(file, 'utf8');
      found = { isDoor: doors.has(file) || text.includes('DATABASE_URL'), imports: relativeImportsIn(file, text) };
      files.set(file, found);
    }
    return found;
  };
  const reachesTheDatabase = (start: string): boolean => {
    const seen = new Set([start]);
    const queue = [start];
    while (queue.length > 0) {
      const { isDoor, imports } = read(queue.pop()!);
      if (isDoor) return true;
      for (const next of imports) {
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    return false;
  };
  return (fs.readdirSync(path.join(root, 'src'), { recursive: true }) as string[])
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.join('src', f))
    .sort()
    .filter((test) => reachesTheDatabase(path.join(root, test)));
}
