import { createContext, useContext, type AnchorHTMLAttributes, type ComponentType, type Ref } from 'react';

// The frame (header, footer) and the landing page link and read the location through this context, not
// through React Router: the prerendered landing page runs without the router at first (its code is a
// third of the landing's JavaScript) and loads it when the visitor goes to another page (src/web/landing.tsx).
// Every other page gets React Router's own Link and NavLink here (RouterNavigation, in the root layout).

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path of the site. */
  to: string;
  ref?: Ref<HTMLAnchorElement>;
};

export type AppNavLinkProps = AppLinkProps & {
  /** Active on this exact path only, not on the paths below it. */
  end?: boolean;
};

export type AppNavigation = {
  /** The path shown now. */
  pathname: string;
  /** A page change is under way: its code or data is loading. */
  isNavigating: boolean;
  Link: ComponentType<AppLinkProps>;
  /** A link that says when it is the current page (`aria-current="page"` and the class `active`). */
  NavLink: ComponentType<AppNavLinkProps>;
};

const NavigationContext = createContext<AppNavigation | null>(null);

export const NavigationProvider = NavigationContext.Provider;

function useNavigation(): AppNavigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('The frame renders inside a NavigationProvider');
  return navigation;
}

export function usePathname(): string {
  return useNavigation().pathname;
}

export function useIsNavigating(): boolean {
  return useNavigation().isNavigating;
}

export function AppLink(props: AppLinkProps) {
  const { Link } = useNavigation();
  return <Link {...props} />;
}

export function AppNavLink(props: AppNavLinkProps) {
  const { NavLink } = useNavigation();
  return <NavLink {...props} />;
}

/** NavLink's rule: the same path, or (unless `end`) a path below it; letter case aside. */
export function isActivePath(pathname: string, to: string, end = false): boolean {
  const here = pathname.toLowerCase();
  const target = to.toLowerCase();
  if (here === target) return true;
  const slash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  return !end && here.startsWith(target) && here.charAt(slash) === '/';
}
