import { sql, type Kysely } from 'kysely';

/**
 * The language an account chose (issue 19): 'en' or 'es', or null while the person never chose
 * one (the browser's language is used then, and for mail the language they registered in).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column language text check (language in ('en', 'es'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop column if exists language`.execute(db);
}
