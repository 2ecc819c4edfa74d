// The site's words in every language (decision 043). `npm run i18n` does both steps:
//   extract  Lingui's extractor reads the code and brings every catalog (src/shared/i18n/po/<locale>/<part>.po)
//            up to date: new messages are added, messages no code uses any more are dropped.
//   compile  Each catalog becomes a module the browser and the server load (src/shared/i18n/compiled):
//            Spanish from its translations; English only for messages with placeholders or plurals (a plain
//            English message is its own id, which the runtime shows as it is); the pseudo-locale (accented,
//            30% longer) from the English, for the e2e run that catches text that overflows.
// `npm run i18n -- compile` compiles alone (after editing translations by hand).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import PO from 'pofile';
import pseudolocale from 'pseudolocale';
import { PARTS } from '../src/shared/i18n/parts';
import { COMPILED_LOCALES, type CompiledLocale } from '../src/shared/i18n/locale';

const ROOT = path.resolve(import.meta.dirname, '..');
const PO_DIR = path.join(ROOT, 'src/shared/i18n/po');
const OUT_DIR = path.join(ROOT, 'src/shared/i18n/compiled');

export type CatalogEntry = { id: string; translation: string };

export function readCatalog(locale: 'en' | 'es', part: string): CatalogEntry[] {
  const file = path.join(PO_DIR, locale, `${part}.po`);
  if (!fs.existsSync(file)) return [];
  return PO.parse(fs.readFileSync(file, 'utf8'))
    .items.filter((item) => !item.obsolete)
    .map((item) => ({ id: item.msgid, translation: item.msgstr[0] ?? '' }));
}

/**
 * Accented and 30% longer, placeholders kept: what the pseudo-locale shows. The extra length is words of
 * their own ("~~~~"), so a long message can still wrap where a real language's would.
 */
function pseudo(text: string): string {
  if (!text.trim()) return text;
  const accented = pseudolocale(text, { prepend: '', append: '', extend: 0 });
  const extra = Math.ceil(text.length * 0.3);
  const padding = Array.from({ length: Math.ceil(extra / 5) }, () => '~~~~').join(' ');
  return /\s$/.test(accented) ? `${accented}${padding} ` : `${accented} ${padding}`;
}

const isOwnId = (id: string, compiled: CompiledMessage) => compiled.length === 1 && compiled[0] === id;

// Spanish without a translation yet (the catalog test refuses that in a commit, not while one translates)
// falls back to the English, compiled into Spanish's own catalog: the browser never loads English's beneath it.
export function compiledCatalog(locale: CompiledLocale, part: string): Record<string, CompiledMessage> {
  const out: Record<string, CompiledMessage> = {};
  for (const { id, translation } of readCatalog(locale === 'es' ? 'es' : 'en', part)) {
    if (locale === 'es' && translation) {
      out[id] = compileMessageOrThrow(translation);
    } else if (locale === 'pseudo') {
      out[id] = compileMessageOrThrow(id, pseudo);
    } else {
      const compiled = compileMessageOrThrow(id);
      if (!isOwnId(id, compiled)) out[id] = compiled;
    }
  }
  return out;
}

function moduleSource(messages: Record<string, CompiledMessage>): string {
  const json = JSON.stringify(JSON.stringify(messages));
  return `// Written by \`npm run i18n\` from the catalogs in src/shared/i18n/po: do not edit.\nimport type { Messages } from '@lingui/core';\n\nexport const messages: Messages = JSON.parse(${json}) as Messages;\n`;
}

function indexSource(): string {
  const imports = PARTS.map((part) => `import { messages as ${part} } from './${part}';`).join('\n');
  return `// Written by \`npm run i18n\`: every part's catalog of this language, as one.\nimport type { Messages } from '@lingui/core';\n${imports}\n\nexport const messages: Messages = { ${PARTS.map((p) => `...${p}`).join(', ')} };\n`;
}

export function compileAll(write = true): Map<string, string> {
  const files = new Map<string, string>();
  for (const locale of COMPILED_LOCALES) {
    for (const part of PARTS) files.set(path.join(OUT_DIR, locale, `${part}.ts`), moduleSource(compiledCatalog(locale, part)));
    files.set(path.join(OUT_DIR, locale, 'index.ts'), indexSource());
  }
  if (write) {
    for (const [file, source] of files) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== source) fs.writeFileSync(file, source);
    }
  }
  return files;
}

function extract() {
  execFileSync(path.join(ROOT, 'node_modules/.bin/lingui'), ['extract', '--clean'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const step = process.argv[2];
  if (step === 'files') {
    // `npm run i18n -- files <part>`: the source files whose messages go to that part's catalog.
    const { default: config } = await import('../lingui.config');
    const catalog = config.catalogs?.find((c) => c.path.endsWith(`/${process.argv[3]}`));
    for (const file of catalog?.include ?? []) console.log(file.replace('<rootDir>/', ''));
    process.exit(0);
  }
  if (step !== 'compile') {
    console.log('Extracting the messages from the code…');
    extract();
  }
  compileAll();
  for (const part of PARTS) {
    const en = readCatalog('en', part);
    const missing = readCatalog('es', part).filter((e) => !e.translation).length;
    console.log(`  ${part.padEnd(10)} ${String(en.length).padStart(5)} messages${missing ? `, ${missing} without Spanish` : ''}`);
  }
}
