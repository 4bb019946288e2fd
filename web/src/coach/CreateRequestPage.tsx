import { i18n } from '../i18n/index.ts';
import {
  BUDGET_LABELS,
  EXTRAS,
  JUNIOR_COLLEGE_CHOICES,
  LEAGUE_LEVELS,
  REQUEST_AGE_DEFAULT_MAX,
  REQUEST_AGE_DEFAULT_MIN,
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
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSignedInUserId } from '../auth/api.ts';
import { FormSection } from '../ui/FormSection.tsx';
import { CheckboxGroup, ChoiceFieldset, RadioGroup, Toggle } from '../ui/choices.tsx';
import { fieldErrorsOf, NumberField, TextAreaField } from '../ui/form.tsx';
import { listText } from '../ui/format.ts';
import { EmptyState, LoadError, PageLoading } from '../ui/states.tsx';
import { useToast } from '../ui/toast.tsx';
import { useZodForm } from '../ui/useZodForm.tsx';
import { CREATE_REQUEST_FALLBACK, useCreateCoachRequest } from './api/createRequest.ts';
import { useCoachProfile } from './api/getProfile.ts';
import { useCoachRequests } from './api/getRequests.ts';
import type { CoachRequest } from './api/types.ts';
import { REQUESTS_LOAD_ERROR } from './OngoingRequestsPage.tsx';
import { UPDATE_REQUEST_FALLBACK, useUpdateCoachRequest } from './api/updateRequest.ts';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';
import './coach.css';

/** Texts of the `coach` catalog (English only: issue 19). */
const t = i18n.getFixedT(null, 'coach');

export const REQUEST_UPDATED_TEXT = 'Request updated. Its matches are being rescored.';
export const PROFILE_PREFILL_ERROR = "We couldn't load your program profile. You can still submit a request.";

const BUDGET_OPTIONS = [{ value: '', label: 'Any' }, ...BUDGET_LABELS.map((b) => ({ value: b, label: b }))];
const TERM_OPTIONS: readonly string[] = REQUEST_START_TERMS;

/** The form as its inputs hold it: the domain's request form, with the ages and minimum GPA as typed text. */
type FormState = Omit<CoachRequestForm, 'ageMin' | 'ageMax' | 'minGpa'> & { ageMin: string; ageMax: string; minGpa: string };

const toState = (form: CoachRequestForm): FormState => ({
  ...form,
  ageMin: String(form.ageMin),
  ageMax: String(form.ageMax),
  minGpa: form.minGpa === null ? '' : String(form.minGpa),
});

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

export const REQUEST_NOT_FOUND_TEXT = 'This request does not exist or was deleted.';

/**
 * The form's values for a stored request. A request without its own minimum GPA is prefilled with
 * the program profile's (decision S3), as the create form is.
 */
export function requestFormFromRequest(request: CoachRequest, profileMinimumGpa: number | null): CoachRequestForm {
  return {
    urgent: request.urgent,
    teamCategories: request.teamCategories as CoachRequestForm['teamCategories'],
    positions: request.positions as CoachRequestForm['positions'],
    ageMin: request.ageMin ?? REQUEST_AGE_DEFAULT_MIN,
    ageMax: request.ageMax ?? REQUEST_AGE_DEFAULT_MAX,
    openToTransfer: request.openToTransfer,
    playerLevels: request.playerLevels as CoachRequestForm['playerLevels'],
    targetStartTerms: request.targetStartTerms as CoachRequestForm['targetStartTerms'],
    estimatedBudget: request.estimatedBudget as CoachRequestForm['estimatedBudget'],
    playerExtras: request.playerExtras,
    openToJuniorCollege: request.openToJuniorCollege,
    regions: request.regions,
    institutionSize: request.institutionSize as CoachRequestForm['institutionSize'],
    notes: request.notes,
    minGpa: request.minGpa ?? profileMinimumGpa,
  };
}

/** What the form submits: a cleared minimum GPA is sent as null, so an edit clears the stored one. */
const toRequest = (data: ReturnType<typeof coachRequestSchema.parse>): CoachRequestForm => ({ ...(data as CoachRequestForm), minGpa: data.minGpa ?? null });

/** Whether the form creates a request (anew, or as a copy of another) or edits one (decision 005: an edit rescores it). */
export type RequestFormMode = { kind: 'create' } | { kind: 'copy'; sourceId: string } | { kind: 'edit'; requestId: string };

/**
 * /coach-request: Create a Request, prefilled from the program profile (spec section 2), or, with
 * `?from=<request id>` ("Duplicate" on a request), from one of the coach's requests.
 */
