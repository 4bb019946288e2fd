import { useTranslation } from 'react-i18next';
import { useId } from 'react';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';
import { NotificationList } from './NotificationList.tsx';
import './notifications.css';

/** /notifications: the whole list on a page of its own (where emails and phones land). */
export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  useDocumentTitle(t('list.heading'));
  const headingId = useId();
  return (
    <main id="main" className="page container narrow notifications-page" aria-labelledby={headingId}>
      <div className="card">
        <NotificationList headingId={headingId} headingLevel={1} />
      </div>
    </main>
  );
}
