import { i18n } from '../i18n/index.ts';
import {
  ATHLETE_START_TERMS,
  BUDGET_LABELS,
  COACH_REGIONS,
  CONTACT_METHODS,
  DIVISIONS,
  ELIGIBILITY,
  EXTRAS,
  LEAGUE_LEVELS,
  SCHOOL_SIZES,
  SPORTS,
  coachProfileSchema,
  numberOrNull,
  splitList,
} from '@app/domain';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { SignInEmailField } from '../auth/SignInEmailField.tsx';
import { useSignedInUserId } from '../auth/api.ts';
import { FormSection } from '../ui/FormSection.tsx';
import { CheckboxGroup, Toggle } from '../ui/choices.tsx';
import { fieldErrorsOf, SelectField, TextAreaField, NumberField, TextField, UrlField } from '../ui/form.tsx';
import { ImagePicker, type PickedImage } from '../ui/ImagePicker.tsx';
import { LoadError, PageLoading } from '../ui/states.tsx';
import { useToast } from '../ui/toast.tsx';
import { useZodForm } from '../ui/useZodForm.tsx';
import { useCoachProfile } from './api/getProfile.ts';
import type { CoachProfile } from './api/types.ts';
import { UPDATE_COACH_PROFILE_FALLBACK, useUpdateCoachProfile } from './api/updateProfile.ts';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';
import './coach.css';

/** Texts of the `coach` catalog (English only: issue 19). */
const t = i18n.getFixedT(null, 'coach');

const FOOT_OPTIONS = ['Right', 'Left', 'Either'];
const LEAGUE_OPTIONS = LEAGUE_LEVELS.map((l) => ({ value: l.value, label: l.label }));
/** The profile form's id: the photo picker in the page header belongs to it (ImagePicker's `form`). */
const PROFILE_FORM_ID = 'coach-profile-form';

interface CoachFormValues {
  coachFirstName: string;
  coachLastName: string;
  jobTitle: string;
  phoneNumber: string;
  preferredContactMethod: string;
  yearsInRole: string;
  additionalStaff: string;
  division: string;
  sports: string[];
  teamWebsite: string;
  programRegion: string;
  schoolSize: string;
  athleteEligibility: string[];
  minimumGpa: string;
  englishToefl: string;
  englishIelts: string;
  estimatedCostBand: string;
  targetLeagueLevels: string[];
  preferredFootDefault: string;
  extrasValued: string[];
  rosterNeedPriority: string;
  targetStartTerms: string[];
  jucoOpenDefault: boolean;
  /** Newly picked images (null: keep the saved one). */
  photo: PickedImage | null;
  logo: PickedImage | null;
}

const text = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : String(v));

function valuesFromProfile(p: CoachProfile): CoachFormValues {
  return {
    coachFirstName: p.coachFirstName ?? '',
    coachLastName: p.coachLastName ?? '',
    jobTitle: p.jobTitle ?? '',
    phoneNumber: p.phoneNumber ?? '',
    preferredContactMethod: p.preferredContactMethod ?? '',
    yearsInRole: text(p.yearsInRole),
    additionalStaff: (p.additionalStaff ?? []).join('\n'),
    division: p.division ?? '',
    sports: p.sports ?? [],
    teamWebsite: p.teamWebsite ?? '',
    programRegion: p.programRegion ?? '',
    schoolSize: p.schoolSize ?? '',
    athleteEligibility: p.athleteEligibility ?? [],
    minimumGpa: text(p.minimumGpa),
    englishToefl: text(p.englishToefl),
    englishIelts: text(p.englishIelts),
    estimatedCostBand: p.estimatedCostBand ?? '',
    targetLeagueLevels: p.targetLeagueLevels ?? [],
    preferredFootDefault: p.preferredFootDefault ?? '',
    extrasValued: p.extrasValued ?? [],
    rosterNeedPriority: (p.rosterNeedPriority ?? []).join(', '),
    targetStartTerms: p.targetStartTerms ?? [],
    jucoOpenDefault: p.jucoOpenDefault ?? false,
    photo: null,
    logo: null,
  };
}

