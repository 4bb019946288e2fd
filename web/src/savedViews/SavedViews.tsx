import { canonicalViewQuery, SAVED_VIEW_NAME_MAX, savedViewInputSchema, savedViewRenameSchema, type SavedView, type SavedViewRole } from '@app/domain';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { localizeMessage } from '../i18n/messages.ts';
import { fieldErrorsOf, TextField } from '../ui/form.tsx';
import { ConfirmDialog, Modal } from '../ui/Modal.tsx';
import { useToast } from '../ui/toast.tsx';
import { ApiError } from '../api/client.ts';
import { useDeleteView, useRenameView, useSavedViews, useSaveView } from './api.ts';
import './savedViews.css';

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
  // The list as it is, already saved: the view's button shows it open; a copy under another name would only repeat it.
  const savedAs = currentQuery === null ? undefined : views.data?.find((view) => view.query === currentQuery);
  const labelId = useId();
  const hintId = useId();
  const list = views.data ?? [];

  return (
    <div className="saved-views" role="group" aria-labelledby={labelId}>
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
        aria-describedby={(currentQuery === null && list.length === 0) || savedAs ? hintId : undefined}
        onClick={() => setSaving(true)}
      >
        {t('savedViews.save')}
      </button>
      {currentQuery === null && list.length === 0 && !views.isError && (
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

function SaveViewDialog({ role, query, existing, onClose }: { role: SavedViewRole; query: string; existing: readonly SavedView[]; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveView(role);
  const toast = useToast();
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const replacing = existing.find((v) => v.name.toLowerCase() === name.trim().toLowerCase());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const checked = savedViewInputSchema.safeParse({ name, query });
    if (!checked.success) {
      setErrors({ name: localizeMessage(checked.error.issues[0].message) });
      return;
    }
    setErrors({});
    setFailure(null);
    save.mutate(checked.data, {
      onSuccess: (answer) => {
        toast.success(answer.replaced ? t('savedViews.replaced', { name: answer.view.name }) : t('savedViews.saved', { name: answer.view.name }));
        onClose();
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        if (fields?.name) setErrors({ name: fields.name });
        else setFailure(error.message);
      },
    });
  };

  return (
    <Modal title={t('savedViews.saveTitle')} onClose={onClose} size="sm">
      <form onSubmit={submit} noValidate aria-busy={save.isPending}>
        <TextField
          label={t('savedViews.name')}
          value={name}
          maxLength={SAVED_VIEW_NAME_MAX}
          placeholder={role === 'coach' ? t('savedViews.placeholderCoach') : t('savedViews.placeholderAgent')}
          onChange={(e) => {
            setName(e.target.value);
            if (errors.name) setErrors({});
          }}
          error={errors.name}
          hint={replacing ? t('savedViews.replaceHint', { name: replacing.name }) : t('savedViews.nameHint')}
          autoComplete="off"
          data-autofocus
        />
        {failure && (
          <p className="notice notice-error" role="alert">
            {failure}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="btn btn-outline" onClick={onClose}>
            {t('modal.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? t('savedViews.saving') : replacing ? t('savedViews.replace') : t('savedViews.saveButton')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** A new name for a saved view; its settings stay. A name another of the views has is refused under the field. */
function RenameViewDialog({ role, view, onClose }: { role: SavedViewRole; view: SavedView; onClose: () => void }) {
  const { t } = useTranslation();
  const rename = useRenameView(role);
  const toast = useToast();
  const [name, setName] = useState(view.name);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rename.isPending) return;
    const checked = savedViewRenameSchema.safeParse({ name });
    if (!checked.success) {
      setError(localizeMessage(checked.error.issues[0].message));
      return;
    }
    if (checked.data.name === view.name) return onClose();
    setError(undefined);
    setFailure(null);
    rename.mutate(
      { id: view.id, name: checked.data.name },
      {
        onSuccess: (renamed) => {
          toast.success(t('savedViews.renamed', { name: renamed.name }));
          onClose();
        },
        onError: (failed) => {
          const fields = fieldErrorsOf(failed);
          // 409: another of the views has the name; it belongs under the field.
          if (fields?.name || (failed instanceof ApiError && failed.status === 409)) setError(fields?.name ?? failed.message);
          else setFailure(failed.message);
        },
      },
    );
  };

  return (
    <Modal title={t('savedViews.renameTitle')} onClose={onClose} size="sm">
      <form onSubmit={submit} noValidate aria-busy={rename.isPending}>
        <TextField
          label={t('savedViews.name')}
          value={name}
          maxLength={SAVED_VIEW_NAME_MAX}
          onChange={(e) => {
            setName(e.target.value);
            if (error) setError(undefined);
          }}
          error={error}
          hint={t('savedViews.renameHint')}
          autoComplete="off"
          data-autofocus
        />
        {failure && (
          <p className="notice notice-error" role="alert">
            {failure}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="btn btn-outline" onClick={onClose}>
            {t('modal.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={rename.isPending}>
            {rename.isPending ? t('savedViews.renaming') : t('savedViews.renameButton')}
          </button>
        </div>
      </form>
    </Modal>
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
