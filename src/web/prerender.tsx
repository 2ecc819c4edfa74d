// Build-time render of the landing page as a signed-out visitor sees it (see scripts/prerender-landing.ts).
// The server sends it for "/" to requests without a session cookie, so the first screen paints from HTML
// and CSS alone; the browser then hydrates the same component (src/web/landing.tsx).
import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { DONATE_URL_PLACEHOLDER, type BootState } from '../shared/boot';
import { AppProviders } from './app/app-providers';
import { seedBootState } from './boot';
import { LandingApp } from './landing-app';
import { loadLocale } from './i18n/i18n';
import type { Locale } from '../shared/i18n/locale';

export async function renderLanding(locale: Locale): Promise<string> {
  await loadLocale(locale, 'frame');
  const queryClient = new QueryClient();
  // The landing page offers no sign-in, so whether Google is configured makes no difference to it.
  const boot: BootState = { site: { donateUrl: DONATE_URL_PLACEHOLDER, googleSignIn: false }, me: null };
  seedBootState(queryClient, boot);
  return renderToString(
    <AppProviders queryClient={queryClient}>
      <LandingApp />
    </AppProviders>,
  );
}
