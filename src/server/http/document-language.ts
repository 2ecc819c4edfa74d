import type { Context } from 'hono';
import { LOCALE_PARAM } from '../../shared/i18n/locale';
import { isLocale, localeOf, type Locale } from '../i18n';

// The language of a generated document (a state's fact sheet, a printable resource): a link may name it
// (`?lang=es`, so a Spanish page can hand out a Spanish sheet whoever opens it), otherwise it is the asker's
// (saved preference, the switcher's cookie, Accept-Language: decision 043).

export type DocumentLanguage = {
  locale: Locale;
  /** Whether the link named it: then the address alone decides the bytes. */
  isNamed: boolean;
};

export function documentLanguage(c: Context): DocumentLanguage {
  const named = c.req.query(LOCALE_PARAM);
  if (isLocale(named)) return { locale: named, isNamed: true };
  return { locale: localeOf(c), isNamed: false };
}

/**
 * Says which language the answer is in, and, when the asker's headers chose it, that a shared cache must
 * keep one copy per language (the `lang` cookie or a session chose it as much as Accept-Language did).
 */
export function sayLanguage(c: Context, language: DocumentLanguage): void {
  c.header('Content-Language', language.locale);
  if (!language.isNamed) c.header('Vary', 'Accept-Language, Cookie', { append: true });
}
