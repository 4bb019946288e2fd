import { isUuid } from '@app/domain';
import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.ts';
import { found, refusedWith, type Db, type StoreResult } from './result.ts';

/**
 * Private notes on athletes: one per author and athlete, read and written by their author only
 * (every function takes the author from the session). An author notes the athletes they can
 * open: a coach, completed athletes (decision A6); an agent, their agency's athletes. A note
 * outlives the athlete leaving that set (a profile back in progress, a move to another agency)
 * but is not shown until they are back in it. Either account's deletion removes it.
 */

/** Who writes notes, as the session names them. */
export interface NoteAuthor {
  id: string;
  role: 'coach' | 'agent';
}

export interface Note {
  body: string;
  updatedAt: Date;
}

/** Whether the athlete `a` is one the author can open (and so note). */
function opensAthlete(author: NoteAuthor) {
  return (eb: ExpressionBuilder<Database & { a: Database['athletes'] }, 'a'>): Expression<SqlBool> =>
    author.role === 'coach'
      ? eb('a.profile_completed', '=', true)
      : eb('a.agency', '=', eb.selectFrom('agents').select('agents.agency').where('agents.id', '=', author.id));
}

/** The author's note on the athlete, or null; 'not-found' when the athlete is not one they can open. */
export async function noteOn(db: Db, author: NoteAuthor, athleteId: string): Promise<StoreResult<Note | null>> {
  if (!isUuid(athleteId)) return refusedWith('not-found');
  const row = await db
    .selectFrom('athletes as a')
    .leftJoin('athlete_notes as n', (join) => join.onRef('n.athlete_id', '=', 'a.id').on('n.author_id', '=', author.id))
    .select(['n.body', 'n.updated_at'])
    .where('a.id', '=', athleteId)
    .where(opensAthlete(author))
    .executeTakeFirst();
  if (!row) return refusedWith('not-found');
  return found(row.body === null || row.updated_at === null ? null : { body: row.body, updatedAt: row.updated_at });
}

/**
 * Writes the author's note on the athlete (`body` undefined: removes it) in one statement, which
 * also checks the athlete is one they can open, so a change meanwhile cannot slip a note in.
 */
export async function saveNote(db: Db, author: NoteAuthor, athleteId: string, body: string | undefined): Promise<StoreResult<Note | null>> {
  if (!isUuid(athleteId)) return refusedWith('not-found');
  const opened = db.selectFrom('athletes as a').where('a.id', '=', athleteId).where(opensAthlete(author));
  if (body === undefined) {
    if (!(await opened.select('a.id').executeTakeFirst())) return refusedWith('not-found');
    await db.deleteFrom('athlete_notes').where('author_id', '=', author.id).where('athlete_id', '=', athleteId).execute();
    return found(null);
  }
  const row = await db
    .insertInto('athlete_notes')
    .columns(['author_id', 'athlete_id', 'body'])
    .expression(opened.select([sql<string>`${author.id}::uuid`.as('author_id'), 'a.id', sql<string>`${body}`.as('body')]))
    .onConflict((oc) => oc.columns(['author_id', 'athlete_id']).doUpdateSet({ body: (eb) => eb.ref('excluded.body'), updated_at: sql`now()` }))
    .returning(['body', 'updated_at'])
    .executeTakeFirst();
  return row ? found({ body: row.body, updatedAt: row.updated_at }) : refusedWith('not-found');
}

/** The author's notes on these athletes, by athlete id (the list export's "Your note" column). */
export async function notesOn(db: Db, authorId: string, athleteIds: readonly string[]): Promise<Map<string, string>> {
  if (athleteIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('athlete_notes')
    .select(['athlete_id', 'body'])
    .where('author_id', '=', authorId)
    .where('athlete_id', 'in', athleteIds)
    .execute();
  return new Map(rows.map((r) => [r.athlete_id, r.body]));
}

/** Every note the author wrote, with the athlete's name, oldest first (the author's data export). */
export async function notesBy(db: Db, authorId: string) {
  return db
    .selectFrom('athlete_notes as n')
    .innerJoin('athletes as a', 'a.id', 'n.athlete_id')
    .select(['n.athlete_id', 'a.full_name', 'n.body', 'n.created_at', 'n.updated_at'])
    .where('n.author_id', '=', authorId)
    .orderBy('n.created_at')
    .orderBy('n.athlete_id')
    .execute();
}

/** How much of each note the lists show (the whole note is a click away). */
const NOTE_EXCERPT_LENGTH = 200;
/** At most this many notes, the latest first, for the lists' "Your note" lines. */
const NOTE_LIST_LIMIT = 5000;

/** The author's notes on athletes they can open, as excerpts, the latest first (GET /coach/notes, /agent/notes). */
export async function noteExcerpts(db: Db, author: NoteAuthor) {
  return db
    .selectFrom('athlete_notes as n')
    .innerJoin('athletes as a', 'a.id', 'n.athlete_id')
    .select([
      'n.athlete_id',
      sql<string>`left(n.body, ${NOTE_EXCERPT_LENGTH})`.as('excerpt'),
      sql<boolean>`char_length(n.body) > ${NOTE_EXCERPT_LENGTH}`.as('truncated'),
      'n.updated_at',
    ])
    .where('n.author_id', '=', author.id)
    .where(opensAthlete(author))
    .orderBy('n.updated_at', 'desc')
    .orderBy('n.athlete_id')
    .limit(NOTE_LIST_LIMIT)
    .execute();
}
