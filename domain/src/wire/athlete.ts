// Athletes as the API answers them: the athlete's own profile, and a completed athlete as a coach reads it.
import { z } from 'zod';
import { SCHOOL_SIZE_PREFERENCES } from '../reference.ts';
import { timestampFields } from './common.ts';

export const externalLinkSchema = z.object({ platform: z.string(), url: z.string() });

/**
 * The profile's own fields that the athlete's view and the coach's view both give as stored
 * (absent: not filled in).
 */
const athleteDetailFields = {
  age: z.number().optional(),
  phone: z.string().optional(),
  nationality: z.string().optional(),
  gender: z.string().optional(),
  englishLevel: z.string().optional(),
  gradingScale: z.string().optional(),
  academicStanding: z.number().optional(),
  gpa: z.number().optional(),
  satScore: z.number().optional(),
  toeflScore: z.number().optional(),
  primaryPosition: z.string().optional(),
  secondaryPosition: z.string().optional(),
  leagueLevelLabel: z.string().optional(),
  heightCm: z.number().optional(),
  heightFeet: z.number().optional(),
  heightInches: z.number().optional(),
  weightKg: z.number().optional(),
  weightLbs: z.number().optional(),
  goalsAssistsLastSeason: z.number().optional(),
  highlightVideoUrl: z.string().optional(),
  /** Absent until the athlete picks one (decision S15). */
  estimatedBudget: z.number().optional(),
};

/** The profile's lists: always given to the coach (empty when not filled in), absent from the athlete's view until saved. */
const athleteLists = z.object({
  intendedMajors: z.array(z.string()),
  targetStartTerms: z.array(z.string()),
  preferredUsRegions: z.array(z.string()),
  playerExtras: z.array(z.string()),
  externalLinks: z.array(externalLinkSchema),
});

/**
 * GET /api/athlete/dashboard and PUT /api/athlete/profile (spec section 3): every saved field,
 * plus what the server owns (id, email, completion, dates, photo path, agency).
 */
export const athleteProfileViewSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    fullName: z.string(),
    ...athleteDetailFields,
    ...athleteLists.partial().shape,
    leagueLevel: z.string().optional(),
    /** A budget of 0 nobody chose was reset to "not set": the dashboard asks once (decision S15). */
    budgetUnconfirmed: z.boolean().optional(),
    agency: z.string().nullable(),
    schoolSizePreference: z.string().optional(),
    isTransfer: z.boolean().optional(),
    autoAcceptMatches: z.boolean().optional(),
    profilePhotoUrl: z.string().nullable(),
    profileCompleted: z.boolean(),
    ...timestampFields,
  })
  .meta({ id: 'AthleteProfile' });
export type AthleteProfile = z.infer<typeof athleteProfileViewSchema>;

/**
 * GET /api/coach/athletes/{id}: a completed athlete as the coach screens read it, after the spec's
 * cleaning (section 5, `cleanAthleteForCoach`). Absent means unknown.
 */
export const coachAthleteSchema = z
  .object({
    id: z.string(),
    displayName: z.string(),
    fullName: z.string().optional(),
    email: z.string().optional(),
    ...athleteDetailFields,
    ...athleteLists.shape,
    agency: z.string().optional(),
    /** 1..8 (the coach view's reading); a stored league value resolves to its score 1..5. */
    leagueLevel: z.number().optional(),
    profilePhotoUrl: z.string().optional(),
    statsUrl: z.string().optional(),
    estimatedBudgetLabel: z.string().optional(),
    createdAt: z.string().optional(),
    updatedAt: z.string().optional(),
    schoolSizePreference: z.enum(SCHOOL_SIZE_PREFERENCES),
    isTransfer: z.boolean(),
    profileCompleted: z.boolean(),
    hasVideo: z.boolean(),
    hasStats: z.boolean(),
    highlights: z.array(z.string()),
  })
  .meta({ id: 'CoachAthlete' });
export type CoachAthlete = z.infer<typeof coachAthleteSchema>;
