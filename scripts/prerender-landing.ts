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

type Chunk = { fileName: string; imports: string[]; isEntry: boolean; css: string[] };
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
          isEntry: item.isEntry,
          css: [...(item.viteMetadata?.importedCss ?? [])],
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
        renderLanding(locale: Locale): Promise<{ markup: string; messages: unknown }>;
      };
      const index = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      // One page per language (decision 043): landing.html, landing.es.html. The server picks one per visitor.
      for (const locale of LOCALES) {
        const { markup, messages } = await mod.renderLanding(locale);
        fs.writeFileSync(path.join(outDir, landingFileOf(locale)), landingPage(index, markup, landing, messages));
      }
    },
  };
}

/** The styles React hoists, as renderToString writes them: first, one after another. */
const HOISTED_STYLES = /^(?:<style data-precedence="[^"]*"[^>]*>[^<]*<\/style>)+/;

/**
 * index.html with the rendered landing in #root, and the landing entry's style sheets, the loader and the
 * messages the page was rendered with in place of index.html's own entry script, preloads and style sheets.
 */
export function landingPage(index: string, markup: string, files: LandingFiles, messages: unknown): string {
  const root = '<div id="root"></div>';
  if (!index.includes(root) || !index.includes('</head>')) throw new Error('prerender: index.html has no empty #root');
  const scriptTag = /\s*<script type="module"[^>]*src="[^"]*"[^>]*><\/script>/g;
  const preloadTag = /\s*<link rel="modulepreload"[^>]*>/g;
  const styleTag = /\s*<link rel="stylesheet"[^>]*>/g;
  if (!index.match(scriptTag)) throw new Error('prerender: index.html loads no module script');
  const styles = files.css.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`);
  // React writes the <style> elements it hoists (the theme's CSS, src/web/app/mantine-styles.tsx) before the markup
  // when it renders to a string; HTML allows them only in <head>, where React in the browser finds them again.
  const hoisted = HOISTED_STYLES.exec(markup)?.[0] ?? '';
  const head = [
    ...styles,
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
