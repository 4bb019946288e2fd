// Athletes as the API answers them: the athlete's own profile, and a completed athlete as a coach reads it.
import { z } from 'zod';
import { SCHOOL_SIZE_PREFERENCES } from '../reference.ts';
import { isoDateTime } from './common.ts';

export const externalLinkSchema = z.object({ platform: z.string(), url: z.string() });

/**
 * GET /api/athlete/dashboard and PUT /api/athlete/profile (spec section 3): every saved field,
 * plus what the server owns (id, email, completion, dates, photo path, agency).
 */
export const athleteProfileViewSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    fullName: z.string(),
    age: z.number().optional(),
    phone: z.string().optional(),
    nationality: z.string().optional(),
    gender: z.string().optional(),
    englishLevel: z.string().optional(),
    gradingScale: z.string().optional(),
    academicStanding: z.number().optional(),
    gpa: z.number().optional(),
    intendedMajors: z.array(z.string()).optional(),
    satScore: z.number().optional(),
    toeflScore: z.number().optional(),
    targetStartTerms: z.array(z.string()).optional(),
    primaryPosition: z.string().optional(),
    secondaryPosition: z.string().optional(),
    leagueLevel: z.string().optional(),
    leagueLevelLabel: z.string().optional(),
    heightCm: z.number().optional(),
    heightFeet: z.number().optional(),
    heightInches: z.number().optional(),
    weightKg: z.number().optional(),
    weightLbs: z.number().optional(),
    goalsAssistsLastSeason: z.number().optional(),
    playerExtras: z.array(z.string()).optional(),
    highlightVideoUrl: z.string().optional(),
    externalLinks: z.array(externalLinkSchema).optional(),
    preferredUsRegions: z.array(z.string()).optional(),
    /** Absent until the athlete picks one (decision S15). */
    estimatedBudget: z.number().optional(),
    /** A budget of 0 nobody chose was reset to "not set": the dashboard asks once (decision S15). */
    budgetUnconfirmed: z.boolean().optional(),
    agency: z.string().nullable(),
    schoolSizePreference: z.string().optional(),
    isTransfer: z.boolean().optional(),
    autoAcceptMatches: z.boolean().optional(),
    profilePhotoUrl: z.string().nullable(),
    profileCompleted: z.boolean(),
    createdAt: isoDateTime(),
    updatedAt: isoDateTime(),
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
    phone: z.string().optional(),
    nationality: z.string().optional(),
    gender: z.string().optional(),
    agency: z.string().optional(),
    englishLevel: z.string().optional(),
    gradingScale: z.string().optional(),
    primaryPosition: z.string().optional(),
    secondaryPosition: z.string().optional(),
    /** 1..8 (the coach view's reading); a stored league value resolves to its score 1..5. */
    leagueLevel: z.number().optional(),
    leagueLevelLabel: z.string().optional(),
    profilePhotoUrl: z.string().optional(),
    highlightVideoUrl: z.string().optional(),
    statsUrl: z.string().optional(),
    estimatedBudgetLabel: z.string().optional(),
    createdAt: z.string().optional(),
    updatedAt: z.string().optional(),
    age: z.number().optional(),
    gpa: z.number().optional(),
    academicStanding: z.number().optional(),
    satScore: z.number().optional(),
    toeflScore: z.number().optional(),
    heightCm: z.number().optional(),
    heightFeet: z.number().optional(),
    heightInches: z.number().optional(),
    weightKg: z.number().optional(),
    weightLbs: z.number().optional(),
    goalsAssistsLastSeason: z.number().optional(),
    estimatedBudget: z.number().optional(),
    schoolSizePreference: z.enum(SCHOOL_SIZE_PREFERENCES),
    isTransfer: z.boolean(),
    profileCompleted: z.boolean(),
    hasVideo: z.boolean(),
    hasStats: z.boolean(),
    intendedMajors: z.array(z.string()),
    targetStartTerms: z.array(z.string()),
    preferredUsRegions: z.array(z.string()),
    playerExtras: z.array(z.string()),
    highlights: z.array(z.string()),
    externalLinks: z.array(externalLinkSchema),
  })
  .meta({ id: 'CoachAthlete' });
export type CoachAthlete = z.infer<typeof coachAthleteSchema>;
