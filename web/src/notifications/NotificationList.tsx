import { NOTIFICATION_PATHS } from '@app/domain';
import { Link } from 'react-router-dom';
import { formatMoment } from '../ui/format.ts';
import { EmptyState, LoadError } from '../ui/states.tsx';
import { useToast } from '../ui/toast.tsx';
import { unreadOf, useNotifications } from './api/getNotifications.ts';
import { useMarkNotificationsRead } from './api/markNotificationsRead.ts';
import type { NotificationItem } from './api/types.ts';

export const NOTIFICATIONS_LOAD_ERROR = 'We couldn’t load your notifications.';
export const NO_NOTIFICATIONS = 'You’re all caught up.';

/**
 * The notifications, newest first: each links to the screen that acts on it and is marked read
 * when opened; 'Mark all read' and 'Load more' (older ones, via ?before=). Used by the bell's
 * panel and by the /notifications page. `onNavigate` closes the panel when a link is followed.
 */
export function NotificationList({ headingId, headingLevel = 2, onNavigate }: { headingId: string; headingLevel?: 1 | 2; onNavigate?: () => void }) {
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
        Loading notifications…
      </p>
    );
  } else if (notifications.isError) {
    body = <LoadError title={NOTIFICATIONS_LOAD_ERROR} message={notifications.error.message} onRetry={() => void notifications.refetch()} />;
  } else {
    const items = notifications.data.pages.flatMap((page) => page.items);
    body =
      items.length === 0 ? (
        <EmptyState title={NO_NOTIFICATIONS}>
          <p className="muted">When a coach shares a match, an athlete answers or someone writes to you, it shows up here.</p>
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
                        <span className="sr-only">Unread: </span>
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
            <button type="button" className="btn btn-ghost btn-sm notification-more" onClick={() => void notifications.fetchNextPage()} disabled={notifications.isFetchingNextPage}>
              {notifications.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </button>
          )}
          {notifications.isFetchNextPageError && (
            <p className="field-error" role="alert">
              {NOTIFICATIONS_LOAD_ERROR} Try “Load more” again.
            </p>
          )}
        </>
      );
  }

  return (
    <div className="notification-center">
      <div className="notification-head">
        <Heading id={headingId} className="notification-heading">
          Notifications {unread > 0 && <span className="count">({unread} unread)</span>}
        </Heading>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => markRead.mutate({ all: true }, { onError: (error) => toast.error(error.message) })}
          disabled={unread === 0 || markRead.isPending}
        >
          Mark all read
        </button>
      </div>
      {body}
      <p className="notification-foot">
        <Link to={NOTIFICATION_PATHS.settings} onClick={onNavigate}>
          Email settings
        </Link>
      </p>
    </div>
  );
}
