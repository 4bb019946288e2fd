import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldShell } from '../ui/form.tsx';

type PasswordFieldProps = { label: ReactNode; error?: string; hint?: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>;

/** A password input with a show/hide toggle (spec section 2, logins). */
export function PasswordField({ label, error, hint, className, ...input }: PasswordFieldProps) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell label={label} error={error} hint={hint} className={className}>
      {({ id, describedBy, invalid }) => (
        <div className="password-input">
          <input id={id} className="input" type={visible ? 'text' : 'password'} aria-invalid={invalid || undefined} aria-describedby={describedBy} {...input} />
          <button
            type="button"
            className="password-toggle"
            aria-controls={id}
            aria-pressed={visible}
            aria-label={t('fields.showPassword')}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? t('fields.hide') : t('fields.show')}
          </button>
        </div>
      )}
    </FieldShell>
  );
}
