import {
  AGENCIES,
  ATHLETE_POSITIONS,
  ATHLETE_REGION_CHOICES,
  ATHLETE_START_TERMS,
  BUDGET_SLIDER,
  ENGLISH_LEVELS,
  EXTRAS,
  GRADING_SCALES,
  LEAGUE_LEVELS,
  LINK_PLATFORMS,
  MAJORS,
  MESSAGES,
  MAX_EXTERNAL_LINKS,
  SCHOOL_SIZE_PREFERENCES,
  academicAverageError,
  athleteProfileFormSchema,
  athleteProfileSubmitError,
  gradingScaleOf,
  showsGoalsAssists,
} from '@app/domain';
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../api/client.ts';
import { FormSection } from '../ui/FormSection.tsx';
import { CheckboxGroup, RadioGroup, Toggle } from '../ui/choices.tsx';
import { describedBy, FieldMessages, firstErrorByField, SelectField, TextField } from '../ui/form.tsx';
import { ImagePicker, type PickedImage } from '../ui/ImagePicker.tsx';
import { useToast } from '../ui/toast.tsx';
import { useZodForm } from '../ui/useZodForm.tsx';
import type { AthleteProfile } from './api/types.ts';
import { UPDATE_PROFILE_FALLBACK, useUpdateAthleteProfile } from './api/updateProfile.ts';
import {
  BUDGET_SLIDER_LAST_POSITION,
  budgetAtSliderPosition,
  canAddExternalLink,
  formValuesFromProfile,
  sliderPositionOfBudget,
  toProfilePayload,
  withAcademicStanding,
  withGradingScale,
  withHeightCm,
  withHeightFeetInches,
  withWeightKg,
  withWeightLbs,
  type ProfileFormValues,
} from './profileForm.ts';
import { formatBudget, formatUsd } from '../ui/format.ts';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';
import { WithOwnProfile } from './WithOwnProfile.tsx';
import './athlete.css';

export const REVIEW_FIELDS = 'Please review the highlighted fields.';

/**
 * The form's banner follows the field errors: it stays while a field is still wrong and goes once
 * they are all fixed (each edit clears its own field's error). The submit check's message is kept
 * while the field it names is still in error; a save failure that names no field stays until the
 * next submit.
 */
export function formErrorBanner(errors: Record<string, string>, submitMessage: string | null, saveError: string | null): string | null {
  const remaining = Object.values(errors);
  if (remaining.length === 0) return saveError;
  return submitMessage !== null && remaining.includes(submitMessage) ? submitMessage : REVIEW_FIELDS;
}

const GENDER_OPTIONS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
];
const ENGLISH_OPTIONS = ENGLISH_LEVELS.map((l) => ({ value: l, label: l[0].toUpperCase() + l.slice(1) }));
const SCALE_OPTIONS = GRADING_SCALES.map((s) => ({ value: s.value, label: s.value === 'custom' ? 'Custom (already a 4.0 GPA)' : s.label }));
const LEAGUE_OPTIONS = LEAGUE_LEVELS.map((l) => ({ value: l.value, label: l.label }));
const SIZE_OPTIONS = SCHOOL_SIZE_PREFERENCES.map((s) => ({ value: s, label: s === 'Any' ? 'No preference' : s }));

/** /athlete-complete-profile: loads the saved profile, then the form. */
export function CompleteProfilePage() {
  useDocumentTitle('Complete your profile');
  return (
    <WithOwnProfile loadingLabel="Loading your profile…">
      {(profile) => (
        <main id="main" className="page container athlete-page">
          <ProfileForm profile={profile} />
        </main>
      )}
    </WithOwnProfile>
  );
}

/** The form's values: the inputs' (profileForm.ts) and the newly picked photo. */
type ProfileFormFields = ProfileFormValues & { photo: PickedImage | null };

/** The submit checks of spec section 5 that the schema does not make, on the fields they concern. */
function profileSubmitChecks(values: ProfileFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const submitError = athleteProfileSubmitError(values);
  if (submitError) errors[submitError === MESSAGES.chooseRepresentingAgency ? 'agency' : 'academicStanding'] = submitError;
  if (values.estimatedBudget === null) errors.estimatedBudget = MESSAGES.chooseBudget;
  return errors;
}

