// No import cycles at all, type-only ones included (issue 24). eslint-plugin-import's no-cycle skips every
// `import type` by design (a type import has no effect when the code runs), but a cycle of types still ties
// two modules together: neither can be understood, moved or tested without the other. This rule follows
// every relative import, `import type` and `export … from` included, as TypeScript lists them.
import fs from 'node:fs';
import path from 'node:path';
import { relativeImportsIn, resolveRelative } from './relative-imports.js';

/** Each file's imports as on disk, read once per lint run. */
const onDisk = new Map();
function importsOf(file) {
  let found = onDisk.get(file);
  if (!found) {
    found = relativeImportsIn(file, fs.readFileSync(file, 'utf8'));
    onDisk.set(file, found);
  }
  return found;
}

/** A path of imports from `start` back to `target`, or null; the linted file's imports are taken from its text. */
function pathBack(start, target, current) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift();
    for (const next of file === current.file ? current.imports : importsOf(file)) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, file);
      if (next === target) {
        const steps = [];
        for (let at = next; at !== null; at = cameFrom.get(at)) steps.unshift(at);
        return steps;
      }
      queue.push(next);
    }
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Refuse import cycles, type-only imports included' },
    messages: { cycle: 'Import cycle: {{path}}. Move what both need into a module of its own, or one side into the other.' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const current = { file, imports: relativeImportsIn(file, context.sourceCode.text) };
    const check = (node) => {
      if (typeof node.source?.value !== 'string') return;
      const target = resolveRelative(file, node.source.value);
      if (!target) return;
      const back = target === file ? [file] : pathBack(target, file, current);
      if (!back) return;
      const names = [file, ...back].map((f) => path.relative(context.cwd, f));
      context.report({ node: node.source, messageId: 'cycle', data: { path: names.join(' → ') } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
