import { useLingui } from '@lingui/react';
import { MantineContext, MantineProvider } from '@mantine/core';
import { useContext, useMemo, type ComponentType, type ReactNode } from 'react';
import { cssVariablesResolver, themeFor } from '../theme';
import { MantineStyles } from './mantine-styles';

/**
 * Mantine with the site's theme, and the words its theme gives components (the password field's toggle) in
 * the page's language. `withStyles={false}` leaves out the theme's CSS variables and responsive classes (MantineStyles), for
 * a page that already has them in its <head> (the prerendered landing page, scripts/prerender-landing.ts).
 */
export function SiteMantineProvider({ children, withStyles = true }: { children: ReactNode; withStyles?: boolean }) {
  const { i18n } = useLingui();
  const passwordToggle = i18n._('Show or hide the characters');
  const theme = useMemo(() => themeFor(passwordToggle), [passwordToggle]);
  return (
    // Valid HTML (issue 29, decision 050): Mantine's own <style> elements would stand where the provider does,
    // inside <div id="root">; MantineStyles writes the same CSS as a style React hoists into <head>. And no
    // `mantine-Checkbox-root` classes, which Mantine writes twice on some components and nothing here uses.
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
      withCssVariables={false}
      withGlobalClasses={false}
      deduplicateInlineStyles
      withStaticClasses={false}
    >
      {withStyles ? <MantineStyles /> : null}
      {children}
    </MantineProvider>
  );
}

/**
 * Mantine for what renders where there is none yet: on the landing page, which hydrates without it
 * (app-providers.tsx), the parts it loads later (the map's fields, the phone menu's drawer, the whole app once
 * the visitor heads for another page). The page's <head> has the theme's styles already.
 */
export function EnsureMantine({ children }: { children: ReactNode }) {
  const hasMantine = useContext(MantineContext) !== null;
  return hasMantine ? children : <SiteMantineProvider withStyles={false}>{children}</SiteMantineProvider>;
}

/** A lazily loaded part that uses Mantine, in its own provider where there is none (`EnsureMantine`). */
export function withMantine<Props extends object>(Part: ComponentType<Props>): ComponentType<Props> {
  function WithMantine(props: Props) {
    return (
      <EnsureMantine>
        <Part {...props} />
      </EnsureMantine>
    );
  }
  return WithMantine;
}
