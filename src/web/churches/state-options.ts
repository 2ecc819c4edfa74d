import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import { US_STATES } from '../../shared/states';

/** The state select of the churches' forms: the states and DC (in the page's language), after a prompt. */
export function useStateOptions(prompt: 'choose' | 'every' = 'choose') {
  const { i18n } = useLingui();
  return useMemo(
    () => [
      { value: '', label: prompt === 'every' ? i18n._('Every state') : i18n._('Choose a state') },
      ...US_STATES.map((s) => ({ value: s.code, label: i18n._(s.name) })),
    ],
    [i18n, prompt],
  );
}

/** Above a form whose fields need attention (a catalog id: shown with `i18n._(CHECK_FIELDS)`). */
export const CHECK_FIELDS = /*i18n*/ 'Some answers need attention: see the notes beside the fields.';
