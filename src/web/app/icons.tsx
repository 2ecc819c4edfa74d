import type { SVGProps } from 'react';

/** The network's mark: a house with a heart. Decorative wherever the site name is also given. */
export function LogoMark(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 48 48" width="40" height="40" aria-hidden="true" focusable="false" {...props}>
      <path d="M24 3.5 45 20.6V44.5H3V20.6Z" fill="#00979B" strokeLinejoin="round" />
      <path d="M3 20.6 24 3.5 45 20.6" fill="none" stroke="#73C1BB" strokeWidth="3" strokeLinejoin="round" />
      <path
        d="M24 38.5c-8.4-5.6-11.5-10-11.5-14.1 0-3.4 2.6-5.9 5.7-5.9 2.5 0 4.4 1.4 5.8 3.6 1.4-2.2 3.3-3.6 5.8-3.6 3.1 0 5.7 2.5 5.7 5.9 0 4.1-3.1 8.5-11.5 14.1Z"
        fill="#F1DC8E"
      />
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
