import { z } from 'zod';
import { LOCALES } from './locale';

// What members write is never translated; they mark the language they wrote in (issue 28), and lists filter
// by it: posts, needs and care-team notes. Churches say which languages their services are in (churches.ts).

export const contentLanguageSchema = z.enum(LOCALES, { error: /*i18n*/ 'Choose English or Spanish.' });

/** A list's filter: one language, or every one (absent). */
export const contentLanguageFilterSchema = contentLanguageSchema.optional();

/** Each language by its own name, as a post's or need's language is shown beside it. */
export const CONTENT_LANGUAGE_NAMES = { en: 'English', es: 'Español' } as const;
