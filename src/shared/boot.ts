// What the server writes into each page it sends, so the first screen needs no extra round trip:
// the site's settings always, and "nobody is signed in" when the request carries no session cookie.
// It travels as a JSON data block (<script type="application/json">), which no browser executes, so the
// Content-Security-Policy's ban on inline script stands.

// Plain types, no schema: the browser's entry reads this module, and zod stays out of it (its schema is
// the /api/site contract's, src/shared/contracts/public.ts).
export type SiteConfig = {
  donateUrl: string;
  /** Whether the site has a Google client (GOOGLE_CLIENT_ID and _SECRET): /signin and /signup then offer it. */
  googleSignIn: boolean;
};

export type BootState = {
  site: SiteConfig;
  /** Present (null) only when the server knows nobody is signed in: the request had no session cookie. */
  me?: null;
};

export const BOOT_ELEMENT_ID = 'boot-state';

/** The Give link's address in the prerendered landing page, replaced by DONATE_URL when served. */
export const DONATE_URL_PLACEHOLDER = 'https://donate-url.invalid/';

/** The prerendered landing page's file in the built front end (next to index.html). */
export const LANDING_HTML = 'landing.html';

/** The prerendered landing page of a language (decision 043): landing.html in English, landing.es.html in Spanish. */
export const landingFileOf = (locale: string) => (locale === 'en' ? LANDING_HTML : LANDING_HTML.replace('.html', `.${locale}.html`));

/** Marks the root element of a prerendered page: the browser replaces its content once the app is ready. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** A JSON data block safe inside HTML: nothing in it can close the element or start markup. */
export function jsonBlock(id: string, value: unknown): string {
  const json = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${id}">${json}</script>`;
}

export const bootScript = (state: BootState): string => jsonBlock(BOOT_ELEMENT_ID, state);

/**
 * The compiled messages the prerendered landing page was rendered with, written into it (a data block
 * like the boot state's), so the page hydrates without fetching its language's catalog first.
 */
export const LANDING_MESSAGES_ID = 'landing-messages';

/** Set on <html> once the app has rendered its first page. */
export const APP_READY_ATTRIBUTE = 'data-app-ready';
