import type { AthleteProfileUpdate, CoachProfileUpdate, CoachRequestInput } from '@app/domain';
import { sql, type RawBuilder } from 'kysely';

/**
 * The one home of SQL that reads the profile JSON (athletes.profile, coaches.profile) and a
 * request's JSON (coach_requests.data) by path: a key is spelled here or passed as a typed key.
 */

/** Keys of a stored athlete profile: the profile form's fields plus what the server adds. */
export type AthleteProfileKey = keyof AthleteProfileUpdate | 'profilePhotoUrl' | 'leagueLevelLabel' | 'videoUrl';
/** The coach's profile fields plus the registration's locked ones (programName, schoolSize, programRegion) and the logo. */
export type CoachProfileKey = keyof CoachProfileUpdate | 'programName' | 'schoolSize' | 'programRegion' | 'universityLogoUrl';

const field = (alias: string, key: string) => sql`${sql.ref(`${alias}.profile`)}->>${sql.lit(key)}`;

/** `alias.profile->>'key'` of an athlete (text, null when absent). */
export const athleteText = (key: AthleteProfileKey, alias = 'a') => field(alias, key) as RawBuilder<string | null>;
/** `alias.profile->'key'` of an athlete (the JSON value). */
export const athleteJson = (key: AthleteProfileKey, alias = 'a') => sql<unknown>`${sql.ref(`${alias}.profile`)}->${sql.lit(key)}`;
/** `alias.profile->>'key'` of a coach. */
export const coachText = (key: CoachProfileKey, alias = 'c') => field(alias, key) as RawBuilder<string | null>;
/** `alias.data->'key'` of a coach request (coach_requests.data, the JSON value). */
export const requestJson = <T = unknown>(key: keyof CoachRequestInput, alias = 'r') => sql<T>`${sql.ref(`${alias}.data`)}->${sql.lit(key)}`;

/**
 * The athlete's GPA when valid, else null: the scorer's rule (domain `validGpa`: a number, or a
 * numeric string, within GPA_MIN..GPA_MAX), so a list filter or a card never disagrees with the
 * score. Stored by Postgres as athletes.gpa, a column generated from the profile (migration
 * 2026-11-29T12-00 spells the rule), which the request jobs' prefilter finds through its indexes.
 */
export const athleteGpa = (alias = 'a'): RawBuilder<number | null> => sql`${sql.ref(`${alias}.gpa`)}`;

/** Whether the athlete has a highlight video (either video field filled). */
export const athleteHasVideo = (alias = 'a') =>
  sql<boolean>`(coalesce(nullif(btrim(${athleteText('highlightVideoUrl', alias)}), ''), nullif(btrim(${athleteText('videoUrl', alias)}), '')) is not null)`;

/** The athlete's nationality as lists show and filter it: trimmed, null when blank (filters compare it in lower case). */
export const athleteNationality = (alias = 'a') => sql<string | null>`nullif(btrim(${athleteText('nationality', alias)}), '')`;
