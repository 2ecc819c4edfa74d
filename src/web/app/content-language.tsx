import '@mantine/core/styles/Radio.layer.css';
import { useLingui } from '@lingui/react';
import { Badge, Group, NativeSelect, Radio, type RadioGroupProps } from '@mantine/core';
import { CONTENT_LANGUAGE_NAMES } from '../../shared/i18n/content-language';
import { isLocale, LOCALES, type Locale } from '../../shared/i18n/locale';

// What members write is marked with its language (issue 28): posts, needs and care-team notes. These pieces are
// shared by the three features; each passes its own words (labels), so they live in that feature's catalog and
// the landing page's catalog does not grow. The languages themselves are named in their own words, untranslated.

/** The page's language among the languages people write in: the pseudo-locale is English made longer. */
export function usePageLanguage(): Locale {
  const { i18n } = useLingui();
  return i18n.locale === 'es' ? 'es' : 'en';
}

/**
 * The `lang` of an element holding what a member wrote: only when it differs from the page's (the page's own is
 * on <html>), so a screen reader reads Spanish text in Spanish on an English page, and the other way round.
 */
export function useWrittenLang(): (language: Locale) => Locale | undefined {
  const page = usePageLanguage();
  return (language) => (language === page ? undefined : language);
}

/** A small quiet badge naming the language a member wrote in, shown only when it is not the page's. */
export function LanguageBadge({ language }: { language: Locale }) {
  const page = usePageLanguage();
  if (language === page) return null;
  return (
    <Badge variant="default" radius="sm" size="sm" tt="none" fw={500} component="span" lang={language}>
      {CONTENT_LANGUAGE_NAMES[language]}
    </Badge>
  );
}

/** "Written in": English or Español, each in its own words; a form starts it at the page's language. */
export function WrittenInField({ label, ...group }: { label: string } & Omit<RadioGroupProps, 'children' | 'label'>) {
  return (
    <Radio.Group label={label} {...group}>
      <Group gap="lg" mt={6}>
        {LOCALES.map((language) => (
          <Radio key={language} value={language} label={<span lang={language}>{CONTENT_LANGUAGE_NAMES[language]}</span>} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/** A list's language filter: every language (''), or one, each named in its own words. */
export function LanguageFilter({
  label,
  allLabel,
  value,
  onChange,
}: {
  label: string;
  allLabel: string;
  value: Locale | '';
  onChange: (value: Locale | '') => void;
}) {
  return (
    <NativeSelect label={label} value={value} onChange={(event) => onChange(event.currentTarget.value as Locale | '')}>
      <option value="">{allLabel}</option>
      {LOCALES.map((language) => (
        <option key={language} value={language} lang={language}>
          {CONTENT_LANGUAGE_NAMES[language]}
        </option>
      ))}
    </NativeSelect>
  );
}

/** A language filter as a page's URL holds it: one of ours, or none (anything else is not a filter). */
export function languageParam(value: string | null): Locale | '' {
  return isLocale(value) ? value : '';
}
