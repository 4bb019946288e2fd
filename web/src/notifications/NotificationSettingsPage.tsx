import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS_BY_ROLE, type NotificationKind } from '@app/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from '../auth/api.ts';
import { ROLE_AREAS } from '../auth/roles.ts';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';
import { Toggle } from '../ui/choices.tsx';
import { LoadError, PageLoading } from '../ui/states.tsx';
import { useNotificationSettings } from './api/getNotificationSettings.ts';
import { useUpdateNotificationSettings } from './api/updateNotificationSettings.ts';
import './notifications.css';

export const SETTINGS_LOAD_ERROR = 'We couldn’t load your notification settings.';
export const SETTINGS_SAVED = 'Your email settings are saved.';

type Switches = Partial<Record<NotificationKind, boolean>>;

/**
 * /notification-settings: one switch per email kind the signed-in role receives (decision N2).
 * In-app notifications always stay on; only emails are switched.
 */
export default function NotificationSettingsPage() {
  useDocumentTitle('Notification settings');
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
    save.mutate({ email: Object.fromEntries(kinds.map((kind) => [kind, draft[kind] ?? true])) }, { onSuccess: (next) => {
      setDraft(next.email);
      setSaved(true);
    } });
  };

  let body;
  if (settings.isPending || (settings.data && draft === null)) body = <PageLoading label="Loading your settings…" />;
  else if (settings.isError) body = <LoadError title={SETTINGS_LOAD_ERROR} message={settings.error.message} onRetry={() => void settings.refetch()} />;
  else
    body = (
      <form className="card form settings-form" onSubmit={submit} aria-busy={save.isPending} noValidate>
        <fieldset className="settings-switches">
          <legend>Email me when…</legend>
          {kinds.map((kind) => (
            <Toggle
              key={kind}
              label={NOTIFICATION_KIND_LABELS[kind]}
              checked={draft?.[kind] ?? true}
              onChange={(next) => {
                setSaved(false);
                setDraft((d) => ({ ...d, [kind]: next }));
              }}
            />
          ))}
        </fieldset>
        {save.isError && (
          <div className="notice notice-error" role="alert">
            {save.error.message}
          </div>
        )}
        <div className="settings-actions">
          <button type="submit" className="btn btn-primary" disabled={!changed || save.isPending}>
            {save.isPending ? 'Saving…' : 'Save settings'}
          </button>
          <p className="muted settings-state" role="status">
            {saved && !changed ? SETTINGS_SAVED : changed ? 'You have unsaved changes.' : ''}
          </p>
        </div>
      </form>
    );

  return (
    <main id="main" className="page container narrow settings-page">
      <header className="page-header">
        <p className="eyebrow">Settings</p>
        <h1>Notifications</h1>
        <p className="lead">Choose which emails we send you. You always see every notification under the bell in the top bar.</p>
        {role && (
          <Link to={ROLE_AREAS[role].dashboardPath} className="settings-back">
            ← Back to dashboard
          </Link>
        )}
      </header>
      {body}
    </main>
  );
}
