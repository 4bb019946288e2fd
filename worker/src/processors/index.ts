import type { Processors } from '../queue/queue.ts';
import { CONTACT_NOTIFICATION_JOB, contactNotificationProcessor } from './contact-notification.ts';
import type { WorkerDeps } from './deps.ts';

/** Every job the platform runs, by name. The BullMQ worker and the inline queue share it. */
export function createProcessors(deps: WorkerDeps): Processors {
  return {
    [CONTACT_NOTIFICATION_JOB]: contactNotificationProcessor(deps),
  };
}

export { CONTACT_NOTIFICATION_JOB };
export type { WorkerDeps };
