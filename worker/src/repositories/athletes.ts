import { isProfileComplete } from '@app/domain';
import type { AthletesTable } from '../db/schema.ts';

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
 * PUT /athlete/profile and the seed both write athletes through it.
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
