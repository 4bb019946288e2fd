import { coachProfileFields, type DashboardMatch, type MatchStatus } from '@app/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
import { executePrepared } from '../db/prepared.ts';
import type { Coach, Database } from '../db/schema.ts';
import { deleteReplacedImage, storeImage, type ImageUpload } from './images.ts';
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

/**
 * The coach's shared matches for the dashboard: exact counts per status and the `limit` most
 * recently changed. Matches of deleted requests leave with their request; a player restored to
 * the pool before ever being shared has no match to review (M7). A match's coach is its request's:
 * naming the coach on the requests too lets Postgres read the coach's few requests by their index
 * instead of hashing every request, and both statements are prepared (the benchmark's coach, 120
 * matches: 2.0 -> 0.75 ms of Postgres and 1.65 -> 1.14 ms of API CPU per dashboard, 2026-12-04).
 */
export async function coachDashboardMatches(
  db: Db,
  coachId: string,
  limit: number,
): Promise<{ counts: Record<MatchStatus, number>; matches: CoachDashboardMatch[] }> {
  const [counts, rows] = await Promise.all([
    executePrepared(
      db,
      db
        .selectFrom('matches as m')
        .innerJoin('coach_requests as r', 'r.id', 'm.request_id')
        .select(['m.status', (eb) => eb.fn.countAll<string>().as('n')])
        .where('m.coach_id', '=', coachId)
        .where('r.coach_id', '=', coachId)
        .where('r.deleted_at', 'is', null)
        .groupBy('m.status'),
    ),
    executePrepared(
      db,
      db
        .selectFrom('matches as m')
        .innerJoin('athletes as a', 'a.id', 'm.athlete_id')
        .innerJoin('coach_requests as r', 'r.id', 'm.request_id')
        .select([
          'm.id',
          'm.status',
          'm.auto_resolved',
          'm.updated_at',
          'm.request_id',
          'a.id as athlete_id',
          'a.full_name',
          'a.primary_position',
          athleteText('profilePhotoUrl').as('photo'),
          sql<string | null>`r.data->'positions'->>0`.as('request_position'),
        ])
        .where('m.coach_id', '=', coachId)
        .where('r.coach_id', '=', coachId)
        .where('r.deleted_at', 'is', null)
        .where('m.status', 'is not', null)
        .$narrowType<{ status: MatchStatus }>()
        .orderBy('m.updated_at', 'desc')
        .limit(limit),
    ),
  ]);
  const count = (status: MatchStatus) => Number(counts.find((c) => c.status === status)?.n ?? 0);
  return {
    counts: { accepted: count('accepted'), pending: count('pending'), declined: count('declined') },
    matches: rows.map((r) => ({
      id: r.id,
      status: r.status,
      autoResolved: r.auto_resolved,
      updatedAt: new Date(r.updated_at).toISOString(),
      requestId: r.request_id,
      requestPosition: r.request_position,
      athlete: { id: r.athlete_id, fullName: r.full_name, primaryPosition: r.primary_position, profilePhotoUrl: r.photo },
    })),
  };
}
