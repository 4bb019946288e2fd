import { canonicalViewQuery, SAVED_VIEW_NAME_MAX, savedViewRenameSchema, type SavedView, type SavedViewRole } from '@app/domain';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { localizeMessage } from '../i18n/messages.ts';
import { fieldErrorsOf, TextField } from '../ui/form.tsx';
import { ConfirmDialog, Modal } from '../ui/Modal.tsx';
import { useToast } from '../ui/toast.tsx';
import { ApiError } from '../api/client.ts';
import { useDeleteView, useRenameView, useSavedViews, useSaveView } from './api.ts';
import './savedViews.css';
import { ErrorNotice } from '../ui/states.tsx';

/**
 * A list's saved views (issue 18): the user's named views as buttons that open them, the one on
 * screen marked, each with its rename and delete buttons, and "Save this view" for the list as it is. `query`
 * is the list's address query as it stands (the component keeps only what a view holds, as the
 * server does); `onOpen` gets a saved view's query to show.
 */
export function SavedViews({ role, query, onOpen }: { role: SavedViewRole; query: string; onOpen: (query: string) => void }) {
  const { t } = useTranslation();
  const views = useSavedViews(role);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<SavedView | null>(null);
  const [renaming, setRenaming] = useState<SavedView | null>(null);
  const current = canonicalViewQuery(role, query);
  const currentQuery = 'query' in current ? current.query : null;
  const labelId = useId();
  const hintId = useId();
  const list = views.data ?? [];
  // The list as it is, already saved: the view's button shows it open; a copy under another name would only repeat it.
  const savedAs = currentQuery === null ? undefined : list.find((view) => view.query === currentQuery);
  // Nothing saved and nothing to save: a phone leaves the block out (savedViews.css).
  const idle = currentQuery === null && list.length === 0 && !views.isError;

  return (
    <div className={idle ? 'saved-views is-idle' : 'saved-views'} role="group" aria-labelledby={labelId}>
      <span id={labelId} className="saved-views-label">
        {t('savedViews.title')}
      </span>
      {views.isError ? (
        <span className="saved-views-error">
          {localizeMessage(views.error.message)}{' '}
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void views.refetch()}>
            {t('states.tryAgain')}
          </button>
        </span>
      ) : (
        list.length > 0 && (
          <ul className="saved-views-list" role="list">
            {list.map((view) => {
              const open = view.query === currentQuery;
              return (
                <li key={view.id} className={`saved-view${open ? ' is-open' : ''}`}>
                  <button type="button" className="saved-view-open" aria-pressed={open} onClick={() => onOpen(view.query)}>
                    {view.name}
                  </button>
                  <button
                    type="button"
                    className="saved-view-rename"
                    aria-label={t('savedViews.renameFor', { name: view.name })}
                    title={t('savedViews.rename')}
                    onClick={() => setRenaming(view)}
                  >
                    <span aria-hidden="true">✎</span>
                  </button>
                  <button
                    type="button"
                    className="saved-view-delete"
                    aria-label={t('savedViews.deleteFor', { name: view.name })}
                    onClick={() => setDeleting(view)}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )
      )}
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={currentQuery === null || savedAs !== undefined}
        aria-describedby={idle || savedAs ? hintId : undefined}
        onClick={() => setSaving(true)}
      >
        {t('savedViews.save')}
      </button>
      {idle && (
        <span id={hintId} className="saved-views-hint muted">
          {t('savedViews.hint')}
        </span>
      )}
      {savedAs && (
        <span id={hintId} className="sr-only">
          {t('savedViews.savedAs', { name: savedAs.name })}
        </span>
      )}
      {saving && currentQuery !== null && <SaveViewDialog role={role} query={currentQuery} existing={list} onClose={() => setSaving(false)} />}
      {renaming && <RenameViewDialog role={role} view={renaming} onClose={() => setRenaming(null)} />}
      {deleting && <DeleteViewDialog role={role} view={deleting} onClose={() => setDeleting(null)} />}
    </div>
  );
}

/** Why a save or rename was refused: a message under the name field, or one below the form. */
type Refusal = { field: string } | { failure: string };

/** A refusal from the server: a name problem goes under the field (`nameConflict`: a 409 is one), anything else below the form. */
function refusalOf(error: Error, nameConflict = false): Refusal {
  const field = fieldErrorsOf(error)?.name ?? (nameConflict && error instanceof ApiError && error.status === 409 ? error.message : undefined);
  return field ? { field } : { failure: error.message };
}

/**
 * The save and rename dialogs' form: the name, checked by the domain's rule before anything is
 * sent, then `onSubmit` with the trimmed name and a way to show a refusal; Cancel and the action.
 */
function ViewNameDialog({
  title,
  initialName = '',
  placeholder,
  hint,
  actionLabel,
  pendingLabel,
  pending,
  onSubmit,
  onClose,
}: {
  title: string;
  initialName?: string;
  placeholder?: string;
  /** The field's hint and the action's label, for the name as typed. */
  hint: (name: string) => string;
  actionLabel: (name: string) => string;
  pendingLabel: string;
  pending: boolean;
  onSubmit: (name: string, refuse: (refusal: Refusal) => void) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = savedViewRenameSchema.safeParse({ name });
    if (!checked.success) {
      setError(localizeMessage(checked.error.issues[0].message));
      return;
    }
    setError(undefined);
    setFailure(null);
    onSubmit(checked.data.name, (refusal) => ('field' in refusal ? setError(refusal.field) : setFailure(refusal.failure)));
  };

  return (
    <Modal title={title} onClose={onClose} size="sm">
      <form onSubmit={submit} noValidate aria-busy={pending}>
        <TextField
          label={t('savedViews.name')}
          value={name}
          maxLength={SAVED_VIEW_NAME_MAX}
          placeholder={placeholder}
          onChange={(e) => {
            setName(e.target.value);
            if (error) setError(undefined);
          }}
          error={error}
          hint={hint(name)}
          autoComplete="off"
          data-autofocus
        />
        {failure && <ErrorNotice>{failure}</ErrorNotice>}
        <div className="modal-actions">
          <button type="button" className="btn btn-outline" onClick={onClose}>
            {t('modal.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending ? pendingLabel : actionLabel(name)}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** The list as it is, saved under a name; a name already used (in any case) replaces that view. */
function SaveViewDialog({ role, query, existing, onClose }: { role: SavedViewRole; query: string; existing: readonly SavedView[]; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveView(role);
  const toast = useToast();
  const replaced = (name: string) => existing.find((v) => v.name.toLowerCase() === name.trim().toLowerCase());
  return (
    <ViewNameDialog
      title={t('savedViews.saveTitle')}
      placeholder={role === 'coach' ? t('savedViews.placeholderCoach') : t('savedViews.placeholderAgent')}
      hint={(name) => {
        const replacing = replaced(name);
        return replacing ? t('savedViews.replaceHint', { name: replacing.name }) : t('savedViews.nameHint');
      }}
      actionLabel={(name) => (replaced(name) ? t('savedViews.replace') : t('savedViews.saveButton'))}
      pendingLabel={t('savedViews.saving')}
      pending={save.isPending}
      onClose={onClose}
      onSubmit={(name, refuse) =>
        save.mutate(
          { name, query },
          {
            onSuccess: (answer) => {
              toast.success(answer.replaced ? t('savedViews.replaced', { name: answer.view.name }) : t('savedViews.saved', { name: answer.view.name }));
              onClose();
            },
            onError: (error) => refuse(refusalOf(error)),
          },
        )
      }
    />
  );
}

/** A new name for a saved view; its settings stay. A name another of the views has is refused under the field. */
function RenameViewDialog({ role, view, onClose }: { role: SavedViewRole; view: SavedView; onClose: () => void }) {
  const { t } = useTranslation();
  const rename = useRenameView(role);
  const toast = useToast();
  return (
    <ViewNameDialog
      title={t('savedViews.renameTitle')}
      initialName={view.name}
      hint={() => t('savedViews.renameHint')}
      actionLabel={() => t('savedViews.renameButton')}
      pendingLabel={t('savedViews.renaming')}
      pending={rename.isPending}
      onClose={onClose}
      onSubmit={(name, refuse) => {
        if (name === view.name) return onClose();
        rename.mutate(
          { id: view.id, name },
          {
            onSuccess: (renamed) => {
              toast.success(t('savedViews.renamed', { name: renamed.name }));
              onClose();
            },
            // 409: another of the views has the name.
            onError: (error) => refuse(refusalOf(error, true)),
          },
        );
      }}
    />
  );
}

function DeleteViewDialog({ role, view, onClose }: { role: SavedViewRole; view: SavedView; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteView(role);
  const toast = useToast();
  return (
    <ConfirmDialog
      title={t('savedViews.deleteTitle')}
      message={t('savedViews.deleteMessage', { name: view.name })}
      confirmLabel={t('savedViews.delete')}
      pendingLabel={t('savedViews.deleting')}
      pending={remove.isPending}
      danger
      onCancel={onClose}
      onConfirm={() =>
        remove.mutate(view.id, {
          onSuccess: () => {
            toast.success(t('savedViews.deleted', { name: view.name }));
            onClose();
          },
          onError: (error) => {
            toast.error(error.message);
            onClose();
          },
        })
      }
    />
  );
}
