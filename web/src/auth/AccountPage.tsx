import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from './api.ts';
import { ROLE_AREAS } from './roles.ts';
import './auth.css';

/** A wrong current password, said at its field on the account pages (fieldErrorsOf). */
export const CURRENT_PASSWORD_FIELD = { currentPasswordWrong: 'currentPassword' } as const;

/** The frame of the signed-in account pages (password, email, data): eyebrow, title, lead and the way back to the dashboard. */
export function AccountPage({ eyebrow, title, lead, back, children }: { eyebrow: string; title: string; lead: ReactNode; back: string; children: ReactNode }) {
  const role = useSession().data?.role;
  return (
    <main id="main" className="page container narrow">
      <header className="page-header">
        <p className="eyebrow">{eyebrow}</p>
        <h1>{title}</h1>
        {lead}
        {role && (
          <Link to={ROLE_AREAS[role].dashboardPath} className="settings-back">
            {back}
          </Link>
        )}
      </header>
      {children}
    </main>
  );
}
