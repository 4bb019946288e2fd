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
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../api/client.ts';
import { FormSection } from '../ui/FormSection.tsx';
import { CheckboxGroup, Toggle } from '../ui/choices.tsx';
import { firstErrorByField, SelectField, TextAreaField, TextField } from '../ui/form.tsx';
import { ImagePicker, type PickedImage } from '../ui/ImagePicker.tsx';
import { PageLoading } from '../ui/states.tsx';
import { useToast } from '../ui/toast.tsx';
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
  };
}

/** Spec section 5: lists split on commas or newlines; numbers a number or null when empty. */
function toPayload(v: CoachFormValues, photo: PickedImage | null, logo: PickedImage | null): Record<string, unknown> {
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
  const [values, setValues] = useState<CoachFormValues>(() => valuesFromProfile(profile));
  const [photo, setPhoto] = useState<PickedImage | null>(null);
  const [logo, setLogo] = useState<PickedImage | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [focusTick, setFocusTick] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const save = useUpdateCoachProfile();
  const toast = useToast();

  useEffect(() => {
    if (focusTick === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('.field-invalid input, .field-invalid select, .field-invalid textarea');
    invalid?.focus();
    invalid?.scrollIntoView?.({ block: 'center' });
  }, [focusTick]);

  const set = <K extends keyof CoachFormValues>(key: K, value: CoachFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _removed, ...rest }) => rest);
  };
  const input = (key: keyof CoachFormValues) => ({
    value: values[key] as string,
    error: errors[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as never),
  });
  // Saved values outside the reference lists stay selectable.
  const extrasOptions = [...new Set([...EXTRAS, ...values.extrasValued])];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const payload = toPayload(values, photo, logo);
    const parsed = coachProfileSchema.safeParse(payload);
    if (!parsed.success) {
      setErrors(firstErrorByField(parsed.error.issues));
      setFocusTick((n) => n + 1);
      return;
    }
    setErrors({});
    save.mutate(payload, {
      onSuccess: (saved) => {
        toast.success('Profile updated');
        setValues(valuesFromProfile(saved));
        setPhoto(null);
        setLogo(null);
      },
      onError: (error) => {
        toast.error(error.message || UPDATE_COACH_PROFILE_FALLBACK);
        if (error instanceof ApiError && error.errors) {
          setErrors(firstErrorByField(error.errors));
          setFocusTick((n) => n + 1);
        }
      },
    });
  };

  const fullName = `${values.coachFirstName} ${values.coachLastName}`.trim();
  return (
    <>
      <header className="page-header coach-profile-header card">
        <ImagePicker label="Profile photo" value={photo} currentUrl={profile.profilePhotoUrl} onChange={setPhoto} placeholder="Add photo" />
        <div>
          <p className="eyebrow">Program profile</p>
          <h1>{fullName || 'Your profile'}</h1>
          <p className="muted">{[values.jobTitle, profile.programName].filter(Boolean).join(' · ')}</p>
        </div>
      </header>

      <form ref={formRef} className="profile-form" onSubmit={onSubmit} noValidate aria-label="Program profile">
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
          <ImagePicker label="University logo" value={logo} currentUrl={profile.universityLogoUrl} onChange={setLogo} shape="square" placeholder="No logo" />
          <div className="form-row">
            <SelectField label="School size" name="schoolSize" placeholder="Select school size" options={SCHOOL_SIZES} {...input('schoolSize')} />
            <SelectField label="Region" name="programRegion" placeholder="Select region" options={COACH_REGIONS} {...input('programRegion')} />
          </div>
          <div className="form-row">
            <SelectField label="Division" name="division" placeholder="Select division" options={DIVISIONS} {...input('division')} />
            <TextField label="Team website" name="teamWebsite" type="url" inputMode="url" placeholder="https://" {...input('teamWebsite')} />
          </div>
          <CheckboxGroup legend="Sports" options={SPORTS} value={values.sports} onChange={(next) => set('sports', next)} error={errors.sports} />
        </FormSection>

        <FormSection title="Staff and contact" description="Who athletes and agencies should reach, and how.">
          <div className="form-row">
            <TextField label="First name *" name="coachFirstName" autoComplete="given-name" {...input('coachFirstName')} />
            <TextField label="Last name *" name="coachLastName" autoComplete="family-name" {...input('coachLastName')} />
          </div>
          <div className="form-row">
            <TextField label="Job title *" name="jobTitle" autoComplete="organization-title" {...input('jobTitle')} />
            <TextField label="Years in role" name="yearsInRole" type="number" inputMode="numeric" min={0} max={70} {...input('yearsInRole')} />
          </div>
          <div className="form-row">
            <TextField label="Phone number *" name="phoneNumber" type="tel" autoComplete="tel" {...input('phoneNumber')} />
            <SelectField label="Preferred contact method *" name="preferredContactMethod" placeholder="Select a method" options={CONTACT_METHODS} {...input('preferredContactMethod')} />
          </div>
          <TextField label="Email" name="email" type="email" value={profile.email} readOnly disabled hint="Your sign-in email." />
          <TextAreaField label="Additional staff" name="additionalStaff" rows={3} hint="One per line, or separated by commas." {...input('additionalStaff')} />
        </FormSection>

        <FormSection title="Recruiting preferences" description="Used to prefill your recruitment requests.">
          <CheckboxGroup legend="Athlete eligibility" options={ELIGIBILITY} value={values.athleteEligibility} onChange={(next) => set('athleteEligibility', next)} error={errors.athleteEligibility} />
          <div className="form-row">
            <TextField label="Minimum GPA" name="minimumGpa" type="number" inputMode="decimal" min={0} max={4} step={0.1} {...input('minimumGpa')} />
            <SelectField label="Estimated student cost" name="estimatedCostBand" placeholder="Not specified" options={BUDGET_LABELS} {...input('estimatedCostBand')} />
          </div>
          <div className="form-row">
            <TextField label="Minimum TOEFL" name="englishToefl" type="number" inputMode="numeric" min={0} max={120} {...input('englishToefl')} />
            <TextField label="Minimum IELTS" name="englishIelts" type="number" inputMode="decimal" min={0} max={9} step={0.5} {...input('englishIelts')} />
          </div>
          <CheckboxGroup legend="Target league levels" options={LEAGUE_OPTIONS} value={values.targetLeagueLevels} onChange={(next) => set('targetLeagueLevels', next)} error={errors.targetLeagueLevels} />
          <div className="form-row">
            <TextField label="Roster needs (in priority order)" name="rosterNeedPriority" placeholder="Forward, Center Back" hint="Separate positions with commas. The first one prefills new requests." {...input('rosterNeedPriority')} />
            <SelectField label="Preferred foot" name="preferredFootDefault" placeholder="No preference" options={FOOT_OPTIONS} {...input('preferredFootDefault')} />
          </div>
          <CheckboxGroup legend="Extras you value" options={extrasOptions} value={values.extrasValued} onChange={(next) => set('extrasValued', next)} error={errors.extrasValued} />
          <CheckboxGroup legend="Target start terms" options={ATHLETE_START_TERMS} value={values.targetStartTerms} onChange={(next) => set('targetStartTerms', next)} error={errors.targetStartTerms} />
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