function ProfileForm({ profile }: { profile: AthleteProfile }) {
  const [defaultValues] = useState<ProfileFormFields>(() => ({ ...formValuesFromProfile(profile), photo: null }));
  const { formRef, values, errors, set, update, bind, showErrors, showError, onSubmit, saved, leaveDialog } = useZodForm({
    defaultValues,
    schema: athleteProfileFormSchema,
    toInput: (v) => toProfilePayload(v, v.photo),
    check: profileSubmitChecks,
  });
  /** The submit check's own message (e.g. the agency one), shown while its field is still wrong. */
  const [submitMessage, setSubmitMessage] = useState<string | null>(null);
  /** A failed save that names no field. */
  const [saveError, setSaveError] = useState<string | null>(null);
  const save = useUpdateAthleteProfile();
  const toast = useToast();
  const navigate = useNavigate();

  // The dashboard's budget prompt links to #budget: start there.
  useEffect(() => {
    if (window.location.hash !== '#budget') return;
    const slider = formRef.current?.querySelector<HTMLElement>('#budget input');
    slider?.focus();
    slider?.scrollIntoView?.({ block: 'center' });
  }, [formRef]);

  // An average outside its scale is refused as it is typed, with the field's message (no GPA is shown for it).
  const showAverageError = (average: string, gradingScale: string) => {
    const message = academicAverageError(average, gradingScale);
    if (message) showError('academicStanding', message);
  };

  const submit = onSubmit(
    (_parsed, current) => {
      setSubmitMessage(null);
      setSaveError(null);
      save.mutate(toProfilePayload(current, current.photo), {
        onSuccess: () => {
          toast.success('Profile updated');
          saved();
          navigate('/athlete-dashboard');
        },
        onError: (error) => {
          const message = error.message || UPDATE_PROFILE_FALLBACK;
          toast.error(message);
          if (error instanceof ApiError && error.errors) {
            showErrors(firstErrorByField(error.errors));
            setSubmitMessage(message);
          } else {
            setSaveError(message);
          }
        },
      });
    },
    (current) => {
      const submitError = athleteProfileSubmitError(current);
      setSubmitMessage(submitError);
      setSaveError(null);
      if (submitError) toast.error(submitError);
    },
  );

  const scale = gradingScaleOf(values.gradingScale);
  const isCustom = scale?.value === 'custom';
  const attacking = showsGoalsAssists(values.primaryPosition);
  const saving = save.isPending;
  const formError = formErrorBanner(errors, submitMessage, saveError);

  return (
    <>
      <header className="page-header">
        <p className="eyebrow">Athlete profile</p>
        <h1>{profile.profileCompleted ? 'Edit your profile' : 'Complete your profile'}</h1>
        <p className="lead">Coaches see this profile when your strengths match their recruitment requests. Fields marked * are needed to unlock matches.</p>
      </header>

      <form ref={formRef} className="profile-form" onSubmit={submit} noValidate aria-label="Athlete profile">
        {leaveDialog}
        {formError !== null && (
          <div className="notice notice-error" role="alert">
            {formError}
          </div>
        )}

        <FormSection title="Identity" description="Who you are and how coaches can reach you.">
          <ImagePicker label="Profile photo" value={values.photo} currentUrl={profile.profilePhotoUrl} onChange={(next) => set('photo', next)} />
          <div className="form-row">
            <TextField label="Full name *" autoComplete="name" {...bind('fullName')} />
            <TextField label="Email" name="email" type="email" value={profile.email} readOnly disabled hint="Your sign-in email. It cannot be changed here." />
          </div>
          <div className="form-row">
            <TextField label="Age *" type="number" inputMode="numeric" min={10} max={40} {...bind('age')} />
            <SelectField label="Gender" placeholder="Select gender" options={GENDER_OPTIONS} {...bind('gender')} />
          </div>
          <div className="form-row">
            <TextField label="Phone number *" type="tel" autoComplete="tel" {...bind('phone')} />
            <TextField label="Nationality *" autoComplete="country-name" {...bind('nationality')} />
          </div>
        </FormSection>

        <FormSection title="Academic and language" description="We convert your grades to the U.S. 4.0 GPA scale.">
          <div className="form-row">
            <SelectField label="English level *" placeholder="Select your English level" options={ENGLISH_OPTIONS} {...bind('englishLevel')} />
            <SelectField
              label="Grading scale *"
              name="gradingScale"
              placeholder="Select your grading scale"
              options={SCALE_OPTIONS}
              value={values.gradingScale}
              error={errors.gradingScale}
              onChange={(e) => {
                update((v) => withGradingScale(v, e.target.value), 'gradingScale', 'academicStanding', 'gpa');
                showAverageError(values.academicStanding, e.target.value);
              }}
            />
          </div>
          <div className="form-row">
            {!isCustom && (
              <TextField
                label={`Academic average${scale ? ` (${scale.label})` : ''} *`}
                name="academicStanding"
                type="number"
                inputMode="decimal"
                min={scale?.min}
                max={scale?.max}
                step={scale?.step}
                disabled={!scale}
                hint={scale ? undefined : 'Choose your grading scale first.'}
                value={values.academicStanding}
                error={errors.academicStanding}
                onChange={(e) => {
                  update((v) => withAcademicStanding(v, e.target.value), 'academicStanding', 'gpa');
                  showAverageError(e.target.value, values.gradingScale);
                }}
              />
            )}
            <TextField
              label={isCustom ? 'GPA (4.0 scale) *' : 'GPA (4.0 scale)'}
              type="number"
              inputMode="decimal"
              min={0}
              max={4}
              step={0.1}
              readOnly={!isCustom}
              hint={isCustom ? undefined : 'Calculated from your academic average.'}
              {...bind('gpa')}
            />
          </div>
          <CheckboxGroup legend="Intended majors *" options={MAJORS} value={values.intendedMajors} onChange={(next) => set('intendedMajors', next)} error={errors.intendedMajors} />
          <div className="form-row">
            <TextField label="SAT score" type="number" inputMode="numeric" min={400} max={1600} hint="Optional, 400 to 1600." {...bind('satScore')} />
            <TextField label="TOEFL score" type="number" inputMode="numeric" min={0} max={120} hint="Optional, 0 to 120." {...bind('toeflScore')} />
          </div>
        </FormSection>

        <FormSection title="Athletic profile" description="Your position, level and the proof coaches look for.">
          <div className="form-row">
            <SelectField label="Primary position *" placeholder="Select your primary position" options={ATHLETE_POSITIONS} {...bind('primaryPosition')} />
            <SelectField label="Secondary position" placeholder="None" options={ATHLETE_POSITIONS} {...bind('secondaryPosition')} />
          </div>
          <div className="form-row">
            <SelectField label="Current league *" placeholder="Select the league you currently play in" options={LEAGUE_OPTIONS} {...bind('leagueLevel')} />
            {attacking && (
              <TextField label="Goals + assists last season" type="number" inputMode="numeric" min={0} {...bind('goalsAssistsLastSeason')} />
            )}
          </div>
          <fieldset className="unit-pair">
            <legend className="field-label">Height</legend>
            <div className="unit-pair-row">
              <TextField label="Centimetres" name="heightCm" type="number" inputMode="decimal" min={90} max={250} value={values.heightCm} error={errors.heightCm} onChange={(e) => update((v) => withHeightCm(v, e.target.value), 'heightCm', 'heightFeet', 'heightInches')} />
              <span className="unit-pair-or" aria-hidden="true">
                =
              </span>
              <TextField label="Feet" name="heightFeet" type="number" inputMode="numeric" min={3} max={8} value={values.heightFeet} error={errors.heightFeet} onChange={(e) => update((v) => withHeightFeetInches(v, e.target.value, v.heightInches), 'heightCm', 'heightFeet', 'heightInches')} />
              <TextField label="Inches" name="heightInches" type="number" inputMode="numeric" min={0} max={11} value={values.heightInches} error={errors.heightInches} onChange={(e) => update((v) => withHeightFeetInches(v, v.heightFeet, e.target.value), 'heightCm', 'heightFeet', 'heightInches')} />
            </div>
          </fieldset>
          <fieldset className="unit-pair">
            <legend className="field-label">Weight</legend>
            <div className="unit-pair-row">
              <TextField label="Kilograms" name="weightKg" type="number" inputMode="decimal" min={20} max={250} value={values.weightKg} error={errors.weightKg} onChange={(e) => update((v) => withWeightKg(v, e.target.value), 'weightKg', 'weightLbs')} />
              <span className="unit-pair-or" aria-hidden="true">
                =
              </span>
              <TextField label="Pounds" name="weightLbs" type="number" inputMode="decimal" min={44} max={552} value={values.weightLbs} error={errors.weightLbs} onChange={(e) => update((v) => withWeightLbs(v, e.target.value), 'weightKg', 'weightLbs')} />
            </div>
          </fieldset>
          <CheckboxGroup legend="Player extras" options={EXTRAS} value={values.playerExtras} onChange={(next) => set('playerExtras', next)} error={errors.playerExtras} />
          <TextField label="Other achievements" hint="Optional. Separate several with commas." {...bind('otherExtras')} />
          <TextField label="Highlight video link" type="url" inputMode="url" placeholder="https://www.youtube.com/watch?v=…" hint="YouTube or Vimeo links play right on your profile." {...bind('highlightVideoUrl')} />
          <ExternalLinksEditor values={values} errors={errors} onChange={(links) => set('externalLinks', links)} />
        </FormSection>

        <FormSection title="Preferences" description="Where and how you would like to study and play.">
          <CheckboxGroup legend="Target start terms *" options={ATHLETE_START_TERMS} value={values.targetStartTerms} onChange={(next) => set('targetStartTerms', next)} error={errors.targetStartTerms} />
          <CheckboxGroup legend="Preferred U.S. regions *" options={ATHLETE_REGION_CHOICES} value={values.preferredUsRegions} onChange={(next) => set('preferredUsRegions', next)} error={errors.preferredUsRegions} />
          <RadioGroup legend="School size" name="schoolSizePreference" options={SIZE_OPTIONS} value={values.schoolSizePreference} onChange={(next) => set('schoolSizePreference', next)} error={errors.schoolSizePreference} />
          <BudgetSlider value={values.estimatedBudget} onChange={(next) => set('estimatedBudget', next)} error={errors.estimatedBudget} />
          <div className="toggles">
            <Toggle label="Currently at a U.S. college" checked={values.isTransfer} onChange={(next) => set('isTransfer', next)} hint="Turn on if you are enrolled at a U.S. college now and would transfer." />
            <Toggle label="Auto-accept coach matches" checked={values.autoAcceptMatches} onChange={(next) => set('autoAcceptMatches', next)} hint="When a coach shares a match with you, accept it automatically." />
          </div>
        </FormSection>

        <FormSection title="Agency partner" description="The partner agency that represents you and follows up with coaches.">
          <RadioGroup legend="Agency *" name="agency" options={AGENCIES} value={values.agency} onChange={(next) => set('agency', next)} error={errors.agency} />
        </FormSection>

        <div className="form-actions">
          <Link to="/athlete-dashboard" className="btn btn-outline">
            Cancel
          </Link>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save profile'}
          </button>
        </div>
      </form>
    </>
  );
}