/** Spec section 5: lists split on commas or newlines; numbers a number or null when empty. */
function toPayload({ photo, logo, ...v }: CoachFormValues): Record<string, unknown> {
  const num = (s: string) => (s.trim() === '' ? null : (numberOrNull(s) ?? s));
  const payload: Record<string, unknown> = {
    ...v,
    yearsInRole: num(v.yearsInRole),
    minimumGpa: num(v.minimumGpa),
    englishToefl: num(v.englishToefl),
    englishIelts: num(v.englishIelts),
    additionalStaff: splitList(v.additionalStaff),
    rosterNeedPriority: splitList(v.rosterNeedPriority),
  };
  if (photo) Object.assign(payload, { profilePhotoBase64: photo.base64, profilePhotoMime: photo.mime });
  if (logo) Object.assign(payload, { universityLogoBase64: logo.base64, universityLogoMime: logo.mime });
  return payload;
}

/** /coach-profile: the program profile edit page (spec section 2). */
export function CoachProfilePage() {
  useDocumentTitle(t('coachProfilePage.programProfile'));
  const profile = useCoachProfile();
  return (
    <main id="main" className="page container coach-page">
      {profile.isPending ? (
        <PageLoading label={t('coachProfilePage.loadingYourCoachProfile')} />
      ) : profile.isError ? (
        <LoadError title={t('coachProfilePage.unableToLoadCoachProfile')} onRetry={() => void profile.refetch()}>
          <p>{t('coachProfilePage.weCouldnTLoadYour')}</p>
          <p>{t('coachProfilePage.pleaseRefreshThePageOr')}</p>
        </LoadError>
      ) : (
        <CoachProfileForm profile={profile.data} />
      )}
    </main>
  );
}

