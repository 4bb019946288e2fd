import { sql, type Kysely } from 'kysely';

/**
 * A coach's private note on an athlete (one per coach and athlete): what a recruiter writes down
 * after a call or a game. Only its coach reads it; it goes with either account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('coach_athlete_notes')
    .addColumn('coach_id', 'uuid', (c) => c.notNull().references('coaches.id').onDelete('cascade'))
    .addColumn('athlete_id', 'uuid', (c) => c.notNull().references('athletes.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull().check(sql`char_length(body) between 1 and 2000`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('coach_athlete_notes_pkey', ['coach_id', 'athlete_id'])
    .execute();
  // An athlete's deletion removes the notes on them through this index, not a scan.
  await sql`create index coach_athlete_notes_athlete_idx on coach_athlete_notes (athlete_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('coach_athlete_notes').ifExists().execute();
}
