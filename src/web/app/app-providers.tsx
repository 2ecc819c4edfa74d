import { I18nProvider, useLingui } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, useMemo, type ReactNode } from 'react';
import { i18n } from '../i18n/i18n';
import { themeFor } from '../theme';
import { MantineStyles } from './mantine-styles';

/** Everything around the router, the same in the browser and in the build's prerender of the landing page. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <Mantine>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </Mantine>
      </I18nProvider>
    </StrictMode>
  );
}

/** Mantine, with the words its theme gives components (the password field's toggle) in the page's language. */
function Mantine({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  const passwordToggle = i18n._('Show or hide the characters');
  const theme = useMemo(() => themeFor(passwordToggle), [passwordToggle]);
  // Valid HTML (issue 29): the theme's CSS goes into <head> (mantine-styles.tsx), not in <style> elements where
  // components stand; and no `mantine-Checkbox-root` classes, which Mantine writes twice on some components and
  // nothing here uses.
  return (
    <MantineProvider
      theme={theme}
      forceColorScheme="light"
      withCssVariables={false}
      withGlobalClasses={false}
      deduplicateInlineStyles
      withStaticClasses={false}
    >
      <MantineStyles />
      {children}
    </MantineProvider>
  );
}
