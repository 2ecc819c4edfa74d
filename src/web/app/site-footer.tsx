import { useLingui } from '@lingui/react';
import { useMe } from '../lib/me-query';
import { SITE_NAME } from '../../shared/brand';
import { AppLink } from './navigation';
import { containerProps } from './plain';
import classes from './site-footer.module.css';

export function SiteFooter() {
  const { i18n } = useLingui();
  const me = useMe();
  return (
    <footer className={classes.footer}>
      <div {...containerProps('lg', classes.inner)}>
        <nav aria-label={i18n._('Footer')}>
          <ul className={classes.links}>
            <li>
              <AppLink to="/" className={classes.link}>
                {i18n._('Home')}
              </AppLink>
            </li>
            <li>
              <AppLink to="/contact" className={classes.link}>
                {i18n._('Contact')}
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
      </div>
    </footer>
  );
}
