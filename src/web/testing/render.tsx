import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/app-providers';
import { RouterNavigation } from '../app/router-navigation';

/**
 * A query client for one test: no retries (a failure shows at once) and nothing refetched by itself unless
 * the test asks, so what the screen shows comes from what the test put in the cache or answered.
 */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
}

type Options = { queryClient?: QueryClient; path?: string };

/**
 * Renders a component as the site does: the site's providers (Mantine with the site's theme, TanStack
 * Query, StrictMode) around a data router at `path` with the frame's navigation (AppLink, AppNavLink).
 * Returns Testing Library's result, the query client and a `user` that types and clicks as a person does.
 */
export function renderWithSite(ui: ReactElement, { queryClient = testQueryClient(), path = '/' }: Options = {}) {
  const router = createMemoryRouter([{ path: '*', element: <RouterNavigation>{ui}</RouterNavigation> }], { initialEntries: [path] });
  const user = userEvent.setup();
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { user, queryClient, router, ...result };
}
