import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LandingProviders } from './landing-providers';
import { SiteMantineProvider } from './mantine-provider';

/** Everything around the router: the page's language, its data and Mantine (every page but the landing's first visit). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <LandingProviders queryClient={queryClient}>
      <SiteMantineProvider>{children}</SiteMantineProvider>
    </LandingProviders>
  );
}
