import {
  BUDGET_LABELS,
  coachCodeRequestError,
  coachConsentsGiven,
  coachRegistrationSchema,
  COACH_REGIONS,
  CONTACT_METHODS,
  DIVISIONS,
  ELIGIBILITY,
  EXTRAS,
  LEAGUE_LEVELS,
  REQUEST_POSITIONS,
  REQUEST_START_TERMS,
  SCHOOL_SIZES,
  SPORTS,
  toCoachRegistrationPayload,
} from '@app/domain';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CheckboxGroup, RadioGroup } from '../ui/choices.tsx';
import { SelectField, TextAreaField, TextField } from '../ui/form.tsx';
import { ImagePicker, type PickedImage } from '../ui/ImagePicker.tsx';
import { Modal } from '../ui/Modal.tsx';
import { useZodForm } from '../ui/useZodForm.tsx';
import { useRegisterCoach } from './api/registerCoach.ts';
import { useRegistrationOutcome } from './useRegistrationOutcome.ts';
import { VerificationCodeField } from './VerificationCodeField.tsx';
import { sendVerificationCode } from './api/sendVerificationCode.ts';
import { NewPasswordFields, RegisterLayout } from './RegisterLayout.tsx';
import './auth.css';

const EMPTY = {
  email: '',
  password: '',
  confirmPassword: '',
  verificationCode: '',
  programName: '',
  division: '',
  programRegion: '',
  schoolSize: '',
  minimumGpa: '',
  sport: 'Soccer',
  teamWebsite: '',
  coachFirstName: '',
  coachLastName: '',
  jobTitle: '',
  phoneNumber: '',
  preferredContactMethod: '',
  yearsInRole: '',
  additionalStaffRaw: '',
  athleteEligibility: [] as string[],
  englishToefl: '',
  englishIelts: '',
  estimatedCostBand: '',
  targetLeagueLevels: [] as string[],
  extrasValued: [] as string[],
  rosterNeedPriority: [] as string[],
  targetStartTerms: [] as string[],
  jucoOpenDefault: false,
  complianceAcknowledged: false,
  consentToContact: false,
  termsAccepted: false,
  profilePhoto: null as PickedImage | null,
  universityLogo: null as PickedImage | null,
};
type Values = typeof EMPTY;

/** What the registration schema reads: the form's values with each picked image as its base64 and mime. */
function toRegistrationInput({ profilePhoto, universityLogo, ...values }: Values) {
  return {
    ...values,
    profilePhotoBase64: profilePhoto?.base64,
    profilePhotoMime: profilePhoto?.mime,
    universityLogoBase64: universityLogo?.base64,
    universityLogoMime: universityLogo?.mime,
  };
}

/** Server field paths that differ from the form's. */
const SERVER_FIELD: Record<string, string> = { sports: 'sport', additionalStaff: 'additionalStaffRaw' };

/**
 * /coach-register: one long form (program, staff, recruiting preferences, account and code,
 * three auth-consents), reshaped by the domain's toCoachRegistrationPayload (spec section 3).
 */
