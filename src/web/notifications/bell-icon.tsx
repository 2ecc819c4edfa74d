import type { SVGProps } from 'react';

/** A bell: notifications. Decorative; what it stands for is said in words beside or around it. */
export function BellIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false" {...props}>
      <path
        d="M12 2.5a6.2 6.2 0 0 0-6.2 6.2v3.6c0 1-.4 2-1.1 2.7l-1.2 1.3c-.5.5-.1 1.4.6 1.4h15.8c.7 0 1.1-.9.6-1.4l-1.2-1.3a3.9 3.9 0 0 1-1.1-2.7V8.7A6.2 6.2 0 0 0 12 2.5Z"
        fill="currentColor"
      />
      <path d="M9.2 19.2a2.9 2.9 0 0 0 5.6 0Z" fill="currentColor" />
    </svg>
  );
}
