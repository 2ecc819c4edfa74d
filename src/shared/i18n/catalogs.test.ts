import fs from 'node:fs';
import { getConfig } from '@lingui/conf';
import { getCatalogs } from '@lingui/cli/api';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { compileAll, readCatalog } from '../../../scripts/i18n';
import { PARTS } from './parts';

// Issue 28's guards on the catalogs (decision 043): no message in one language and not the other, no message
// that no code uses, compiled files as the catalogs say, and a Spanish that keeps each message's placeholders.

/**
 * The placeholders and tags of a message: what the code fills in, which a translation must keep. Read from
 * the compiled message, so the words inside a plural's or a select's cases are words, not placeholders.
 */
function slots(message: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === 'string') {
        for (const tag of token.matchAll(/<\/?(\d+)\/?>/g)) found.add(tag[0]);
        continue;
      }
      const [name, type, format] = token;
      found.add(`{${name}${type ? `, ${type}` : ''}}`);
      if (format && typeof format === 'object') {
        for (const [key, value] of Object.entries(format as Record<string, unknown>))
          if (key !== 'offset' && Array.isArray(value)) walk(value as CompiledMessage);
      }
    }
  };
  walk(compileMessageOrThrow(message));
  return [...found].sort();
}

describe('the catalogs', { timeout: 120_000 }, () => {
  it('hold every message the code uses, and no other', async () => {
    const config = getConfig({ cwd: process.cwd(), configPath: 'lingui.config.ts' });
    const catalogs = await getCatalogs(config);
    const stale: string[] = [];
    for (const catalog of catalogs) {
      const part = catalog.path.split('/').pop()!;
      const used = Object.keys((await catalog.collect()) ?? {}).sort();
      const kept = readCatalog('en', part)
        .map((e) => e.id)
        .sort();
      for (const id of used.filter((id) => !kept.includes(id))) stale.push(`${part}: not in the catalog: ${id}`);
      for (const id of kept.filter((id) => !used.includes(id))) stale.push(`${part}: no code uses: ${id}`);
    }
    expect(stale, 'run `npm run i18n`').toEqual([]);
  });

  it('have every message in Spanish, with the same placeholders, plurals and tags as the English', () => {
    const problems: string[] = [];
    for (const part of PARTS) {
      const english = new Set(readCatalog('en', part).map((e) => e.id));
      const spanish = readCatalog('es', part);
      for (const id of english) if (!spanish.some((e) => e.id === id)) problems.push(`${part}: no Spanish entry: ${id}`);
      for (const { id, translation } of spanish) {
        if (!translation) problems.push(`${part}: not translated: ${id}`);
        else if (slots(id).join() !== slots(translation).join()) problems.push(`${part}: placeholders differ: ${id} → ${translation}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('say the same English the same way in Spanish, whichever part it is in', () => {
    const seen = new Map<string, { part: string; translation: string }>();
    const differ: string[] = [];
    for (const part of PARTS) {
      for (const { id, translation } of readCatalog('es', part)) {
        const before = seen.get(id);
        if (before && translation && before.translation && before.translation !== translation) {
          differ.push(`${id}: ${before.part} "${before.translation}", ${part} "${translation}"`);
        }
        if (!before) seen.set(id, { part, translation });
      }
    }
    expect(differ).toEqual([]);
  });

  it('are compiled as they stand (`npm run i18n -- compile`)', () => {
    const stale = [...compileAll(false)].filter(([file, source]) => !fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== source);
    expect(stale.map(([file]) => file)).toEqual([]);
  });
});
