// The site's languages and how one is chosen for a person (decision 043).

export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'en';

/**
 * The pseudo-locale: English accented and 30% longer, never offered to people. The e2e run at 390 px uses
 * it (with ?lang=pseudo, in tests only) to catch text that overflows or is cut in a longer language.
 */
export const PSEUDO_LOCALE = 'pseudo';
/** What the browser can show: the languages, and the pseudo-locale. */
export type DisplayLocale = Locale | typeof PSEUDO_LOCALE;
export const COMPILED_LOCALES = [...LOCALES, PSEUDO_LOCALE] as const;
export type CompiledLocale = (typeof COMPILED_LOCALES)[number];

/** Each language by its own name, as the switcher offers it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español' };

/** BCP 47 tags for Intl (dates, numbers, currency) and for `lang` attributes. */
export const LOCALE_TAGS: Record<Locale, string> = { en: 'en-US', es: 'es-US' };

/** The cookie that keeps a visitor's choice (and mirrors a member's saved preference). */
export const LOCALE_COOKIE = 'lang';
/** The query parameter that names a page's language in a link (hreflang alternates, shared links). */
export const LOCALE_PARAM = 'lang';

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The best of our languages for an Accept-Language header (RFC 9110 weights), if it names any. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  let best: { locale: Locale; q: number } | undefined;
  for (const part of header.split(',').slice(0, 20)) {
    const [range = '', ...params] = part.trim().split(';');
    const q = Number(
      params
        .map((p) => p.trim())
        .find((p) => p.startsWith('q='))
        ?.slice(2) ?? '1',
    );
    const primary = range.trim().toLowerCase().split('-')[0];
    if (!isLocale(primary) || !(q > 0)) continue;
    if (!best || q > best.q) best = { locale: primary, q };
  }
  return best?.locale;
}

/**
 * The language for a person, in the order of the issue: their saved preference (members), their choice
 * (the switcher's cookie, or a link's ?lang=), what their browser asks for, English.
 */
export function negotiateLocale(input: { saved?: string | null; chosen?: string | null; acceptLanguage?: string | null }): Locale {
  if (isLocale(input.saved)) return input.saved;
  if (isLocale(input.chosen)) return input.chosen;
  return localeFromAcceptLanguage(input.acceptLanguage) ?? SOURCE_LOCALE;
}