export function CreateRequestPage() {
  useDocumentTitle(t('createRequestPage.createARequest'));
  const profile = useCoachProfile();
  const from = useSearchParams()[0].get('from');
  const requests = useCoachRequests(from !== null);
  const source = from === null ? undefined : requests.data?.find((r) => r._id === from);

  let body;
  if (profile.isPending || (from !== null && requests.isPending)) body = <PageLoading label={t('createRequestPage.loadingYourProgramProfile')} />;
  else if (from !== null && requests.isError) body = <LoadError title={REQUESTS_LOAD_ERROR} onRetry={() => void requests.refetch()} />;
  else if (from !== null && !source) {
    body = (
      <EmptyState title={REQUEST_NOT_FOUND_TEXT}>
        <Link to="/coach-request" className="btn btn-primary btn-sm">
          {t('createRequestPage.startFromYourProfile')}
        </Link>
      </EmptyState>
    );
  } else {
    const fromProfile = requestDefaultsFromCoachProfile(profile.data);
    body = (
      <RequestForm
        key={source?._id ?? 'new'}
        defaults={source ? requestFormFromRequest(source, fromProfile.minGpa) : fromProfile}
        profileFailed={profile.isError}
        mode={source ? { kind: 'copy', sourceId: source._id } : { kind: 'create' }}
      />
    );
  }
  return (
    <main id="main" className="page container coach-page">
      <header className="page-header">
        <p className="eyebrow">{t('createRequestPage.recruitment')}</p>
        <h1>{t('createRequestPage.createARequest')}</h1>
        <p className="lead">
          {source ? t('createRequestPage.copyOf', { position: source.positions[0] ?? 'Any position' }) : t('createRequestPage.describeThePlayerYouNeed')}
        </p>
      </header>
      {body}
    </main>
  );
}

/** Where Cancel goes: back to the request edited or copied, else to the dashboard. */
function cancelPath(mode: RequestFormMode): string {
  if (mode.kind === 'edit') return `/coach-requests?request=${encodeURIComponent(mode.requestId)}`;
  if (mode.kind === 'copy') return `/coach-requests?request=${encodeURIComponent(mode.sourceId)}`;
  return '/coach-dashboard';
}

