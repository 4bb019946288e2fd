import type { ContactMessage } from '@app/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { recordOutbox } from './outbox.ts';

/** Stores a contact-form message and, in the same transaction, the mail to send (its outbox row). */
export async function recordContactMessage(db: Kysely<Database>, message: ContactMessage): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('contact_messages').values(message).returning('id').executeTakeFirstOrThrow();
    await recordOutbox(trx, 'contact', row.id);
  });
}
