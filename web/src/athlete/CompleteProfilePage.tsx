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
import { useTranslation } from 'react-i18next';
import { localizeMessage } from '../i18n/messages.ts';
import { referenceOptions } from '../i18n/reference.ts';
import { Link, useNavigate } from 'react-router-dom';
import { useSignedInUserId } from '../auth/api.ts';
import { SignInEmailField } from '../auth/SignInEmailField.tsx';
import { FormSection } from '../ui/FormSection.tsx';
import { CheckboxGroup, RadioGroup, Toggle } from '../ui/choices.tsx';
import { describedBy, FieldMessages, fieldErrorsOf, SelectField, NumberField, TextField, UrlField } from '../ui/form.tsx';
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
import { ErrorNotice } from '../ui/states.tsx';

/** The banner while fields are in error (its English text; shown from the `athlete` catalog). */
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

const LEAGUE_OPTIONS = LEAGUE_LEVELS.map((l) => ({ value: l.value, label: l.label }));

/** /athlete-complete-profile: loads the saved profile, then the form. */
export function CompleteProfilePage() {
  const { t } = useTranslation('athlete');
  useDocumentTitle(t('dashboard.completeYourProfile'));
  return (
    <WithOwnProfile loadingLabel={t('profile.loading')}>
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
  const { t } = useTranslation('athlete');
  const genderOptions = [
    { value: 'male', label: t('auth:genders.male') },
    { value: 'female', label: t('auth:genders.female') },
  ];
  const englishOptions = referenceOptions('englishLevels', ENGLISH_LEVELS);
  const scaleOptions = GRADING_SCALES.map((s) => ({ value: s.value, label: s.value === 'custom' ? t('form.customScale') : s.label }));
  const sizeOptions = SCHOOL_SIZE_PREFERENCES.map((s) => ({
    value: s,
    label: s === 'Any' ? t('profile.noPreference') : referenceOptions('schoolSizes', [s])[0].label,
  }));
  const positionOptions = referenceOptions('positions', ATHLETE_POSITIONS);
  const [defaultValues] = useState<ProfileFormFields>(() => ({ ...formValuesFromProfile(profile), photo: null }));
  const signedInUserId = useSignedInUserId();
  const { formRef, values, errors, set, update, bind, choice, showErrors, showError, onSubmit, saved, leaveDialog, draftNotice } = useZodForm({
    defaultValues,
    schema: athleteProfileFormSchema,
    toInput: (v) => toProfilePayload(v, v.photo),
    check: profileSubmitChecks,
    draft: { key: 'athlete-profile', owner: signedInUserId, pictures: ['photo'] },
  });
  /** The submit check's own message (e.g. the agency one), shown while its field is still wrong. */
  const [submitMessage, setSubmitMessage] = useState<string | null>(null);
  /** A failed save that names no field. */
  const [saveError, setSaveError] = useState<string | null>(null);
  const save = useUpdateAthleteProfile();
  const toast = useToast();
  const navigate = useNavigate();

  // The dashboard links to a field (#budget, #highlightVideoUrl, #playerExtras...): start there.
  useEffect(() => {
    const field = window.location.hash.slice(1);
    if (!/^[A-Za-z]+$/.test(field)) return;
    const target = formRef.current?.querySelector<HTMLElement>(`[name="${field}"], #${field} input, #${field} button`);
    target?.focus();
    target?.scrollIntoView?.({ block: 'center' });
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
          toast.success(t('form.updated'));
          saved();
          void navigate('/athlete-dashboard');
        },
        onError: (error) => {
          const message = error.message || localizeMessage(UPDATE_PROFILE_FALLBACK);
          toast.error(message);
          const fields = fieldErrorsOf(error);
          if (fields) {
            showErrors(fields);
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
      if (submitError) toast.error(localizeMessage(submitError));
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
        <p className="eyebrow">{t('form.eyebrow')}</p>
        <h1>{profile.profileCompleted ? t('dashboard.editYourProfile') : t('dashboard.completeYourProfile')}</h1>
        <p className="lead">{t('form.lead')}</p>
      </header>

      <form ref={formRef} className="profile-form" onSubmit={submit} noValidate aria-label={t('form.eyebrow')}>
        {leaveDialog}
        {draftNotice}
        {formError !== null && <ErrorNotice>{formError === REVIEW_FIELDS ? t('form.reviewFields') : localizeMessage(formError)}</ErrorNotice>}

        <FormSection title={t('form.identity')} description={t('form.identityText')}>
          <div id="photo">
            <ImagePicker label={t('form.photo')} value={values.photo} currentUrl={profile.profilePhotoUrl} onChange={(next) => set('photo', next)} />
          </div>
          <div className="form-row">
            <TextField label={t('form.fullName')} autoComplete="name" {...bind('fullName')} />
            <SignInEmailField label={t('fields.email')} email={profile.email} hint={t('form.emailHint')} changeLabel={t('form.changeEmail')} />
          </div>
          <div className="form-row">
            <NumberField label={t('form.age')} {...bind('age')} />
            <SelectField label={t('fields.gender')} placeholder={t('auth:fields.selectGender')} options={genderOptions} {...bind('gender')} />
          </div>
          <div className="form-row">
            <TextField label={t('form.phone')} type="tel" autoComplete="tel" {...bind('phone')} />
            <TextField label={t('form.nationality')} autoComplete="country-name" {...bind('nationality')} />
          </div>
        </FormSection>

        <FormSection title={t('form.academic')} description={t('form.academicText')}>
          <div className="form-row">
            <SelectField label={t('form.englishLevel')} placeholder={t('form.selectEnglishLevel')} options={englishOptions} {...bind('englishLevel')} />
            <SelectField
              label={t('form.gradingScale')}
              name="gradingScale"
              placeholder={t('form.selectGradingScale')}
              options={scaleOptions}
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
              <NumberField
                label={scale ? t('form.academicAverageOf', { scale: scale.label }) : t('form.academicAverage')}
                name="academicStanding"
                decimal
                disabled={!scale}
                hint={scale ? undefined : t('form.chooseScaleFirst')}
                value={values.academicStanding}
                error={errors.academicStanding}
                onChange={(e) => {
                  update((v) => withAcademicStanding(v, e.target.value), 'academicStanding', 'gpa');
                  showAverageError(e.target.value, values.gradingScale);
                }}
              />
            )}
            <NumberField
              label={isCustom ? t('form.gpaRequired') : t('fields.gpa')}
              decimal
              readOnly={!isCustom}
              hint={isCustom ? undefined : t('form.gpaHint')}
              {...bind('gpa')}
            />
          </div>
          <CheckboxGroup legend={t('form.majors')} options={referenceOptions('majors', MAJORS)} {...choice('intendedMajors')} />
          <div className="form-row">
            <NumberField label={t('form.sat')} hint={t('form.satHint')} {...bind('satScore')} />
            <NumberField label={t('form.toefl')} hint={t('form.toeflHint')} {...bind('toeflScore')} />
          </div>
        </FormSection>

        <FormSection title={t('form.athletic')} description={t('form.athleticText')}>
          <div className="form-row">
            <SelectField
              label={t('form.primaryPosition')}
              placeholder={t('form.selectPrimaryPosition')}
              options={positionOptions}
              {...bind('primaryPosition')}
            />
            <SelectField label={t('fields.secondaryPosition')} placeholder={t('form.none')} options={positionOptions} {...bind('secondaryPosition')} />
          </div>
          <div className="form-row">
            <SelectField label={t('form.league')} placeholder={t('form.selectLeague')} options={LEAGUE_OPTIONS} {...bind('leagueLevel')} />
            {attacking && <NumberField label={t('fields.goalsAssists')} {...bind('goalsAssistsLastSeason')} />}
          </div>
          <fieldset className="unit-pair">
            <legend className="field-label">{t('fields.height')}</legend>
            <div className="unit-pair-row">
              <NumberField
                label={t('form.centimetres')}
                name="heightCm"
                decimal
                value={values.heightCm}
                error={errors.heightCm}
                onChange={(e) => update((v) => withHeightCm(v, e.target.value), 'heightCm', 'heightFeet', 'heightInches')}
              />
              <span className="unit-pair-or" aria-hidden="true">
                =
              </span>
              <NumberField
                label={t('form.feet')}
                name="heightFeet"
                value={values.heightFeet}
                error={errors.heightFeet}
                onChange={(e) => update((v) => withHeightFeetInches(v, e.target.value, v.heightInches), 'heightCm', 'heightFeet', 'heightInches')}
              />
              <NumberField
                label={t('form.inches')}
                name="heightInches"
                value={values.heightInches}
                error={errors.heightInches}
                onChange={(e) => update((v) => withHeightFeetInches(v, v.heightFeet, e.target.value), 'heightCm', 'heightFeet', 'heightInches')}
              />
            </div>
          </fieldset>
          <fieldset className="unit-pair">
            <legend className="field-label">{t('fields.weight')}</legend>
            <div className="unit-pair-row">
              <NumberField
                label={t('form.kilograms')}
                name="weightKg"
                decimal
                value={values.weightKg}
                error={errors.weightKg}
                onChange={(e) => update((v) => withWeightKg(v, e.target.value), 'weightKg', 'weightLbs')}
              />
              <span className="unit-pair-or" aria-hidden="true">
                =
              </span>
              <NumberField
                label={t('form.pounds')}
                name="weightLbs"
                decimal
                value={values.weightLbs}
                error={errors.weightLbs}
                onChange={(e) => update((v) => withWeightLbs(v, e.target.value), 'weightKg', 'weightLbs')}
              />
            </div>
          </fieldset>
          <CheckboxGroup legend={t('form.extras')} options={referenceOptions('extras', EXTRAS)} {...choice('playerExtras')} />
          <TextField label={t('form.otherAchievements')} hint={t('form.otherAchievementsHint')} {...bind('otherExtras')} />
          <UrlField label={t('form.videoLink')} placeholder="https://www.youtube.com/watch?v=…" hint={t('form.videoHint')} {...bind('highlightVideoUrl')} />
          <ExternalLinksEditor values={values} errors={errors} onChange={(links) => set('externalLinks', links)} />
        </FormSection>

        <FormSection title={t('profile.preferences')} description={t('form.preferencesText')}>
          <CheckboxGroup legend={t('form.terms')} options={referenceOptions('terms', ATHLETE_START_TERMS)} {...choice('targetStartTerms')} />
          <CheckboxGroup legend={t('form.regions')} options={referenceOptions('regions', ATHLETE_REGION_CHOICES)} {...choice('preferredUsRegions')} />
          <RadioGroup legend={t('fields.schoolSize')} options={sizeOptions} {...choice('schoolSizePreference')} />
          <BudgetSlider value={values.estimatedBudget} onChange={(next) => set('estimatedBudget', next)} error={errors.estimatedBudget} />
          <div className="toggles">
            <Toggle label={t('fields.isTransfer')} checked={values.isTransfer} onChange={(next) => set('isTransfer', next)} hint={t('form.transferHint')} />
            <Toggle
              label={t('fields.autoAccept')}
              checked={values.autoAcceptMatches}
              onChange={(next) => set('autoAcceptMatches', next)}
              hint={t('form.autoAcceptHint')}
            />
          </div>
        </FormSection>

        <FormSection title={t('form.agencyTitle')} description={t('form.agencyText')}>
          <RadioGroup legend={t('form.agency')} options={AGENCIES} {...choice('agency')} />
        </FormSection>

        <div className="form-actions">
          <Link to="/athlete-dashboard" className="btn btn-outline">
            {t('common:modal.cancel')}
          </Link>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? t('matches.saving') : t('form.save')}
          </button>
        </div>
      </form>
    </>
  );
}

