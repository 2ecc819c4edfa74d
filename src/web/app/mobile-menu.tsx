import { useLingui } from '@lingui/react';
import { Divider, Drawer } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { AppNavLink } from './navigation';
import type { NavItem } from './nav-items';
import { withMantine } from './mantine-provider';
import classes from './site-header.module.css';

type MobileMenuProps = {
  id: string;
  isOpen: boolean;
  onClose: () => void;
  items: NavItem[];
  isSignedIn: boolean;
  /** The member's notifications, with the unread count (a feature's, given by the header). */
  notificationsLink: ReactNode;
  giveLink: ReactNode;
  /** The other language (language-switcher.tsx). */
  languageLink: ReactNode;
};

/** The phone menu: a drawer with the same entries as the header's menu. */
function MobileMenuDrawer({ id, isOpen, onClose, items, isSignedIn, notificationsLink, giveLink, languageLink }: MobileMenuProps) {
  const { i18n } = useLingui();
  const opened = useOpensAfterMount(isOpen);
  useInertPage(opened);
  return (
    // Compound form so the drawer's header can be a <div>: a second <header> would read as a second banner.
    <Drawer.Root opened={opened} onClose={onClose} position="right" size="xs" id={id}>
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header component="div">
          <Drawer.Title>{i18n._('Menu')}</Drawer.Title>
          <Drawer.CloseButton aria-label={i18n._('Close menu')} />
        </Drawer.Header>
        <Drawer.Body>
          <nav aria-label={i18n._('Main')}>
            <ul className={classes.drawerMenu}>
              {items.map((item) => (
                <li key={item.to}>
                  <AppNavLink to={item.to} end={item.end ?? false} className={classes.drawerLink} onClick={onClose}>
                    {i18n._(item.label)}
                  </AppNavLink>
                </li>
              ))}
              {notificationsLink ? <li>{notificationsLink}</li> : null}
              {isSignedIn ? (
                <li>
                  <AppNavLink to="/dashboard" className={classes.drawerLink} onClick={onClose}>
                    {i18n._('Dashboard')}
                  </AppNavLink>
                </li>
              ) : null}
              <li>{languageLink}</li>
            </ul>
            {giveLink ? (
              <>
                <Divider my="md" />
                {giveLink}
              </>
            ) : null}
          </nav>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}

/** The landing page hydrates without Mantine (decision 046): the drawer brings it when it loads. */
export const MobileMenu = withMantine(MobileMenuDrawer);

/**
 * Mantine gives focus back on closing to what had it at opening (the menu button), but it notes that element only when
 * `opened` changes from false to true. The drawer's code loads when the button is reached for, so a first tap or Enter
 * can come before it has arrived and mount the drawer open: nothing noted, and on closing (Escape, the close button)
 * focus fell to the page's <body>. Mounted, the drawer stays closed until the next frame, then opens.
 */
function useOpensAfterMount(isOpen: boolean): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setMounted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return isOpen && mounted;
}

/**
 * While the drawer is open the page behind it is out of reach: not focusable, not clickable and not in the
 * accessibility tree, so its links (the footer repeats Contact) cannot be mistaken for the menu's.
 * The drawer itself lives in a portal outside #root.
 */
function useInertPage(isOpen: boolean) {
  useEffect(() => {
    const page = document.getElementById('root');
    if (!isOpen || !page) return;
    page.inert = true;
    page.setAttribute('aria-hidden', 'true');
    return () => {
      page.inert = false;
      page.removeAttribute('aria-hidden');
    };
  }, [isOpen]);
}
