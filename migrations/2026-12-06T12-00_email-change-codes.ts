import { sql, type Kysely } from 'kysely';

/** Emailed codes get a third purpose: a signed-in user proving a new email (PUT /account/email). */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table verification_codes drop constraint verification_codes_purpose_check`.execute(db);
  await sql`alter table verification_codes add constraint verification_codes_purpose_check check (purpose in ('register', 'reset', 'email-change'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from verification_codes where purpose = 'email-change'`.execute(db);
  await sql`alter table verification_codes drop constraint verification_codes_purpose_check`.execute(db);
  await sql`alter table verification_codes add constraint verification_codes_purpose_check check (purpose in ('register', 'reset'))`.execute(db);
}
