import { useLingui } from '@lingui/react';
import { useEffect, useRef, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { APP_READY_ATTRIBUTE } from '../../shared/boot';
import { useIsNavigating, usePathname } from './navigation';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import classes from './app-frame.module.css';

// Mantine's scroll lock (the phone menu's drawer) keeps elements with this class clear of the scrollbar
// it removes, so the fixed header does not shift under the open drawer.
const KEEP_CLEAR_OF_SCROLLBAR = 'right-scroll-bar-position';

/**
 * Header, main content and footer around every page. Plain elements with a fixed header (what Mantine's
 * AppShell gave us, without its navbar, aside and resizing code in every first load).
 */
export function AppFrame({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  const mainRef = useRef<HTMLElement>(null);
  useFocusOnNavigation(mainRef);
  const isNavigating = useIsNavigating();
  // A prerendered page looks the same before the app runs; this says it now does (journeys wait for it).
  useEffect(() => document.documentElement.setAttribute(APP_READY_ATTRIBUTE, ''), []);

  function onSkip(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    mainRef.current?.focus();
  }

  return (
    <div className={classes.shell}>
      <a href="#main-content" className={classes.skipLink} onClick={onSkip}>
        {i18n._('Skip to content')}
      </a>
      {isNavigating ? <div className={classes.progress} aria-hidden="true" /> : null}
      <header className={`${classes.header} ${KEEP_CLEAR_OF_SCROLLBAR}`}>
        <SiteHeader />
      </header>
      <main id="main-content" ref={mainRef} tabIndex={-1} className={classes.main}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/**
 * A single-page app keeps focus on the clicked link when the page changes; move it to the new page's
 * flash notice or h1 so keyboard and screen-reader users start at the top of the new content.
 */
function useFocusOnNavigation(mainRef: RefObject<HTMLElement | null>) {
  const pathname = usePathname();
  const isFirstRender = useRef(true);

  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    const main = mainRef.current;
    if (!main) return;
    const target = main.querySelector<HTMLElement>('[data-flash-notice]') ?? main.querySelector<HTMLElement>('h1') ?? main;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
  }, [pathname, mainRef]);
}
