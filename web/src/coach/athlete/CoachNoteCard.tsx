import { i18n } from '../../i18n/index.ts';
import { localizeMessage } from '../../i18n/messages.ts';
import { COACH_NOTE_MAX, coachNoteInputSchema } from '@app/domain';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { formatMoment, formatNumber } from '../../ui/format.ts';
import { LeaveDialog, useLeaveGuard } from '../../ui/LeaveGuard.tsx';
import { LoadError } from '../../ui/states.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useCoachNote, useSaveCoachNote } from '../api/athleteNote.ts';
import type { CoachNoteAnswer } from '../api/types.ts';

/** Texts of the `coach` catalog (English only: issue 19). */
const t = i18n.getFixedT(null, 'coach');

/**
 * The coach's private note on an athlete (what they learned from a call or a game), on the
 * athlete's profile: only this coach reads it. Saved with the button or Ctrl/⌘+Enter; emptied and
 * saved, it is removed. Leaving the page with unsaved changes asks first.
 */
export function CoachNoteCard({ athleteId }: { athleteId: string }) {
  const note = useCoachNote(athleteId);
  return (
    <section className="card coach-note" aria-labelledby="note-title">
      <h2 id="note-title">{t('coachNote.title')}</h2>
      <p className="field-hint">{t('coachNote.private')}</p>
      {note.isPending ? (
        <p className="muted" role="status">
          {t('coachNote.loading')}
        </p>
      ) : note.isError ? (
        <LoadError title={localizeMessage(note.error.message)} onRetry={() => void note.refetch()} />
      ) : (
        <NoteEditor athleteId={athleteId} saved={note.data.note} />
      )}
    </section>
  );
}

function NoteEditor({ athleteId, saved }: { athleteId: string; saved: CoachNoteAnswer['note'] }) {
  const [draft, setDraft] = useState(saved?.body ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveCoachNote(athleteId);
  const toast = useToast();
  const id = useId();
  const length = draft.trim().length;
  const checked = coachNoteInputSchema.safeParse({ body: draft });
  // Too long (or unstorable) is said while typing; a refused save says why under the field too.
  const shownError = error ?? (checked.success ? null : (checked.error.issues[0]?.message ?? null));
  const dirty = draft.trim() !== (saved?.body ?? '');
  const { blocker } = useLeaveGuard(dirty);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!dirty || save.isPending || !checked.success) return;
    setError(null);
    save.mutate(checked.data.body ?? '', {
      onSuccess: (answer) => {
        setDraft(answer.note?.body ?? '');
        toast.success(answer.note ? t('coachNote.saved') : t('coachNote.removed'));
      },
      onError: (failure) => setError(failure.message),
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
  };

  return (
    <form className="field coach-note-form" onSubmit={submit} noValidate aria-busy={save.isPending}>
      <label htmlFor={id} className="sr-only">
        {t('coachNote.label')}
      </label>
      <textarea
        id={id}
        className="input textarea"
        rows={4}
        value={draft}
        placeholder={t('coachNote.placeholder')}
        onChange={(e) => {
          setDraft(e.target.value);
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={`${id}-status${shownError ? ` ${id}-error` : ''}`}
      />
      <div className="coach-note-foot">
        <span id={`${id}-status`} className="field-hint">
          {t('coachNote.counter', { length: formatNumber(length), max: formatNumber(COACH_NOTE_MAX) })}
          {' · '}
          {dirty ? t('coachNote.unsaved') : saved ? t('coachNote.savedAt', { moment: formatMoment(saved.updatedAt) }) : t('coachNote.none')}
        </span>
        <button type="submit" className="btn btn-primary btn-sm" disabled={!dirty || save.isPending || !checked.success}>
          {save.isPending ? t('coachNote.saving') : t('coachNote.save')}
        </button>
      </div>
      {shownError && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {localizeMessage(shownError)}
        </p>
      )}
      <LeaveDialog blocker={blocker} />
    </form>
  );
}
