import { Navigate, Outlet, useLocation } from 'react-router';
import { useMe } from '../lib/me-query';
import { signInPathFor } from '../lib/safe-next';

/** Layout route for member-only pages: nobody signed in → /signin?next=<this page>. */
export function RequireAuth() {
  const me = useMe();
  const location = useLocation();
  if (!me) return <Navigate to={signInPathFor(`${location.pathname}${location.search}`)} replace />;
  return <Outlet />;
}
