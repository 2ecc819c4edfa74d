import type { ComponentType, SVGProps } from 'react';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

function icon(d: string): Icon {
  return function SectionIcon(props) {
    return (
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" {...props}>
        <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    );
  };
}

/** The admin area's side menu (product.md §3.17), in its order; each is a page of its own. Labels are message ids. */
export const ADMIN_SECTIONS: ReadonlyArray<{ path: string; label: string; Icon: Icon }> = [
  { path: '/admin', label: /*i18n*/ 'Overview', Icon: icon('M4 20V10M10 20V4M16 20v-7M22 20H2') },
  { path: '/admin/mail', label: /*i18n*/ 'All sent mail', Icon: icon('M3 6h18v12H3zM3 7l9 6 9-6') },
  {
    path: '/admin/profiles',
    label: /*i18n*/ 'All Profiles',
    Icon: icon('M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21c0-4 3-7 7-7s7 3 7 7M17 4a4 4 0 0 1 0 7M22 21c0-3-1.5-5.5-4-6.5'),
  },
  {
    path: '/admin/churches',
    label: /*i18n*/ 'Churches',
    Icon: icon('M12 2v4M10 4h4M5 21V11l7-5 7 5v10M5 21h14M10 21v-5h4v5'),
  },
  {
    path: '/admin/needs',
    label: /*i18n*/ 'Needs',
    Icon: icon('M12 21s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 11c0 5.5-7 10-7 10z'),
  },
  {
    path: '/admin/caseworkers',
    label: /*i18n*/ 'Caseworkers',
    Icon: icon('M4 7h16v13H4zM9 7V4h6v3M4 12h16'),
  },
  {
    path: '/admin/clearances',
    label: /*i18n*/ 'Clearances',
    Icon: icon('M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM8.5 12l2.5 2.5 4.5-5'),
  },
  { path: '/admin/states', label: /*i18n*/ 'State data', Icon: icon('M3 6l6-2 6 2 6-2v14l-6 2-6-2-6 2zM9 4v14M15 6v14') },
  { path: '/admin/activity', label: /*i18n*/ 'Activity log', Icon: icon('M12 7v5l3 3M21 12a9 9 0 1 1-9-9 9 9 0 0 1 9 9z') },
];

export function sectionOf(pathname: string) {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return ADMIN_SECTIONS.find((s) => s.path === clean);
}
