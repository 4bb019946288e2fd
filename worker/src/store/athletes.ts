import { isProfileComplete, isUuid } from '@app/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Athlete, AthletesTable, Database } from '../db/schema.ts';
import { deleteReplacedImage, storeImage, type ImageUpload } from './images.ts';
import { recordOutbox } from './outbox.ts';
import { found, refusedWith, type Db, type StoreResult } from './result.ts';

/** A stored athlete profile: the fields of the domain's athleteProfileSchema plus what the server adds (email, profilePhotoUrl). */
export type StoredAthleteProfile = Record<string, unknown> & {
  fullName?: string;
  agency?: string;
  gender?: string;
  age?: number;
  isTransfer?: boolean;
  primaryPosition?: string;
  secondaryPosition?: string;
  autoAcceptMatches?: boolean;
};

/**
 * The athletes-table columns that follow from a stored profile: the profile itself, completion
 * (decision P2) and the indexed columns the matcher filters on. One home for this mapping:
 * saveAthleteProfile, registration and the seed all write athletes through it.
 * `full_name` is undefined when the profile has no name (Kysely leaves the column unchanged).
 */
export function athleteColumnsFromProfile(profile: StoredAthleteProfile) {
  return {
    profile: JSON.stringify(profile),
    profile_completed: isProfileComplete(profile),
    full_name: profile.fullName,
    agency: profile.agency ?? null,
    gender: profile.gender ?? null,
    age: profile.age ?? null,
    is_transfer: profile.isTransfer === true,
    primary_position: profile.primaryPosition ?? null,
    secondary_position: profile.secondaryPosition ?? null,
    auto_accept_matches: profile.autoAcceptMatches === true,
  } satisfies Partial<Record<keyof AthletesTable, unknown>>;
}

/** An athlete's row, or undefined. */
export async function findAthlete(db: Db, id: string): Promise<Athlete | undefined> {
  return db.selectFrom('athletes').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A completed athlete's row (what coaches may open), or undefined. */
export async function findCompletedAthlete(db: Db, id: string): Promise<Athlete | undefined> {
  if (!isUuid(id)) return undefined;
  return db.selectFrom('athletes').selectAll().where('id', '=', id).where('profile_completed', '=', true).executeTakeFirst();
}

/**
 * An athlete of the agent's agency (what an agent may open, decision A6: complete or not), or
 * undefined: one statement, so the agent's agency is read with the athlete.
 */
export async function findAgencyAthlete(db: Db, agentId: string, id: string): Promise<Athlete | undefined> {
  if (!isUuid(id)) return undefined;
  return db
    .selectFrom('athletes as a')
    .selectAll('a')
    .where('a.id', '=', id)
    .where('a.agency', '=', (eb) => eb.selectFrom('agents').select('agents.agency').where('agents.id', '=', agentId))
    .executeTakeFirst();
}

/** The athlete row of a new account (registration): not complete, so nothing is scored yet. */
export async function insertAthlete(
  trx: Transaction<Database>,
  athlete: { id: string; email: string; fullName: string; profile: StoredAthleteProfile },
): Promise<void> {
  await trx
    .insertInto('athletes')
    .values({ id: athlete.id, email: athlete.email, ...athleteColumnsFromProfile(athlete.profile), full_name: athlete.fullName })
    .execute();
}

/**
 * Replaces the athlete's profile with `fields` (a field left out is cleared), keeping what the
 * server owns: the email and, unless `photo` is a new upload, the photo. Completion (P2) and the
 * indexed columns follow from the profile; the version moves and the change is recorded for
 * rescoring, all in one transaction.
 */
export async function saveAthleteProfile(
  db: Kysely<Database>,
  athleteId: string,
  fields: Record<string, unknown>,
  photo?: ImageUpload,
): Promise<StoreResult<Athlete>> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('athletes').select(['email', 'full_name', 'profile']).where('id', '=', athleteId).forUpdate().executeTakeFirst();
    if (!current) return refusedWith('not-found');
    const previousPhoto = current.profile.profilePhotoUrl;

    let profilePhotoUrl = typeof previousPhoto === 'string' ? previousPhoto : undefined;
    if (photo) {
      profilePhotoUrl = await storeImage(trx, photo, athleteId);
      await deleteReplacedImage(trx, previousPhoto, athleteId);
    }

    // JSON drops the undefined (cleared) fields.
    const profile = JSON.parse(JSON.stringify({ ...fields, email: current.email, profilePhotoUrl })) as StoredAthleteProfile;
    const columns = athleteColumnsFromProfile(profile);
    const row = await trx
      .updateTable('athletes')
      .set({ ...columns, full_name: columns.full_name ?? current.full_name, version: sql<string>`version + 1`, updated_at: sql<Date>`now()` })
      .where('id', '=', athleteId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordOutbox(trx, 'athlete', athleteId, row.version);
    return found(row);
  });
}

/**
 * Drops the one-time budget prompt's marker (decision S15). The marker plays no part in scoring,
 * so neither the version nor the outbox moves. False when there is no such athlete.
 */
export async function dismissBudgetPrompt(db: Db, athleteId: string): Promise<boolean> {
  const row = await db
    .updateTable('athletes')
    .set({ profile: sql`profile - 'budgetUnconfirmed'` })
    .where('id', '=', athleteId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
