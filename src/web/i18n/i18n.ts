// The browser's language (decision 043): one Lingui instance, the active language's catalog loaded on
// demand (a chunk per language; the landing page loads the frame's part alone), and whoever needs to know (zod's messages) told of a change.
import { setupI18n, type Messages } from '@lingui/core';
import { LOCALE_TAGS, PSEUDO_LOCALE, isLocale, type DisplayLocale } from '../../shared/i18n/locale';

/** A message without an entry is shown as its id, which is its English text. */
export const i18n = setupI18n({ missing: (_locale, id) => id });

type Catalog = { messages: Messages };
type Scope = 'all' | 'frame';

// Only the active language's catalog is fetched; English's holds only messages with placeholders or plurals.
const CATALOGS: Record<DisplayLocale, Record<Scope, () => Promise<Catalog>>> = {
  en: { all: () => import('../../shared/i18n/compiled/en/index'), frame: () => import('../../shared/i18n/compiled/en/frame') },
  es: { all: () => import('../../shared/i18n/compiled/es/index'), frame: () => import('../../shared/i18n/compiled/es/frame') },
  pseudo: {
    all: () => import('../../shared/i18n/compiled/pseudo/index'),
    frame: () => import('../../shared/i18n/compiled/pseudo/frame'),
  },
};

/** Who is told when the page's language changes (zod's messages, src/web/lib/zod-without-eval.ts). */
const listeners = new Set<(locale: DisplayLocale) => void>();

/** Calls `listener` with the page's language now (once one is loaded) and after every change. */
export function onLocale(listener: (locale: DisplayLocale) => void): void {
  listeners.add(listener);
  if (loaded) listener(loaded.locale);
}

export const isDisplayLocale = (value: unknown): value is DisplayLocale => isLocale(value) || value === PSEUDO_LOCALE;

let loaded: { locale: DisplayLocale; scope: Scope } | undefined;

/**
 * Makes `locale` the page's language: its catalog (and English's under it, for a message not yet
 * translated), zod's messages, and <html lang>. The landing page asks for the frame's part first.
 */
export async function loadLocale(locale: DisplayLocale, scope: Scope = 'all'): Promise<void> {
  if (loaded?.locale === locale && (loaded.scope === 'all' || scope === 'frame')) return;
  const [own, english] = await Promise.all([CATALOGS[locale][scope](), locale === 'en' ? undefined : CATALOGS.en[scope]()]);
  const tag = locale === PSEUDO_LOCALE ? 'en-XA' : LOCALE_TAGS[locale];
  i18n.loadAndActivate({
    locale,
    locales: [locale === PSEUDO_LOCALE ? 'en-US' : tag],
    messages: { ...english?.messages, ...own.messages },
  });
  const changed = loaded?.locale !== locale;
  loaded = { locale, scope };
  if (changed) for (const listener of listeners) listener(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale === PSEUDO_LOCALE ? 'en' : locale;
}

/** The language the page was sent in (the server negotiated it: src/server/web/static.ts). */
export function pageLocale(doc: Document): DisplayLocale {
  const fromBoot = doc.documentElement.getAttribute('data-locale');
  return isDisplayLocale(fromBoot) ? fromBoot : 'en';
}
