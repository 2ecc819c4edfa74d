import fs from 'node:fs';

// Free of vitest's test hooks, so that the global setup can use it as well as the journeys.

/**
 * The lines of a server's log that record an unhandled error: a 500, always our bug, whichever journey caused it.
 * None when the log does not exist.
 */
export function unhandledErrorsIn(logFile: string): string[] {
  if (!fs.existsSync(logFile)) return [];
  return fs
    .readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"msg":"unhandled error"'));
}
