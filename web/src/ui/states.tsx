import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './widgets.css';

/** Loading placeholder of a page: a few skeleton lines plus a text for screen readers. */
export function PageLoading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="page-loading" aria-busy="true" role="status">
      <span className="sr-only">{label ?? t('states.loading')}</span>
      <div className="skeleton" style={{ height: 28, width: '40%' }} />
      <div className="skeleton" style={{ height: 16, width: '70%' }} />
      <div className="skeleton" style={{ height: 120 }} />
      <div className="skeleton" style={{ height: 120 }} />
    </div>
  );
}

/** A refusal or failure the user must read: announced at once (role="alert"), in the error colours. */
export function ErrorNotice({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={className ? `notice notice-error ${className}` : 'notice notice-error'} role="alert">
      {children}
    </div>
  );
}

/** A page (or section) that could not load: the page's own title, the error message, a retry. */
export function LoadError({ title, message, onRetry, children }: { title: string; message?: string; onRetry?: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ErrorNotice className="load-error">
      <strong>{title}</strong>
      {message && message !== title && <p>{message}</p>}
      {children}
      {onRetry && (
        <button type="button" className="btn btn-outline btn-sm" onClick={onRetry}>
          {t('states.tryAgain')}
        </button>
      )}
    </ErrorNotice>
  );
}

/** Nothing to show yet, said plainly, with an optional next step. */
export function EmptyState({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <p className="empty-state-title">{title}</p>
      {children}
    </div>
  );
}
