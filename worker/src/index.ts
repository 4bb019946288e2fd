export * from './config.ts';
export * from './db/schema.ts';
export * from './db/connect.ts';
export * from './db/prepared.ts';
export * from './db/migrate.ts';
export * from './logger.ts';
export * from './mail.ts';
export * from './queue/queue.ts';
export * from './queue/inline-queue.ts';
export * from './queue/bullmq-queue.ts';
export * from './processors/index.ts';
export * from './services.ts';
export * from './store/outbox.ts';
export {
  matchNotificationKind,
  notificationItem,
  recordMatchNotification,
  recordNotificationEvent,
  unreadCount,
  type NotificationEventInput,
} from './store/notifications.ts';
export * from './notifications/live.ts';
export * from './notifications/tokens.ts';
export { productName, publicOrigin } from './notifications/processor.ts';
export { requeueUndeliveredEmails } from './notifications/sweep.ts';
export { recordTop15Entries } from './notifications/top15.ts';
export * from './mail-texts.ts';