/**
 * Decision S15: unset until the athlete moves or presses the slider (pressing it where it rests
 * chooses that value too), so a profile never stores a budget nobody picked.
 */
function BudgetSlider({ value, onChange, error }: { value: number | null; onChange: (next: number) => void; error?: string }) {
  const { t } = useTranslation('athlete');
  const id = useId();
  const hint = t('form.budgetHint', { low: formatUsd(20000), high: formatUsd(50000) });
  const label = formatBudget(value);
  const choose = (position: string) => onChange(budgetAtSliderPosition(Number(position)));
  return (
    <div className={`field ${error ? 'field-invalid' : ''}`} id="budget">
      <label htmlFor={id} className="field-label">
        {t('form.budgetLabel')} <output htmlFor={id}>{label}</output>
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
        aria-describedby={describedBy(id, hint, error)}
        onChange={(e) => choose(e.target.value)}
        onPointerUp={(e) => value === null && choose(e.currentTarget.value)}
        onKeyUp={(e) => value === null && choose(e.currentTarget.value)}
      />
      <div className="range-scale" aria-hidden="true">
        <span>{formatUsd(BUDGET_SLIDER.min)}</span>
        <span>{formatBudget(BUDGET_SLIDER.top)}</span>
      </div>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

function ExternalLinksEditor({
  values,
  errors,
  onChange,
}: {
  values: ProfileFormValues;
  errors: Record<string, string>;
  onChange: (links: ProfileFormValues['externalLinks']) => void;
}) {
  const { t } = useTranslation('athlete');
  const listId = useId();
  const links = values.externalLinks;
  const change = (index: number, key: 'platform' | 'url', value: string) => onChange(links.map((l, i) => (i === index ? { ...l, [key]: value } : l)));
  return (
    <fieldset className="field links-editor" id="externalLinks">
      <legend className="field-label">{t('form.linksLegend')}</legend>
      <p className="field-hint">{t('form.linksHint', { max: MAX_EXTERNAL_LINKS })}</p>
      <datalist id={listId}>
        {LINK_PLATFORMS.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      {links.map((link, index) => (
        <div className="link-row" key={index}>
          <TextField
            label={t('form.platform', { n: index + 1 })}
            list={listId}
            value={link.platform}
            onChange={(e) => change(index, 'platform', e.target.value)}
            error={errors[`externalLinks.${index}.platform`]}
          />
          <UrlField
            label={t('form.link', { n: index + 1 })}
            placeholder="https://"
            value={link.url}
            onChange={(e) => change(index, 'url', e.target.value)}
            error={errors[`externalLinks.${index}.url`]}
          />
          <button
            type="button"
            className="btn btn-ghost btn-sm link-remove"
            onClick={() => onChange(links.filter((_, i) => i !== index))}
            aria-label={t('form.removeLink', { n: index + 1 })}
          >
            {t('form.remove')}
          </button>
        </div>
      ))}
      <div>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={!canAddExternalLink(values)}
          onClick={() => onChange([...links, { platform: '', url: '' }])}
        >
          {t('form.addLink')}
        </button>
        {!canAddExternalLink(values) && <span className="field-hint"> {t('form.linksMax', { max: MAX_EXTERNAL_LINKS })}</span>}
      </div>
    </fieldset>
  );
}
