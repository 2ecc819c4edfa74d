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
  const root = path.relative(process.cwd(), distDir) || '.';

  app.use(
    '/assets/*',
    serveStatic({
      root,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.use(
    '*',
    serveStatic({
      root,
      onFound: (file, c) => {
        c.header('Cache-Control', file.endsWith('index.html') ? 'no-cache' : 'public, max-age=3600');
      },
    }),
  );
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
