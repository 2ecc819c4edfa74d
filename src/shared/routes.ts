// Paths the front end renders; the server answers any other path with the 'page not found' page and a 404.
export const CLIENT_ROUTES = [
  '/',
  '/signin',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/unsubscribe',
  '/contact',
  '/discuss',
  '/discuss/:id',
  '/resources',
  '/open-your-home',
  '/churches',
  '/churches/:id',
  '/needs/:id',
  '/update-profile-image',
  '/directory',
  '/profile',
  '/update-password',
  '/admin',
  '/admin/:section',
  '/dashboard',
  '/update-profile',
  '/delete-account',
  '/notifications',
  '/settings/notifications',
  '/churches/:id/manage',
  '/needs',
  '/needs/new',
  '/needs/mine',
  '/needs/:id/edit',
  '/needs/approve/:token',
  '/caseworkers/apply',
  '/care',
  '/care/:id',
  '/care/join/:token',
  '/care/:id/calendar',
  '/care/clearances',
  '/care/:id/space',
] as const;

export function isClientRoute(pathname: string): boolean {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return CLIENT_ROUTES.some((route) => {
    const re = new RegExp(`^${route.replace(/:[a-z]+/g, '[^/]+')}$`);
    return re.test(clean);
  });
}
