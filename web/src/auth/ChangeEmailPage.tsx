import { emailChangeCodeSchema, emailChangeSchema, type Agency } from '@app/domain';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';
import { localizeMessage } from '../i18n/messages.ts';
import { EmailText } from '../ui/EmailText.tsx';
import { TextField } from '../ui/form.tsx';
import { orList } from '../ui/format.ts';
import { useToast } from '../ui/toast.tsx';
import { useSmallForm } from '../ui/useZodForm.tsx';
import { AccountPage, CURRENT_PASSWORD_FIELD } from './AccountPage.tsx';
import { useSession } from './api.ts';
import { useAgencyOptions } from './api/agencyOptions.ts';
import { sendEmailChangeCode, useChangeEmail } from './api/changeEmail.ts';
import { PasswordField } from './PasswordField.tsx';
import { VerificationCodeField } from './VerificationCodeField.tsx';
import { ErrorNotice } from '../ui/states.tsx';

const EMPTY = { email: '', currentPassword: '', verificationCode: '' };
type Field = keyof typeof EMPTY;

/** Which field a refused request is about, by the answer's code. */
const FIELD_OF_CODE: Record<string, Field> = {
  ...CURRENT_PASSWORD_FIELD,
  emailChangeSame: 'email',
  agencyEmail: 'email',
  codeMissing: 'verificationCode',
  codeExpired: 'verificationCode',
  codeTooManyAttempts: 'verificationCode',
  codeWrong: 'verificationCode',
};

/**
 * /account-email: a signed-in user (any role) moves their sign-in to a new email. The current
 * password confirms it; a code mailed to the new address proves it is theirs. They stay signed
 * in; the old address is told.
 */
export default function ChangeEmailPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('changeEmail.title'));
  const user = useSession().data;
  const change = useChangeEmail();
  const toast = useToast();
  const { values, errors, set, bind, parse, setValues, formRef, failure, setFailure, sayAtField, sayRefusal } = useSmallForm(EMPTY);
  const agencyDomains = useAgentDomains(user?.role === 'agent' ? (user.agency as Agency | undefined) : undefined);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = parse(emailChangeSchema);
    if (!parsed) return;
    change.mutate(parsed, {
      onSuccess: (data) => {
        toast.success(localizeMessage(data.message));
        setValues(EMPTY);
      },
      onError: (error) => sayRefusal(error, FIELD_OF_CODE),
    });
  };

  return (
    <AccountPage
      eyebrow={t('changeEmail.eyebrow')}
      title={t('changeEmail.title')}
      lead={
        <>
          {user && (
            <p className="lead">
              {t('changeEmail.current')} <EmailText email={user.email} />
            </p>
          )}
          <p>{t('changeEmail.lead')}</p>
        </>
      }
      back={t('changeEmail.back')}
    >
      <form ref={formRef} className="card form" onSubmit={onSubmit} noValidate aria-label={t('changeEmail.title')}>
        <TextField
          label={t('changeEmail.newEmail')}
          type="email"
          autoComplete="email"
          hint={agencyDomains ? t('agentRegister.emailHintDomains', { agency: user?.agency, domains: agencyDomains }) : undefined}
          {...bind('email')}
        />
        <PasswordField label={t('changeEmail.currentPassword')} autoComplete="current-password" {...bind('currentPassword')} />
        <VerificationCodeField
          sendCode={(email) => sendEmailChangeCode({ email, currentPassword: values.currentPassword })}
          email={values.email}
          value={values.verificationCode}
          onChange={(code) => set('verificationCode', code)}
          error={errors.verificationCode}
          // Loose: the form also holds the code, which the code request does not send.
          checkBeforeSending={() => (parse(emailChangeCodeSchema.loose()) ? null : t('changeEmail.fillFirst'))}
          onSendError={(error) => sayAtField(error, FIELD_OF_CODE)}
          hint={t('changeEmail.codeHint')}
        />
        {failure && <ErrorNotice>{failure}</ErrorNotice>}
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          {change.isPending ? t('changeEmail.saving') : t('changeEmail.submit')}
        </button>
      </form>
    </AccountPage>
  );
}

/** An agent's agency domains as the hint says them ("@eture.com or @eture.es"), once known. */
function useAgentDomains(agency: Agency | undefined): string | undefined {
  const options = useAgencyOptions({ enabled: agency !== undefined });
  const domains = agency ? options.data?.find((o) => o.agency === agency)?.emailDomains : undefined;
  return domains?.length ? orList(domains.map((d) => `@${d}`)) : undefined;
}
