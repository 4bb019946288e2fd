import type { WorkerDeps } from './deps.ts';
import { PermanentJobError } from '../queue/queue.ts';

/** Mails the team a stored contact message. Idempotent enough: one mail per job id. */
export function contactNotificationProcessor({ db, mailer, config }: WorkerDeps) {
  return async (data: { entityId: string }) => {
    const row = await db.selectFrom('contact_messages').selectAll().where('id', '=', data.entityId).executeTakeFirst();
    if (!row) throw new PermanentJobError(`Contact message ${data.entityId} not found`);
    await mailer.send({
      to: config.CONTACT_INBOX,
      replyTo: row.email,
      subject: `[Contact] ${row.subject} — ${row.name}`,
      text: `From: ${row.name} <${row.email}>\nSubject: ${row.subject}\n\n${row.message}\n`,
    });
  };
}
