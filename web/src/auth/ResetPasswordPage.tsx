import { emailField, MESSAGES, passwordResetSchema } from '@app/domain';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { localizeMessage } from '../i18n/messages.ts';
import { TextField } from '../ui/form.tsx';
import { useSmallForm } from '../ui/useZodForm.tsx';
import type { Role } from './api.ts';
import { sendPasswordResetCode, useResetPassword } from './api/passwordReset.ts';
import { NewPasswordFields } from './RegisterLayout.tsx';
import { AuthHeroLayout } from './AuthHeroLayout.tsx';
import { ROLE_AREAS } from './roles.ts';
import { VerificationCodeField } from './VerificationCodeField.tsx';
import './auth.css';
import { ErrorNotice } from '../ui/states.tsx';

const EMPTY = { email: '', verificationCode: '', password: '', confirmPassword: '' };
type Values = typeof EMPTY;

/** What the login page receives after a reset: the email to prefill and the message to show. */
export interface AfterReset {
  email: string;
  notice: string;
}

/**
 * /athlete-reset-password, /coach-reset-password, /agent-reset-password (decision A8): a code by
 * email, then the new password; on success, the role's sign-in with the email filled in.
 */
export default function ResetPasswordPage({ role }: { role: Role }) {
  const { t } = useTranslation('auth');
  const area = ROLE_AREAS[role];
  const navigate = useNavigate();
  const location = useLocation();
  const reset = useResetPassword(role);
  const { values, errors, set, bind, parse, formRef, failure, setFailure, sayAtField } = useSmallForm<Values>(() => ({
    ...EMPTY,
    email: (location.state as { email?: string } | null)?.email ?? '',
  }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = parse(passwordResetSchema);
    if (!parsed) return;
    reset.mutate(parsed, {
      onSuccess: (data) =>
        void navigate(area.loginPath, { replace: true, state: { email: parsed.email, notice: localizeMessage(data.message) } satisfies AfterReset }),
      onError: (error) => {
        sayAtField(error);
        setFailure(error.message);
      },
    });
  };

  const headingId = `${role}-reset-title`;
  return (
    <AuthHeroLayout role={role} headingId={headingId} pitchTitle={t('reset.pitchTitle')} pitchLead={t('reset.pitchLead')} title={t('reset.title')}>
      <form ref={formRef} className="form" onSubmit={onSubmit} noValidate>
        <TextField label={t('fields.email')} type="email" autoComplete="email" {...bind('email')} />
        <VerificationCodeField
          sendCode={(email) => sendPasswordResetCode(role, email)}
          email={values.email}
          value={values.verificationCode}
          onChange={(code) => set('verificationCode', code)}
          error={errors.verificationCode}
          checkBeforeSending={() => (emailField().safeParse(values.email).success ? null : MESSAGES.coachCodeEmail)}
          hint={t('reset.codeHint')}
        />
        <NewPasswordFields password={bind('password')} confirmPassword={bind('confirmPassword')} />
        {failure && <ErrorNotice>{failure}</ErrorNotice>}
        <button type="submit" className="btn btn-primary btn-block" disabled={reset.isPending}>
          {reset.isPending ? t('reset.saving') : t('reset.submit')}
        </button>
      </form>
      <p className="auth-switch">
        {t('reset.remembered')} <Link to={area.loginPath}>{t('reset.backToSignIn')}</Link>
      </p>
    </AuthHeroLayout>
  );
}
