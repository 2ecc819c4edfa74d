// Zod never compiles with `new Function` in the browser (zod-jitless.ts, which must come first).
import './zod-jitless';
// `config` from zod's core, not `z` from 'zod': the core's config is a few hundred bytes where `z` brings the
// whole library (the schemas themselves load with the pages that use them).
import { config } from 'zod/v4/core';
import type { DisplayLocale } from '../../shared/i18n/locale';
import { onLocale } from '../i18n/i18n';

// Zod's own messages (a field's type or length where the schema says nothing) in the page's language. Only the
// app's pages have forms: the landing page never loads zod, nor these.
const WORDS: Record<DisplayLocale, () => Promise<{ default: () => Parameters<typeof config>[0] }>> = {
  en: () => import('zod/v4/locales/en.js'),
  es: () => import('zod/v4/locales/es.js'),
  pseudo: () => import('zod/v4/locales/en.js'),
};
onLocale((locale) => void WORDS[locale]().then((words) => config(words.default())));
