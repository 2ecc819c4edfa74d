import { z } from 'zod';
import { isLocale, LOCALES, type Locale } from './locale';

// What members write is never translated; they mark the language they wrote in (issue 28), and lists filter
// by it: posts, needs and care-team notes. Churches say which languages their services are in (churches.ts).

export const contentLanguageSchema = z.enum(LOCALES, { error: /*i18n*/ 'Choose English or Spanish.' });

/** A list's filter: one language, or every one (absent). */
export const contentLanguageFilterSchema = contentLanguageSchema.optional();

/** Each language by its own name, as a post's or need's language is shown beside it. */
export const CONTENT_LANGUAGE_NAMES = { en: 'English', es: 'Español' } as const;

/**
 * A stored language: the columns hold 'en' or 'es' (only the contracts write them); anything else, or none (a
 * left join that found no row), reads as English, their default.
 */
export const contentLanguageOf = (value: string | null | undefined): Locale => (isLocale(value) ? value : 'en');

/**
 * Words the admins keep in English and, if they wrote them, in Spanish (a clearance requirement's name and
 * description): a Spanish reader's when there are some, else the English.
 */
export const wordsIn = (locale: string, english: string, spanish: string | null | undefined): string =>
  (locale === 'es' && spanish) || english;
