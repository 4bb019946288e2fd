import { NOTIFICATION_PATHS } from '@app/domain';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../api/client.ts';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';
import { useUnsubscribe } from './api/unsubscribe.ts';
import './notifications.css';

export const INVALID_LINK = 'This unsubscribe link is not valid.';

/**
 * /unsubscribe?token=: where an email's unsubscribe link lands, signed in or not. Following the
 * link is the one click (decision N2): the page turns the kind off at once and says which.
 */
export default function UnsubscribePage() {
  useDocumentTitle('Unsubscribe');
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
      <div className="notice notice-error" role="alert">
        {INVALID_LINK} Use the link at the bottom of one of our emails, or change your email settings after signing in.
      </div>
    );
  } else if (unsubscribe.isError) {
    // A refused link (400) stays refused; a network or server fault is worth another try.
    const lasting = unsubscribe.error instanceof ApiError && unsubscribe.error.status >= 400 && unsubscribe.error.status < 500;
    body = (
      <div className="notice notice-error" role="alert">
        <p>{unsubscribe.error.message}</p>
        {!lasting && (
          <button type="button" className="btn btn-outline btn-sm" onClick={() => unsubscribe.mutate(token)}>
            Try again
          </button>
        )}
      </div>
    );
  } else if (unsubscribe.isSuccess) {
    const { label, email } = unsubscribe.data;
    body = (
      <div className="notice notice-success unsubscribe-done" role="status">
        <p>
          <strong>You are unsubscribed.</strong> We will no longer email <span className="unsubscribe-email">{email}</span> about: <strong>{label}</strong>.
        </p>
        <p>Other emails and your in-app notifications stay as they were.</p>
      </div>
    );
  } else {
    body = (
      <p className="muted" role="status">
        Turning these emails off…
      </p>
    );
  }

  return (
    <main id="main" className="page container narrow unsubscribe-page">
      <header className="page-header">
        <p className="eyebrow">Email preferences</p>
        <h1>Unsubscribe</h1>
      </header>
      <div className="card stack">
        {body}
        <p className="muted">
          {unsubscribe.isSuccess ? 'Changed your mind? Sign in and turn it back on in your ' : 'You can also choose your emails after signing in, in your '}
          <Link to={NOTIFICATION_PATHS.settings}>notification settings</Link>.
        </p>
      </div>
    </main>
  );
}