/** The request form, shared by Create a Request and Edit request. */
export function RequestForm({
  defaults,
  profileFailed,
  mode = { kind: 'create' },
}: {
  defaults: CoachRequestForm;
  profileFailed: boolean;
  mode?: RequestFormMode;
}) {
  const [defaultValues] = useState<FormState>(() => toState(defaults));
  const signedInUserId = useSignedInUserId();
  const {
    formRef,
    values: state,
    errors,
    set,
    showErrors,
    onSubmit,
    saved,
    leaveDialog,
    draftNotice,
  } = useZodForm({
    defaultValues,
    schema: coachRequestSchema,
    toInput: toPayload,
    draft: {
      key: mode.kind === 'edit' ? `request.${mode.requestId}` : mode.kind === 'copy' ? `request.copy.${mode.sourceId}` : 'request.new',
      owner: signedInUserId,
    },
  });
  const create = useCreateCoachRequest();
  const update = useUpdateCoachRequest();
  const saving = create.isPending || update.isPending;
  const toast = useToast();
  const navigate = useNavigate();

  // The nine Spanish levels plus any saved level outside them; extras likewise.
  const levelOptions = [
    ...LEAGUE_LEVELS.map((l) => ({ value: l.value, label: l.label })),
    ...state.playerLevels.filter((v) => !LEAGUE_LEVELS.some((l) => l.value === v)).map((v) => ({ value: v, label: resolveLeague(v)?.label ?? v })),
  ];
  const extrasOptions = [...new Set([...EXTRAS, ...state.playerExtras])];

  const submit = onSubmit((parsed) => {
    const onError = (error: Error) => {
      toast.error(error.message || (mode.kind === 'edit' ? UPDATE_REQUEST_FALLBACK : CREATE_REQUEST_FALLBACK));
      const fields = fieldErrorsOf(error);
      if (fields) showErrors(fields);
    };
    if (mode.kind === 'edit') {
      update.mutate(
        { id: mode.requestId, request: toRequest(parsed) },
        {
          onSuccess: () => {
            toast.success(REQUEST_UPDATED_TEXT);
            saved();
            void navigate(`/coach-requests?request=${encodeURIComponent(mode.requestId)}`);
          },
          onError,
        },
      );
      return;
    }
    create.mutate(toRequest(parsed), {
      onSuccess: () => {
        toast.success(t('createRequestPage.requestCreated'));
        saved(toState(defaults));
        void navigate('/coach-requests');
      },
      onError,
    });
  });

  return (
    <form
      ref={formRef}
      className="profile-form"
      onSubmit={submit}
      noValidate
      aria-label={mode.kind === 'edit' ? t('createRequestPage.editRequest') : t('createRequestPage.createARequest2')}
    >
      {leaveDialog}
      {draftNotice}
      {profileFailed && (
        <div className="notice notice-warn" role="status">
          {PROFILE_PREFILL_ERROR} <Link to="/coach-profile">{t('createRequestPage.reviewYourProgramProfile')}</Link>
        </div>
      )}

      <FormSection title={t('createRequestPage.thePosition')}>
        <Toggle
          label={t('createRequestPage.urgentRequest')}
          checked={state.urgent}
          onChange={(next) => set('urgent', next)}
          hint={t('createRequestPage.urgentRequestsWeighThePosition')}
        />
        <CheckboxGroup
          legend={t('createRequestPage.teamCategory')}
          options={TEAM_CATEGORIES}
          value={state.teamCategories}
          onChange={(next) => set('teamCategories', next as FormState['teamCategories'])}
          error={errors.teamCategories}
          hint={t('createRequestPage.leaveBothEmptyForAny')}
        />
        <PositionPicker value={state.positions} onChange={(next) => set('positions', next)} error={errors.positions} />
      </FormSection>

      <FormSection title={t('createRequestPage.thePlayer')}>
        <div className="form-row age-row">
          <NumberField
            label={t('createRequestPage.minimumAge')}
            name="ageMin"
            value={state.ageMin}
            error={errors.ageMin}
            onChange={(e) => set('ageMin', e.target.value)}
          />
          <NumberField
            label={t('createRequestPage.maximumAge')}
            name="ageMax"
            value={state.ageMax}
            error={errors.ageMax}
            onChange={(e) => set('ageMax', e.target.value)}
          />
        </div>
        <NumberField
          label={t('createRequestPage.minimumGpa')}
          name="minGpa"
          decimal
          value={state.minGpa}
          error={errors.minGpa}
          onChange={(e) => set('minGpa', e.target.value)}
          hint={t('createRequestPage.onA40Scale')}
        />
        <Toggle
          label={t('createRequestPage.openToTransferPlayers')}
          checked={state.openToTransfer}
          onChange={(next) => set('openToTransfer', next)}
          hint={t('createRequestPage.includeAthletesCurrentlyAtA')}
        />
        <CheckboxGroup
          legend={t('createRequestPage.playerLevel')}
          options={levelOptions}
          value={state.playerLevels}
          onChange={(next) => set('playerLevels', next as FormState['playerLevels'])}
          error={errors.playerLevels}
        />
        <CheckboxGroup
          legend={t('createRequestPage.targetStartTerms')}
          options={TERM_OPTIONS}
          value={state.targetStartTerms}
          onChange={(next) => set('targetStartTerms', next as FormState['targetStartTerms'])}
          error={errors.targetStartTerms}
        />
        <CheckboxGroup
          legend={t('createRequestPage.playerExtras')}
          options={extrasOptions}
          value={state.playerExtras}
          onChange={(next) => set('playerExtras', next)}
          error={errors.playerExtras}
        />
      </FormSection>

      <FormSection title={t('createRequestPage.fitAndContext')}>
        <RadioGroup
          legend={t('createRequestPage.estimatedStudentCost')}
          name="estimatedBudget"
          options={BUDGET_OPTIONS}
          value={state.estimatedBudget}
          onChange={(next) => set('estimatedBudget', next as FormState['estimatedBudget'])}
          error={errors.estimatedBudget}
          hint={t('createRequestPage.whatAnAthleteWouldNeed')}
        />
        <RadioGroup
          legend={t('createRequestPage.openToJuniorCollege')}
          name="openToJuniorCollege"
          options={JUNIOR_COLLEGE_CHOICES}
          value={state.openToJuniorCollege}
          onChange={(next) => set('openToJuniorCollege', next as FormState['openToJuniorCollege'])}
          error={errors.openToJuniorCollege}
        />
        <TextAreaField
          label={t('createRequestPage.additionalContext')}
          name="notes"
          rows={4}
          maxLength={2000}
          value={state.notes}
          error={errors.notes}
          onChange={(e) => set('notes', e.target.value)}
          hint={t('createRequestPage.anythingAthletesAndAgenciesShould')}
        />
        <p className="muted prefill-note">
          {t('createRequestPage.region')} <strong>{listText(state.regions, 'Any')}</strong> {t('createRequestPage.institutionSize')}{' '}
          <strong>{state.institutionSize || t('createRequestPage.any')}</strong>. These come from your{' '}
          <Link to="/coach-profile">{t('createRequestPage.programProfile')}</Link>.
        </p>
      </FormSection>

      <div className="form-actions">
        <Link to={cancelPath(mode)} className="btn btn-outline">
          {t('createRequestPage.cancel')}
        </Link>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {mode.kind === 'edit'
            ? saving
              ? t('createRequestPage.saving')
              : t('createRequestPage.saveChanges')
            : saving
              ? t('createRequestPage.submitting')
              : t('createRequestPage.createRequest')}
        </button>
      </div>
    </form>
  );
}

/** Single choice among the request positions; pressing the selected one again deselects it. */
function PositionPicker({ value, onChange, error }: { value: FormState['positions']; onChange: (next: FormState['positions']) => void; error?: string }) {
  return (
    <ChoiceFieldset legend={t('createRequestPage.primaryPosition')} error={error} hint={t('createRequestPage.chooseOnePressItAgain')}>
      {REQUEST_POSITIONS.map((p) => {
        const selected = value.includes(p);
        return (
          <button
            key={p}
            type="button"
            className={`chip chip-button ${selected ? 'is-selected' : ''}`}
            aria-pressed={selected}
            onClick={() => onChange(selected ? [] : [p])}
          >
            {p}
          </button>
        );
      })}
    </ChoiceFieldset>
  );
}
