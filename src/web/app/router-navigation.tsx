import { useMemo, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigation } from 'react-router';
import { NavigationProvider, type AppNavigation } from './navigation';

/** The frame's links and location, from React Router (every page but the prerendered landing's first run). */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const isNavigating = useNavigation().state !== 'idle';
  const value = useMemo<AppNavigation>(() => ({ pathname, isNavigating, Link, NavLink }), [pathname, isNavigating]);
  return <NavigationProvider value={value}>{children}</NavigationProvider>;
}
