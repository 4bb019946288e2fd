import { isUuid } from '@app/domain';
import { sql } from 'kysely';
import { found, refusedWith, type Db, type StoreResult } from './result.ts';

/**
 * A coach's private notes on athletes: one per coach and athlete, read and written by that coach
 * only (every function takes the coach's id from the session). Notes are on completed athletes,
 * the ones a coach can open (decision A6); a note outlives a profile going back to incomplete but
 * is not shown until the profile is complete again. Either account's deletion removes it.
 */

export interface CoachNote {
  body: string;
  updatedAt: Date;
}

/** The coach's note on the athlete, or null; 'not-found' when the athlete is not one a coach can open. */
export async function coachNote(db: Db, coachId: string, athleteId: string): Promise<StoreResult<CoachNote | null>> {
  if (!isUuid(athleteId)) return refusedWith('not-found');
  const row = await db
    .selectFrom('athletes as a')
    .leftJoin('coach_athlete_notes as n', (join) => join.onRef('n.athlete_id', '=', 'a.id').on('n.coach_id', '=', coachId))
    .select(['n.body', 'n.updated_at'])
    .where('a.id', '=', athleteId)
    .where('a.profile_completed', '=', true)
    .executeTakeFirst();
  if (!row) return refusedWith('not-found');
  return found(row.body === null || row.updated_at === null ? null : { body: row.body, updatedAt: row.updated_at });
}

/**
 * Writes the coach's note on the athlete (`body` undefined: removes it) in one statement, which
 * also checks the athlete is a completed one, so a profile changing meanwhile cannot slip a note in.
 */
export async function saveCoachNote(db: Db, coachId: string, athleteId: string, body: string | undefined): Promise<StoreResult<CoachNote | null>> {
  if (!isUuid(athleteId)) return refusedWith('not-found');
  const completed = db.selectFrom('athletes').where('id', '=', athleteId).where('profile_completed', '=', true);
  if (body === undefined) {
    if (!(await completed.select('id').executeTakeFirst())) return refusedWith('not-found');
    await db.deleteFrom('coach_athlete_notes').where('coach_id', '=', coachId).where('athlete_id', '=', athleteId).execute();
    return found(null);
  }
  const row = await db
    .insertInto('coach_athlete_notes')
    .columns(['coach_id', 'athlete_id', 'body'])
    .expression(completed.select([sql<string>`${coachId}::uuid`.as('coach_id'), 'id', sql<string>`${body}`.as('body')]))
    .onConflict((oc) => oc.columns(['coach_id', 'athlete_id']).doUpdateSet({ body: (eb) => eb.ref('excluded.body'), updated_at: sql`now()` }))
    .returning(['body', 'updated_at'])
    .executeTakeFirst();
  return row ? found({ body: row.body, updatedAt: row.updated_at }) : refusedWith('not-found');
}

/** The coach's notes on these athletes, by athlete id (the list export's "Your note" column). */
export async function coachNotesOn(db: Db, coachId: string, athleteIds: readonly string[]): Promise<Map<string, string>> {
  if (athleteIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('coach_athlete_notes')
    .select(['athlete_id', 'body'])
    .where('coach_id', '=', coachId)
    .where('athlete_id', 'in', athleteIds)
    .execute();
  return new Map(rows.map((r) => [r.athlete_id, r.body]));
}

/** Every note the coach wrote, with the athlete's name, oldest first (the coach's data export). */
export async function coachNotesBy(db: Db, coachId: string) {
  return db
    .selectFrom('coach_athlete_notes as n')
    .innerJoin('athletes as a', 'a.id', 'n.athlete_id')
    .select(['n.athlete_id', 'a.full_name', 'n.body', 'n.created_at', 'n.updated_at'])
    .where('n.coach_id', '=', coachId)
    .orderBy('n.created_at')
    .orderBy('n.athlete_id')
    .execute();
}

/** How much of each note the coach's lists show (the whole note is on the athlete's page). */
export const NOTE_EXCERPT_LENGTH = 200;
/** At most this many notes, the latest first, for the lists' "Your note" lines. */
export const NOTE_LIST_LIMIT = 5000;

/** The coach's notes on completed athletes as excerpts, the latest first (GET /coach/notes). */
export async function coachNoteExcerpts(db: Db, coachId: string) {
  return db
    .selectFrom('coach_athlete_notes as n')
    .innerJoin('athletes as a', 'a.id', 'n.athlete_id')
    .select([
      'n.athlete_id',
      sql<string>`left(n.body, ${NOTE_EXCERPT_LENGTH})`.as('excerpt'),
      sql<boolean>`char_length(n.body) > ${NOTE_EXCERPT_LENGTH}`.as('truncated'),
      'n.updated_at',
    ])
    .where('n.coach_id', '=', coachId)
    .where('a.profile_completed', '=', true)
    .orderBy('n.updated_at', 'desc')
    .orderBy('n.athlete_id')
    .limit(NOTE_LIST_LIMIT)
    .execute();
}
