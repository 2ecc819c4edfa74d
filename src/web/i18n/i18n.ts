// The browser's language (decision 043): one Lingui instance, the active language's catalog loaded on
// demand (a chunk per language; the prerendered landing page hydrates with the messages written into it),
// and whoever needs to know (zod's messages) told of a change.
import { setupI18n, type Messages } from '@lingui/core';
import { LOCALE_TAGS, PSEUDO_LOCALE, isLocale, type DisplayLocale } from '../../shared/i18n/locale';

/** A message without an entry is shown as its id, which is its English text. */
export const i18n = setupI18n({ missing: (_locale, id) => id });

type Catalog = { messages: Messages };

// Only the active language's catalog is fetched: Spanish's is whole (scripts/i18n.ts compiles an untranslated
// message's English into it), English's holds only messages with placeholders or plurals.
const CATALOGS: Record<DisplayLocale, () => Promise<Catalog>> = {
  en: () => import('../../shared/i18n/compiled/en/index'),
  es: () => import('../../shared/i18n/compiled/es/index'),
  pseudo: () => import('../../shared/i18n/compiled/pseudo/index'),
};

/** Who is told when the page's language changes (zod's messages, src/web/lib/zod-without-eval.ts). */
const listeners = new Set<(locale: DisplayLocale) => void>();

/** Calls `listener` with the page's language now (once one is loaded) and after every change. */
export function onLocale(listener: (locale: DisplayLocale) => void): void {
  listeners.add(listener);
  if (loaded) listener(loaded.locale);
}

export const isDisplayLocale = (value: unknown): value is DisplayLocale => isLocale(value) || value === PSEUDO_LOCALE;

let loaded: { locale: DisplayLocale; whole: boolean } | undefined;

/**
 * Makes `locale` the page's language with these messages (all of its catalog, or the few the prerendered
 * landing page was rendered with), zod's messages, and <html lang>.
 */
export function activateMessages(locale: DisplayLocale, messages: Messages, whole = false): void {
  const tag = locale === PSEUDO_LOCALE ? 'en-US' : LOCALE_TAGS[locale];
  i18n.loadAndActivate({ locale, locales: [tag], messages });
  const changed = loaded?.locale !== locale;
  loaded = { locale, whole };
  if (changed) for (const listener of listeners) listener(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale === PSEUDO_LOCALE ? 'en' : locale;
}

/** Makes `locale` the page's language, its whole catalog fetched first. */
export async function loadLocale(locale: DisplayLocale): Promise<void> {
  if (loaded?.locale === locale && loaded.whole) return;
  activateMessages(locale, (await CATALOGS[locale]()).messages, true);
}

/** The language the page was sent in (the server negotiated it: src/server/web/static.ts). */
export function pageLocale(doc: Document): DisplayLocale {
  const fromBoot = doc.documentElement.getAttribute('data-locale');
  return isDisplayLocale(fromBoot) ? fromBoot : 'en';
}
