import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { i18n } from '../i18n/i18n';

/**
 * What the prerendered landing page hydrates with, the same in the browser and in the build's prerender: the
 * page's language and its data, without Mantine, whose core was a fifth of the first visit's script (decision
 * 046). The parts it loads later (the map's fields, the phone menu, the whole app) bring their Mantine with them
 * (mantine-provider.tsx). A module of its own: the landing page must not import app-providers.tsx's Mantine.
 */
export function LandingProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </I18nProvider>
    </StrictMode>
  );
}
