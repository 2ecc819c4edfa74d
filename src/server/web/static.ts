import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono, type Context, type Env, type NotFoundHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { bootScript, DONATE_URL_PLACEHOLDER, LANDING_HTML, type SiteConfig } from '../../shared/boot';
import { isClientRoute } from '../../shared/routes';
import { sendKept, type KeptText } from '../http/response-cache';

export const DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../dist');

export type PageOptions = {
  site: SiteConfig;
  /** Whether the request carries a session cookie (valid or not: only its absence proves "signed out"). */
  hasSessionCookie(c: Context): boolean | Promise<boolean>;
};

type Pages = { index: string; landing: string | undefined };

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Reads the built pages once and fills in what the server knows: the Give link and the boot state. */
function readPages(distDir: string, site: SiteConfig): Pages | undefined {
  const read = (name: string) => {
    const file = path.join(distDir, name);
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
  };
  const index = read('index.html');
  if (!index) return undefined;
  const landing = read(LANDING_HTML)?.replaceAll(DONATE_URL_PLACEHOLDER, escapeAttribute(site.donateUrl));
  return { index, landing };
}

const withBoot = (html: string, boot: string) => html.replace('</head>', `  ${boot}\n  </head>`);

/**
 * Serves the built front end: hashed assets cached for a year, pages never cached, and every page path
 * answered with index.html (404 for paths the front end does not know, which it shows as 'page not
 * found'). Visitors without a session cookie get the prerendered landing page for "/" (see
 * scripts/prerender-landing.ts), and every page carries the boot state (src/shared/boot.ts).
 *
 * It answers what no route claims (the app's not-found handler, app.ts), not as routes on `*`: a route on `*`
 * matches every path, so every request, /healthz and the API's included, would be several handlers that Hono
 * composes anew (a promise each) where one route's handler alone answers synchronously (docs/performance.md,
 * "The cost of every request").
 */
export function frontEnd(
  distDir = DIST_DIR,
  options: PageOptions = { site: { donateUrl: '', googleSignIn: false }, hasSessionCookie: () => false },
): NotFoundHandler {
  // The build writes .br and .gz beside each script and style sheet (vite.config.ts): sent as they are.
  const files = fs.existsSync(distDir) ? serveStatic({ root: distDir, precompressed: true }) : undefined;
  const signedOutBoot = bootScript({ site: options.site, me: null });
  const unknownBoot = bootScript({ site: options.site });
  let pages: Pages | undefined;
  /** Each page as sent (landing or app, signed out or unknown), made once and gzipped once. */
  const sent = new Map<string, KeptText>();
  const page = async (c: Context<Env, string>) => {
    pages ??= readPages(distDir, options.site);
    if (!pages) {
      return c.text('The front end is not built. Run `npm run build` (or `npm start`, which builds it).', 503);
    }
    const isSignedOut = !(await options.hasSessionCookie(c));
    const isLanding = c.req.path === '/' && isSignedOut && pages.landing !== undefined;
    const variant = `${isLanding}|${isSignedOut}`;
    let kept = sent.get(variant);
    if (!kept) {
      kept = { body: withBoot(isLanding ? pages.landing! : pages.index, isSignedOut ? signedOutBoot : unknownBoot) };
      sent.set(variant, kept);
    }
    // The page differs with the session cookie: a shared cache must not hand one visitor's page to another.
    c.header('Vary', 'Cookie');
    return sendKept(c, kept, {
      contentType: 'text/html; charset=UTF-8',
      status: isClientRoute(c.req.path) ? 200 : 404,
      cacheControl: 'no-cache',
    });
  };
  return async (c: Context<Env, string>) => {
    // Only pages and files are read here; any other method on a path no route claims is Hono's own 404.
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return c.text('404 Not Found', 404);
    // Pages go through page(), so they are never served (or cached) as plain files.
    const isPage = c.req.path === '/' || c.req.path.endsWith('.html');
    const res = (files && !isPage && (await files(c, async () => {}))) || (await page(c));
    if (res.status === 200 && !res.headers.has('cache-control')) {
      const isHashedAsset = c.req.path.startsWith('/assets/');
      res.headers.set('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    }
    return res;
  };
}

/** The front end alone, as an app of its own (its tests). */
export function staticRoutes(distDir = DIST_DIR, options?: PageOptions) {
  return new Hono().notFound(frontEnd(distDir, options));
}
