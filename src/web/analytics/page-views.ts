import { NavigationType, type DataRouter, type Location } from 'react-router';

type PageView = { path: string; referrer: string | null };

/** The browser asks not to be tracked (the server checks the headers too). */
function hasOptedOut(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  const win = window as Window & { doNotTrack?: string };
  return nav.doNotTrack === '1' || win.doNotTrack === '1' || nav.globalPrivacyControl === true;
}

/** The referrer of the first page: another site's address, or just the path when it is ours. */
function firstReferrer(): string | null {
  if (!document.referrer) return null;
  try {
    const url = new URL(document.referrer);
    return url.origin === window.location.origin ? url.pathname : `${url.origin}${url.pathname}`;
  } catch {
    return null;
  }
}

/** Resolves once the page has loaded and the browser is idle: page views never compete with the page. */
const pageReady = new Promise<void>((resolve) => {
  const idle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(() => resolve(), { timeout: 3000 }) : setTimeout(resolve, 200);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
});

function send(view: PageView) {
  void pageReady.then(() =>
    fetch('/api/page-views', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(view),
      // No cookie: the view is anonymous, and the server need not look up a session.
      credentials: 'omit',
      keepalive: true,
    }).catch(() => undefined),
  );
}

/**
 * Records a page view for the first page and for each client-side navigation to another page. A
 * replace that keeps the path (clearing a notice from history state) is not a new view.
 */
export function trackPageViews(router: Pick<DataRouter, 'state' | 'subscribe'>): void {
  if (hasOptedOut()) return;
  let last: { key: string; path: string } | null = null;

  const onLocation = (location: Location, action: NavigationType) => {
    if (last && location.key === last.key) return;
    const isSamePageReplace = last !== null && action === NavigationType.Replace && location.pathname === last.path;
    const referrer = last ? last.path : firstReferrer();
    last = { key: location.key, path: location.pathname };
    if (!isSamePageReplace) send({ path: location.pathname, referrer });
  };

  onLocation(router.state.location, router.state.historyAction);
  router.subscribe((state) => onLocation(state.location, state.historyAction));
}
