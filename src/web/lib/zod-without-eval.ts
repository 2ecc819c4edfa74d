// `config` from zod's core, not `z` from 'zod': this module runs in the entry chunk, and the core's config
// is a few hundred bytes where `z` brings the whole library (the schemas themselves load with the pages
// that use them).
import { config } from 'zod/v4/core';
import type { DisplayLocale } from '../../shared/i18n/locale';
import { onLocale } from '../i18n/i18n';

// Zod 4 compiles object parsers with `new Function` when it may, and finds out whether it may by trying once.
// Our Content-Security-Policy allows no eval (src/server/http/security-headers.ts), so in the browser the
// try fails, and the browser reports it as a CSP violation (a `securitypolicyviolation` event, and a report
// to any report-uri) on every page that builds a schema, though zod catches the error. Jitless, zod never
// tries: it parses as it would after the failed try, and the pages report no violation at all, so a real one
// (an injected script) stands out. Imported first by main.tsx, before any schema is built.
config({ jitless: true });

// Zod's own messages (a field's type or length where the schema says nothing) in the page's language. Only the
// app's pages have forms: the landing page never loads zod, nor these.
const WORDS: Record<DisplayLocale, () => Promise<{ default: () => Parameters<typeof config>[0] }>> = {
  en: () => import('zod/v4/locales/en.js'),
  es: () => import('zod/v4/locales/es.js'),
  pseudo: () => import('zod/v4/locales/en.js'),
};
onLocale((locale) => void WORDS[locale]().then((words) => config(words.default())));
