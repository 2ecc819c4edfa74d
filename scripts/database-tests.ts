import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// Which API test files can reach the run's database (decision 053). The PostgreSQL run of the API suite runs only
// those: a file that never reaches the database runs the same code on either run, so its second run adds nothing.

/** What opens the run's database, or starts a process that would: a file that reaches one of them counts. */
const DOORS = [
  'src/server/testing/db.ts', // a test database: a PGlite copy, or a PostgreSQL one when DATABASE_URL is set
  'src/server/config.ts', // the configuration, whose DATABASE_URL an app or a script may open
  'src/server/testing/server-process.ts', // a server process, which takes the parent's environment
  'scripts/build-server.ts', // the built server, started by the tests of the start-up script
];
const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs'];

/** The file a relative specifier names, as Node's resolution with TypeScript's extensions finds it. */
function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => path.join(base, `index${e}`))];
  return candidates.find((c) => fs.statSync(c, { throwIfNoEntry: false })?.isFile()) ?? null;
}

/**
 * The API test files (`src/**\/*.test.ts`, relative to `root`) that reach the database: through their imports, at any
 * depth and type-only ones included, they come to one of DOORS or to a file that reads `DATABASE_URL` itself.
 */
export function testsThatReachTheDatabase(root = process.cwd()): string[] {
  const doors = new Set(DOORS.map((d) => path.join(root, d)));
  const reaches = new Map<string, boolean>();
  const importsOf = (file: string, text: string) =>
    ts
      .preProcessFile(text, true, true)
      .importedFiles.map((i) => resolve(file, i.fileName))
      .filter((f): f is string => f !== null);
  const reachesTheDatabase = (start: string): boolean => {
    const seen = new Set([start]);
    const queue = [start];
    while (queue.length > 0) {
      const file = queue.pop()!;
      const known = reaches.get(file);
      if (known) return true;
      if (known === false) continue;
      const text = fs.readFileSync(file, 'utf8');
      if (doors.has(file) || text.includes('DATABASE_URL')) return true;
      for (const next of importsOf(file, text)) {
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    return false;
  };
  const tests = (fs.readdirSync(path.join(root, 'src'), { recursive: true }) as string[])
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.join('src', f))
    .sort();
  return tests.filter((test) => {
    const answer = reachesTheDatabase(path.join(root, test));
    reaches.set(path.join(root, test), answer);
    return answer;
  });
}
