import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { MeResponse } from '../../shared/account';
import { PSEUDO_LOCALE, type Locale } from '../../shared/i18n/locale';
import { call, client } from '../lib/api-client';
import { ME_QUERY_KEY, useMe } from '../lib/me-query';
import { loadLocale } from './i18n';

/**
 * Switches the site's language: at once on the page, then kept by the server (the browser's cookie, and a
 * member's saved preference, which their mail follows too).
 */
export function useChooseLocale() {
  const queryClient = useQueryClient();
  return useCallback(
    async (locale: Locale) => {
      // The member's saved language first, so useMemberLocale does not turn the page back meanwhile.
      queryClient.setQueryData<MeResponse>(ME_QUERY_KEY, (old) => (old?.user ? { user: { ...old.user, locale } } : old));
      await loadLocale(locale);
      await call(client.locale.$put({ json: { locale } }));
    },
    [queryClient],
  );
}

/**
 * A member's saved language wins over the browser's (decision 043): once who is signed in is known, the page
 * turns to it, and this browser's cookie follows. The pseudo-locale of the tests is left alone.
 */
export function useMemberLocale() {
  const me = useMe();
  const { i18n } = useLingui();
  const choose = useChooseLocale();
  const saved = me?.locale ?? null;
  // Only when the saved language changes (someone signs in): a switch in progress is the switcher's. The
  // i18n instance is the same one whatever its language, so it does not run this again.
  useEffect(() => {
    if (saved && saved !== i18n.locale && i18n.locale !== PSEUDO_LOCALE) void choose(saved);
  }, [saved, choose, i18n]);
}
