import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The site loads Mantine's stylesheets per component (src/web/styles/mantine.css): a component whose stylesheet
// is imported nowhere renders unstyled, silently (the needs board's filters stood in one column at every width
// because SimpleGrid's grid rules were missing). Every file that uses a component with a stylesheet of its own
// imports it, unless the site-wide sheet does.

const WEB = path.resolve(import.meta.dirname);
const STYLES = path.resolve(WEB, '../../node_modules/@mantine/core/styles');

/** Components drawn by another component's stylesheet. */
const SHEET_OF: Record<string, string> = { TextInput: 'Input', Textarea: 'Input', NativeSelect: 'Input', Select: 'Combobox' };

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.tsx') && !e.name.endsWith('.test.tsx') ? [full] : [];
  });
}

/** The stylesheets a file imports: `@import` rules of a stylesheet, `import` statements of a module; never comments. */
const sheetsIn = (text: string) =>
  new Set([...text.matchAll(/^\s*@?import '@mantine\/core\/styles\/(\w+)\.layer\.css';/gm)].map((m) => m[1]!));

describe("Mantine's stylesheets", () => {
  it('are imported wherever a component that needs one is used', () => {
    const siteWide = sheetsIn(fs.readFileSync(path.join(WEB, 'styles/mantine.css'), 'utf8'));
    const available = new Set(fs.readdirSync(STYLES).flatMap((f) => (f.endsWith('.layer.css') ? [f.slice(0, -'.layer.css'.length)] : [])));
    const missing: string[] = [];
    for (const file of sourceFiles(WEB)) {
      const text = fs.readFileSync(file, 'utf8');
      const imports = /import\s*\{([^}]*)\}\s*from '@mantine\/core'/.exec(text)?.[1];
      if (!imports) continue;
      const own = sheetsIn(text);
      for (const raw of imports.split(',')) {
        const name = raw.trim().split(/\s+as\s+/)[0]!;
        if (!name || name.startsWith('type ')) continue;
        const sheet = SHEET_OF[name] ?? name;
        if (available.has(sheet) && !siteWide.has(sheet) && !own.has(sheet)) missing.push(`${path.relative(WEB, file)}: ${sheet}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
