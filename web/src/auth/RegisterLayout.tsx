import type { ReactNode } from 'react';
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
              Already registered? <Link to={ROLE_AREAS[role].loginPath}>Sign in</Link>
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
export function NewPasswordFields({ password, confirmPassword }: { password: FieldBinding; confirmPassword: FieldBinding }) {
  return (
    <div className="form-row">
      <PasswordField label="Password" autoComplete="new-password" hint="At least 6 characters." {...password} />
      <PasswordField label="Confirm password" autoComplete="new-password" {...confirmPassword} />
    </div>
  );
}
