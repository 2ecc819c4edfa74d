import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { i18n } from '../i18n/i18n';
import { cssVariablesResolver, theme } from '../theme';

/** Everything around the router, the same in the browser and in the build's prerender of the landing page. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </MantineProvider>
      </I18nProvider>
    </StrictMode>
  );
}
