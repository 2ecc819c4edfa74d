import { useLingui } from '@lingui/react';
import { Container } from '@mantine/core';
import { useMe } from '../lib/me-query';
import { SITE_NAME } from '../../shared/brand';
import { AppLink } from './navigation';
import classes from './site-footer.module.css';

export function SiteFooter() {
  const { i18n } = useLingui();
  const me = useMe();
  return (
    <footer className={classes.footer}>
      <Container size="lg" className={classes.inner}>
        <nav aria-label={i18n._('Footer')}>
          <ul className={classes.links}>
            <li>
              <AppLink to="/" className={classes.link}>
                {i18n._('Home')}
              </AppLink>
            </li>
            <li>
              <AppLink to="/about" className={classes.link}>
                {i18n._('About')}
              </AppLink>
            </li>
            <li>
              <AppLink to="/contact" className={classes.link}>
                {i18n._('Contact')}
              </AppLink>
            </li>
            <li>
              <AppLink to="/privacy" className={classes.link}>
                {i18n._('Privacy')}
              </AppLink>
            </li>
            <li>
              <AppLink to="/accessibility" className={classes.link}>
                {i18n._('Accessibility')}
              </AppLink>
            </li>
            {/* Agency staff ask the churches for a foster family's needs once their account is approved (issue 26). */}
            <li>
              <AppLink to="/caseworkers/apply" className={classes.link}>
                {i18n._('For caseworkers')}
              </AppLink>
            </li>
            {me ? (
              <li>
                <AppLink to="/dashboard" className={classes.link}>
                  {me.email}
                </AppLink>
              </li>
            ) : null}
          </ul>
        </nav>
        {/* The landing page is prerendered at build time; a new year may have begun since. */}
        <p className={classes.note} suppressHydrationWarning>
          © {new Date().getFullYear()} {SITE_NAME}
        </p>
      </Container>
    </footer>
  );
}
