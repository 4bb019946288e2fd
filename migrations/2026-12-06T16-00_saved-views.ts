import { sql, type Kysely } from 'kysely';

/**
 * A coach's or an agent's saved list views (issue 18): a name and the list's address query
 * (domain/src/saved-views.ts keeps it canonical). One name per user, whatever its case; they go
 * with the account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('saved_views')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) between 1 and 60`))
    .addColumn('query', 'text', (c) => c.notNull().check(sql`char_length(query) between 1 and 2000`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index saved_views_user_name_idx on saved_views (user_id, lower(name))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('saved_views').ifExists().execute();
}
