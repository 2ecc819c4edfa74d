// Before anything that builds a zod schema (see the module).
import './lib/zod-without-eval';
import './styles';

import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/app-providers';
import { startApp } from './app-router';
import { meQueryOptions } from './lib/me-query';
import { readBootState, seedBootState } from './boot';
import { queryClient } from './lib/query-client';
import { siteQueryOptions } from './lib/site-query';
import { loadLocale, pageLocale } from './i18n/i18n';

// The entry of every page but the prerendered landing page (which starts from landing.tsx).

// What the server wrote into the page saves the first screen its round trips; ask for the rest while
// the first page's code is still downloading.
seedBootState(queryClient, readBootState(document));
void queryClient.prefetchQuery(meQueryOptions);
void queryClient.prefetchQuery(siteQueryOptions);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The page's language (the server chose it, src/server/web/static.ts) is loaded before the first render.
void loadLocale(pageLocale(document)).then(() => {
  createRoot(container).render(<AppProviders queryClient={queryClient}>{startApp().element}</AppProviders>);
});
