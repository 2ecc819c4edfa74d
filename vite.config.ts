import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { prerenderLanding } from './scripts/prerender-landing.ts';

export default defineConfig({
  plugins: [react(), prerenderLanding()],
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
