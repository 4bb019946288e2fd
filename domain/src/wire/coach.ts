// The coach area as the API answers it: profile, dashboard, recruitment requests (spec section 3).
import { z } from 'zod';
import { isoDateTime, listedAthleteSchema, matchStatusSchema, timestampFields } from './common.ts';

/** GET/PUT /api/coach/profile: the stored profile plus what the server owns. */
export const coachProfileViewSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    coachFirstName: z.string(),
    coachLastName: z.string(),
    programName: z.string().nullable(),
    division: z.string().optional(),
    sports: z.array(z.string()).optional(),
    teamWebsite: z.string().optional(),
    jobTitle: z.string().optional(),
    phoneNumber: z.string().optional(),
    preferredContactMethod: z.string().optional(),
    yearsInRole: z.number().optional(),
    athleteEligibility: z.array(z.string()).optional(),
    additionalStaff: z.array(z.string()).optional(),
    minimumGpa: z.number().optional(),
    englishToefl: z.number().optional(),
    englishIelts: z.number().optional(),
    estimatedCostBand: z.string().optional(),
    targetLeagueLevels: z.array(z.string()).optional(),
    preferredFootDefault: z.string().optional(),
    extrasValued: z.array(z.string()).optional(),
    rosterNeedPriority: z.array(z.string()).optional(),
    targetStartTerms: z.array(z.string()).optional(),
    jucoOpenDefault: z.boolean().optional(),
    programRegion: z.string().optional(),
    schoolSize: z.string().optional(),
    /** When the coach accepted the terms at registration. */
    consentedAt: z.string().optional(),
    profilePhotoUrl: z.string().nullable(),
    universityLogoUrl: z.string().nullable(),
    ...timestampFields,
  })
  .meta({ id: 'CoachProfile' });
export type CoachProfile = z.infer<typeof coachProfileViewSchema>;

/** One of the coach's matches on the dashboard. */
export const dashboardMatchSchema = z.object({
  id: z.string(),
  status: matchStatusSchema,
  autoResolved: z.boolean(),
  updatedAt: isoDateTime(),
  requestId: z.string(),
  requestPosition: z.string().nullable(),
  athlete: listedAthleteSchema.pick({ id: true, fullName: true, primaryPosition: true, profilePhotoUrl: true }),
});
export type DashboardMatch = z.infer<typeof dashboardMatchSchema>;

const byStatus = <T extends z.ZodType>(value: T) => z.object({ pending: value, accepted: value, declined: value });

/** GET /api/coach/dashboard. */
export const coachDashboardSchema = z
  .object({
    coach: coachProfileViewSchema,
    matchSummary: z.object({ counts: byStatus(z.number()), groups: byStatus(z.array(dashboardMatchSchema)) }),
  })
  .meta({ id: 'CoachDashboard' });
export type CoachDashboard = z.infer<typeof coachDashboardSchema>;

/** A recruitment request as the list and detail read it (spec section 3, "Coach request"). */
export const coachRequestViewSchema = z
  .object({
    _id: z.string(),
    createdAt: isoDateTime(),
    urgent: z.boolean(),
    teamCategories: z.array(z.string()),
    positions: z.array(z.string()),
    playerLevels: z.array(z.string()),
    estimatedBudget: z.string(),
    institutionSize: z.string(),
    regions: z.array(z.string()),
    ageMin: z.number(),
    ageMax: z.number(),
    targetStartTerms: z.array(z.string()),
    playerExtras: z.array(z.string()),
    openToJuniorCollege: z.enum(['Yes', 'No']),
    openToTransfer: z.boolean(),
    notes: z.string(),
    /** The request's own minimum GPA (decision S3); absent when not set. */
    minGpa: z.number().optional(),
  })
  .meta({ id: 'CoachRequest' });
export type CoachRequestView = z.infer<typeof coachRequestViewSchema>;
export const coachRequestListSchema = z.array(coachRequestViewSchema);
