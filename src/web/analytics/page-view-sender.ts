// Sends page views (POST /api/page-views). Without React Router: the prerendered landing page records its
// own view before the router loads (src/web/landing.tsx); page-views.ts follows the router after that.

export type PageView = { path: string; referrer: string | null };

/** The browser asks not to be tracked (the server checks the headers too). */
export function hasOptedOut(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  const win = window as Window & { doNotTrack?: string };
  return nav.doNotTrack === '1' || win.doNotTrack === '1' || nav.globalPrivacyControl === true;
}

/** The referrer of the first page: another site's address, or just the path when it is ours. */
export function firstReferrer(): string | null {
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

export function sendPageView(view: PageView): void {
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

/** The view of the page the browser loaded, unless the browser asks not to be tracked. */
export function recordFirstPageView(path: string): void {
  if (!hasOptedOut()) sendPageView({ path, referrer: firstReferrer() });
}