const BUDGET_HINT = 'US costs typically run $20,000 to $50,000 before aid. Programs are matched on what you can afford.';

/**
 * Decision S15: unset until the athlete moves or presses the slider (pressing it where it rests
 * chooses that value too), so a profile never stores a budget nobody picked.
 */
function BudgetSlider({ value, onChange, error }: { value: number | null; onChange: (next: number) => void; error?: string }) {
  const id = useId();
  const label = formatBudget(value);
  const choose = (position: string) => onChange(budgetAtSliderPosition(Number(position)));
  return (
    <div className={`field ${error ? 'field-invalid' : ''}`} id="budget">
      <label htmlFor={id} className="field-label">
        Estimated yearly budget (USD) *: <output htmlFor={id}>{label}</output>
      </label>
      <input
        id={id}
        name="estimatedBudget"
        type="range"
        className={`range ${value === null ? 'range-unset' : ''}`}
        min={0}
        max={BUDGET_SLIDER_LAST_POSITION}
        step={1}
        value={sliderPositionOfBudget(value)}
        aria-valuetext={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, BUDGET_HINT, error)}
        onChange={(e) => choose(e.target.value)}
        onPointerUp={(e) => value === null && choose(e.currentTarget.value)}
        onKeyUp={(e) => value === null && choose(e.currentTarget.value)}
      />
      <div className="range-scale" aria-hidden="true">
        <span>{formatUsd(BUDGET_SLIDER.min)}</span>
        <span>{BUDGET_SLIDER.topLabel}</span>
      </div>
      <FieldMessages id={id} hint={BUDGET_HINT} error={error} />
    </div>
  );
}