function CoachProfileForm({ profile }: { profile: CoachProfile }) {
  const [defaultValues] = useState(() => valuesFromProfile(profile));
  const signedInUserId = useSignedInUserId();
  const { formRef, values, set, bind, choice, showErrors, onSubmit, saved, leaveDialog, draftNotice } = useZodForm({
    defaultValues,
    schema: coachProfileSchema,
    toInput: toPayload,
    draft: { key: 'coach-profile', owner: signedInUserId, pictures: ['photo', 'logo'] },
  });
  const save = useUpdateCoachProfile();
  const toast = useToast();

  // Saved values outside the reference lists stay selectable.
  const extrasOptions = [...new Set([...EXTRAS, ...values.extrasValued])];

  const submit = onSubmit((_parsed, current) => {
    save.mutate(toPayload(current), {
      onSuccess: (stored) => {
        toast.success(t('coachProfilePage.profileUpdated'));
        saved(valuesFromProfile(stored));
      },
      onError: (error) => {
        toast.error(error.message || UPDATE_COACH_PROFILE_FALLBACK);
        const fields = fieldErrorsOf(error);
        if (fields) showErrors(fields);
      },
    });
  });

  const fullName = `${values.coachFirstName} ${values.coachLastName}`.trim();
  return (
    <>
      <header className="page-header coach-profile-header card">
        <ImagePicker
          label={t('coachProfilePage.profilePhoto')}
          value={values.photo}
          currentUrl={profile.profilePhotoUrl}
          onChange={(next) => set('photo', next)}
          placeholder={t('coachProfilePage.addPhoto')}
          form={PROFILE_FORM_ID}
        />
        <div>
          <p className="eyebrow">{t('coachProfilePage.programProfile')}</p>
          <h1>{fullName || t('coachProfilePage.yourProfile')}</h1>
          <p className="muted">{[values.jobTitle, profile.programName].filter(Boolean).join(' · ')}</p>
        </div>
      </header>

      <form ref={formRef} id={PROFILE_FORM_ID} className="profile-form" onSubmit={submit} noValidate aria-label={t('coachProfilePage.programProfile')}>
        {leaveDialog}
        {draftNotice}
        <FormSection title={t('coachProfilePage.programOverview')} description={t('coachProfilePage.howYourProgramAppearsTo')}>
          <TextField
            label={t('coachProfilePage.universityName')}
            name="programName"
            value={profile.programName ?? ''}
            readOnly
            aria-readonly="true"
            className="locked-field"
            hint={t('coachProfilePage.lockedContactSupportToChange')}
          />
          <ImagePicker
            label={t('coachProfilePage.universityLogo')}
            value={values.logo}
            currentUrl={profile.universityLogoUrl}
            onChange={(next) => set('logo', next)}
            shape="square"
            placeholder={t('coachProfilePage.noLogo')}
          />
          <div className="form-row">
            <SelectField
              label={t('coachProfilePage.schoolSize')}
              placeholder={t('coachProfilePage.selectSchoolSize')}
              options={SCHOOL_SIZES}
              {...bind('schoolSize')}
            />
            <SelectField
              label={t('coachProfilePage.region')}
              placeholder={t('coachProfilePage.selectRegion')}
              options={COACH_REGIONS}
              {...bind('programRegion')}
            />
          </div>
          <div className="form-row">
            <SelectField label={t('coachProfilePage.division')} placeholder={t('coachProfilePage.selectDivision')} options={DIVISIONS} {...bind('division')} />
            <UrlField label={t('coachProfilePage.teamWebsite')} placeholder="https://" {...bind('teamWebsite')} />
          </div>
          <CheckboxGroup legend={t('coachProfilePage.sports')} options={SPORTS} {...choice('sports')} />
        </FormSection>

        <FormSection title={t('coachProfilePage.staffAndContact')} description={t('coachProfilePage.whoAthletesAndAgenciesShould')}>
          <div className="form-row">
            <TextField label={t('coachProfilePage.firstName')} autoComplete="given-name" {...bind('coachFirstName')} />
            <TextField label={t('coachProfilePage.lastName')} autoComplete="family-name" {...bind('coachLastName')} />
          </div>
          <div className="form-row">
            <TextField label={t('coachProfilePage.jobTitle')} autoComplete="organization-title" {...bind('jobTitle')} />
            <NumberField label={t('coachProfilePage.yearsInRole')} {...bind('yearsInRole')} />
          </div>
          <div className="form-row">
            <TextField label={t('coachProfilePage.phoneNumber')} type="tel" autoComplete="tel" {...bind('phoneNumber')} />
            <SelectField
              label={t('coachProfilePage.preferredContactMethod')}
              placeholder={t('coachProfilePage.selectAMethod')}
              options={CONTACT_METHODS}
              {...bind('preferredContactMethod')}
            />
          </div>
          <SignInEmailField
            label={t('coachProfilePage.email')}
            email={profile.email}
            hint={t('coachProfilePage.yourSignInEmail')}
            changeLabel={t('coachProfilePage.changeEmail')}
          />
          <TextAreaField
            label={t('coachProfilePage.additionalStaff')}
            rows={3}
            hint={t('coachProfilePage.onePerLineOrSeparated')}
            {...bind('additionalStaff')}
          />
        </FormSection>

        <FormSection title={t('coachProfilePage.recruitingPreferences')} description={t('coachProfilePage.usedToPrefillYourRecruitment')}>
          <CheckboxGroup legend={t('coachProfilePage.athleteEligibility')} options={ELIGIBILITY} {...choice('athleteEligibility')} />
          <div className="form-row">
            <NumberField label={t('coachProfilePage.minimumGpa')} decimal {...bind('minimumGpa')} />
            <SelectField
              label={t('coachProfilePage.estimatedStudentCost')}
              placeholder={t('coachProfilePage.notSpecified')}
              options={BUDGET_LABELS}
              {...bind('estimatedCostBand')}
            />
          </div>
          <div className="form-row">
            <NumberField label={t('coachProfilePage.minimumToefl')} {...bind('englishToefl')} />
            <NumberField label={t('coachProfilePage.minimumIelts')} decimal {...bind('englishIelts')} />
          </div>
          <CheckboxGroup legend={t('coachProfilePage.targetLeagueLevels')} options={LEAGUE_OPTIONS} {...choice('targetLeagueLevels')} />
          <div className="form-row">
            <TextField
              label={t('coachProfilePage.rosterNeedsInPriorityOrder')}
              placeholder={t('coachProfilePage.forwardCenterBack')}
              hint={t('coachProfilePage.separatePositionsWithCommasThe')}
              {...bind('rosterNeedPriority')}
            />
            <SelectField
              label={t('coachProfilePage.preferredFoot')}
              placeholder={t('coachProfilePage.noPreference')}
              options={FOOT_OPTIONS}
              {...bind('preferredFootDefault')}
            />
          </div>
          <CheckboxGroup legend={t('coachProfilePage.extrasYouValue')} options={extrasOptions} {...choice('extrasValued')} />
          <CheckboxGroup legend={t('coachProfilePage.targetStartTerms')} options={ATHLETE_START_TERMS} {...choice('targetStartTerms')} />
          <Toggle label={t('coachProfilePage.openToJuniorCollegeJuco')} checked={values.jucoOpenDefault} onChange={(next) => set('jucoOpenDefault', next)} />
        </FormSection>

        <div className="form-actions">
          <Link to="/coach-dashboard" className="btn btn-outline">
            {t('coachProfilePage.cancel')}
          </Link>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? t('coachProfilePage.saving') : t('coachProfilePage.saveProfile')}
          </button>
        </div>
      </form>
    </>
  );
}
