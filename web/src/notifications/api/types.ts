/** The notifications wire contract lives in the domain (decisions N1-N3); the SPA reads it from there. */
export type { NotificationItem, NotificationKind, NotificationList as NotificationsPage, NotificationSettings, UnsubscribeInfo } from '@app/domain';
