// Before anything that builds a zod schema (see the module).
import './lib/zod-without-eval';
import '@fontsource/montserrat/400.css';
import '@fontsource/montserrat/700.css';
import '@fontsource/montserrat/800.css';
import './styles/mantine.css';
import './styles/global.css';

import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { PRERENDERED_ATTRIBUTE } from '../shared/boot';
import { trackPageViews } from './analytics/page-views';
import { AppProviders } from './app/app-providers';
import { meQueryOptions } from './lib/me-query';
import { readBootState, seedBootState } from './boot';
import { queryClient } from './lib/query-client';
import { createRouter, loadMatchedRoutes } from './routes';
import { siteQueryOptions } from './lib/site-query';

// What the server wrote into the page saves the first screen its round trips; ask for the rest while
// the first page's code is still downloading.
seedBootState(queryClient, readBootState(document));
void queryClient.prefetchQuery(meQueryOptions);
void queryClient.prefetchQuery(siteQueryOptions);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (router: ReturnType<typeof createRouter>) => (
  <AppProviders queryClient={queryClient}>
    <RouterProvider router={router} />
  </AppProviders>
);

// A prerendered page (the landing page for signed-out visitors, see scripts/prerender-landing.ts) is
// hydrated once its route's code has loaded, so the app's first render is that same page. In a
// transition, so React works in short slices and the page stays responsive meanwhile.
if (container.hasAttribute(PRERENDERED_ATTRIBUTE)) {
  void loadMatchedRoutes(window.location.pathname).then(() => {
    const router = createRouter({ loaderData: {} });
    trackPageViews(router);
    startTransition(() => void hydrateRoot(container, app(router)));
  });
} else {
  const router = createRouter();
  trackPageViews(router);
  createRoot(container).render(app(router));
}
