import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { isClientRoute } from '../../shared/routes';

export const DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../dist');

/**
 * Serves the built front end: hashed assets cached for a year, index.html never cached, and every
 * page path answered with index.html (404 for paths the front end does not know, which it shows as
 * 'page not found').
 */
export function staticRoutes(distDir = DIST_DIR) {
  const app = new Hono();
  const indexFile = path.join(distDir, 'index.html');

  app.use('*', async (c, next) => {
    await next();
    if (c.res.status !== 200 || c.res.headers.has('cache-control')) return;
    const isHashedAsset = c.req.path.startsWith('/assets/');
    c.res.headers.set('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
  });
  if (fs.existsSync(distDir)) {
    const files = serveStatic({ root: distDir });
    // index.html goes through the handler below, so it is never served (or cached) as a plain file.
    app.use('*', (c, next) => (c.req.path === '/' || c.req.path.endsWith('.html') ? next() : files(c, next)));
  }
  let indexHtml: string | undefined;
  app.get('*', (c) => {
    indexHtml ??= fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;
    if (!indexHtml) {
      return c.text('The front end is not built. Run `npm run build` (or `npm start`, which builds it).', 503);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml, isClientRoute(c.req.path) ? 200 : 404);
  });
  return app;
}
