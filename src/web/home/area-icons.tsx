import type { SVGProps } from 'react';

// Line icons for the four areas of involvement; decorative, since each area's title says what it is.
type IconProps = SVGProps<SVGSVGElement>;

function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="26"
      height="26"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/** Speak up: a megaphone. */
export function SpeakUpIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 10.5v3a1 1 0 0 0 1 1h2.5L12 19V5L6.5 9.5H4a1 1 0 0 0-1 1Z" />
      <path d="M15.5 9a4 4 0 0 1 0 6M18.5 6a8 8 0 0 1 0 12" />
    </Icon>
  );
}

/** Donate for physical needs: a parcel with a bow. */
export function DonateIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3" y="8" width="18" height="4" rx="1" />
      <path d="M5 12v8a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-8M12 8v13" />
      <path d="M12 8S10.5 3.5 8 4.2C6.2 4.8 6.8 8 12 8Zm0 0s1.5-4.5 4-3.8c1.8.6 1.2 3.8-4 3.8Z" />
    </Icon>
  );
}

/** Provide support services: a lifebuoy. */
export function SupportIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="4" />
      <path d="m5.6 5.6 3.6 3.6M14.8 14.8l3.6 3.6M18.4 5.6l-3.6 3.6M9.2 14.8l-3.6 3.6" />
    </Icon>
  );
}

/** Open your home: a house with a heart. */
export function HomeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 11 12 4l9 7M5 9.5V20h14V9.5" />
      <path d="M12 17.2c-2.4-1.6-3.4-2.9-3.4-4.1a1.7 1.7 0 0 1 3.4-.6 1.7 1.7 0 0 1 3.4.6c0 1.2-1 2.5-3.4 4.1Z" />
    </Icon>
  );
}
