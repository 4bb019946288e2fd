import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PasswordField } from './PasswordField.tsx';
import type { Role } from './api.ts';
import { ROLE_AREAS } from './roles.ts';

/** A registration page: its header, the form (children), and beside it what the account gives and a sign-in link. */
export function RegisterLayout({
  role,
  eyebrow,
  title,
  lead,
  aside,
  children,
}: {
  role: Role;
  eyebrow: string;
  title: string;
  lead: string;
  aside: { title: string; label?: string; steps: ReactNode[] };
  children: ReactNode;
}) {
  const { t } = useTranslation('auth');
  return (
    <main id="main" className="page register-page">
      <div className="container">
        <header className="register-header">
          <p className="eyebrow">{eyebrow}</p>
          <h1>{title}</h1>
          <p className="lead">{lead}</p>
        </header>
        <div className="register-layout">
          {children}
          <aside className="register-aside" aria-label={aside.label ?? aside.title}>
            <div className="card">
              <h2>{aside.title}</h2>
              <ol className="register-steps">
                {aside.steps.map((step, i) => (
                  <li key={i}>{step}</li>
                ))}
              </ol>
            </div>
            <p className="muted">
              {t('register.alreadyRegistered')} <Link to={ROLE_AREAS[role].loginPath}>{t('login.signIn')}</Link>
            </p>
          </aside>
        </div>
      </div>
    </main>
  );
}

interface FieldBinding {
  name?: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  error?: string;
}

/** The new password and its confirmation, side by side. */
export function NewPasswordFields({
  password,
  confirmPassword,
  labels,
}: {
  password: FieldBinding;
  confirmPassword: FieldBinding;
  /** Other labels than 'Password' and 'Confirm password' (a change of password says 'New'). */
  labels?: { password: string; confirmPassword: string };
}) {
  const { t } = useTranslation('auth');
  return (
    <div className="form-row">
      <PasswordField label={labels?.password ?? t('fields.password')} autoComplete="new-password" hint={t('fields.passwordHint')} {...password} />
      <PasswordField label={labels?.confirmPassword ?? t('fields.confirmPassword')} autoComplete="new-password" {...confirmPassword} />
    </div>
  );
}
