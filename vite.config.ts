import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';
import { prerenderLanding } from './scripts/prerender-landing.ts';

/**
 * What every page runs, the landing page included: React and TanStack Query. One chunk, instead of the
 * dozen small ones the automatic splitting makes of what the two entries and the pages share: fewer requests,
 * better compression, and a file that stays cached from one release to the next. Whatever else a page uses
 * keeps the automatic chunks. Only what the landing page runs belongs here (decision 046).
 */
const FRAMEWORK = ['react', 'react-dom', 'scheduler', '@tanstack/query-core', '@tanstack/react-query'].map(
  (dir) => `/node_modules/${dir}/`,
);
/** TanStack Query's parts for mutations and lists that load more, which the landing page never uses. */
const NOT_FRAMEWORK =
  /\/(mutationObserver|infiniteQueryObserver|queriesObserver|useMutation|useMutationState|useInfiniteQuery|useSuspense\w*|useQueries|infiniteQueryOptions)\.js$/;
const isFramework = (id: string) => FRAMEWORK.some((dir) => id.includes(dir)) && !NOT_FRAMEWORK.test(id);

/**
 * What every other page runs besides: Mantine's core and the components of the frame and the forms, in a chunk
 * of its own for the same reasons. The landing page hydrates without it (its header and footer are plain
 * elements) and loads it with the map, the phone menu or the next page.
 */
const MANTINE = [
  'clsx',
  '@mantine/core/esm/core',
  '@mantine/hooks/esm/use-disclosure',
  ...['ActionIcon', 'Burger', 'Button', 'Container', 'Group', 'Loader', 'Text', 'Transition', 'UnstyledButton', 'VisuallyHidden'].map(
    (component) => `@mantine/core/esm/components/${component}`,
  ),
].map((dir) => `/node_modules/${dir}/`);
const isMantine = (id: string) => MANTINE.some((dir) => id.includes(dir));

/**
 * Zod, with the module that makes it jitless (src/web/lib/zod-jitless.ts): in one chunk, so zod is jitless before
 * any chunk that imports it makes a schema. Bundled into the router's chunk, the setting ran after the chunks that
 * chunk imports, whose schemas had made zod try `new Function` already (a CSP violation on every app page).
 */
const isZod = (id: string) => id.includes('/node_modules/zod/') || id.endsWith('/src/web/lib/zod-jitless.ts');

export default defineConfig({
  plugins: [react(), prerenderLanding(), precompress()],
  // Lingui's <Trans>, made safe with what people typed (src/web/i18n/lingui-react.tsx).
  resolve: {
    alias: [{ find: /^@lingui\/react$/, replacement: fileURLToPath(new URL('./src/web/i18n/lingui-react.tsx', import.meta.url)) }],
  },
  publicDir: 'public',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Never inline assets as data: URIs: the Content-Security-Policy allows images and fonts from 'self' only.
    assetsInlineLimit: 0,
    sourcemap: true,
    rolldownOptions: {
      // Two entries: index.html's (main.tsx) for every page, and the prerendered landing page's
      // (landing.tsx, without the router; scripts/prerender-landing.ts writes landing.html around it).
      input: { index: 'index.html', landing: 'src/web/landing.tsx' },
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: isFramework },
            { name: 'mantine', test: isMantine },
            { name: 'zod', test: isZod },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // Same origin for the page and the API in development too (Better Auth checks Origin; cookies stay first-party).
    proxy: { '/api': { target: 'http://localhost:3000' } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:3000' } },
  },
});
