import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { NOTIFY_EVENT_JOB, type JobQueue } from '../queue/queue.ts';

/** Emails older than this and still unsent get their job again; older than a day they are given up. */
export const UNDELIVERED_AFTER_MS = 2 * 60 * 1000;

/**
 * The safety net behind the notify job's own retries: an email still pending two minutes after
 * its event (SMTP was down longer than the job's backoff, or the job was lost), and top-15
 * entries waiting for a digest when none was sent today yet, get their event's job again. The job
 * is idempotent (in-app rows by their unique key, each email marked when sent), so a late
 * duplicate sends nothing twice; ids collapse within one sweep window across relays.
 */
export async function requeueUndeliveredEmails(db: Kysely<Database>, queue: JobQueue, window: number, limit = 500): Promise<number> {
  const { rows } = await sql<{ event_id: string }>`
    select distinct n.event_id
    from notifications n
    join notification_events e on e.id = n.event_id
    where n.email_status in ('pending', 'digest')
      and n.created_at <= now() - make_interval(secs => ${UNDELIVERED_AFTER_MS / 1000})
      and n.created_at > now() - interval '1 day'
      and (n.email_status = 'pending' or not exists (
        select 1 from notification_digests d
        where d.request_id = e.request_id and d.day = (now() at time zone 'utc')::date and d.sent_at is not null))
    limit ${limit}`.execute(db);
  if (rows.length === 0) return 0;
  await queue.addBulk(rows.map((r) => ({ name: NOTIFY_EVENT_JOB, data: { entityId: r.event_id }, jobId: `notification-${r.event_id}-sweep${window}` })));
  return rows.length;
}
