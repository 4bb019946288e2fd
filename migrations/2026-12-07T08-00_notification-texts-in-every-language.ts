import { sql, type Kysely } from 'kysely';

/**
 * An in-app notification's title and body in every language of the app (issue 19), beside the
 * ones written in its recipient's language when it was created: `{ "en": { "title", "body" },
 * "es": { … } }`. The list shows the texts of the reader's language now, so an athlete who
 * switches to Spanish reads the shares they had in English in Spanish too. Rows written before
 * this have none and keep showing `title` and `body`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table notifications add column texts jsonb`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table notifications drop column if exists texts`.execute(db);
}
