import '@fontsource/montserrat/400.css';
import '@fontsource/montserrat/700.css';
import '@fontsource/montserrat/800.css';
import './styles/mantine.css';
import './styles/global.css';

import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { trackPageViews } from './analytics/page-views';
import { meQueryOptions } from './auth/me-query';
import { queryClient } from './lib/query-client';
import { createRouter } from './routes';
import { siteQueryOptions } from './site/site-query';
import { cssVariablesResolver, theme } from './theme';

// Ask who is signed in while the first page's code is still downloading.
void queryClient.prefetchQuery(meQueryOptions);
void queryClient.prefetchQuery(siteQueryOptions);

const router = createRouter();
trackPageViews(router);
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
