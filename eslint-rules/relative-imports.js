// A file's relative imports as files on disk: every `import`, `import type`, `export … from` and `import()` that
// TypeScript lists, resolved as Node's resolution with TypeScript's extensions finds them. Used by the rule against
// import cycles and by the list of tests that reach the database (scripts/database-tests.ts).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const EXTENSIONS = ['.ts', '.tsx', '.js'];

/** The file a relative specifier names, or null (a package, or nothing there). */
export function resolveRelative(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => path.join(base, `index${e}`))];
  return candidates.find((c) => fs.statSync(c, { throwIfNoEntry: false })?.isFile()) ?? null;
}

/** The files `file` (whose text is `text`) imports by relative paths. */
export function relativeImportsIn(file, text) {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((i) => resolveRelative(file, i.fileName))
    .filter((f) => f !== null);
}
