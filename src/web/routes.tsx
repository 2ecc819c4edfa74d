import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type HydrationState, type RouteObject } from 'react-router';
import { HeaderSlotsProvider, type HeaderSlots } from './app/header-slots';
import { LoadingScreen } from './app/loading-screen';
import { NotFoundPage } from './app/not-found-page';
import { RequireAuth } from './app/require-auth';
import { RootLayout } from './app/root-layout';
import { RouteError } from './app/route-error';

/** Each page is its own chunk, so a visitor downloads only the code of the pages they open. */
function page(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

const publicRoutes: RouteObject[] = [
  { index: true, ...page(() => import('./home/home-page')) },
  { path: 'signin', ...page(() => import('./auth/sign-in-page')) },
  { path: 'signup', ...page(() => import('./auth/sign-up-page')) },
  { path: 'forgot-password', ...page(() => import('./auth/forgot-password-page')) },
  { path: 'reset-password', ...page(() => import('./auth/reset-password-page')) },
  // Opened from the mailed link, maybe on another device: the token is the proof, no sign-in needed.
  { path: 'verify-email', ...page(() => import('./account/verify-email-page')) },
  // Opened from a notification mail's link: the signed token names the member and the kind of mail.
  { path: 'unsubscribe', ...page(() => import('./notifications/unsubscribe-page')) },
  { path: 'contact', ...page(() => import('./contact/contact-page')) },
  { path: 'discuss', ...page(() => import('./discuss/discuss-page')) },
  { path: 'discuss/:id', ...page(() => import('./discuss/post-page')) },
  { path: 'resources', ...page(() => import('./resources/resources-page')) },
  { path: 'open-your-home', ...page(() => import('./open-your-home/open-your-home-page')) },
  { path: 'churches', ...page(() => import('./churches/finder-page')) },
  { path: 'churches/:id', ...page(() => import('./churches/church-page')) },
  { path: 'needs', ...page(() => import('./needs/board-page')) },
  { path: 'needs/:id', ...page(() => import('./needs/need-page')) },
  // A caseworker's supervisor, from the mailed link: the single-use token is the proof, nobody signs in.
  { path: 'needs/approve/:token', ...page(() => import('./needs-approvals/supervisor-page')) },
  // product.md §2.4 lists the photo page as not guarded; the page itself asks visitors to sign in.
  { path: 'update-profile-image', ...page(() => import('./profiles/update-profile-image-page')) },
  // Signed in, then the admin check (product.md §5.7): the layout sends visitors to sign in with 'Not Logged In'.
  {
    path: 'admin',
    ...page(() => import('./admin/admin-layout')),
    children: [
      { index: true, ...page(() => import('./admin/overview-page')) },
      { path: 'mail', ...page(() => import('./admin/mail-page')) },
      { path: 'profiles', ...page(() => import('./admin/profiles-page')) },
      { path: 'states', ...page(() => import('./admin/states-page')) },
      { path: 'churches', ...page(() => import('./admin/churches/churches-page')) },
      { path: 'needs', ...page(() => import('./admin/needs/needs-queue-page')) },
      { path: 'caseworkers', ...page(() => import('./admin/needs/caseworkers-page')) },
      { path: 'clearances', ...page(() => import('./admin/clearances-page')) },
      { path: 'activity', ...page(() => import('./admin/activity-page')) },
    ],
  },
];

const memberRoutes: RouteObject[] = [
  { path: 'directory', ...page(() => import('./directory/directory-page')) },
  { path: 'profile', ...page(() => import('./account/profile-page')) },
  { path: 'update-password', ...page(() => import('./account/update-password-page')) },
  { path: 'dashboard', ...page(() => import('./dashboard/dashboard-page')) },
  { path: 'update-profile', ...page(() => import('./profiles/update-profile-page')) },
  { path: 'notifications', ...page(() => import('./notifications/notifications-page')) },
  { path: 'settings/notifications', ...page(() => import('./notifications/notification-settings-page')) },
  { path: 'delete-account', ...page(() => import('./account/delete-account-page')) },
  // A church's point persons and admins (the server says who); others see its refusal.
  { path: 'churches/:id/manage', ...page(() => import('./churches/manage-page')) },
  // Asking and editing: the server checks who may (a confirmed member, the asker, an admin).
  { path: 'needs/new', ...page(() => import('./needs/new-need-page')) },
  { path: 'needs/mine', ...page(() => import('./needs/my-needs-page')) },
  { path: 'needs/:id/edit', ...page(() => import('./needs/edit-need-page')) },
  { path: 'caseworkers/apply', ...page(() => import('./needs-approvals/caseworker-apply-page')) },
  // Care teams (issue 27): private to each team; the server answers outsiders 404.
  { path: 'care', ...page(() => import('./care/home-page')) },
  { path: 'care/:id', ...page(() => import('./care/team-page')) },
  { path: 'care/join/:token', ...page(() => import('./care/join-page')) },
  // A care team's calendar: its members and admins (the server answers everyone else with the team's 404).
  { path: 'care/:id/calendar', ...page(() => import('./care/calendar-page')) },
  // Care teams' clearances (issue 27): the member's own.
  { path: 'care/clearances', ...page(() => import('./clearances/my-clearances-page')) },
  // Care teams (issue 27): the member's calendar feed.
  // A care team's space (issue 27): its members and admins (the server says who; others get its 404).
  { path: 'care/:id/space', ...page(() => import('./care/space-page')) },
];

/**
 * What the header shows signed-in members, from features the frame (core) may not import itself. Loaded
 * when first shown, so visitors, who never see it, never fetch its code.
 */
const HEADER_SLOTS: HeaderSlots = {
  NotificationsLink: lazy(() => import('./notifications/notifications-link').then((m) => ({ default: m.NotificationsLink }))),
  FinishSignIn: lazy(() => import('./two-factor/finish-sign-in').then((m) => ({ default: m.FinishSignIn }))),
};

function Root() {
  return (
    <HeaderSlotsProvider value={HEADER_SLOTS}>
      <RootLayout />
    </HeaderSlotsProvider>
  );
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Root,
    HydrateFallback: LoadingScreen,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [...publicRoutes, { Component: RequireAuth, children: memberRoutes }, { path: '*', Component: NotFoundPage }],
      },
    ],
  },
];

/**
 * The browser's router. `hydrationData` marks a page the server already rendered: the router then
 * starts initialized and leaves the scroll position alone (the visitor may have scrolled already).
 */
export function createRouter(hydrationData?: HydrationState) {
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined);
}

/** Loads the code of the routes that match `pathname` now, as hydrating a server-rendered page needs. */
export async function loadMatchedRoutes(pathname: string): Promise<void> {
  const lazy = (matchRoutes(routes, pathname) ?? []).filter((m) => m.route.lazy);
  await Promise.all(
    lazy.map(async ({ route }) => {
      const load = route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(route, { ...(await load()), lazy: undefined });
    }),
  );
}
