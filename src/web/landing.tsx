import './styles';

import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { PRERENDERED_ATTRIBUTE } from '../shared/boot';
import { recordFirstPageView } from './analytics/page-view-sender';
import { LandingProviders } from './app/landing-providers';
import { readBootState, readLandingMessages, seedBootState } from './boot';
import { LANDING_PATH, LandingApp, loadApp } from './landing-app';
import { queryClient } from './lib/query-client';
import { activateMessages, pageLocale } from './i18n/i18n';

// The entry of the prerendered landing page (scripts/prerender-landing.ts starts it once the page has
// painted). It hydrates the page without React Router; landing-app.tsx loads the rest of the app when the
// visitor heads for another page.

const boot = readBootState(document);
seedBootState(queryClient, boot);

const container = document.getElementById('root');
if (!container) throw new Error('landing.html has no #root element');

// The markup was rendered for a visitor nobody is signed in as, on a history entry without a notice. Any
// other case (a reload after signing out carries a notice in the history entry, which only the whole app
// shows) starts the whole app over the prerendered page.
const isAsPrerendered =
  container.hasAttribute(PRERENDERED_ATTRIBUTE) &&
  boot?.me === null &&
  window.location.pathname === LANDING_PATH &&
  (window.history.state as { usr?: unknown } | null)?.usr == null;

const locale = pageLocale(document);
if (isAsPrerendered) {
  recordFirstPageView(window.location.pathname);
  // The messages the page can show are in it: it hydrates at once, and the rest of the language's catalog
  // follows only when the visitor heads for another page (landing-app.tsx), not on every first visit.
  activateMessages(locale, readLandingMessages(document));
  // In a transition, so React hydrates in short slices and the page stays responsive meanwhile.
  startTransition(() => {
    hydrateRoot(
      container,
      <LandingProviders queryClient={queryClient}>
        <LandingApp />
      </LandingProviders>,
    );
  });
} else {
  void loadApp(locale).then(async ({ takeOverPage }) => {
    const { element } = await takeOverPage({ firstViewRecorded: false });
    // The app's element brings its Mantine (app-router.tsx `takeOverPage`).
    createRoot(container).render(<LandingProviders queryClient={queryClient}>{element}</LandingProviders>);
  });
}
