import { sql, type Kysely } from 'kysely';

/**
 * An 'email-change' code belongs to the signed-in user who asked for it: two users moving to one
 * address no longer void each other's codes, check against each other's newest code, or share
 * the 60-second resend wait (which told one that the other was moving there). Registration and
 * reset codes have no user. The existing email-change codes (10-minute, unscoped) are dropped:
 * their users ask again. A user's codes go with the user.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`delete from verification_codes where purpose = 'email-change'`.execute(db);
  await sql`alter table verification_codes add column user_id uuid references users (id) on delete cascade`.execute(db);
  await sql`alter table verification_codes add constraint verification_codes_user_check check ((user_id is not null) = (purpose = 'email-change'))`.execute(db);
  // For the cascade of an account deletion.
  await sql`create index verification_codes_user_idx on verification_codes (user_id) where user_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table verification_codes drop column user_id`.execute(db);
}
