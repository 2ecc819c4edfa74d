import { NavigationType, type DataRouter, type Location } from 'react-router';
import { firstReferrer, hasOptedOut, sendPageView } from './page-view-sender';

/**
 * Records a page view for the first page and for each client-side navigation to another page. A
 * replace that keeps the path (clearing a notice from history state) is not a new view. With
 * `firstViewRecorded` (the prerendered landing page recorded it before the router started), the page
 * shown now is not recorded again.
 */
export function trackPageViews(router: Pick<DataRouter, 'state' | 'subscribe'>, options: { firstViewRecorded?: boolean } = {}): void {
  if (hasOptedOut()) return;
  let last: { key: string; path: string } | null = null;

  const onLocation = (location: Location, action: NavigationType) => {
    if (last && location.key === last.key) return;
    const isSamePageReplace = last !== null && action === NavigationType.Replace && location.pathname === last.path;
    const referrer = last ? last.path : firstReferrer();
    last = { key: location.key, path: location.pathname };
    if (!isSamePageReplace) sendPageView({ path: location.pathname, referrer });
  };

  const { location, historyAction } = router.state;
  if (options.firstViewRecorded) last = { key: location.key, path: location.pathname };
  else onLocation(location, historyAction);
  router.subscribe((state) => onLocation(state.location, state.historyAction));
}
