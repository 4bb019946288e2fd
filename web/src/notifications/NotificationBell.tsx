import { i18n } from '../i18n/index.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useSession } from '../auth/api.ts';
import { unreadOf, useNotifications } from './api/getNotifications.ts';
import { NotificationList } from './NotificationList.tsx';
import { useDismissable } from '../ui/useDismissable.ts';
import { useUnreadInTitle } from '../chrome/useDocumentTitle.ts';
import './notifications.css';

/** 'Notifications', 'Notifications, 1 unread', 'Notifications, 3 unread'. */
export function bellLabel(unread: number): string {
  return unread > 0 ? i18n.t('notifications:bell.labelUnread', { count: unread }) : i18n.t('notifications:bell.label');
}

/**
 * The bell of the top bar (signed in only): the unread count, and a panel with the list (a
 * full-width sheet on phones). Escape or a click outside closes it; focus goes back to the bell.
 */
export function NotificationBell() {
  const session = useSession();
  const signedIn = Boolean(session.data);
  const notifications = useNotifications({ enabled: signedIn });
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.key]);
  useDismissable(open, setOpen, rootRef, () => buttonRef.current);

  const unread = unreadOf(notifications.data);
  useUnreadInTitle(signedIn ? unread : 0);
  const newest = notifications.data?.pages[0]?.items[0];
  // Screen readers hear when the count rises while the page is open (not on the first load).
  const [announcement, setAnnouncement] = useState('');
  const previousUnread = useRef<number | null>(null);
  useEffect(() => {
    if (!notifications.data) return;
    if (previousUnread.current !== null && unread > previousUnread.current && newest && !newest.readAt)
      setAnnouncement(i18n.t('notifications:bell.newNotification', { title: newest.title }));
    previousUnread.current = unread;
  }, [notifications.data, unread, newest]);

  if (!signedIn) return null;
  const shown = unread > 99 ? '99+' : String(unread);

  return (
    <div className="notification-bell" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="bell-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={bellLabel(unread)}
        onClick={() => setOpen((o) => !o)}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M12 3a6 6 0 0 0-6 6v3.6l-1.7 2.9A1 1 0 0 0 5.2 17h13.6a1 1 0 0 0 .9-1.5L18 12.6V9a6 6 0 0 0-6-6Zm-2.5 15.5a2.5 2.5 0 0 0 5 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {unread > 0 && (
          <span className="bell-count" aria-hidden="true">
            {shown}
          </span>
        )}
      </button>
      <span className="sr-only" role="status">
        {announcement}
      </span>
      {open && (
        <div id={panelId} className="top-bar-panel notification-panel" role="region" aria-labelledby={headingId}>
          <NotificationList headingId={headingId} onNavigate={() => setOpen(false)} />
        </div>
      )}
    </div>
  );
}
