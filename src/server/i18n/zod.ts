// Zod's own messages (a field's type or length where our schema gives no message of its own) in both
// languages (decision 043). Zod words an issue once, when it is found, in one language; the server does not
// know yet who will read it. So its message is made in English as always, and the Spanish is kept beside it
// on the issue (`wordings`), for the answer to pick (http/validate.ts).
import { config, type $ZodRawIssue } from 'zod/v4/core';
import englishLocale from 'zod/v4/locales/en.js';
import spanishLocale from 'zod/v4/locales/es.js';
import type { Locale } from './index';

const english = englishLocale().localeError;
const spanish = spanishLocale().localeError;

const wordingOf = (map: typeof english, issue: $ZodRawIssue): string => {
  const said = map(issue);
  return typeof said === 'string' ? said : (said?.message ?? 'Invalid input');
};

/** Where a zod issue keeps its message in each language. */
export const WORDINGS = 'wordings';

config({
  localeError: (issue) => {
    const wordings: Record<Locale, string> = { en: wordingOf(english, issue), es: wordingOf(spanish, issue) };
    (issue as unknown as Record<string, unknown>)[WORDINGS] = wordings;
    return wordings.en;
  },
});
