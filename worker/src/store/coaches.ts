import { coachProfileFields, type DashboardMatch, type MatchStatus } from '@app/domain';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { prepared } from '../db/prepared.ts';
import type { Coach, Database } from '../db/schema.ts';
import { deleteReplacedImage, storeImage, type ImageUpload } from './images.ts';
import type { LiveSessionRow } from './accounts.ts';
import { athleteText } from './profile-sql.ts';
import { found, refusedWith, type Db, type StoreResult } from './result.ts';

/**
 * Coach profiles (spec section 3, "Coach profile") and the coach dashboard's reading of their
 * matches. Nothing here is scored (requests are: requests.ts), so no version or outbox moves.
 */

/** The fields a coach edits (the images arrive as base64 + mime and are stored apart). */
const EDITABLE_KEYS = Object.keys(coachProfileFields).filter((k) => !/(Base64|Mime)$/.test(k));

export async function findCoach(db: Db, id: string): Promise<Coach | undefined> {
  return db.selectFrom('coaches').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The coach row of a new account (registration); the profile is stored as given. */
export async function insertCoach(
  trx: Transaction<Database>,
  coach: { id: string; email: string; firstName: string; lastName: string; profile: Record<string, unknown> },
): Promise<void> {
  await trx
    .insertInto('coaches')
    .values({ id: coach.id, email: coach.email, first_name: coach.firstName, last_name: coach.lastName, profile: JSON.stringify(coach.profile) })
    .execute();
}

/**
 * Replaces the editable fields (a field left out is cleared) and keeps the rest: the locked
 * university/program name, the account's email, and the photo and logo unless new ones come.
 */
export async function saveCoachProfile(
  db: Kysely<Database>,
  coachId: string,
  fields: Record<string, unknown> & { coachFirstName: string; coachLastName: string },
  images: { photo?: ImageUpload; logo?: ImageUpload } = {},
): Promise<StoreResult<Coach>> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('coaches').select(['profile']).where('id', '=', coachId).forUpdate().executeTakeFirst();
    if (!current) return refusedWith('not-found');
    const profile: Record<string, unknown> = { ...current.profile };
    for (const key of EDITABLE_KEYS) delete profile[key];
    Object.assign(profile, fields);
    if (images.photo) {
      await deleteReplacedImage(trx, profile.profilePhotoUrl, coachId);
      profile.profilePhotoUrl = await storeImage(trx, images.photo, coachId);
    }
    if (images.logo) {
      await deleteReplacedImage(trx, profile.universityLogoUrl, coachId);
      profile.universityLogoUrl = await storeImage(trx, images.logo, coachId);
    }
    const row = await trx
      .updateTable('coaches')
      .set({ profile: JSON.stringify(profile), first_name: fields.coachFirstName, last_name: fields.coachLastName, updated_at: sql<Date>`now()` })
      .where('id', '=', coachId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return found(row);
  });
}

/** A match on the coach dashboard: the domain's wire type. */
export type CoachDashboardMatch = DashboardMatch;

/** The coach dashboard's statement (coachDashboard): the session's row, its coach, their matches. */
export interface CoachDashboardRead extends LiveSessionRow {
  /** The session's coach; null for another role's session or a coach without a profile. */
  coach: Coach | null;
  /** Exact counts of the coach's shared matches per status. */
  counts: Record<MatchStatus, number>;
  /** The `limit` most recently changed, the latest first. */
  matches: CoachDashboardMatch[];
}

/** `time` as Date.prototype.toISOString writes it (milliseconds, truncated as a Date parsed by pg is, in UTC). */
const isoTime = (time: RawBuilder<unknown>) => sql<string>`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A dashboard match of `s` (shared, below) as its wire object (CoachDashboardMatch). */
const dashboardMatchJson = sql`json_build_object('id', s.id, 'status', s.status, 'autoResolved', s.auto_resolved, 'updatedAt', ${isoTime(sql`s.updated_at`)},
  'requestId', s.request_id, 'requestPosition', s.request_position,
  'athlete', json_build_object('id', s.athlete_id, 'fullName', s.full_name, 'primaryPosition', s.primary_position, 'profilePhotoUrl', s.photo))`;

/**
 * The coach dashboard in one statement: the session (`liveSession`, the API's liveSessionSql), its
 * coach, the exact counts of their shared matches per status, and the `limit` most recently changed
 * as their wire objects (JSON). Undefined without a live session. Matches of deleted requests
 * leave with their request; a player restored to the pool before ever being shared has no match to
 * review (M7). A match's coach is its request's: naming the coach on the requests too lets
 * Postgres read the coach's few requests by their index instead of hashing every request.
 * Read as four statements before (session, coach, counts, matches): for the benchmark's coach and
 * 120 matches, the round trips (socket writes above all) and parsing 120 rows (their dates) took
 * most of the API's CPU; alone at 10 connections, 1.13-1.34 -> 0.54 ms of API and 0.88-1.01 ->
 * 0.94 ms of Postgres CPU per dashboard (2026-12-05). The request's position is read with the
 * match (one join of the coach's few requests, not a second per listed match).
 */
export async function coachDashboard(db: Db, liveSession: RawBuilder<unknown>, limit: number): Promise<CoachDashboardRead | undefined> {
  const { rows } = await sql<
    LiveSessionRow & { [Column in keyof Coach]: Coach[Column] | null } & { counts: [number, number, number]; matches: CoachDashboardMatch[] }
  >`${prepared}
    with su as (${liveSession}),
    c as (select c.* from coaches c join su on c.id = su.session_user_id and su.session_role = 'coach'),
    live as (
      select m.id, m.status, m.auto_resolved, m.updated_at, m.request_id, m.athlete_id, r.data->'positions'->>0 as request_position
      from matches m join coach_requests r on r.id = m.request_id
      where m.coach_id = (select c.id from c) and r.coach_id = (select c.id from c) and r.deleted_at is null and m.status is not null),
    shared as (
      select l.*, a.full_name, a.primary_position, ${athleteText('profilePhotoUrl')} as photo
      from (select * from live order by updated_at desc, id limit ${limit}) l
      join athletes a on a.id = l.athlete_id)
    select su.*, c.*,
      (select array[count(*) filter (where l.status = 'accepted'), count(*) filter (where l.status = 'pending'),
                    count(*) filter (where l.status = 'declined')]::int[] from live l) as counts,
      (select coalesce(json_agg(${dashboardMatchJson} order by s.updated_at desc, s.id), '[]'::json) from shared s) as matches
    from su left join c on true`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  // The session's columns are named session_*, none of a coach's (c.*: null without the session's coach).
  const { session_user_id, session_role, session_email, session_stale, counts, matches, ...coach } = row;
  const [accepted, pending, declined] = counts;
  return {
    session_user_id,
    session_role,
    session_email,
    session_stale,
    coach: coach.id === null ? null : (coach as Coach),
    counts: { accepted, pending, declined },
    matches,
  };
}
