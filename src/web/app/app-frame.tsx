import { AppShell } from '@mantine/core';
import { useEffect, useRef, type MouseEvent, type RefObject } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { APP_READY_ATTRIBUTE } from '../../shared/boot';
import { FlashNoticeView } from './flash-notice-view';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import classes from './app-frame.module.css';

const HEADER_HEIGHT = 64;

/** Header, main content and footer around every page. */
export function AppFrame() {
  const mainRef = useRef<HTMLElement>(null);
  useFocusOnNavigation(mainRef);
  const navigation = useNavigation();
  // A prerendered page looks the same before the app runs; this says it now does (journeys wait for it).
  useEffect(() => document.documentElement.setAttribute(APP_READY_ATTRIBUTE, ''), []);

  function onSkip(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    mainRef.current?.focus();
  }

  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding={0} className={classes.shell}>
      <a href="#main-content" className={classes.skipLink} onClick={onSkip}>
        Skip to content
      </a>
      {navigation.state === 'idle' ? null : <div className={classes.progress} aria-hidden="true" />}
      <AppShell.Header>
        <SiteHeader />
      </AppShell.Header>
      <AppShell.Main id="main-content" ref={mainRef} tabIndex={-1} className={classes.main}>
        <FlashNoticeView />
        <Outlet />
      </AppShell.Main>
      <SiteFooter />
      <ScrollRestoration />
    </AppShell>
  );
}

/**
 * A single-page app keeps focus on the clicked link when the page changes; move it to the new page's
 * flash notice or h1 so keyboard and screen-reader users start at the top of the new content.
 */
function useFocusOnNavigation(mainRef: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
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
