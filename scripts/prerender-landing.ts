// A Vite plugin: after the browser build, renders the landing page as a signed-out visitor sees it
// (src/web/prerender.tsx, built for Node) into dist/landing.html, so the first screen paints from HTML
// and CSS alone. The server sends it for "/" when the request has no session cookie
// (src/server/web/static.ts); the browser app then hydrates the same markup (src/web/main.tsx).
//
// landing.html starts the page's scripts from a small loader once the page has painted: on a slow
// connection the style sheets and fonts of the first screen get the bandwidth first, and the scripts
// (which only make the page interactive) follow. They are the landing page's own entry (src/web/landing.tsx,
// which hydrates the page without the router) and its chunks, not index.html's entry.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { jsonBlock, LANDING_MESSAGES_ID, landingFileOf, PRERENDERED_ATTRIBUTE } from '../src/shared/boot.ts';
import { LOCALES, type Locale } from '../src/shared/i18n/locale.ts';

const LANDING_ENTRY = 'src/web/landing.tsx';
const ENTRY = 'src/web/prerender.tsx';
/** The whole app's code, which the landing page loads only when the visitor heads for another page. */
const APP_ENTRY = 'src/web/app-router.tsx';
const CATALOGS_DIR = path.join('src', 'shared', 'i18n', 'compiled');

type Chunk = {
  fileName: string;
  imports: string[];
  dynamicImports: string[];
  isEntry: boolean;
  css: string[];
  moduleIds: string[];
  facadeModuleId: string | null;
};
export type LandingFiles = { entry: string; loader: string; css: string[]; preload: string[] };

/** The loader: after the next frame has painted (or at once in a hidden tab), fetch and run the app. */
function loaderSource(entry: string, preload: string[]): string {
  return `// Starts the app once the prerendered landing page has painted (scripts/prerender-landing.ts).
(() => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of ${JSON.stringify(preload)}) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    import(${JSON.stringify(entry)});
  };
  if (document.visibilityState !== 'visible') return start();
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);
})();
`;
}

export function prerenderLanding(): Plugin {
  let config: ResolvedConfig;
  let landing: LandingFiles | undefined;
  let landingSources = '';

  return {
    name: 'fn-prerender-landing',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      if (config.build.ssr) return;
      const chunks = new Map<string, Chunk>();
      let entry: Chunk | undefined;
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        const chunk: Chunk = {
          fileName: item.fileName,
          imports: item.imports,
          dynamicImports: item.dynamicImports,
          isEntry: item.isEntry,
          css: [...(item.viteMetadata?.importedCss ?? [])],
          moduleIds: item.moduleIds,
          facadeModuleId: item.facadeModuleId,
        };
        chunks.set(item.fileName, chunk);
        if (item.isEntry && item.facadeModuleId?.endsWith(LANDING_ENTRY)) entry = chunk;
      }
      if (!entry) throw new Error(`prerender: no entry chunk for ${LANDING_ENTRY}`);
      // Every chunk the landing page's entry imports, and their style sheets.
      const css = new Set<string>();
      const js = new Set<string>();
      const visit = (chunk: Chunk) => {
        if (js.has(chunk.fileName)) return;
        js.add(chunk.fileName);
        for (const file of chunk.css) css.add(file);
        for (const name of chunk.imports) {
          const next = chunks.get(name);
          if (next) visit(next);
        }
      };
      visit(entry);
      js.delete(entry.fileName);
      const base = config.base;
      const preload = [...js].map((f) => `${base}${f}`);
      const ref = this.emitFile({ type: 'asset', name: 'start-after-paint.js', source: loaderSource(`${base}${entry.fileName}`, preload) });
      landingSources = sourcesOfLanding(entry, chunks);
      landing = {
        entry: `${base}${entry.fileName}`,
        loader: `${base}${this.getFileName(ref)}`,
        css: [...css].map((f) => `${base}${f}`),
        preload,
      };
    },
    async closeBundle() {
      if (config.build.ssr || !landing) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      // Inside node_modules so the rendered module finds React and the rest as a plain Node import.
      const ssrDir = path.resolve(config.root, 'node_modules/.cache/fn-prerender');
      await build({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        build: { ssr: ENTRY, outDir: ssrDir, emptyOutDir: true, sourcemap: false, minify: false, copyPublicDir: false },
      });
      const file = fs.readdirSync(ssrDir).find((f) => /^prerender\.m?js$/.test(f));
      if (!file) throw new Error(`prerender: the server build wrote no prerender.js in ${ssrDir}`);
      const mod = (await import(`${pathToFileURL(path.join(ssrDir, file)).href}?t=${Date.now()}`)) as {
        renderLanding(
          locale: Locale,
        ): Promise<{ markup: string; headStyles: string; messages: Record<string, unknown>; catalog: Record<string, unknown> }>;
      };
      const index = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      // One page per language (decision 043): landing.html, landing.es.html. The server picks one per visitor.
      for (const locale of LOCALES) {
        const { markup, headStyles, messages, catalog } = await mod.renderLanding(locale);
        const carried = { ...messagesShownBy(landingSources, catalog), ...messages };
        fs.writeFileSync(path.join(outDir, landingFileOf(locale)), landingPage(index, { markup, headStyles }, landing, carried));
      }
    },
  };
}

