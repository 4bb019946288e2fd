import {
  AGENCIES,
  agencyAvailabilityError,
  agencyEmailMessage,
  agencyOptionLabel,
  agentRegistrationSchema,
  emailAtDomains,
  emailField,
  MESSAGES,
} from '@app/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { localizeMessage } from '../i18n/messages.ts';
import { firstErrorByField, SelectField, TextField, UrlField } from '../ui/form.tsx';
import { orList } from '../ui/format.ts';
import { ImagePicker, type PickedImage } from '../ui/ImagePicker.tsx';
import { useToast } from '../ui/toast.tsx';
import { useSmallForm } from '../ui/useZodForm.tsx';
import { useAgencyOptions } from './api/agencyOptions.ts';
import { useRegisterAgent } from './api/registerAgent.ts';
import { sendAgentVerificationCode } from './api/sendVerificationCode.ts';
import { VerificationCodeField } from './VerificationCodeField.tsx';
import { useRegistrationOutcome } from './useRegistrationOutcome.ts';
import { NewPasswordFields, RegisterLayout } from './RegisterLayout.tsx';
import './auth.css';
import { ErrorNotice } from '../ui/states.tsx';

const EMPTY = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', agency: '', agencyUrl: '', verificationCode: '' };
type Values = typeof EMPTY;
/** Shown when the agency options could not load (a key of the `auth` catalog). */
export const AGENCY_CHECK_FAILED = 'agentRegister.checkFailed';

/**
 * /agent-register: one agent per partner agency (decision A3). Taken agencies are disabled and
 * labelled; when all are taken the form is blocked. The agent confirms an address at the agency's
 * email domain with an emailed code (decision A10). The server enforces the same rules.
 */
export default function AgentRegisterPage() {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const options = useAgencyOptions();
  const register = useRegisterAgent();
  const { values, errors, setErrors, set, bind, formRef } = useSmallForm<Values>(EMPTY);
  const [photo, setPhoto] = useState<PickedImage | null>(null);
  const outcome = useRegistrationOutcome('agent', setErrors);

  const allTaken = options.data ? agencyAvailabilityError(options.data) : null;
  // Without availability (the check failed) every agency stays choosable; the server decides.
  const agencyChoices = options.data
    ? options.data.map((o) => ({
        value: o.agency,
        label: o.available ? agencyOptionLabel(o) : t('agentRegister.alreadyRegistered', { agency: o.agency }),
        disabled: !o.available,
      }))
    : AGENCIES.map((agency) => ({ value: agency, label: agency }));

  // The chosen agency's email domains (known once the options have loaded).
  const domains = options.data?.find((o) => o.agency === values.agency)?.emailDomains;
  const emailOutsideAgency = (email: string) =>
    values.agency && domains && !emailAtDomains(email, domains) ? agencyEmailMessage(values.agency, domains) : null;
  const codeRequestError = () => {
    if (!values.agency) return t('agentRegister.chooseAgencyFirst');
    if (!emailField().safeParse(values.email).success) return MESSAGES.coachCodeEmail;
    return emailOutsideAgency(values.email);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (allTaken) {
      toast.error(localizeMessage(allTaken));
      return;
    }
    const parsed = agentRegistrationSchema.safeParse({ ...values, profilePhotoBase64: photo?.base64, profilePhotoMime: photo?.mime });
    if (!parsed.success) {
      setErrors(firstErrorByField(parsed.error.issues));
      return;
    }
    const picked = options.data?.find((o) => o.agency === parsed.data.agency);
    if (picked && !picked.available) {
      setErrors({ agency: MESSAGES.chooseAgency });
      return;
    }
    const outside = emailOutsideAgency(parsed.data.email);
    if (outside) {
      setErrors({ email: outside });
      return;
    }
    setErrors({});
    const { confirmPassword: _confirmation, ...payload } = parsed.data;
    register.mutate(payload, outcome);
  };

  return (
    <RegisterLayout
      role="agent"
      eyebrow={t('agentRegister.eyebrow')}
      title={t('agentRegister.title')}
      lead={t('agentRegister.lead')}
      aside={{
        title: t('agentRegister.asideTitle'),
        label: t('agentRegister.asideLabel'),
        steps: [t('agentRegister.step1'), t('agentRegister.step2'), t('agentRegister.step3')],
      }}
    >
      <form ref={formRef} className="card form" onSubmit={onSubmit} noValidate aria-label={t('agentRegister.formLabel')}>
        <section className="reg-section" aria-labelledby="agent-agency">
          <h2 id="agent-agency" className="reg-section-title">
            {t('agentRegister.yourAgency')}
          </h2>
          {options.isPending && (
            <p className="muted" role="status">
              {t('agentRegister.checking')}
            </p>
          )}
          {options.isError && (
            <div className="notice notice-warn" role="status">
              {t(AGENCY_CHECK_FAILED)}
            </div>
          )}
          {allTaken && <ErrorNotice>{localizeMessage(allTaken)}</ErrorNotice>}
          <div className="form-row">
            <SelectField
              label={t('agentRegister.agency')}
              placeholder={t('agentRegister.selectAgency')}
              options={agencyChoices}
              disabled={Boolean(allTaken)}
              {...bind('agency')}
            />
            <UrlField label={t('agentRegister.agencyWebsite')} placeholder="https://…" {...bind('agencyUrl')} />
          </div>
        </section>
        <section className="reg-section" aria-labelledby="agent-you">
          <h2 id="agent-you" className="reg-section-title">
            {t('agentRegister.aboutYou')}
          </h2>
          <div className="form-row">
            <TextField label={t('fields.firstName')} autoComplete="given-name" {...bind('firstName')} />
            <TextField label={t('fields.lastName')} autoComplete="family-name" {...bind('lastName')} />
          </div>
          <ImagePicker label={t('fields.profilePhotoOptional')} value={photo} onChange={setPhoto} placeholder={t('fields.photo')} />
        </section>
        <section className="reg-section" aria-labelledby="agent-account">
          <h2 id="agent-account" className="reg-section-title">
            {t('register.yourAccount')}
          </h2>
          <TextField
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            hint={
              domains
                ? t('agentRegister.emailHintDomains', { agency: values.agency, domains: orList(domains.map((d) => `@${d}`)) })
                : t('agentRegister.emailHint')
            }
            {...bind('email')}
          />
          <NewPasswordFields password={bind('password')} confirmPassword={bind('confirmPassword')} />
        </section>
        <section className="reg-section" aria-labelledby="agent-confirm">
          <h2 id="agent-confirm" className="reg-section-title">
            {t('agentRegister.confirmEmail')}
          </h2>
          <VerificationCodeField
            sendCode={(email) => sendAgentVerificationCode(email, values.agency)}
            email={values.email}
            value={values.verificationCode}
            onChange={(code) => set('verificationCode', code)}
            error={errors.verificationCode}
            checkBeforeSending={codeRequestError}
            hint={t('agentRegister.codeHint')}
          />
        </section>
        <button type="submit" className="btn btn-primary btn-block" disabled={Boolean(allTaken) || register.isPending}>
          {register.isPending ? t('register.creating') : t('agentRegister.create')}
        </button>
      </form>
    </RegisterLayout>
  );
}
