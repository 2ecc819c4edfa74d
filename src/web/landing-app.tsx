import { Component, createContext, useCallback, useContext, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type * as AppRouter from './app-router';
import { AppFrame } from './app/app-frame';
import {
  isActivePath,
  NavigationProvider,
  usePathname,
  type AppLinkProps,
  type AppNavigation,
  type AppNavLinkProps,
} from './app/navigation';
import HomePage from './home/home-page';
import { i18n, loadLocale } from './i18n/i18n';
import type { DisplayLocale } from '../shared/i18n/locale';

// The landing page as a signed-out visitor first gets it: prerendered at build time (src/web/prerender.tsx
// renders this component), then hydrated by landing.tsx without React Router, whose code (and every other
// route's) is a third of what the page would load otherwise. The router loads when the visitor heads for
// another page: reaching for a link (hover, focus) fetches it, following one starts it.

/** Where the prerendered page is served (src/server/web/static.ts). */
export const LANDING_PATH = '/';

let appCode: Promise<typeof AppRouter> | undefined;

/**
 * The whole app's code (React Router, every route) and the page's language's whole catalog (the landing page
 * carries only its own words), fetched once; a failed fetch is tried again next time.
 */
export function loadApp(locale = i18n.locale as DisplayLocale): Promise<typeof AppRouter> {
  appCode ??= Promise.all([import('./app-router'), loadLocale(locale)])
    .then(([app]) => app)
    .catch((error: unknown) => {
      appCode = undefined;
      throw error;
    });
  return appCode;
}

const prefetchApp = () => void loadApp().catch(() => undefined);

type Go = (to: string, options: { replace: boolean }) => void;

const GoContext = createContext<Go>(() => undefined);

/** React Router's rule for a plain click: a new tab, window or download is the browser's business. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute('target');
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
    (!target || target === '_self')
  );
}

function LandingLink({ to, children, onClick, onPointerEnter, onFocus, ...props }: AppLinkProps) {
  const go = useContext(GoContext);
  return (
    <a
      {...props}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event)) return;
        event.preventDefault();
        const { pathname, search, hash } = window.location;
        // As React Router's Link: a link to the page shown replaces its history entry.
        go(to, { replace: to === `${pathname}${search}${hash}` });
      }}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        prefetchApp();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        prefetchApp();
      }}
    >
      {children}
    </a>
  );
}

function LandingNavLink({ end, className, ...props }: AppNavLinkProps) {
  const isActive = isActivePath(usePathname(), props.to, end);
  return (
    <LandingLink
      {...props}
      aria-current={isActive ? 'page' : undefined}
      className={isActive ? [className, 'active'].filter(Boolean).join(' ') : className}
    />
  );
}

/** A failure in the page hands over to the whole app, whose route error boundary shows it inside the frame. */
class TakeOverOnError extends Component<{ onError: () => void; children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override componentDidCatch() {
    this.props.onError();
  }

  override render() {
    return this.state.hasFailed ? null : this.props.children;
  }
}

export function LandingApp() {
  // The whole app once it has taken over, rendered in place of this page (the same page, then the next).
  const [app, setApp] = useState<ReactNode>(null);
  const [isNavigating, setIsNavigating] = useState(false);
  // Where to go once the router runs: the last link followed meanwhile, as React Router would.
  const destination = useRef<{ to: string; options: { replace: boolean } } | null>(null);

  const go = useCallback<Go>((to, options) => {
    const isStarting = destination.current === null;
    destination.current = { to, options };
    if (!isStarting) return;
    setIsNavigating(true);
    loadApp()
      .then(({ takeOverPage }) => takeOverPage({ firstViewRecorded: true }))
      .then(
        ({ router, element }) => {
          flushSync(() => setApp(element));
          const next = destination.current!;
          void router.navigate(next.to, next.options);
        },
        // The app's code could not be fetched (a new release, the network): the browser loads the page itself.
        () => window.location.assign(destination.current!.to),
      );
  }, []);

  const navigation = useMemo<AppNavigation>(
    () => ({ pathname: LANDING_PATH, isNavigating, Link: LandingLink, NavLink: LandingNavLink }),
    [isNavigating],
  );

  if (app) return app;
  return (
    <GoContext value={go}>
      <NavigationProvider value={navigation}>
        <AppFrame>
          <TakeOverOnError onError={() => go(LANDING_PATH, { replace: true })}>
            <HomePage />
          </TakeOverOnError>
        </AppFrame>
      </NavigationProvider>
    </GoContext>
  );
}
