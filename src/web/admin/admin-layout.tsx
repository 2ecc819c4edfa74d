import { Alert, Container, Loader, Text } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { MESSAGES } from '../../shared/messages';
import { SECOND_FACTOR_MESSAGES, type SecondFactorStep } from '../../shared/two-factor';
import { Page } from '../app/page';
import { FormCard } from '../app/form-card';
import { refreshMe, useMe } from '../lib/me-query';
import { isApiRequestError } from '../lib/api';
import { SecondFactorForm, TwoFactorSetup } from '../two-factor';
import { signInPathFor } from '../lib/safe-next';
import { ADMIN_CHECK_RETRY_MS, adminAccessQueryOptions, refreshAdminAccess } from './admin-api';
import { ADMIN_SECTIONS, sectionOf } from './sections';
import classes from './admin-layout.module.css';

/** Failures before the page says it keeps trying (until then, per product.md §5.7, nothing is shown). */
const QUIET_FAILURES = 3;

// The set-up and its QR library load only for an admin who needs them.

/**
 * /admin and its sections (product.md §5.7, the admin check): a visitor is sent to sign in, where 'Not Logged In' is
 * shown; a member waits for the server's admin check, seeing nothing meanwhile, then either the admin
 * area or 'Sorry. We're closed.'. An admin whose session has not passed a second factor is led through
 * setting one up, or asked for a code (decision 013). The server checks every admin request anyway.
 */
export default function AdminLayout() {
  const me = useMe();
  const location = useLocation();
  if (!me) {
    return <Navigate to={signInPathFor(`${location.pathname}${location.search}`)} replace state={{ notice: MESSAGES.notLoggedIn }} />;
  }
  return <AdminCheck />;
}

function statusOf(error: unknown): number | undefined {
  return isApiRequestError(error) ? error.status : undefined;
}

function AdminCheck() {
  const { i18n } = useLingui();
  const location = useLocation();
  const access = useQuery({
    ...adminAccessQueryOptions,
    // An answer (401, 403) is final; no answer is asked again every 2 seconds.
    retry: (_count, error) => {
      const status = statusOf(error);
      return status === undefined || status === 0 || status >= 500;
    },
    retryDelay: ADMIN_CHECK_RETRY_MS,
  });
  const status = statusOf(access.error);
  if (status === 401) {
    return <Navigate to={signInPathFor(`${location.pathname}${location.search}`)} replace state={{ notice: MESSAGES.notLoggedIn }} />;
  }
  if (status === 403 && isApiRequestError(access.error) && access.error.code === 'SECOND_FACTOR_REQUIRED') {
    return <SecondFactorGate needs={access.error.needs === 'verify' ? 'verify' : 'setup'} />;
  }
  if (status === 403) {
    return (
      <Page title={i18n._('Admin')}>
        <Text size="lg">{i18n._(MESSAGES.adminClosed)}</Text>
      </Page>
    );
  }
  if (!access.data) {
    if (access.failureCount < QUIET_FAILURES) return null;
    return (
      <Container size="sm" py="xl">
        <Alert color="yellow" variant="light" role="status">
          {i18n._('The admin area cannot be reached right now. Trying again every {seconds} seconds…', {
            seconds: ADMIN_CHECK_RETRY_MS / 1000,
          })}
        </Alert>
      </Container>
    );
  }
  return <AdminFrame />;
}

/** Before the admin area opens: set up two-step sign-in, or enter a code for this session. */
function SecondFactorGate({ needs }: { needs: SecondFactorStep }) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const me = useMe();
  async function onPassed() {
    await refreshMe(queryClient);
    await refreshAdminAccess(queryClient);
  }
  if (needs === 'setup') {
    return (
      <Page title={i18n._('Set up two-step sign-in')} size="sm">
        <Text mb="lg">{i18n._(SECOND_FACTOR_MESSAGES.setup)}</Text>
        <FormCard>
          <Suspense fallback={<Loader aria-label={i18n._('Loading the set-up')} />}>
            <TwoFactorSetup email={me?.email ?? ''} onDone={onPassed} />
          </Suspense>
        </FormCard>
      </Page>
    );
  }
  return (
    <Page title={i18n._('Two-step sign-in')} size="xs">
      <Text mb="lg">{i18n._(SECOND_FACTOR_MESSAGES.verify)}</Text>
      <FormCard>
        <SecondFactorForm onPassed={onPassed} />
      </FormCard>
    </Page>
  );
}

/** The side menu (a disclosure on phones) beside the section's page. */
function AdminFrame() {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  // The menu is open on the page where it was opened: going to another page closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const isMenuOpen = menuOpenOn === pathname;
  const current = sectionOf(pathname);

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} className={classes.layout}>
      <nav aria-label={i18n._('Admin')} className={classes.nav}>
        <p className={classes.navTitle} aria-hidden="true">
          {i18n._('Admin')}
        </p>
        <button
          type="button"
          className={classes.menuToggle}
          aria-expanded={isMenuOpen}
          aria-controls="admin-menu"
          onClick={() => setMenuOpenOn(isMenuOpen ? null : pathname)}
        >
          <span>
            {i18n._('Admin menu')}
            <span className={classes.menuCurrent}>: {current ? i18n._(current.label) : i18n._('Overview')}</span>
          </span>
          <span aria-hidden="true" className={classes.chevron} data-open={isMenuOpen || undefined} />
        </button>
        <ul id="admin-menu" className={classes.menu} data-open={isMenuOpen || undefined}>
          {ADMIN_SECTIONS.map((section) => (
            <li key={section.path}>
              <NavLink to={section.path} end={section.path === '/admin'} className={classes.link}>
                <section.Icon />
                {i18n._(section.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={classes.content}>
        <Outlet />
      </div>
    </Container>
  );
}
