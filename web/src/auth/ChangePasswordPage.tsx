import { passwordChangeSchema } from '@app/domain';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';
import { localizeMessage } from '../i18n/messages.ts';
import { useToast } from '../ui/toast.tsx';
import { useSmallForm } from '../ui/useZodForm.tsx';
import { AccountPage, CURRENT_PASSWORD_FIELD } from './AccountPage.tsx';
import { useChangePassword, useEndOtherSessions } from './api/changePassword.ts';
import { PasswordField } from './PasswordField.tsx';
import { NewPasswordFields } from './RegisterLayout.tsx';
import { ErrorNotice } from '../ui/states.tsx';

const EMPTY = { currentPassword: '', password: '', confirmPassword: '' };

/**
 * /account-password: a signed-in user (any role) changes their password with their current one;
 * they stay signed in here and every other device is signed out. A wrong current password is
 * said at its field.
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('changePassword.title'));
  const change = useChangePassword();
  const toast = useToast();
  const { bind, parse, setValues, formRef, failure, setFailure, sayRefusal } = useSmallForm(EMPTY);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = parse(passwordChangeSchema);
    if (!parsed) return;
    change.mutate(parsed, {
      onSuccess: (data) => {
        toast.success(localizeMessage(data.message));
        setValues(EMPTY);
      },
      onError: (error) => sayRefusal(error, CURRENT_PASSWORD_FIELD),
    });
  };

  return (
    <AccountPage
      eyebrow={t('changePassword.eyebrow')}
      title={t('changePassword.title')}
      lead={<p className="lead">{t('changePassword.lead')}</p>}
      back={t('changePassword.back')}
    >
      <form ref={formRef} className="card form" onSubmit={onSubmit} noValidate aria-label={t('changePassword.title')}>
        <PasswordField label={t('changePassword.current')} autoComplete="current-password" {...bind('currentPassword')} />
        <NewPasswordFields
          password={bind('password')}
          confirmPassword={bind('confirmPassword')}
          labels={{ password: t('changePassword.new'), confirmPassword: t('changePassword.confirm') }}
        />
        {failure && <ErrorNotice>{failure}</ErrorNotice>}
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          {change.isPending ? t('changePassword.saving') : t('changePassword.submit')}
        </button>
      </form>
      <OtherDevices />
    </AccountPage>
  );
}

/** Signing out every other device without a new password (a lost phone, a shared computer). */
function OtherDevices() {
  const { t } = useTranslation('auth');
  const end = useEndOtherSessions();
  const toast = useToast();
  return (
    <section className="card form other-devices" aria-labelledby="other-devices-title">
      <h2 id="other-devices-title">{t('changePassword.otherDevicesTitle')}</h2>
      <p>{t('changePassword.otherDevicesLead')}</p>
      {end.error && <ErrorNotice>{end.error.message}</ErrorNotice>}
      <button
        type="button"
        className="btn btn-outline"
        disabled={end.isPending}
        onClick={() => end.mutate(undefined, { onSuccess: (data) => toast.success(localizeMessage(data.message)) })}
      >
        {end.isPending ? t('changePassword.signingOutOthers') : t('changePassword.signOutOthers')}
      </button>
    </section>
  );
}