export default function CoachRegisterPage() {
  const register = useRegisterCoach();
  const { formRef, values, errors, set: setValue, bind, choice: bindList, showErrors, onSubmit, saved, leaveDialog } = useZodForm({
    defaultValues: EMPTY,
    schema: coachRegistrationSchema,
    toInput: toRegistrationInput,
  });
  const [openInfo, setOpenInfo] = useState<'compliance' | 'consent' | null>(null);
  const consentsGiven = coachConsentsGiven(values);
  const outcome = useRegistrationOutcome('coach', showErrors, (path) => SERVER_FIELD[path] ?? path);

  const submit = onSubmit((parsed) => {
    register.mutate(toCoachRegistrationPayload(parsed), {
      onSuccess: () => {
        saved();
        outcome.onSuccess();
      },
      onError: outcome.onError,
    });
  });

  return (
    <RegisterLayout
      role="coach"
      eyebrow="Coaches and universities"
      title="Register your program"
      lead="Tell us about your program once. Every recruitment request starts from these answers, and you can change them later."
      aside={{
        title: 'What you get',
        steps: [
          'Create recruitment requests for the positions you need.',
          'Get a ranked shortlist of international players, scored against each request.',
          'Share a ⚡️ match and meet the players and their agencies.',
        ],
      }}
    >
          <form ref={formRef} className="card form" onSubmit={submit} noValidate aria-label="Coach registration">
            {leaveDialog}
            <section className="reg-section" aria-labelledby="coach-program">
              <h2 id="coach-program" className="reg-section-title">
                Program
              </h2>
              <TextField label="School name" autoComplete="organization" {...bind('programName')} />
              <div className="form-row">
                <SelectField label="Division" placeholder="Select division" options={DIVISIONS} {...bind('division')} />
                <SelectField label="University location" placeholder="Select region" options={COACH_REGIONS} {...bind('programRegion')} />
              </div>
              <div className="form-row">
                <SelectField label="School size" placeholder="Select size" options={SCHOOL_SIZES} {...bind('schoolSize')} />
                <TextField label="Minimum GPA" type="number" inputMode="decimal" min={0} max={4} step={0.1} placeholder="e.g. 2.8" hint="On a 4.0 scale." {...bind('minimumGpa')} />
              </div>
              <div className="form-row">
                <SelectField label="Primary sport" options={SPORTS} {...bind('sport')} />
                <TextField label="Team website" type="url" inputMode="url" placeholder="https://…" hint="Optional." {...bind('teamWebsite')} />
              </div>
              <ImagePicker label="University logo (optional)" value={values.universityLogo} onChange={(next) => setValue('universityLogo', next)} shape="square" placeholder="Logo" />
            </section>

            <section className="reg-section" aria-labelledby="coach-staff">
              <h2 id="coach-staff" className="reg-section-title">
                Staff and contact
              </h2>
              <div className="form-row">
                <TextField label="First name" autoComplete="given-name" {...bind('coachFirstName')} />
                <TextField label="Last name" autoComplete="family-name" {...bind('coachLastName')} />
              </div>
              <div className="form-row">
                <TextField label="Job title" autoComplete="organization-title" placeholder="e.g. Head Coach" {...bind('jobTitle')} />
                <TextField label="Phone" type="tel" autoComplete="tel" {...bind('phoneNumber')} />
              </div>
              <div className="form-row">
                <SelectField label="Preferred contact method" placeholder="Select method" options={CONTACT_METHODS} {...bind('preferredContactMethod')} />
                <TextField label="Years in role" type="number" inputMode="numeric" min={0} max={70} hint="Optional." {...bind('yearsInRole')} />
              </div>
              <TextAreaField label="Additional staff" rows={3} placeholder={'One name per line, or separated by commas'} hint="Optional." {...bind('additionalStaffRaw')} />
              <ImagePicker label="Your profile photo (optional)" value={values.profilePhoto} onChange={(next) => setValue('profilePhoto', next)} placeholder="Photo" />
            </section>

            <section className="reg-section" aria-labelledby="coach-preferences">
              <h2 id="coach-preferences" className="reg-section-title">
                Recruiting preferences
              </h2>
              <p className="reg-section-lead">Optional. They prefill your recruitment requests.</p>
              <CheckboxGroup legend="Athlete eligibility" options={ELIGIBILITY} {...bindList('athleteEligibility')} />
              <div className="form-row">
                <TextField label="English minimum: TOEFL" type="number" inputMode="numeric" min={0} max={120} placeholder="0–120" {...bind('englishToefl')} />
                <TextField label="English minimum: IELTS" type="number" inputMode="decimal" min={0} max={9} step={0.5} placeholder="0–9" {...bind('englishIelts')} />
              </div>
              <SelectField label="Estimated cost to the student" placeholder="Select a band" options={BUDGET_LABELS} {...bind('estimatedCostBand')} />
              <CheckboxGroup legend="Target league levels" options={LEAGUE_LEVELS.map((l) => ({ value: l.value, label: l.label }))} {...bindList('targetLeagueLevels')} />
              <CheckboxGroup legend="Extras you value" options={EXTRAS} {...bindList('extrasValued')} />
              <CheckboxGroup legend="Roster need priority" options={REQUEST_POSITIONS} {...bindList('rosterNeedPriority')} />
              <CheckboxGroup legend="Target start terms" options={REQUEST_START_TERMS} {...bindList('targetStartTerms')} />
              <RadioGroup
                legend="Open to junior college (JUCO) players by default?"
                name="jucoOpenDefault"
                options={['Yes', 'No']}
                value={values.jucoOpenDefault ? 'Yes' : 'No'}
                onChange={(v) => setValue('jucoOpenDefault', v === 'Yes')}
              />
            </section>

            <section className="reg-section" aria-labelledby="coach-account">
              <h2 id="coach-account" className="reg-section-title">
                Your account
              </h2>
              <TextField label="Email" type="email" autoComplete="email" {...bind('email')} />
              <NewPasswordFields password={bind('password')} confirmPassword={bind('confirmPassword')} />
              <VerificationCodeField
                sendCode={(email) => sendVerificationCode('coach', email)}
                email={values.email}
                value={values.verificationCode}
                onChange={(code) => setValue('verificationCode', code)}
                error={errors.verificationCode}
                checkBeforeSending={() => coachCodeRequestError(values)}
              />
            </section>

            <section className="reg-section" aria-labelledby="coach-auth-consents">
              <h2 id="coach-auth-consents" className="reg-section-title">
                Agreements
              </h2>
              <div className="auth-consents">
                <Consent checked={values.complianceAcknowledged} onChange={(v) => setValue('complianceAcknowledged', v)} error={errors.complianceAcknowledged}>
                  I acknowledge the recruiting compliance statement.
                  <button type="button" className="auth-link-button" onClick={() => setOpenInfo('compliance')}>
                    Read the compliance statement
                  </button>
                </Consent>
                <Consent checked={values.consentToContact} onChange={(v) => setValue('consentToContact', v)} error={errors.consentToContact}>
                  I agree to be contacted about athletes and partner agencies.
                  <button type="button" className="auth-link-button" onClick={() => setOpenInfo('consent')}>
                    What this consent covers
                  </button>
                </Consent>
                <Consent checked={values.termsAccepted} onChange={(v) => setValue('termsAccepted', v)} error={errors.termsAccepted}>
                  <span>
                    I accept the{' '}
                    <a href="/terms" target="_blank" rel="noopener">
                      Terms of Service
                    </a>{' '}
                    and the{' '}
                    <a href="/privacy" target="_blank" rel="noopener">
                      Privacy Policy
                    </a>
                    .
                  </span>
                </Consent>
              </div>
            </section>

            <div className="auth-submit-row">
              <button type="submit" className="btn btn-primary btn-block" disabled={!consentsGiven || register.isPending} aria-describedby={consentsGiven ? undefined : 'coach-auth-submit-hint'}>
                {register.isPending ? 'Creating account…' : 'Create coach account'}
              </button>
              {!consentsGiven && (
                <p id="coach-auth-submit-hint" className="auth-submit-hint">
                  Tick the three agreements above to create your account.
                </p>
              )}
            </div>
          </form>

      {openInfo === 'compliance' && (
        <Modal title="Compliance acknowledgement" onClose={() => setOpenInfo(null)}>
          <p>By ticking this box you confirm that:</p>
          <ul>
            <li>you recruit on behalf of the program named in this form and are authorised by it to do so;</li>
            <li>you follow the recruiting rules of your governing body (NCAA, NAIA, NJCAA or other), including contact periods and the rules on communicating with prospective student-athletes;</li>
            <li>you use the athlete information you see here only to evaluate and recruit athletes for your program, and do not pass it on.</li>
          </ul>
          <p className="muted">The platform does not check eligibility or compliance on your behalf.</p>
          <div className="modal-actions">
            <button type="button" className="btn btn-primary" onClick={() => setOpenInfo(null)}>
              Close
            </button>
          </div>
        </Modal>
      )}
      {openInfo === 'consent' && (
        <Modal title="Consent to contact" onClose={() => setOpenInfo(null)}>
          <p>By ticking this box you agree that:</p>
          <ul>
            <li>our team may email or call you about your account, your requests and the athletes matched with them;</li>
            <li>when you share a ⚡️ match, the athlete and their partner agency see your name, your program and your preferred contact details, so they can reach you.</li>
          </ul>
          <p>
            You can withdraw this consent at any time by writing to us. Read the full <Link to="/consent-policy" target="_blank" rel="noopener">Coach Consent Policy</Link>.
          </p>
          <div className="modal-actions">
            <button type="button" className="btn btn-primary" onClick={() => setOpenInfo(null)}>
              Close
            </button>
          </div>
        </Modal>
      )}
    </RegisterLayout>
  );
}

/** One agreement checkbox with its text (and, inside the text, a link to read more). */
function Consent({ checked, onChange, error, children }: { checked: boolean; onChange: (checked: boolean) => void; error?: string; children: ReactNode }) {
  return (
    <div>
      <label className="auth-consent">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-invalid={error ? true : undefined} />
        <span className="auth-consent-text">{children}</span>
      </label>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
