import { Container } from '@mantine/core';
import { Link } from 'react-router';
import { useMe } from '../lib/me-query';
import { SITE_NAME } from '../../shared/brand';
import classes from './site-footer.module.css';

export function SiteFooter() {
  const me = useMe();
  return (
    <footer className={classes.footer}>
      <Container size="lg" className={classes.inner}>
        <nav aria-label="Footer">
          <ul className={classes.links}>
            <li>
              <Link to="/" className={classes.link}>
                Home
              </Link>
            </li>
            <li>
              <Link to="/contact" className={classes.link}>
                Contact
              </Link>
            </li>
            {me ? (
              <li>
                <Link to="/dashboard" className={classes.link}>
                  {me.email}
                </Link>
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
