// Small inline icons for the signed-in areas (decorative: always aria-hidden). Emoji are avoided
// for these because not every system has an emoji font.
import type { ReactNode } from 'react';

/** A 24-unit stroke icon, decorative (aria-hidden); the public pages' icons use it too. */
export function Icon({ children, size = 26 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const areaIcons = {
  edit: (
    <Icon>
      <path d="M4 20h4L19 9l-4-4L4 16z" />
      <path d="M13.5 6.5l4 4" />
    </Icon>
  ),
  film: (
    <Icon>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M10 9.5v5l4.5-2.5z" />
    </Icon>
  ),
  bolt: (
    <Icon>
      <path d="M13 3L5 13h6l-1 8 8-10h-6z" />
    </Icon>
  ),
  plus: (
    <Icon>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <path d="M12 8v8M8 12h8" />
    </Icon>
  ),
  list: (
    <Icon>
      <rect x="4" y="3" width="16" height="18" rx="2" />
      <path d="M8 8h8M8 12h8M8 16h5" />
    </Icon>
  ),
  school: (
    <Icon>
      <path d="M3 9l9-5 9 5-9 5z" />
      <path d="M7 11.5V16c0 1.5 2.2 3 5 3s5-1.5 5-3v-4.5M21 9v6" />
    </Icon>
  ),
  team: (
    <Icon>
      <circle cx="9" cy="8" r="3" />
      <path d="M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6" />
      <circle cx="17" cy="9" r="2.5" />
      <path d="M16 14.2c2.9.4 5 2.8 5 5.8" />
    </Icon>
  ),
};
