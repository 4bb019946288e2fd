import { NOTE_MAX, noteInputSchema, type NoteAnswer } from '@app/domain';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { localizeMessage } from '../i18n/messages.ts';
import { useSignedInUserId } from '../auth/api.ts';
import { submitOnCtrlEnter } from '../ui/form.tsx';
import { formatMoment, formatNumber } from '../ui/format.ts';
import { LeaveDialog, useLeaveGuard } from '../ui/LeaveGuard.tsx';
import { LoadError } from '../ui/states.tsx';
import { useToast } from '../ui/toast.tsx';
import { useTextDraft } from '../ui/useTextDraft.ts';
import { useNote, useSaveNote, type NoteRole } from './api.ts';
import './notes.css';

/**
 * The author's private note on an athlete (a coach's after a call or a game, an agent's on their
 * player): only they read it. Saved with the button or Ctrl/⌘+Enter; emptied and saved, it is
 * removed. Leaving the page with unsaved changes asks first, and an unsaved draft is kept in the
 * tab (formDraft.ts) until it is saved: closing a dialog or reloading loses nothing. `bare` leaves
 * out the card's frame and title (inside a dialog that has them).
 */
export function NoteCard({ role, athleteId, bare = false, onSaved }: { role: NoteRole; athleteId: string; bare?: boolean; onSaved?: () => void }) {
  const { t } = useTranslation();
  const note = useNote(role, athleteId);
  const privacy = <p className="field-hint">{role === 'coach' ? t('notes.privateCoach') : t('notes.privateAgent')}</p>;
  const body = note.isPending ? (
    <p className="muted" role="status">
      {t('notes.loading')}
    </p>
  ) : note.isError ? (
    <LoadError title={localizeMessage(note.error.message)} onRetry={() => void note.refetch()} />
  ) : (
    <NoteEditor role={role} athleteId={athleteId} saved={note.data.note} onSaved={onSaved} />
  );
  if (bare) {
    return (
      <div className="note-card">
        {privacy}
        {body}
      </div>
    );
  }
  return (
    <section className="card note-card" aria-labelledby="note-title">
      <h2 id="note-title">{t('notes.title')}</h2>
      {privacy}
      {body}
    </section>
  );
}

function NoteEditor({ role, athleteId, saved, onSaved }: { role: NoteRole; athleteId: string; saved: NoteAnswer['note']; onSaved?: () => void }) {
  const { t } = useTranslation();
  const owner = useSignedInUserId();
  const draftKey = `note.${role}.${athleteId}`;
  const savedBody = saved?.body ?? '';
  const { text: draft, change: setDraft, reset: resetDraft } = useTextDraft(draftKey, owner, savedBody);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveNote(role, athleteId);
  const toast = useToast();
  const id = useId();
  const length = draft.trim().length;
  const checked = noteInputSchema.safeParse({ body: draft });
  // Too long (or unstorable) is said while typing; a refused save says why under the field too.
  const shownError = error ?? (checked.success ? null : (checked.error.issues[0]?.message ?? null));
  const dirty = draft.trim() !== savedBody;
  const { blocker } = useLeaveGuard(dirty);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!dirty || save.isPending || !checked.success) return;
    setError(null);
    save.mutate(checked.data.body ?? '', {
      onSuccess: (answer) => {
        resetDraft(answer.note?.body ?? '');
        toast.success(answer.note ? t('notes.saved') : t('notes.removed'));
        onSaved?.();
      },
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <form className="field note-form" onSubmit={submit} noValidate aria-busy={save.isPending}>
      <label htmlFor={id} className="sr-only">
        {t('notes.label')}
      </label>
      <textarea
        id={id}
        className="input textarea"
        rows={4}
        value={draft}
        placeholder={role === 'coach' ? t('notes.placeholderCoach') : t('notes.placeholderAgent')}
        onChange={(e) => {
          setDraft(e.target.value);
          if (error) setError(null);
        }}
        onKeyDown={submitOnCtrlEnter(submit)}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={`${id}-status${shownError ? ` ${id}-error` : ''}`}
      />
      <div className="note-foot">
        <span id={`${id}-status`} className="field-hint">
          {t('notes.counter', { length: formatNumber(length), max: formatNumber(NOTE_MAX) })}
          {' · '}
          {dirty ? t('notes.unsaved') : saved ? t('notes.savedAt', { moment: formatMoment(saved.updatedAt) }) : t('notes.none')}
        </span>
        <button type="submit" className="btn btn-primary btn-sm" disabled={!dirty || save.isPending || !checked.success}>
          {save.isPending ? t('notes.saving') : t('notes.save')}
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

/** The author's note on a list's card, cut to two lines (the whole note is a click away). */
export function NoteExcerpt({ note }: { note: { excerpt: string; truncated: boolean } }) {
  const { t } = useTranslation();
  return (
    <p className="note-excerpt">
      <span className="note-excerpt-text">
        <strong>{t('notes.yourNote')}</strong> {note.excerpt}
        {note.truncated && '…'}
      </span>
    </p>
  );
}
