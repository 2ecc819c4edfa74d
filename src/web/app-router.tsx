// The whole app: React Router with every page (routes.tsx). main.tsx starts it for every page the server
// sends but the prerendered landing page, which loads it when the visitor heads for another page
// (landing-app.tsx).
import './lib/zod-without-eval';
import { RouterProvider } from 'react-router/dom';
import { trackPageViews } from './analytics/page-views';
import { EnsureMantine } from './app/mantine-provider';
import { createRouter, loadMatchedRoutes } from './routes';

export type StartedApp = { router: ReturnType<typeof createRouter>; element: React.JSX.Element };

/** The router for a page nothing has rendered yet: the loading screen shows until the page's code arrives. */
export function startApp(): StartedApp {
  const router = createRouter();
  trackPageViews(router);
  return { router, element: <RouterProvider router={router} /> };
}

/**
 * The router for a page already on screen (the prerendered landing page): the current route's code loads
 * first and the router starts as if hydrated, so its first render is that same page and the scroll
 * position stays. `firstViewRecorded`: the page on screen has recorded its view already.
 */
export async function takeOverPage(options: { firstViewRecorded: boolean }): Promise<StartedApp> {
  await loadMatchedRoutes(window.location.pathname);
  const router = createRouter({ loaderData: {} });
  trackPageViews(router, options);
  // The landing page hydrated without Mantine (decision 046); the other pages use it.
  return {
    router,
    element: (
      <EnsureMantine>
        <RouterProvider router={router} />
      </EnsureMantine>
    ),
  };
}
