// The network's look and its message, shared by the site, the printable resources and the images
// (FACTS.md: colours, and the four areas of involvement; the wording is ours).

export const BRAND = {
  teal: '#00979B',
  /** Brand teal one shade darker: white text on it passes 4.5:1. */
  tealDark: '#007A7E',
  turquoise: '#73C1BB',
  charcoal: '#272E2E',
  salmon: '#E5A26B',
  mustard: '#F1DC8E',
} as const;

export const SITE_NAME = 'Foster Care Network';

/** The logo mark on a 48 × 48 grid: a house (teal, turquoise roof line) around a heart (mustard). */
export const LOGO = {
  viewBox: '0 0 48 48',
  house: 'M24 3.5 45 20.6V44.5H3V20.6Z',
  roof: 'M3 20.6 24 3.5 45 20.6',
  heart:
    'M24 38.5c-8.4-5.6-11.5-10-11.5-14.1 0-3.4 2.6-5.9 5.7-5.9 2.5 0 4.4 1.4 5.8 3.6 1.4-2.2 3.3-3.6 5.8-3.6 3.1 0 5.7 2.5 5.7 5.9 0 4.1-3.1 8.5-11.5 14.1Z',
} as const;

export type InvolvementArea = { key: 'speak' | 'donate' | 'support' | 'home'; title: string; text: string };

/** product.md §3.1: the four areas of involvement (English, the catalog's ids: shown with `i18n._`). */
export const INVOLVEMENT_AREAS: readonly InvolvementArea[] = [
  {
    key: 'speak',
    title: /*i18n*/ 'Speak up',
    text: /*i18n*/ 'Pray, preach and teach about foster care, and stand up for the children, families and agencies who carry it every day.',
  },
  {
    key: 'donate',
    title: /*i18n*/ 'Donate for physical needs',
    text: /*i18n*/ 'Meet the practical needs that come with a new placement: bunk beds, clothing, a week of meals.',
  },
  {
    key: 'support',
    title: /*i18n*/ 'Provide support services',
    text: /*i18n*/ 'Keep foster families going with babysitting, rides, meals and respite care when they need a rest.',
  },
  {
    key: 'home',
    title: /*i18n*/ 'Open your home',
    text: /*i18n*/ 'Become a foster or adoptive parent and give a child a safe place to belong.',
  },
];
