import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { forgetMember, meQueryOptions } from '../lib/me-query';
import { endsSession, noticeOf } from './flash-notice';
import { AppFrame } from './app-frame';
import { FlashNoticeView } from './flash-notice-view';
import { LoadingScreen } from './loading-screen';
import { RouterNavigation } from './router-navigation';
import { StartErrorScreen } from './start-error-screen';
import { useHeaderSlots } from './header-slots';
import { useMemberLocale } from '../i18n/use-locale';

/** product.md §2.3: nothing is rendered until the first authentication status arrives. */
export function RootLayout() {
  const me = useQuery(meQueryOptions);
  const location = useLocation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { FinishSignIn } = useHeaderSlots();
  const shouldForget = endsSession(location.state);
  useMemberLocale();
  useEffect(() => {
    if (!shouldForget) return;
    forgetMember(queryClient);
    // Drop the marker so going back to this history entry later does not end a newer session.
    const notice = noticeOf(location.state);
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: notice ? { notice } : null });
  }, [shouldForget, location, queryClient, navigate]);
  if (me.isPending) return <LoadingScreen />;
  if (me.isError && me.data === undefined) {
    return <StartErrorScreen onRetry={() => void me.refetch()} isRetrying={me.isFetching} />;
  }
  return (
    <RouterNavigation>
      <AppFrame>
        <FlashNoticeView />
        {/* A session that owes its code sees only the code step, at the address asked for (decision 028). */}
        {me.data?.user?.secondFactorNeeded && FinishSignIn ? (
          <Suspense fallback={<LoadingScreen />}>
            <FinishSignIn />
          </Suspense>
        ) : (
          <Outlet />
        )}
      </AppFrame>
      <ScrollRestoration />
    </RouterNavigation>
  );
}
