import type { SVGProps } from 'react';
import { BRAND, LOGO } from '../../shared/brand';

/** The network's mark: a house with a heart. Decorative wherever the site name is also given. */
export function LogoMark(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox={LOGO.viewBox} width="40" height="40" aria-hidden="true" focusable="false" {...props}>
      <path d={LOGO.house} fill={BRAND.teal} strokeLinejoin="round" />
      <path d={LOGO.roof} fill="none" stroke={BRAND.turquoise} strokeWidth="3" strokeLinejoin="round" />
      <path d={LOGO.heart} fill={BRAND.mustard} />
    </svg>
  );
}

export function UserIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false" {...props}>
      <circle cx="12" cy="8" r="4.2" fill="currentColor" />
      <path d="M3.8 21c.6-4.4 4-7.2 8.2-7.2s7.6 2.8 8.2 7.2Z" fill="currentColor" />
    </svg>
  );
}

export function ExternalIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false" {...props}>
      <path
        d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
