import type { I18n } from '@lingui/core';
import { NATIONAL_CODE, NATIONAL_NAME, US_STATES, stateName } from '../../shared/states';

// The data keeps state codes; a state's name is a word of the reader's language ("Nuevo México"), from the
// catalog (src/shared/states.ts marks the English names).

/** A state's (or the nation's, `US`) name in the page's language; an unknown code as it is. */
export function stateNameIn(i18n: I18n, code: string): string {
  const english = code === NATIONAL_CODE ? NATIONAL_NAME : stateName(code);
  return english ? i18n._(english) : code;
}

/** The 50 states and DC as a select offers them: by their name in the page's language, in its order. */
export function stateOptions(i18n: I18n): { value: string; label: string }[] {
  const collator = new Intl.Collator(i18n.locale);
  return US_STATES.map((s) => ({ value: s.code, label: i18n._(s.name) })).sort((a, b) => collator.compare(a.label, b.label));
}
