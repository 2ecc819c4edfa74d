// The server's words in the asker's (or the recipient's) language (decision 043): API errors, mail, PDFs.
import { setupI18n, type I18n, type MessageDescriptor } from '@lingui/core';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { messages as en } from '../../shared/i18n/compiled/en';
import { messages as es } from '../../shared/i18n/compiled/es';
import { LOCALE_COOKIE, LOCALE_TAGS, isLocale, negotiateLocale, type Locale } from '../../shared/i18n/locale';

export type { I18n, MessageDescriptor };
export { isLocale, type Locale };

/** English shows a message that has no entry as it is (its id is its English text); Spanish falls back to English. */
function make(locale: Locale, messages: typeof en): I18n {
  const i18n = setupI18n({ missing: (_locale, id) => id });
  i18n.loadAndActivate({ locale, locales: [LOCALE_TAGS[locale]], messages });
  return i18n;
}

const instances: Record<Locale, I18n> = { en: make('en', en), es: make('es', { ...en, ...es }) };

/** The translator of a language; each is made once and never changes language. */
export function i18nFor(locale: Locale | null | undefined): I18n {
  return instances[isLocale(locale) ? locale : 'en'];
}

type Asking = Pick<Context, 'req'> & { get(key: 'user'): { locale?: string | null } | null | undefined };

/**
 * The asker's language: a member's saved preference, then the visitor's choice (the `lang` cookie), then
 * Accept-Language, then English (src/shared/i18n/locale.ts).
 */
export function localeOf(c: Asking): Locale {
  return negotiateLocale({
    saved: c.get('user')?.locale,
    chosen: getCookie(c as Context, LOCALE_COOKIE),
    acceptLanguage: c.req.header('accept-language'),
  });
}

/** The asker's translator. */
export const i18nOf = (c: Asking): I18n => i18nFor(localeOf(c));

/**
 * A message to be put in a language later (an error's, thrown before anyone knows who reads it): English
 * text with ICU placeholders, and its values. Mark the literal for extraction: `later(/*i18n*\/ 'Hi {name}', { name })`.
 */
export type Later = { id: string; values?: Record<string, unknown> } | { byLocale: Record<Locale, string> };
export const later = (id: string, values?: Record<string, unknown>): Later => ({ id, values });

/** A message in a language: a plain English string is looked up as it is; a Later is formatted with its values. */
export function translate(i18n: I18n, message: string | Later): string {
  if (typeof message === 'string') return i18n._(message);
  if ('byLocale' in message) return message.byLocale[isLocale(i18n.locale) ? i18n.locale : 'en'];
  return i18n._(message.id, message.values);
}

export { localeOfEmail, localeOfUser, localesOf } from './recipients';