function ExternalLinksEditor({ values, errors, onChange }: { values: ProfileFormValues; errors: Record<string, string>; onChange: (links: ProfileFormValues['externalLinks']) => void }) {
  const listId = useId();
  const links = values.externalLinks;
  const change = (index: number, key: 'platform' | 'url', value: string) => onChange(links.map((l, i) => (i === index ? { ...l, [key]: value } : l)));
  return (
    <fieldset className="field links-editor">
      <legend className="field-label">External profile links</legend>
      <p className="field-hint">Up to {MAX_EXTERNAL_LINKS} links, such as Transfermarkt or BeSoccer. Rows without a platform or a link are left out.</p>
      <datalist id={listId}>
        {LINK_PLATFORMS.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      {links.map((link, index) => (
        <div className="link-row" key={index}>
          <TextField label={`Platform ${index + 1}`} list={listId} value={link.platform} onChange={(e) => change(index, 'platform', e.target.value)} error={errors[`externalLinks.${index}.platform`]} />
          <TextField label={`Link ${index + 1}`} type="url" inputMode="url" placeholder="https://" value={link.url} onChange={(e) => change(index, 'url', e.target.value)} error={errors[`externalLinks.${index}.url`]} />
          <button type="button" className="btn btn-ghost btn-sm link-remove" onClick={() => onChange(links.filter((_, i) => i !== index))} aria-label={`Remove link ${index + 1}`}>
            Remove
          </button>
        </div>
      ))}
      <div>
        <button type="button" className="btn btn-outline btn-sm" disabled={!canAddExternalLink(values)} onClick={() => onChange([...links, { platform: '', url: '' }])}>
          + Add link
        </button>
        {!canAddExternalLink(values) && <span className="field-hint"> You can add up to {MAX_EXTERNAL_LINKS} links.</span>}
      </div>
    </fieldset>
  );
}
