import { sql, type Kysely } from 'kysely';

/**
 * A private note on an athlete, one per author and athlete: what a coach writes down after a call
 * or a game, what an agent keeps on their agency's player. Only its author reads it; it goes with
 * either account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('athlete_notes')
    .addColumn('author_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('athlete_id', 'uuid', (c) => c.notNull().references('athletes.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull().check(sql`char_length(body) between 1 and 2000`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('athlete_notes_pkey', ['author_id', 'athlete_id'])
    .execute();
  // An athlete's deletion removes the notes on them through this index, not a scan.
  await sql`create index athlete_notes_athlete_idx on athlete_notes (athlete_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('athlete_notes').ifExists().execute();
}
