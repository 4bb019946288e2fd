import { AGENCIES, agencyAvailabilityError, agencyEmailMessage, agencyOptionLabel, agentRegistrationSchema, emailAtDomains, emailField, MESSAGES } from '@app/domain';
import { useState, type FormEvent } from 'react';
import { firstErrorByField, SelectField, TextField } from '../ui/form.tsx';
import { ImagePicker, type PickedImage } from '../ui/ImagePicker.tsx';
import { useToast } from '../ui/toast.tsx';
import { useAgencyOptions } from './api/agencyOptions.ts';
import { useRegisterAgent } from './api/registerAgent.ts';
import { sendAgentVerificationCode } from './api/sendVerificationCode.ts';
import { VerificationCodeField } from './VerificationCodeField.tsx';
import { useRegistrationOutcome } from './useRegistrationOutcome.ts';
import { NewPasswordFields, RegisterLayout } from './RegisterLayout.tsx';
import './auth.css';

const EMPTY = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', agency: '', agencyUrl: '', verificationCode: '' };
type Values = typeof EMPTY;
export const AGENCY_CHECK_FAILED = 'Unable to check agency availability right now.';

/**
 * /agent-register: one agent per partner agency (decision A3). Taken agencies are disabled and
 * labelled; when all are taken the form is blocked. The agent confirms an address at the agency's
 * email domain with an emailed code (decision A10). The server enforces the same rules.
 */
export default function AgentRegisterPage() {
  const toast = useToast();
  const options = useAgencyOptions();
  const register = useRegisterAgent();
  const [values, setValues] = useState<Values>(EMPTY);
  const [photo, setPhoto] = useState<PickedImage | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const outcome = useRegistrationOutcome('agent', setErrors);

  const allTaken = options.data ? agencyAvailabilityError(options.data) : null;
  // Without availability (the check failed) every agency stays choosable; the server decides.
  const agencyChoices = options.data
    ? options.data.map((o) => ({ value: o.agency, label: agencyOptionLabel(o), disabled: !o.available }))
    : AGENCIES.map((agency) => ({ value: agency, label: agency }));

  // The chosen agency's email domains (known once the options have loaded).
  const domains = options.data?.find((o) => o.agency === values.agency)?.emailDomains;
  const emailOutsideAgency = (email: string) => (values.agency && domains && !emailAtDomains(email, domains) ? agencyEmailMessage(values.agency, domains) : null);
  const codeRequestError = () => {
    if (!values.agency) return 'Choose your agency before requesting a code';
    if (!emailField().safeParse(values.email).success) return 'Enter a valid email before requesting a code';
    return emailOutsideAgency(values.email);
  };

  const setValue = (key: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _removed, ...rest }) => rest);
  };
  const bind = (key: keyof Values) => ({ name: key, value: values[key], onChange: (e: { target: { value: string } }) => setValue(key, e.target.value), error: errors[key] });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (allTaken) {
      toast.error(allTaken);
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
      eyebrow="Partner agencies"
      title="Register your agency"
      lead="Each partner agency has one agent profile. It shows your roster and every match coaches share with your players."
      aside={{
        title: 'For partner agencies',
        label: 'About agent accounts',
        steps: ['Players choose your agency on their profile.', 'Your roster fills in as they complete their profiles.', 'Follow every match a coach shares with them.'],
      }}
    >
          <form className="card form" onSubmit={onSubmit} noValidate aria-label="Agent registration">
            <section className="reg-section" aria-labelledby="agent-agency">
              <h2 id="agent-agency" className="reg-section-title">
                Your agency
              </h2>
              {options.isPending && (
                <p className="muted" role="status">
                  Checking which agencies are available…
                </p>
              )}
              {options.isError && (
                <div className="notice notice-warn" role="status">
                  {AGENCY_CHECK_FAILED}
                </div>
              )}
              {allTaken && (
                <div className="notice notice-error" role="alert">
                  {allTaken}
                </div>
              )}
              <div className="form-row">
                <SelectField label="Agency" placeholder="Select your agency" options={agencyChoices} disabled={Boolean(allTaken)} {...bind('agency')} />
                <TextField label="Agency website" type="url" inputMode="url" placeholder="https://…" {...bind('agencyUrl')} />
              </div>
            </section>
            <section className="reg-section" aria-labelledby="agent-you">
              <h2 id="agent-you" className="reg-section-title">
                About you
              </h2>
              <div className="form-row">
                <TextField label="First name" autoComplete="given-name" {...bind('firstName')} />
                <TextField label="Last name" autoComplete="family-name" {...bind('lastName')} />
              </div>
              <ImagePicker label="Profile photo (optional)" value={photo} onChange={setPhoto} placeholder="Photo" />
            </section>
            <section className="reg-section" aria-labelledby="agent-account">
              <h2 id="agent-account" className="reg-section-title">
                Your account
              </h2>
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                hint={domains ? `Your address at ${values.agency}: ${domains.map((d) => `@${d}`).join(' or ')}.` : 'Your address at your agency.'}
                {...bind('email')}
              />
              <NewPasswordFields password={bind('password')} confirmPassword={bind('confirmPassword')} />
            </section>
            <section className="reg-section" aria-labelledby="agent-confirm">
              <h2 id="agent-confirm" className="reg-section-title">
                Confirm your agency email
              </h2>
              <VerificationCodeField
                sendCode={(email) => sendAgentVerificationCode(email, values.agency)}
                email={values.email}
                value={values.verificationCode}
                onChange={(code) => setValue('verificationCode', code)}
                error={errors.verificationCode}
                checkBeforeSending={codeRequestError}
                hint="We email a 6-digit code to your agency address to confirm it is yours."
              />
            </section>
            <button type="submit" className="btn btn-primary btn-block" disabled={Boolean(allTaken) || register.isPending}>
              {register.isPending ? 'Creating account…' : 'Create agent account'}
            </button>
          </form>
    </RegisterLayout>
  );
}
