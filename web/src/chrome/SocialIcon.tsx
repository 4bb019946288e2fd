import type { SocialNetwork } from './navigation.ts';

/** Simple monochrome social glyphs (decorative; the link carries the name). */
export function SocialIcon({ network, size = 20 }: { network: SocialNetwork; size?: number }) {
  const common = { width: size, height: size, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;
  switch (network) {
    case 'instagram':
      return (
        <svg {...common} fill="none" stroke="currentColor" strokeWidth={2}>
          <rect x="3" y="3" width="18" height="18" rx="5" />
          <circle cx="12" cy="12" r="4" />
          <circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none" />
        </svg>
      );
    case 'linkedin':
      return (
        <svg {...common} fill="currentColor">
          <rect x="3" y="9" width="4" height="12" />
          <circle cx="5" cy="5" r="2.2" />
          <path d="M10 9h3.8v1.8c.6-1.1 2-2.1 4-2.1 3.3 0 4.2 2 4.2 5.1V21h-4v-6.4c0-1.6-.4-2.7-1.9-2.7-1.6 0-2.1 1.2-2.1 2.8V21h-4z" />
        </svg>
      );
    case 'x':
      return (
        <svg {...common} fill="currentColor">
          <path d="M4 3h4.6l4.1 5.8L17.8 3H20l-6.3 7.3L21 21h-4.6l-4.5-6.3L6.4 21H4.2l6.7-7.7z" />
        </svg>
      );
    case 'youtube':
      return (
        <svg {...common} fill="currentColor">
          <path d="M22 8.2c-.2-1.7-1-2.8-2.8-3C16.6 5 12 5 12 5s-4.6 0-7.2.2C3 5.4 2.2 6.5 2 8.2 1.8 9.5 1.8 12 1.8 12s0 2.5.2 3.8c.2 1.7 1 2.8 2.8 3 2.6.2 7.2.2 7.2.2s4.6 0 7.2-.2c1.8-.2 2.6-1.3 2.8-3 .2-1.3.2-3.8.2-3.8s0-2.5-.2-3.8zM10 15.2V8.8l5.3 3.2z" />
        </svg>
      );
  }
}
