import type { Processors } from '../queue/queue.ts';
import { contactNotificationProcessor } from './contact-notification.ts';
import type { WorkerDeps } from './deps.ts';
import { notifyEventProcessor } from '../notifications/processor.ts';
import { CONTACT_NOTIFICATION_JOB, INDEX_ATHLETE_JOB, INDEX_REQUEST_JOB, NOTIFY_EVENT_JOB } from '../queue/queue.ts';
import { indexAthleteProcessor, indexRequestProcessor } from './index-jobs.ts';

/** Every job the platform runs, by name. The BullMQ worker and the inline queue share it. */
export function createProcessors(deps: WorkerDeps): Processors {
  return {
    [CONTACT_NOTIFICATION_JOB]: contactNotificationProcessor(deps),
    [INDEX_ATHLETE_JOB]: indexAthleteProcessor(deps),
    [INDEX_REQUEST_JOB]: indexRequestProcessor(deps),
    [NOTIFY_EVENT_JOB]: notifyEventProcessor(deps),
  };
}

export { indexAthlete, indexRequest } from './index-jobs.ts';
export { rebuildMatchIndex, type RebuildResult } from './index-rebuild.ts';
export type { WorkerDeps };
