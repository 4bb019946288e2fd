import { localizeMessage } from '../i18n/messages.ts';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_PATHS } from '@app/domain';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../api/client.ts';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';
import { useUnsubscribe } from './api/unsubscribe.ts';
import './notifications.css';

import { KIND_LABEL_KEYS } from './NotificationSettingsPage.tsx';
import { ErrorNotice } from '../ui/states.tsx';

/** The server's message for a bad link (shown by its code, validation:unsubscribeBadToken). */
export const INVALID_LINK = 'This unsubscribe link is not valid.';

/**
 * /unsubscribe?token=: where an email's unsubscribe link lands, signed in or not. Following the
 * link is the one click (decision N2): the page turns the kind off at once and says which.
 */
export default function UnsubscribePage() {
  const { t } = useTranslation('notifications');
  useDocumentTitle(t('unsubscribe.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  const sent = useRef(false);

  useEffect(() => {
    // Once per visit (React may run effects twice in development).
    if (!token || sent.current) return;
    sent.current = true;
    unsubscribe.mutate(token);
  }, [token, unsubscribe]);

  let body;
  if (!token) {
    body = (
      <ErrorNotice>
        {localizeMessage(INVALID_LINK)} {t('unsubscribe.useLink')}
      </ErrorNotice>
    );
  } else if (unsubscribe.isError) {
    // A refused link (400) stays refused; a network or server fault is worth another try.
    const lasting = unsubscribe.error instanceof ApiError && unsubscribe.error.status >= 400 && unsubscribe.error.status < 500;
    body = (
      <ErrorNotice>
        <p>{unsubscribe.error.message}</p>
        {!lasting && (
          <button type="button" className="btn btn-outline btn-sm" onClick={() => unsubscribe.mutate(token)}>
            {t('common:states.tryAgain')}
          </button>
        )}
      </ErrorNotice>
    );
  } else if (unsubscribe.isSuccess) {
    const { kind, label, email } = unsubscribe.data;
    body = (
      <div className="notice notice-success unsubscribe-done" role="status">
        <p>
          <strong>{t('unsubscribe.done')}</strong> {t('unsubscribe.noLongerBefore')} <span className="unsubscribe-email">{email}</span>{' '}
          {t('unsubscribe.noLongerAfter')} <strong>{kind in KIND_LABEL_KEYS ? t(KIND_LABEL_KEYS[kind]) : label}</strong>.
        </p>
        <p>{t('unsubscribe.others')}</p>
      </div>
    );
  } else {
    body = (
      <p className="muted" role="status">
        {t('unsubscribe.working')}
      </p>
    );
  }

  return (
    <main id="main" className="page container narrow unsubscribe-page">
      <header className="page-header">
        <p className="eyebrow">{t('unsubscribe.eyebrow')}</p>
        <h1>{t('unsubscribe.title')}</h1>
      </header>
      <div className="card stack">
        {body}
        <p className="muted">
          {unsubscribe.isSuccess ? t('unsubscribe.changedMind') : t('unsubscribe.alsoChoose')}{' '}
          <Link to={NOTIFICATION_PATHS.settings}>{t('unsubscribe.settingsLink')}</Link>.
        </p>
      </div>
    </main>
  );
}
