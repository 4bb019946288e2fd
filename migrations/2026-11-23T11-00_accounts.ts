import { sql, type Kysely } from 'kysely';

/**
 * Accounts hardening (decisions A8-A10): emailed codes get a purpose (registration or password
 * reset) and serve agents too; a session remembers whether "Remember me" was ticked (its idle
 * limit depends on it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('verification_codes')
    .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('register').check(sql`purpose in ('register', 'reset')`))
    .execute();
  await db.schema.dropIndex('verification_codes_email_role_idx').execute();
  await db.schema.createIndex('verification_codes_email_role_purpose_idx').on('verification_codes').columns(['email', 'role', 'purpose', 'created_at']).execute();

  // Sessions started before this migration were all "remembered" (30 days).
  await db.schema.alterTable('sessions').addColumn('remembered', 'boolean', (c) => c.notNull().defaultTo(true)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('remembered').execute();
  await db.schema.dropIndex('verification_codes_email_role_purpose_idx').execute();
  await db.schema.createIndex('verification_codes_email_role_idx').on('verification_codes').columns(['email', 'role', 'created_at']).execute();
  await db.schema.alterTable('verification_codes').dropColumn('purpose').execute();
}
