import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono, type Context, type Env, type NotFoundHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { bootScript, DONATE_URL_PLACEHOLDER, landingFileOf, type SiteConfig } from '../../shared/boot';
import { isClientRoute } from '../../shared/routes';
import {
  LOCALE_COOKIE,
  LOCALE_PARAM,
  LOCALES,
  PSEUDO_LOCALE,
  isLocale,
  negotiateLocale,
  type DisplayLocale,
  type Locale,
} from '../../shared/i18n/locale';
import { getCookie } from 'hono/cookie';
import { sendKept, type KeptText } from '../http/response-cache';
import { i18nFor } from '../i18n';

export const DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../dist');

export type PageOptions = {
  site: SiteConfig;
  /** The site's address, for the links to each page's other-language version (hreflang). */
  publicUrl?: string;
  /** Whether ?lang=pseudo (or its cookie) gives the pseudo-locale: the tests' only (decision 043). */
  allowPseudo?: boolean;
  /** Whether the request carries a session cookie (valid or not: only its absence proves "signed out"). */
  hasSessionCookie(c: Context): boolean | Promise<boolean>;
};

type Pages = { index: string; landing: Partial<Record<Locale, string>> };

// What index.html says before any script runs, in each language.
const TITLE = /*i18n*/ 'Foster Care Network';
const DESCRIPTION =
  /*i18n*/ 'A network of Assemblies of God churches, ministries and families caring for children in foster care and the families who take them in.';
const NOSCRIPT = /*i18n*/ 'This site needs JavaScript to run. Please turn it on and reload the page.';

/** A page in a language: <html lang>, the language the browser app starts in, and the words of index.html. */
function inLanguage(html: string, locale: DisplayLocale): string {
  const i18n = i18nFor(isLocale(locale) ? locale : 'en');
  const lang = isLocale(locale) ? locale : 'en';
  return html
    .replace('<html lang="en"', `<html lang="${lang}" data-locale="${locale}"`)
    .replace(`<title>${TITLE}</title>`, `<title>${escapeAttribute(i18n._(TITLE))}</title>`)
    .replace(`content="${DESCRIPTION}"`, `content="${escapeAttribute(i18n._(DESCRIPTION))}"`)
    .replace(`${NOSCRIPT}</noscript>`, `${escapeAttribute(i18n._(NOSCRIPT))}</noscript>`);
}

/** Each page names its version in every language (and the unmarked address, for everyone else). */
function alternates(publicUrl: string, path: string): string {
  const at = (locale?: Locale) => escapeAttribute(`${publicUrl}${path}${locale ? `?${LOCALE_PARAM}=${locale}` : ''}`);
  return [
    ...LOCALES.map((locale) => `<link rel="alternate" hreflang="${locale}" href="${at(locale)}">`),
    `<link rel="alternate" hreflang="x-default" href="${at()}">`,
  ].join('\n    ');
}

/** How many pages (path and variant) are kept made; past it the oldest goes. */
const KEPT_PAGES = 500;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Reads the built pages once and fills in what the server knows: the Give link and the boot state. */
function readPages(distDir: string, site: SiteConfig): Pages | undefined {
  const read = (name: string) => {
    const file = path.join(distDir, name);
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
  };
  const index = read('index.html');
  if (!index) return undefined;
  const landing: Pages['landing'] = {};
  for (const locale of LOCALES)
    landing[locale] = read(landingFileOf(locale))?.replaceAll(DONATE_URL_PLACEHOLDER, escapeAttribute(site.donateUrl));
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
    const locale = pageLocaleOf(c, options.allowPseudo === true);
    // The pseudo-locale has no prerendered page: the app renders it in the browser.
    const landing = c.req.path === '/' && isSignedOut && isLocale(locale) ? pages.landing[locale] : undefined;
    const variant = `${c.req.path}|${landing !== undefined}|${isSignedOut}|${locale}`;
    let kept = sent.get(variant);
    if (!kept) {
      const html = inLanguage(withBoot(landing ?? pages.index, isSignedOut ? signedOutBoot : unknownBoot), locale);
      kept = { body: options.publicUrl ? html.replace('</head>', `  ${alternates(options.publicUrl, c.req.path)}\n  </head>`) : html };
      if (sent.size >= KEPT_PAGES) sent.delete(sent.keys().next().value!);
      sent.set(variant, kept);
    }
    // The page differs with the session cookie and the language: a shared cache must not hand one visitor's
    // page to another.
    c.header('Vary', 'Cookie, Accept-Language');
    c.header('Content-Language', isLocale(locale) ? locale : 'en');
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

/**
 * The language a page is sent in: the link's ?lang=, the browser's cookie (the switcher's choice, which
 * mirrors a member's saved preference), Accept-Language, English.
 */
function pageLocaleOf(c: Context, allowPseudo: boolean): DisplayLocale {
  const asked = c.req.query(LOCALE_PARAM);
  const cookie = getCookie(c, LOCALE_COOKIE);
  if (allowPseudo && (asked === PSEUDO_LOCALE || (asked === undefined && cookie === PSEUDO_LOCALE))) return PSEUDO_LOCALE;
  return negotiateLocale({ chosen: isLocale(asked) ? asked : cookie, acceptLanguage: c.req.header('accept-language') });
}

/** The front end alone, as an app of its own (its tests). */
export function staticRoutes(distDir = DIST_DIR, options?: PageOptions) {
  return new Hono().notFound(frontEnd(distDir, options));
}
