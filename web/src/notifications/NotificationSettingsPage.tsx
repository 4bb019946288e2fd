import { useTranslation } from 'react-i18next';
import { NOTIFICATION_KINDS_BY_ROLE, type NotificationKind } from '@app/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from '../auth/api.ts';
import { ROLE_AREAS } from '../auth/roles.ts';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';
import { Toggle } from '../ui/choices.tsx';
import { ErrorNotice, LoadError, PageLoading } from '../ui/states.tsx';
import { useNotificationSettings } from './api/getNotificationSettings.ts';
import { useUpdateNotificationSettings } from './api/updateNotificationSettings.ts';
import './notifications.css';

/** Keys of the `notifications` catalog. */
export const SETTINGS_LOAD_ERROR = 'settings.loadError';
export const SETTINGS_SAVED = 'settings.saved';

/** The label of each email switch (and of the unsubscribe confirmation), as `notifications` keys. */
export const KIND_LABEL_KEYS: Record<NotificationKind, string> = {
  match_shared: 'kinds.matchShared',
  match_answered: 'kinds.matchAnswered',
  match_confirmed: 'kinds.matchConfirmed',
  message: 'kinds.message',
  top15: 'kinds.top15',
};

type Switches = Partial<Record<NotificationKind, boolean>>;

/**
 * /notification-settings: one switch per email kind the signed-in role receives (decision N2).
 * In-app notifications always stay on; only emails are switched.
 */
export default function NotificationSettingsPage() {
  const { t } = useTranslation('notifications');
  useDocumentTitle(t('settings.title'));
  const session = useSession();
  const settings = useNotificationSettings();
  const save = useUpdateNotificationSettings();
  const [draft, setDraft] = useState<Switches | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (settings.data && draft === null) setDraft(settings.data.email);
  }, [settings.data, draft]);

  const role = session.data?.role;
  const kinds = role ? NOTIFICATION_KINDS_BY_ROLE[role] : [];
  const current = settings.data?.email ?? {};
  const changed = draft !== null && kinds.some((kind) => (draft[kind] ?? true) !== (current[kind] ?? true));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    setSaved(false);
    save.mutate(
      { email: Object.fromEntries(kinds.map((kind) => [kind, draft[kind] ?? true])) },
      {
        onSuccess: (next) => {
          setDraft(next.email);
          setSaved(true);
        },
      },
    );
  };

  let body;
  if (settings.isPending || (settings.data && draft === null)) body = <PageLoading label={t('settings.loading')} />;
  else if (settings.isError) body = <LoadError title={t(SETTINGS_LOAD_ERROR)} message={settings.error.message} onRetry={() => void settings.refetch()} />;
  else
    body = (
      <form className="card form settings-form" onSubmit={submit} aria-busy={save.isPending} noValidate>
        <fieldset className="settings-switches">
          <legend>{t('settings.legend')}</legend>
          {kinds.map((kind) => (
            <Toggle
              key={kind}
              label={t(KIND_LABEL_KEYS[kind])}
              checked={draft?.[kind] ?? true}
              onChange={(next) => {
                setSaved(false);
                setDraft((d) => ({ ...d, [kind]: next }));
              }}
            />
          ))}
        </fieldset>
        {save.isError && <ErrorNotice>{save.error.message}</ErrorNotice>}
        <div className="settings-actions">
          <button type="submit" className="btn btn-primary" disabled={!changed || save.isPending}>
            {save.isPending ? t('settings.saving') : t('settings.save')}
          </button>
          <p className="muted settings-state" role="status">
            {saved && !changed ? t(SETTINGS_SAVED) : changed ? t('settings.unsaved') : ''}
          </p>
        </div>
      </form>
    );

  return (
    <main id="main" className="page container narrow settings-page">
      <header className="page-header">
        <p className="eyebrow">{t('settings.eyebrow')}</p>
        <h1>{t('list.heading')}</h1>
        <p className="lead">{t('settings.lead')}</p>
        {role && (
          <Link to={ROLE_AREAS[role].dashboardPath} className="settings-back">
            {t('settings.back')}
          </Link>
        )}
      </header>
      {body}
    </main>
  );
}
