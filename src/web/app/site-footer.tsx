import { useLingui } from '@lingui/react';
import { useMe } from '../lib/me-query';
import { SITE_NAME } from '../../shared/brand';
import { AppLink } from './navigation';
import { containerProps } from './plain';
import classes from './site-footer.module.css';

export function SiteFooter() {
  const { i18n } = useLingui();
  const me = useMe();
  const links = [
    { to: '/', label: i18n._('Home') },
    // The network itself, how it treats what it keeps, and how usable it aims to be (issue 29).
    { to: '/about', label: i18n._('About') },
    { to: '/contact', label: i18n._('Contact') },
    { to: '/privacy', label: i18n._('Privacy') },
    { to: '/accessibility', label: i18n._('Accessibility') },
    // Agency staff ask the churches for a foster family's needs once their account is approved (issue 26).
    { to: '/caseworkers/apply', label: i18n._('For caseworkers') },
  ];
  return (
    <footer className={classes.footer}>
      <div {...containerProps('lg', classes.inner)}>
        <nav aria-label={i18n._('Footer')}>
          <ul className={classes.links}>
            {links.map((link) => (
              <li key={link.to}>
                <AppLink to={link.to} className={classes.link}>
                  {link.label}
                </AppLink>
              </li>
            ))}
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
