import { i18n } from '../i18n/index.ts';
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
import { SelectField, TextAreaField, NumberField, TextField, UrlField } from '../ui/form.tsx';
import { ImagePicker, type PickedImage } from '../ui/ImagePicker.tsx';
import { Modal } from '../ui/Modal.tsx';
import { useZodForm } from '../ui/useZodForm.tsx';
import { useRegisterCoach } from './api/registerCoach.ts';
import { useRegistrationOutcome } from './useRegistrationOutcome.ts';
import { VerificationCodeField } from './VerificationCodeField.tsx';
import { sendVerificationCode } from './api/sendVerificationCode.ts';
import { NewPasswordFields, RegisterLayout } from './RegisterLayout.tsx';
import './auth.css';

/** Texts of the `coach` catalog (English only: issue 19). */
const t = i18n.getFixedT(null, 'coach');

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
/** The owner of a registration's draft: nobody is signed in yet. */
const REGISTERING = 'registering';

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
  const {
    formRef,
    values,
    errors,
    set: setValue,
    bind,
    choice: bindList,
    showErrors,
    onSubmit,
    saved,
    leaveDialog,
    draftNotice,
  } = useZodForm({
    defaultValues: EMPTY,
    schema: coachRegistrationSchema,
    toInput: toRegistrationInput,
    // A long form: what was typed survives a reload or a closed browser tab's restore, less the
    // password, the code and the agreements (ticked again, knowingly).
    draft: {
      key: 'coach-register',
      owner: REGISTERING,
      omit: ['password', 'confirmPassword', 'verificationCode', 'complianceAcknowledged', 'consentToContact', 'termsAccepted'],
      pictures: ['profilePhoto', 'universityLogo'],
    },
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
      title={t('coachRegisterPage.registerYourProgram')}
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
      <form ref={formRef} className="card form" onSubmit={submit} noValidate aria-label={t('coachRegisterPage.coachRegistration')}>
        {leaveDialog}
        {draftNotice}
        <section className="reg-section" aria-labelledby="coach-program">
          <h2 id="coach-program" className="reg-section-title">
            {t('coachRegisterPage.program')}
          </h2>
          <TextField label={t('coachRegisterPage.schoolName')} autoComplete="organization" {...bind('programName')} />
          <div className="form-row">
            <SelectField
              label={t('coachRegisterPage.division')}
              placeholder={t('coachRegisterPage.selectDivision')}
              options={DIVISIONS}
              {...bind('division')}
            />
            <SelectField
              label={t('coachRegisterPage.universityLocation')}
              placeholder={t('coachRegisterPage.selectRegion')}
              options={COACH_REGIONS}
              {...bind('programRegion')}
            />
          </div>
          <div className="form-row">
            <SelectField
              label={t('coachRegisterPage.schoolSize')}
              placeholder={t('coachRegisterPage.selectSize')}
              options={SCHOOL_SIZES}
              {...bind('schoolSize')}
            />
            <NumberField
              label={t('coachRegisterPage.minimumGpa')}
              decimal
              placeholder={t('coachRegisterPage.eG28')}
              hint={t('coachRegisterPage.onA40Scale')}
              {...bind('minimumGpa')}
            />
          </div>
          <div className="form-row">
            <SelectField label={t('coachRegisterPage.primarySport')} options={SPORTS} {...bind('sport')} />
            <UrlField label={t('coachRegisterPage.teamWebsite')} placeholder="https://…" hint={t('coachRegisterPage.optional')} {...bind('teamWebsite')} />
          </div>
          <ImagePicker
            label={t('coachRegisterPage.universityLogoOptional')}
            value={values.universityLogo}
            onChange={(next) => setValue('universityLogo', next)}
            shape="square"
            placeholder={t('coachRegisterPage.logo')}
          />
        </section>

        <section className="reg-section" aria-labelledby="coach-staff">
          <h2 id="coach-staff" className="reg-section-title">
            {t('coachRegisterPage.staffAndContact')}
          </h2>
          <div className="form-row">
            <TextField label={t('coachRegisterPage.firstName')} autoComplete="given-name" {...bind('coachFirstName')} />
            <TextField label={t('coachRegisterPage.lastName')} autoComplete="family-name" {...bind('coachLastName')} />
          </div>
          <div className="form-row">
            <TextField
              label={t('coachRegisterPage.jobTitle')}
              autoComplete="organization-title"
              placeholder={t('coachRegisterPage.eGHeadCoach')}
              {...bind('jobTitle')}
            />
            <TextField label={t('coachRegisterPage.phone')} type="tel" autoComplete="tel" {...bind('phoneNumber')} />
          </div>
          <div className="form-row">
            <SelectField
              label={t('coachRegisterPage.preferredContactMethod')}
              placeholder={t('coachRegisterPage.selectMethod')}
              options={CONTACT_METHODS}
              {...bind('preferredContactMethod')}
            />
            <NumberField label={t('coachRegisterPage.yearsInRole')} hint={t('coachRegisterPage.optional')} {...bind('yearsInRole')} />
          </div>
          <TextAreaField
            label={t('coachRegisterPage.additionalStaff')}
            rows={3}
            placeholder={t('coachRegisterPage.oneNamePerLineOr')}
            hint={t('coachRegisterPage.optional')}
            {...bind('additionalStaffRaw')}
          />
          <ImagePicker
            label={t('coachRegisterPage.yourProfilePhotoOptional')}
            value={values.profilePhoto}
            onChange={(next) => setValue('profilePhoto', next)}
            placeholder={t('coachRegisterPage.photo')}
          />
        </section>

        <section className="reg-section" aria-labelledby="coach-preferences">
          <h2 id="coach-preferences" className="reg-section-title">
            {t('coachRegisterPage.recruitingPreferences')}
          </h2>
          <p className="reg-section-lead">{t('coachRegisterPage.optionalTheyPrefillYourRecruitment')}</p>
          <CheckboxGroup legend={t('coachRegisterPage.athleteEligibility')} options={ELIGIBILITY} {...bindList('athleteEligibility')} />
          <div className="form-row">
            <NumberField label={t('coachRegisterPage.englishMinimumToefl')} placeholder="0–120" {...bind('englishToefl')} />
            <NumberField label={t('coachRegisterPage.englishMinimumIelts')} decimal placeholder="0–9" {...bind('englishIelts')} />
          </div>
          <SelectField
            label={t('coachRegisterPage.estimatedCostToTheStudent')}
            placeholder={t('coachRegisterPage.selectABand')}
            options={BUDGET_LABELS}
            {...bind('estimatedCostBand')}
          />
          <CheckboxGroup
            legend={t('coachRegisterPage.targetLeagueLevels')}
            options={LEAGUE_LEVELS.map((l) => ({ value: l.value, label: l.label }))}
            {...bindList('targetLeagueLevels')}
          />
          <CheckboxGroup legend={t('coachRegisterPage.extrasYouValue')} options={EXTRAS} {...bindList('extrasValued')} />
          <CheckboxGroup legend={t('coachRegisterPage.rosterNeedPriority')} options={REQUEST_POSITIONS} {...bindList('rosterNeedPriority')} />
          <CheckboxGroup legend={t('coachRegisterPage.targetStartTerms')} options={REQUEST_START_TERMS} {...bindList('targetStartTerms')} />
          <RadioGroup
            legend={t('coachRegisterPage.openToJuniorCollegeJuco')}
            name="jucoOpenDefault"
            options={['Yes', 'No']}
            value={values.jucoOpenDefault ? 'Yes' : 'No'}
            onChange={(v) => setValue('jucoOpenDefault', v === 'Yes')}
          />
        </section>

        <section className="reg-section" aria-labelledby="coach-account">
          <h2 id="coach-account" className="reg-section-title">
            {t('coachRegisterPage.yourAccount')}
          </h2>
          <TextField label={t('coachRegisterPage.email')} type="email" autoComplete="email" {...bind('email')} />
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
            {t('coachRegisterPage.agreements')}
          </h2>
          <div className="auth-consents">
            <Consent checked={values.complianceAcknowledged} onChange={(v) => setValue('complianceAcknowledged', v)} error={errors.complianceAcknowledged}>
              {t('coachRegisterPage.iAcknowledgeTheRecruitingCompliance')}
              <button type="button" className="auth-link-button" onClick={() => setOpenInfo('compliance')}>
                {t('coachRegisterPage.readTheComplianceStatement')}
              </button>
            </Consent>
            <Consent checked={values.consentToContact} onChange={(v) => setValue('consentToContact', v)} error={errors.consentToContact}>
              {t('coachRegisterPage.iAgreeToBeContacted')}
              <button type="button" className="auth-link-button" onClick={() => setOpenInfo('consent')}>
                {t('coachRegisterPage.whatThisConsentCovers')}
              </button>
            </Consent>
            <Consent checked={values.termsAccepted} onChange={(v) => setValue('termsAccepted', v)} error={errors.termsAccepted}>
              <span>
                {t('coachRegisterPage.iAcceptThe')}{' '}
                <a href="/terms" target="_blank" rel="noopener">
                  {t('coachRegisterPage.termsOfService')}
                </a>{' '}
                {t('coachRegisterPage.andThe')}{' '}
                <a href="/privacy" target="_blank" rel="noopener">
                  {t('coachRegisterPage.privacyPolicy')}
                </a>
                .
              </span>
            </Consent>
          </div>
        </section>

        <div className="auth-submit-row">
          <button
            type="submit"
            className="btn btn-primary btn-block"
            disabled={!consentsGiven || register.isPending}
            aria-describedby={consentsGiven ? undefined : 'coach-auth-submit-hint'}
          >
            {register.isPending ? t('coachRegisterPage.creatingAccount') : t('coachRegisterPage.createCoachAccount')}
          </button>
          {!consentsGiven && (
            <p id="coach-auth-submit-hint" className="auth-submit-hint">
              {t('coachRegisterPage.tickTheThreeAgreementsAbove')}
            </p>
          )}
        </div>
      </form>

      {openInfo === 'compliance' && (
        <Modal title={t('coachRegisterPage.complianceAcknowledgement')} onClose={() => setOpenInfo(null)}>
          <p>{t('coachRegisterPage.byTickingThisBoxYou')}</p>
          <ul>
            <li>{t('coachRegisterPage.youRecruitOnBehalfOf')}</li>
            <li>{t('coachRegisterPage.youFollowTheRecruitingRules')}</li>
            <li>{t('coachRegisterPage.youUseTheAthleteInformation')}</li>
          </ul>
          <p className="muted">{t('coachRegisterPage.thePlatformDoesNotCheck')}</p>
          <div className="modal-actions">
            <button type="button" className="btn btn-primary" onClick={() => setOpenInfo(null)}>
              {t('coachRegisterPage.close')}
            </button>
          </div>
        </Modal>
      )}
      {openInfo === 'consent' && (
        <Modal title={t('coachRegisterPage.consentToContact')} onClose={() => setOpenInfo(null)}>
          <p>{t('coachRegisterPage.byTickingThisBoxYou2')}</p>
          <ul>
            <li>{t('coachRegisterPage.ourTeamMayEmailOr')}</li>
            <li>{t('coachRegisterPage.whenYouShareAMatch')}</li>
          </ul>
          <p>
            {t('coachRegisterPage.youCanWithdrawThisConsent')}{' '}
            <Link to="/consent-policy" target="_blank" rel="noopener">
              {t('coachRegisterPage.coachConsentPolicy')}
            </Link>
            .
          </p>
          <div className="modal-actions">
            <button type="button" className="btn btn-primary" onClick={() => setOpenInfo(null)}>
              {t('coachRegisterPage.close')}
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
