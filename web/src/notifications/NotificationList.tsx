import { useTranslation } from 'react-i18next';
import { NOTIFICATION_PATHS } from '@app/domain';
import { Link } from 'react-router-dom';
import { formatMoment } from '../ui/format.ts';
import { EmptyState, LoadError } from '../ui/states.tsx';
import { useToast } from '../ui/toast.tsx';
import { unreadOf, useNotifications } from './api/getNotifications.ts';
import { useMarkNotificationsRead } from './api/markNotificationsRead.ts';
import type { NotificationItem } from './api/types.ts';

/** Keys of the `notifications` catalog. */
export const NOTIFICATIONS_LOAD_ERROR = 'list.loadError';
export const NO_NOTIFICATIONS = 'list.empty';

/**
 * The notifications, newest first: each links to the screen that acts on it and is marked read
 * when opened; 'Mark all read' and 'Load more' (older ones, via ?before=). Used by the bell's
 * panel and by the /notifications page. `onNavigate` closes the panel when a link is followed.
 */
export function NotificationList({ headingId, headingLevel = 2, onNavigate }: { headingId: string; headingLevel?: 1 | 2; onNavigate?: () => void }) {
  const { t } = useTranslation('notifications');
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const toast = useToast();
  const unread = unreadOf(notifications.data);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  const open = (item: NotificationItem) => {
    if (!item.readAt) markRead.mutate({ ids: [item.id] }, { onError: (error) => toast.error(error.message) });
    onNavigate?.();
  };

  let body;
  if (notifications.isPending) {
    body = (
      <p className="muted notification-status" role="status">
        {t('list.loading')}
      </p>
    );
  } else if (notifications.isError) {
    body = <LoadError title={t(NOTIFICATIONS_LOAD_ERROR)} message={notifications.error.message} onRetry={() => void notifications.refetch()} />;
  } else {
    const items = notifications.data.pages.flatMap((page) => page.items);
    body =
      items.length === 0 ? (
        <EmptyState title={t(NO_NOTIFICATIONS)}>
          <p className="muted">{t('list.emptyText')}</p>
        </EmptyState>
      ) : (
        <>
          <ul className="notification-list" role="list">
            {items.map((item) => (
              <li key={item.id} className={item.readAt ? 'notification' : 'notification is-unread'}>
                <Link to={item.link} className="notification-link" onClick={() => open(item)}>
                  <span className="notification-title">
                    {!item.readAt && (
                      <span className="unread-dot">
                        <span className="sr-only">{t('list.unreadPrefix')} </span>
                      </span>
                    )}
                    {item.title}
                  </span>
                  <span className="notification-body">{item.body}</span>
                  <time className="notification-time" dateTime={item.createdAt}>
                    {formatMoment(item.createdAt)}
                  </time>
                </Link>
              </li>
            ))}
          </ul>
          {notifications.hasNextPage && (
            <button
              type="button"
              className="btn btn-ghost btn-sm notification-more"
              onClick={() => void notifications.fetchNextPage()}
              disabled={notifications.isFetchingNextPage}
            >
              {notifications.isFetchingNextPage ? t('common:states.loading') : t('list.loadMore')}
            </button>
          )}
          {notifications.isFetchNextPageError && (
            <p className="field-error" role="alert">
              {t(NOTIFICATIONS_LOAD_ERROR)} {t('list.tryLoadMore')}
            </p>
          )}
        </>
      );
  }

  return (
    <div className="notification-center">
      <div className="notification-head">
        <Heading id={headingId} className="notification-heading">
          {t('list.heading')} {unread > 0 && <span className="count">{t('list.unreadCount', { count: unread })}</span>}
        </Heading>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => markRead.mutate({ all: true }, { onError: (error) => toast.error(error.message) })}
          disabled={unread === 0 || markRead.isPending}
        >
          {t('list.markAllRead')}
        </button>
      </div>
      {body}
      <p className="notification-foot">
        <Link to={NOTIFICATION_PATHS.settings} onClick={onNavigate}>
          {t('list.emailSettings')}
        </Link>
      </p>
    </div>
  );
}
