import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from './api.ts';
import { RotatingBackdrop } from './RotatingBackdrop.tsx';
import { ROLE_AREAS } from './roles.ts';

/**
 * The sign-in and password-reset pages: the role's area and a pitch over the rotating backdrop,
 * beside a card with the page's heading and its form and links (children).
 */
export function AuthHeroLayout({
  role,
  headingId,
  pitchTitle,
  pitchLead,
  title,
  children,
}: {
  role: Role;
  headingId: string;
  pitchTitle: string;
  pitchLead: string;
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('auth');
  return (
    <main id="main" className="auth-hero">
      <RotatingBackdrop />
      <div className="container auth-hero-inner">
        <div className="auth-pitch">
          <p className="eyebrow">{t(ROLE_AREAS[role].text.area)}</p>
          <p className="auth-pitch-title">{pitchTitle}</p>
          <p className="auth-pitch-lead">{pitchLead}</p>
        </div>
        <section className="card auth-card" aria-labelledby={headingId}>
          <h1 id={headingId}>{title}</h1>
          {children}
        </section>
      </div>
    </main>
  );
}
