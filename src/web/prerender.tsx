// Build-time render of the landing page as a signed-out visitor sees it (see scripts/prerender-landing.ts).
// The server sends it for "/" to requests without a session cookie, so the first screen paints from HTML
// and CSS alone; the browser then hydrates the same component (src/web/landing.tsx).
import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { DONATE_URL_PLACEHOLDER, type BootState } from '../shared/boot';
import { I18nProvider } from '@lingui/react';
import { LandingProviders } from './app/landing-providers';
import { SiteMantineProvider } from './app/mantine-provider';
import { seedBootState } from './boot';
import { LandingApp } from './landing-app';
import type { Messages } from '@lingui/core';
import { activateMessages, i18n, loadLocale } from './i18n/i18n';
import type { Locale } from '../shared/i18n/locale';

/**
 * The landing page's markup in `locale`, the theme's styles for its <head>, the compiled messages it was rendered with, and the language's whole
 * catalog: the page carries those and the others its code can show (scripts/prerender-landing.ts) and
 * hydrates with them; the rest of the catalog follows when the visitor heads for another page.
 */
export async function renderLanding(
  locale: Locale,
): Promise<{ markup: string; headStyles: string; messages: Messages; catalog: Messages }> {
  await loadLocale(locale);
  // Every message the render looks up and the catalog holds is noted (a message the catalog lacks is shown
  // as its id, its English text, in the browser too). Lingui keeps the object it is given, so it reads this one.
  const messages: Messages = {};
  const catalog = i18n.messages;
  const noting = new Proxy(catalog, {
    get(target, id) {
      if (typeof id === 'string' && Object.hasOwn(target, id)) messages[id] = target[id]!;
      return Reflect.get(target, id) as unknown;
    },
  });
  activateMessages(locale, noting, true);
  const queryClient = new QueryClient();
  // The landing page offers no sign-in, so whether Google is configured makes no difference to it.
  const boot: BootState = { site: { donateUrl: DONATE_URL_PLACEHOLDER, googleSignIn: false }, me: null };
  seedBootState(queryClient, boot);
  const markup = renderToString(
    <LandingProviders queryClient={queryClient}>
      <LandingApp />
    </LandingProviders>,
  );
  // The page hydrates without Mantine (decision 046), yet its styles read the theme's CSS variables and the
  // parts it loads later (the map, the phone menu) its responsive classes: Mantine's provider renders both as
  // <style> elements, which the page carries in its <head>.
  const headStyles = renderToString(
    <I18nProvider i18n={i18n}>
      <SiteMantineProvider>{null}</SiteMantineProvider>
    </I18nProvider>,
  );
  activateMessages(locale, catalog, true);
  return { markup, headStyles, messages, catalog };
}
