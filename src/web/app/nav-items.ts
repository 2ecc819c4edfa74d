export type NavItem = { label: string; to: string; end?: boolean };

/**
 * product.md §2.1 menu, in order, Discuss included: the original spec's menu left the forum out, which left it reachable only
 * by typing its address. Give and the dashboard icon are added by the header itself.
 */
export function navItemsFor(isSignedIn: boolean): NavItem[] {
  return [
    { label: 'Home', to: '/', end: true },
    ...(isSignedIn ? [{ label: 'Directory', to: '/directory' }] : [{ label: 'Sign In', to: '/signin' }]),
    // A member's care teams (issue 27): private, so only for those signed in.
    ...(isSignedIn ? [{ label: 'Care teams', to: '/care' }] : []),
    { label: 'Churches', to: '/churches' },
    { label: 'Needs', to: '/needs' },
    { label: 'Discuss', to: '/discuss' },
    { label: 'Resources', to: '/resources' },
    { label: 'Contact', to: '/contact' },
  ];
}
