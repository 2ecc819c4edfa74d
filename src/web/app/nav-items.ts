/** `label` is English, the catalog's id: the menus show it with `i18n._`. */
export type NavItem = { label: string; to: string; end?: boolean };

/**
 * product.md §2.1 menu, in order, Discuss included: the original spec's menu left the forum out, which left it reachable only
 * by typing its address. Give and the dashboard icon are added by the header itself.
 */
export function navItemsFor(isSignedIn: boolean): NavItem[] {
  return [
    { label: /*i18n*/ 'Home', to: '/', end: true },
    ...(isSignedIn ? [{ label: /*i18n*/ 'Directory', to: '/directory' }] : [{ label: /*i18n*/ 'Sign In', to: '/signin' }]),
    // A member's care teams (issue 27): private, so only for those signed in.
    ...(isSignedIn ? [{ label: /*i18n*/ 'Care teams', to: '/care' }] : []),
    { label: /*i18n*/ 'Churches', to: '/churches' },
    { label: /*i18n*/ 'Needs', to: '/needs' },
    { label: /*i18n*/ 'Discuss', to: '/discuss' },
    { label: /*i18n*/ 'Resources', to: '/resources' },
    { label: /*i18n*/ 'Contact', to: '/contact' },
  ];
}
