import { useLingui } from '@lingui/react';
import { lazy, Suspense, useState } from 'react';
import { useMe } from '../lib/me-query';
import { useSite } from '../lib/site-query';
import { useHeaderSlots } from './header-slots';
import { LanguageSwitcher } from './language-switcher';
import { ExternalIcon, LogoMark, UserIcon } from './icons';
import { AppLink, AppNavLink, usePathname } from './navigation';
import { navItemsFor } from './nav-items';
import { ButtonLabel, buttonProps, containerProps, visuallyHiddenClass } from './plain';
import classes from './site-header.module.css';

// Plain elements, not Mantine's components: the landing page's first visit hydrates the header without
// Mantine's code (decision 046); the classes draw them as Mantine did (plain.module.css).

// The phone menu's drawer brings Mantine's Drawer, ScrollArea, floating-ui and the scroll lock: its own
// chunk, fetched when someone reaches for the button (hover, focus, press), not with every first page.
const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })));

const MOBILE_MENU_ID = 'mobile-menu';
const NEW_TAB_NOTE_ID = 'new-tab-note';

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
  // The page the phone menu was opened on: any page change (a menu link, the back button) closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  // Set once someone reaches for the menu button; the drawer's code loads from then on.
  const [wantsMenu, setWantsMenu] = useState(false);
  const reachForMenu = () => setWantsMenu(true);
  const pathname = usePathname();
  const isMenuOpen = menuOpenOn === pathname;
  const closeMenu = () => setMenuOpenOn(null);

  const giveLink = site ? (
    <a
      href={site.donateUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-describedby={NEW_TAB_NOTE_ID}
      {...buttonProps({ color: 'salmon', round: true })}
    >
      <ButtonLabel rightSection={<ExternalIcon />}>{i18n._('Give')}</ButtonLabel>
    </a>
  ) : null;

  const dashboardIcon = me ? (
    <AppLink
      to="/dashboard"
      className={`${classes.roundIcon} mantine-focus-auto mantine-active`}
      aria-label={i18n._('Your dashboard')}
      title={i18n._('Your dashboard')}
    >
      {/* The member's own photo when they have one (issue 29); the link's name says where it goes, so the picture is decoration. */}
      {me.photoUrl ? <img src={me.photoUrl} alt="" width={40} height={40} className={classes.avatar} /> : <UserIcon />}
    </AppLink>
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
    <div
      {...containerProps(isLongMenu ? 'wide' : 'xl', classes.bar)}
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
      <span id={NEW_TAB_NOTE_ID} className={visuallyHiddenClass}>
        {i18n._('Opens in a new tab')}
      </span>

      <nav aria-label={i18n._('Main')} className={classes.wide} data-folds-below={foldsBelow}>
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
      </nav>

      <div className={classes.narrow} data-folds-below={foldsBelow}>
        {bell}
        {dashboardIcon}
        <button
          type="button"
          className={`${classes.burger} mantine-focus-auto`}
          onPointerEnter={reachForMenu}
          onFocus={reachForMenu}
          onClick={() => {
            reachForMenu();
            setMenuOpenOn(isMenuOpen ? null : pathname);
          }}
          aria-label={isMenuOpen ? i18n._('Close menu') : i18n._('Open menu')}
          aria-expanded={isMenuOpen}
          aria-controls={MOBILE_MENU_ID}
        >
          <span className={classes.burgerLines} data-opened={isMenuOpen || undefined} />
        </button>
      </div>

      {wantsMenu ? (
        <Suspense fallback={null}>
          <MobileMenu
            id={MOBILE_MENU_ID}
            isOpen={isMenuOpen}
            onClose={closeMenu}
            items={items}
            isSignedIn={isSignedIn}
            notificationsLink={
              isSignedIn && NotificationsLink ? (
                <NotificationsLink variant="menu" className={classes.drawerLink} onClick={closeMenu} />
              ) : null
            }
            giveLink={giveLink}
            languageLink={<LanguageSwitcher className={classes.drawerLink} onSwitched={closeMenu} />}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