/** The styles React hoists, as renderToString writes them: first, one after another. */
const HOISTED_STYLES = /^(?:<style data-precedence="[^"]*"[^>]*>[^<]*<\/style>)+/;

/**
 * The source of every module of ours that the landing page can run without the router: its entry's chunks
 * and the chunks they load later (the map, the phone menu), not the app's (app-router) nor the catalogs.
 */
function sourcesOfLanding(entry: Chunk, chunks: Map<string, Chunk>): string {
  const seen = new Set<string>();
  const files = new Set<string>();
  const visit = (chunk: Chunk) => {
    if (seen.has(chunk.fileName) || chunk.moduleIds.some((id) => id.endsWith(APP_ENTRY))) return;
    seen.add(chunk.fileName);
    for (const id of chunk.moduleIds) {
      const file = id.split('?')[0]!;
      if (file.includes(`${path.sep}src${path.sep}`) && !file.includes(CATALOGS_DIR) && fs.existsSync(file)) files.add(file);
    }
    for (const name of [...chunk.imports, ...chunk.dynamicImports]) {
      const next = chunks.get(name);
      if (next) visit(next);
    }
  };
  visit(entry);
  return [...files].map((file) => fs.readFileSync(file, 'utf8')).join('\n');
}

/**
 * The messages of `catalog` whose id (its English text) the landing page's code quotes. The page carries
 * them, so the words it shows once its figures arrive, or when the visitor opens the map or the phone menu,
 * need no catalog: the whole catalog is fetched only when the visitor heads for another page.
 */
export function messagesShownBy(sources: string, catalog: Record<string, unknown>): Record<string, unknown> {
  // As a string literal: 'Yes' in a sentence is not the message "Yes".
  const isQuoted = (id: string) => ["'", '"', '`'].some((quote) => sources.includes(`${quote}${id}${quote}`));
  return Object.fromEntries(Object.entries(catalog).filter(([id]) => isQuoted(id)));
}

/**
 * index.html with the rendered landing in #root, and the landing entry's style sheets, the theme's styles
 * (Mantine's CSS variables, which the page hydrates without: decision 046), the loader and the messages the
 * page was rendered with in place of index.html's own entry script, preloads and style sheets.
 */
export function landingPage(
  index: string,
  { markup, headStyles }: { markup: string; headStyles: string },
  files: LandingFiles,
  messages: unknown,
): string {
  const root = '<div id="root"></div>';
  if (!index.includes(root) || !index.includes('</head>')) throw new Error('prerender: index.html has no empty #root');
  const scriptTag = /\s*<script type="module"[^>]*src="[^"]*"[^>]*><\/script>/g;
  const preloadTag = /\s*<link rel="modulepreload"[^>]*>/g;
  const styleTag = /\s*<link rel="stylesheet"[^>]*>/g;
  if (!index.match(scriptTag)) throw new Error('prerender: index.html loads no module script');
  const styles = files.css.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`);
  // React writes any <style> elements it hoists before the markup when it renders to a string; HTML allows them only
  // in <head>, where React in the browser finds them again. The theme's own (mantine-styles.tsx) come as headStyles.
  const hoisted = HOISTED_STYLES.exec(markup)?.[0] ?? '';
  const head = [
    ...styles,
    headStyles,
    ...(hoisted ? [hoisted] : []),
    `<script type="module" src="${files.loader}"></script>`,
    jsonBlock(LANDING_MESSAGES_ID, messages),
  ].join('\n    ');
  return index
    .replace(scriptTag, '')
    .replace(preloadTag, '')
    .replace(styleTag, '')
    .replace('</head>', `  ${head}\n  </head>`)
    .replace(root, `<div id="root" ${PRERENDERED_ATTRIBUTE}>${markup.slice(hoisted.length)}</div>`);
}
