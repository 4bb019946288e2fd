import {
  BUDGET_LABELS,
  EXTRAS,
  JUNIOR_COLLEGE_CHOICES,
  LEAGUE_LEVELS,
  REQUEST_AGE_MAX,
  REQUEST_AGE_MIN,
  REQUEST_FORM_DEFAULTS,
  REQUEST_POSITIONS,
  REQUEST_START_TERMS,
  TEAM_CATEGORIES,
  coachRequestSchema,
  numberOrNull,
  requestDefaultsFromCoachProfile,
  resolveLeague,
  type CoachRequestForm,
} from '@app/domain';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../api/client.ts';
import { FormSection } from '../ui/FormSection.tsx';
import { CheckboxGroup, ChoiceFieldset, RadioGroup, Toggle } from '../ui/choices.tsx';
import { firstErrorByField, TextAreaField, TextField } from '../ui/form.tsx';
import { listText } from '../ui/format.ts';
import { PageLoading } from '../ui/states.tsx';
import { useToast } from '../ui/toast.tsx';
import { useZodForm } from '../ui/useZodForm.tsx';
import { CREATE_REQUEST_FALLBACK, useCreateCoachRequest } from './api/createRequest.ts';
import { useCoachProfile } from './api/getProfile.ts';
import { UPDATE_REQUEST_FALLBACK, useUpdateCoachRequest } from './api/updateRequest.ts';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';
import './coach.css';

export const REQUEST_UPDATED_TEXT = 'Request updated. Its matches are being rescored.';
export const PROFILE_PREFILL_ERROR = "We couldn't load your program profile. You can still submit a request.";

const BUDGET_OPTIONS = [{ value: '', label: 'Any' }, ...BUDGET_LABELS.map((b) => ({ value: b, label: b }))];
const TERM_OPTIONS: readonly string[] = REQUEST_START_TERMS;

/** The form as its inputs hold it: the domain's request form, with the ages and minimum GPA as typed text. */
type FormState = Omit<CoachRequestForm, 'ageMin' | 'ageMax' | 'minGpa'> & { ageMin: string; ageMax: string; minGpa: string };

const toState = (form: CoachRequestForm): FormState => ({ ...form, ageMin: String(form.ageMin), ageMax: String(form.ageMax), minGpa: form.minGpa === null ? '' : String(form.minGpa) });

/** Non-numeric ages are dropped, so the defaults apply (spec section 5); a blank minimum GPA is not set. */
function toPayload(state: FormState): Record<string, unknown> {
  const { ageMin, ageMax, minGpa, ...rest } = state;
  return {
    ...rest,
    ageMin: numberOrNull(ageMin) ?? REQUEST_FORM_DEFAULTS.ageMin,
    ageMax: numberOrNull(ageMax) ?? REQUEST_FORM_DEFAULTS.ageMax,
    minGpa: minGpa.trim() === '' ? null : minGpa,
  };
}

/** What the form submits: a cleared minimum GPA is sent as null, so an edit clears the stored one. */
const toRequest = (data: ReturnType<typeof coachRequestSchema.parse>): CoachRequestForm => ({ ...(data as CoachRequestForm), minGpa: data.minGpa ?? null });

/** Whether the form creates a request or edits one (decision 005: an edit rescores it). */
export type RequestFormMode = { kind: 'create' } | { kind: 'edit'; requestId: string };

/** /coach-request: Create a Request, prefilled from the program profile (spec section 2). */
export function CreateRequestPage() {
  useDocumentTitle('Create a Request');
  const profile = useCoachProfile();
  return (
    <main id="main" className="page container coach-page">
      <header className="page-header">
        <p className="eyebrow">Recruitment</p>
        <h1>Create a Request</h1>
        <p className="lead">Describe the player you need. We score every completed athlete profile against it and keep the best fits ready for you.</p>
      </header>
      {profile.isPending ? (
        <PageLoading label="Loading your program profile…" />
      ) : (
        <RequestForm defaults={requestDefaultsFromCoachProfile(profile.data)} profileFailed={profile.isError} />
      )}
    </main>
  );
}

