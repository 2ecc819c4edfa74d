// Build-time render of the landing page as a signed-out visitor sees it (see scripts/prerender-landing.ts).
// The server sends it for "/" to requests without a session cookie, so the first screen paints from HTML
// and CSS alone; the browser app then takes over the same markup.
import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { DONATE_URL_PLACEHOLDER, type BootState } from '../shared/boot';
import { AppProviders } from './app/app-providers';
import { seedBootState } from './boot';
import { routes } from './routes';

export async function renderLanding(): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error(`The landing route answered ${context.status} instead of a page`);
  if (context.errors) throw new Error(`The landing route failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = new QueryClient();
  // The landing page offers no sign-in, so whether Google is configured makes no difference to it.
  const boot: BootState = { site: { donateUrl: DONATE_URL_PLACEHOLDER, googleSignIn: false }, me: null };
  seedBootState(queryClient, boot);
  return renderToString(
    <AppProviders queryClient={queryClient}>
      {/* hydrate={false}: no inline hydration script (the CSP forbids inline script); the app re-renders. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
}
