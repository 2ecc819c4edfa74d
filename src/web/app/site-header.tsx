import { useLingui } from '@lingui/react';
import { ActionIcon, Button, Container, Group, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useMe } from '../lib/me-query';
import { useSite } from '../lib/site-query';
import { useHeaderSlots } from './header-slots';
import { LanguageSwitcher } from './language-switcher';
import { MenuButton } from './menu-button';
import { ExternalIcon, LogoMark, UserIcon } from './icons';
import { AppLink, AppNavLink, usePathname } from './navigation';
import { navItemsFor } from './nav-items';
import classes from './site-header.module.css';

// The phone menu's drawer brings Mantine's Drawer, ScrollArea, floating-ui and the scroll lock: its own
// chunk, fetched when someone reaches for the button (hover, focus, press), not with every first page.
const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })));

const MOBILE_MENU_ID = 'mobile-menu';
const NEW_TAB_NOTE_ID = 'new-tab-note';
/** The bar's width for a long menu, in px (Mantine's xl container is 1,320). */
const LONG_MENU_BAR = 1440;

export function SiteHeader() {
  const { i18n } = useLingui();
  const me = useMe();
  const site = useSite();
  const { NotificationsLink } = useHeaderSlots();
  const isSignedIn = me !== null;
  const items = navItemsFor(isSignedIn);
  // A member's menu in Spanish (about 1,380 px) is longer than the bar at lg: it folds until xl, where the bar may
  // widen past a page's text and the site's name takes two lines if it must.
  const isLongMenu = isSignedIn && i18n.locale !== 'en';
  const foldsBelow = isLongMenu ? 'xl' : 'lg';
  const [isMenuOpen, menu] = useDisclosure(false);
  // Set once someone reaches for the menu button; the drawer's code loads from then on.
  const [wantsMenu, setWantsMenu] = useState(false);
  const reachForMenu = () => setWantsMenu(true);
  const pathname = usePathname();
  const closeMenu = menu.close;

  // Any page change (a menu link, the back button) closes the phone menu.
  useEffect(() => closeMenu(), [pathname, closeMenu]);

  const giveLink = site ? (
    <Button
      component="a"
      href={site.donateUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-describedby={NEW_TAB_NOTE_ID}
      color="salmon.5"
      radius="xl"
      size="sm"
      rightSection={<ExternalIcon />}
    >
      {i18n._('Give')}
    </Button>
  ) : null;

  const dashboardIcon = me ? (
    <ActionIcon
      component={AppLink}
      to="/dashboard"
      size={40}
      radius="xl"
      variant="filled"
      aria-label={i18n._('Your dashboard')}
      title={i18n._('Your dashboard')}
    >
      {/* The member's own photo when they have one (issue 29); the link's name says where it goes, so the picture is decoration. */}
      {me.photoUrl ? <img src={me.photoUrl} alt="" width={40} height={40} className={classes.avatar} /> : <UserIcon />}
    </ActionIcon>
  ) : null;
  // Its code may still be on its way: the space it takes is kept, so nothing beside it moves.
  const bell =
    isSignedIn && NotificationsLink ? (
      <Suspense fallback={<span className={classes.bellPlaceholder} />}>
        <NotificationsLink variant="icon" />
      </Suspense>
    ) : null;

  return (
    // A member's menu (with "Care teams", issue 27) needs about 1,220 px: the bar may be wider than a page's text,
    // and below Mantine's lg (75em) the menu folds into the menu button, where it never clips.
    <Container
      size={isLongMenu ? LONG_MENU_BAR : 'xl'}
      className={classes.bar}
      data-long-menu={isLongMenu || undefined}
      data-signed-in={isSignedIn || undefined}
    >
      <AppLink to={isSignedIn ? '/dashboard' : '/'} className={classes.brand}>
        <LogoMark />
        {/* The network's name is a name: it is not translated (docs/i18n/terminology.md). */}
        {/* eslint-disable i18n/no-untranslated */}
        <span className={classes.brandName}>
          Foster Care <span className={classes.brandAccent}>Network</span>
        </span>
        {/* eslint-enable i18n/no-untranslated */}
      </AppLink>
      <VisuallyHidden id={NEW_TAB_NOTE_ID}>{i18n._('Opens in a new tab')}</VisuallyHidden>

      <Group component="nav" aria-label={i18n._('Main')} gap="xs" visibleFrom={foldsBelow} wrap="nowrap">
        <ul className={classes.menu}>
          {items.map((item) => (
            <li key={item.to}>
              <AppNavLink to={item.to} end={item.end ?? false} className={classes.link}>
                {i18n._(item.label)}
              </AppNavLink>
            </li>
          ))}
        </ul>
        <LanguageSwitcher className={classes.link} />
        {giveLink}
        {bell}
        {dashboardIcon}
      </Group>

      <Group hiddenFrom={foldsBelow} gap="sm" wrap="nowrap">
        {bell}
        {dashboardIcon}
        <MenuButton
          isOpen={isMenuOpen}
          onPointerEnter={reachForMenu}
          onFocus={reachForMenu}
          onClick={() => {
            reachForMenu();
            menu.toggle();
          }}
          aria-label={isMenuOpen ? i18n._('Close menu') : i18n._('Open menu')}
          aria-expanded={isMenuOpen}
          aria-controls={MOBILE_MENU_ID}
        />
      </Group>

      {wantsMenu ? (
        <Suspense fallback={null}>
          <MobileMenu
            id={MOBILE_MENU_ID}
            isOpen={isMenuOpen}
            onClose={menu.close}
            items={items}
            isSignedIn={isSignedIn}
            notificationsLink={
              isSignedIn && NotificationsLink ? (
                <NotificationsLink variant="menu" className={classes.drawerLink} onClick={menu.close} />
              ) : null
            }
            giveLink={giveLink}
            languageLink={<LanguageSwitcher className={classes.drawerLink} onSwitched={menu.close} />}
          />
        </Suspense>
      ) : null}
    </Container>
  );
}
