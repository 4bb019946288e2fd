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
import { ApiError } from '../api/client.ts';
import { FormSection } from '../ui/FormSection.tsx';
import { CheckboxGroup, Toggle } from '../ui/choices.tsx';
import { firstErrorByField, SelectField, TextAreaField, TextField } from '../ui/form.tsx';
import { ImagePicker, type PickedImage } from '../ui/ImagePicker.tsx';
import { PageLoading } from '../ui/states.tsx';
import { useToast } from '../ui/toast.tsx';
import { useZodForm } from '../ui/useZodForm.tsx';
import { useCoachProfile } from './api/getProfile.ts';
import type { CoachProfile } from './api/types.ts';
import { UPDATE_COACH_PROFILE_FALLBACK, useUpdateCoachProfile } from './api/updateProfile.ts';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';
import './coach.css';

const FOOT_OPTIONS = ['Right', 'Left', 'Either'];
const LEAGUE_OPTIONS = LEAGUE_LEVELS.map((l) => ({ value: l.value, label: l.label }));

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
  useDocumentTitle('Program profile');
  const profile = useCoachProfile();
  return (
    <main id="main" className="page container coach-page">
      {profile.isPending ? (
        <PageLoading label="Loading your coach profile…" />
      ) : profile.isError ? (
        <div className="notice notice-error load-error" role="alert">
          <strong>Unable to load coach profile</strong>
          <p>We couldn’t load your coach profile.</p>
          <p>Please refresh the page or try again later.</p>
        </div>
      ) : (
        <CoachProfileForm profile={profile.data} />
      )}
    </main>
  );
}

function CoachProfileForm({ profile }: { profile: CoachProfile }) {
  const [defaultValues] = useState(() => valuesFromProfile(profile));
  const { formRef, values, set, bind, choice, showErrors, onSubmit, saved, leaveDialog } = useZodForm({ defaultValues, schema: coachProfileSchema, toInput: toPayload });
  const save = useUpdateCoachProfile();
  const toast = useToast();

  // Saved values outside the reference lists stay selectable.
  const extrasOptions = [...new Set([...EXTRAS, ...values.extrasValued])];

  const submit = onSubmit((_parsed, current) => {
    save.mutate(toPayload(current), {
      onSuccess: (stored) => {
        toast.success('Profile updated');
        saved(valuesFromProfile(stored));
      },
      onError: (error) => {
        toast.error(error.message || UPDATE_COACH_PROFILE_FALLBACK);
        if (error instanceof ApiError && error.errors) showErrors(firstErrorByField(error.errors));
      },
    });
  });

  const fullName = `${values.coachFirstName} ${values.coachLastName}`.trim();
  return (
    <>
      <header className="page-header coach-profile-header card">
        <ImagePicker label="Profile photo" value={values.photo} currentUrl={profile.profilePhotoUrl} onChange={(next) => set('photo', next)} placeholder="Add photo" />
        <div>
          <p className="eyebrow">Program profile</p>
          <h1>{fullName || 'Your profile'}</h1>
          <p className="muted">{[values.jobTitle, profile.programName].filter(Boolean).join(' · ')}</p>
        </div>
      </header>

      <form ref={formRef} className="profile-form" onSubmit={submit} noValidate aria-label="Program profile">
        {leaveDialog}
        <FormSection title="Program overview" description="How your program appears to athletes and agencies.">
          <TextField
            label="University name"
            name="programName"
            value={profile.programName ?? ''}
            readOnly
            aria-readonly="true"
            className="locked-field"
            hint="Locked. Contact support to change your university name."
          />
          <ImagePicker label="University logo" value={values.logo} currentUrl={profile.universityLogoUrl} onChange={(next) => set('logo', next)} shape="square" placeholder="No logo" />
          <div className="form-row">
            <SelectField label="School size" placeholder="Select school size" options={SCHOOL_SIZES} {...bind('schoolSize')} />
            <SelectField label="Region" placeholder="Select region" options={COACH_REGIONS} {...bind('programRegion')} />
          </div>
          <div className="form-row">
            <SelectField label="Division" placeholder="Select division" options={DIVISIONS} {...bind('division')} />
            <TextField label="Team website" type="url" inputMode="url" placeholder="https://" {...bind('teamWebsite')} />
          </div>
          <CheckboxGroup legend="Sports" options={SPORTS} {...choice('sports')} />
        </FormSection>

        <FormSection title="Staff and contact" description="Who athletes and agencies should reach, and how.">
          <div className="form-row">
            <TextField label="First name *" autoComplete="given-name" {...bind('coachFirstName')} />
            <TextField label="Last name *" autoComplete="family-name" {...bind('coachLastName')} />
          </div>
          <div className="form-row">
            <TextField label="Job title *" autoComplete="organization-title" {...bind('jobTitle')} />
            <TextField label="Years in role" type="number" inputMode="numeric" min={0} max={70} {...bind('yearsInRole')} />
          </div>
          <div className="form-row">
            <TextField label="Phone number *" type="tel" autoComplete="tel" {...bind('phoneNumber')} />
            <SelectField label="Preferred contact method *" placeholder="Select a method" options={CONTACT_METHODS} {...bind('preferredContactMethod')} />
          </div>
          <TextField label="Email" name="email" type="email" value={profile.email} readOnly disabled hint="Your sign-in email." />
          <TextAreaField label="Additional staff" rows={3} hint="One per line, or separated by commas." {...bind('additionalStaff')} />
        </FormSection>

        <FormSection title="Recruiting preferences" description="Used to prefill your recruitment requests.">
          <CheckboxGroup legend="Athlete eligibility" options={ELIGIBILITY} {...choice('athleteEligibility')} />
          <div className="form-row">
            <TextField label="Minimum GPA" type="number" inputMode="decimal" min={0} max={4} step={0.1} {...bind('minimumGpa')} />
            <SelectField label="Estimated student cost" placeholder="Not specified" options={BUDGET_LABELS} {...bind('estimatedCostBand')} />
          </div>
          <div className="form-row">
            <TextField label="Minimum TOEFL" type="number" inputMode="numeric" min={0} max={120} {...bind('englishToefl')} />
            <TextField label="Minimum IELTS" type="number" inputMode="decimal" min={0} max={9} step={0.5} {...bind('englishIelts')} />
          </div>
          <CheckboxGroup legend="Target league levels" options={LEAGUE_OPTIONS} {...choice('targetLeagueLevels')} />
          <div className="form-row">
            <TextField label="Roster needs (in priority order)" placeholder="Forward, Center Back" hint="Separate positions with commas. The first one prefills new requests." {...bind('rosterNeedPriority')} />
            <SelectField label="Preferred foot" placeholder="No preference" options={FOOT_OPTIONS} {...bind('preferredFootDefault')} />
          </div>
          <CheckboxGroup legend="Extras you value" options={extrasOptions} {...choice('extrasValued')} />
          <CheckboxGroup legend="Target start terms" options={ATHLETE_START_TERMS} {...choice('targetStartTerms')} />
          <Toggle label="Open to junior college (JUCO) players by default" checked={values.jucoOpenDefault} onChange={(next) => set('jucoOpenDefault', next)} />
        </FormSection>

        <div className="form-actions">
          <Link to="/coach-dashboard" className="btn btn-outline">
            Cancel
          </Link>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save profile'}
          </button>
        </div>
      </form>
    </>
  );
}
