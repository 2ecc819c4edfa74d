import { useLingui } from '@lingui/react';
import type { MouseEvent } from 'react';
import { LOCALE_NAMES, LOCALE_PARAM, type Locale } from '../../shared/i18n/locale';
import { useChooseLocale } from '../i18n/use-locale';

/**
 * The header's and the phone menu's language switch: the other language, in its own name ("Español" on an
 * English page, "English" on a Spanish one). A real link to the page in that language (what search engines
 * follow), which switches in place for a person.
 */
export function LanguageSwitcher({ className, onSwitched }: { className?: string; onSwitched?: () => void }) {
  const { i18n } = useLingui();
  const choose = useChooseLocale();
  const other: Locale = i18n.locale === 'es' ? 'en' : 'es';
  const href = `?${LOCALE_PARAM}=${other}`;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    void choose(other).then(onSwitched);
  };
  return (
    <a href={href} hrefLang={other} lang={other} className={className} onClick={onClick}>
      {LOCALE_NAMES[other]}
    </a>
  );
}
