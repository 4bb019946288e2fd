import type { Processors } from '../queue/queue.ts';
import { CONTACT_NOTIFICATION_JOB, contactNotificationProcessor } from './contact-notification.ts';
import type { WorkerDeps } from './deps.ts';
import { NOTIFY_EVENT_JOB, notifyEventProcessor } from '../notifications/processor.ts';
import { INDEX_ATHLETE_JOB, INDEX_REQUEST_JOB, indexAthleteProcessor, indexRequestProcessor } from './index-jobs.ts';

/** Every job the platform runs, by name. The BullMQ worker and the inline queue share it. */
export function createProcessors(deps: WorkerDeps): Processors {
  return {
    [CONTACT_NOTIFICATION_JOB]: contactNotificationProcessor(deps),
    [INDEX_ATHLETE_JOB]: indexAthleteProcessor(deps),
    [INDEX_REQUEST_JOB]: indexRequestProcessor(deps),
    [NOTIFY_EVENT_JOB]: notifyEventProcessor(deps),
  };
}

export { CONTACT_NOTIFICATION_JOB };
export { INDEX_ATHLETE_JOB, INDEX_REQUEST_JOB, indexAthlete, indexRequest } from './index-jobs.ts';
export { rebuildMatchIndex, type RebuildResult } from './index-rebuild.ts';
export type { WorkerDeps };