/** The request form, shared by Create a Request and Edit request. */
export function RequestForm({ defaults, profileFailed, mode = { kind: 'create' } }: { defaults: CoachRequestForm; profileFailed: boolean; mode?: RequestFormMode }) {
  const [defaultValues] = useState<FormState>(() => toState(defaults));
  const { formRef, values: state, errors, set, showErrors, onSubmit, saved, leaveDialog } = useZodForm({ defaultValues, schema: coachRequestSchema, toInput: toPayload });
  const create = useCreateCoachRequest();
  const update = useUpdateCoachRequest();
  const saving = create.isPending || update.isPending;
  const toast = useToast();
  const navigate = useNavigate();

  // The nine Spanish levels plus any saved level outside them; extras likewise.
  const levelOptions = [
    ...LEAGUE_LEVELS.map((l) => ({ value: l.value as string, label: l.label })),
    ...state.playerLevels.filter((v) => !LEAGUE_LEVELS.some((l) => l.value === v)).map((v) => ({ value: v, label: resolveLeague(v)?.label ?? v })),
  ];
  const extrasOptions = [...new Set([...EXTRAS, ...state.playerExtras])];

  const submit = onSubmit((parsed) => {
    const onError = (error: Error) => {
      toast.error(error.message || (mode.kind === 'edit' ? UPDATE_REQUEST_FALLBACK : CREATE_REQUEST_FALLBACK));
      if (error instanceof ApiError && error.errors) showErrors(firstErrorByField(error.errors));
    };
    if (mode.kind === 'edit') {
      update.mutate(
        { id: mode.requestId, request: toRequest(parsed) },
        {
          onSuccess: () => {
            toast.success(REQUEST_UPDATED_TEXT);
            saved();
            navigate(`/coach-requests?request=${encodeURIComponent(mode.requestId)}`);
          },
          onError,
        },
      );
      return;
    }
    create.mutate(toRequest(parsed), {
      onSuccess: () => {
        toast.success('Request created');
        saved(toState(defaults));
        navigate('/coach-requests');
      },
      onError,
    });
  });

  return (
    <form ref={formRef} className="profile-form" onSubmit={submit} noValidate aria-label={mode.kind === 'edit' ? 'Edit request' : 'Create a request'}>
      {leaveDialog}
      {profileFailed && (
        <div className="notice notice-warn" role="status">
          {PROFILE_PREFILL_ERROR} <Link to="/coach-profile">Review your program profile</Link>
        </div>
      )}

      <FormSection title="The position">
        <Toggle label="Urgent request" checked={state.urgent} onChange={(next) => set('urgent', next)} hint="Urgent requests weigh the position match more heavily." />
        <CheckboxGroup legend="Team category" options={TEAM_CATEGORIES} value={state.teamCategories} onChange={(next) => set('teamCategories', next as FormState['teamCategories'])} error={errors.teamCategories} hint="Leave both empty for any." />
        <PositionPicker value={state.positions} onChange={(next) => set('positions', next)} error={errors.positions} />
      </FormSection>

      <FormSection title="The player">
        <div className="form-row age-row">
          <TextField label="Minimum age" name="ageMin" type="number" inputMode="numeric" min={REQUEST_AGE_MIN} max={REQUEST_AGE_MAX} value={state.ageMin} error={errors.ageMin} onChange={(e) => set('ageMin', e.target.value)} />
          <TextField label="Maximum age" name="ageMax" type="number" inputMode="numeric" min={REQUEST_AGE_MIN} max={REQUEST_AGE_MAX} value={state.ageMax} error={errors.ageMax} onChange={(e) => set('ageMax', e.target.value)} />
        </div>
        <TextField
          label="Minimum GPA"
          name="minGpa"
          type="number"
          inputMode="decimal"
          min={0}
          max={4}
          step={0.1}
          value={state.minGpa}
          error={errors.minGpa}
          onChange={(e) => set('minGpa', e.target.value)}
          hint="On a 4.0 scale, prefilled from your program profile. Athletes below it score 0 for academics and half overall. Leave blank to use a “min GPA” written in the notes, or 2.5."
        />
        <Toggle label="Open to transfer players" checked={state.openToTransfer} onChange={(next) => set('openToTransfer', next)} hint="Include athletes currently at a U.S. college." />
        <CheckboxGroup legend="Player level" options={levelOptions} value={state.playerLevels} onChange={(next) => set('playerLevels', next as FormState['playerLevels'])} error={errors.playerLevels} />
        <CheckboxGroup legend="Target start terms" options={TERM_OPTIONS} value={state.targetStartTerms} onChange={(next) => set('targetStartTerms', next as FormState['targetStartTerms'])} error={errors.targetStartTerms} />
        <CheckboxGroup legend="Player extras" options={extrasOptions} value={state.playerExtras} onChange={(next) => set('playerExtras', next)} error={errors.playerExtras} />
      </FormSection>

      <FormSection title="Fit and context">
        <RadioGroup legend="Estimated student cost" name="estimatedBudget" options={BUDGET_OPTIONS} value={state.estimatedBudget} onChange={(next) => set('estimatedBudget', next as FormState['estimatedBudget'])} error={errors.estimatedBudget} hint="What an athlete would need to cover per year." />
        <RadioGroup legend="Open to junior college" name="openToJuniorCollege" options={JUNIOR_COLLEGE_CHOICES} value={state.openToJuniorCollege} onChange={(next) => set('openToJuniorCollege', next as FormState['openToJuniorCollege'])} error={errors.openToJuniorCollege} />
        <TextAreaField
          label="Additional context"
          name="notes"
          rows={4}
          maxLength={2000}
          value={state.notes}
          error={errors.notes}
          onChange={(e) => set('notes', e.target.value)}
          hint="Anything athletes and agencies should know. Without a minimum GPA above, one written like “min GPA 3.0” is used for academic scoring (otherwise 2.5)."
        />
        <p className="muted prefill-note">
          Region: <strong>{listText(state.regions, 'Any')}</strong> · Institution size: <strong>{state.institutionSize || 'Any'}</strong>
          . These come from your <Link to="/coach-profile">program profile</Link>.
        </p>
      </FormSection>

      <div className="form-actions">
        <Link to={mode.kind === 'edit' ? `/coach-requests?request=${encodeURIComponent(mode.requestId)}` : '/coach-dashboard'} className="btn btn-outline">
          Cancel
        </Link>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {mode.kind === 'edit' ? (saving ? 'Saving…' : 'Save changes') : saving ? 'Submitting…' : 'Create request'}
        </button>
      </div>
    </form>
  );
}

/** Single choice among the request positions; pressing the selected one again deselects it. */
function PositionPicker({ value, onChange, error }: { value: FormState['positions']; onChange: (next: FormState['positions']) => void; error?: string }) {
  return (
    <ChoiceFieldset legend="Primary position *" error={error} hint="Choose one. Press it again to clear.">
      {REQUEST_POSITIONS.map((p) => {
        const selected = value.includes(p);
        return (
          <button key={p} type="button" className={`chip chip-button ${selected ? 'is-selected' : ''}`} aria-pressed={selected} onClick={() => onChange(selected ? [] : [p])}>
            {p}
          </button>
        );
      })}
    </ChoiceFieldset>
  );
}
