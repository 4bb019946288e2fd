// The internal insights console (spec section 2; decision A5).
import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../notifications.ts';
import { isoDateTime, listedAthleteSchema } from './common.ts';
import { coachRequestViewSchema } from './coach.ts';

export const countBucketSchema = z.object({ _id: z.string(), count: z.number() });
export type CountBucket = z.infer<typeof countBucketSchema>;

/** Issue 17: what the notification pipeline and the conversations did. */
export const notificationInsightsSchema = z.object({
  /** Every kind, in NOTIFICATION_KINDS order: in-app notifications and emails sent. */
  sentByKind: z.array(z.object({ kind: z.enum(NOTIFICATION_KINDS), inApp: z.number(), emails: z.number() })),
  /** Emails not sent because the recipient turned that kind off. */
  emailsSuppressed: z.number(),
  /** The last 14 days, oldest first, days without messages included. */
  messagesPerDay: z.array(z.object({ day: z.string(), count: z.number() })),
});
export type NotificationInsights = z.infer<typeof notificationInsightsSchema>;

/** POST /api/support-insights/stats. */
export const insightsStatsSchema = z
  .object({
    summary: z.object({ totalAthletes: z.number(), totalCoaches: z.number(), totalRequests: z.number(), averageGpa: z.number().nullable() }),
    leagueDistribution: z.array(countBucketSchema),
    regionPreferences: z.array(countBucketSchema),
    /** Absent from a server older than issue 17. */
    notifications: notificationInsightsSchema.optional(),
  })
  .meta({ id: 'InsightsStats' });
export type InsightsStats = z.infer<typeof insightsStatsSchema>;

export const insightsAthleteSchema = listedAthleteSchema.omit({ profilePhotoUrl: true, age: true }).extend({
  agency: z.string().nullable(),
  profileCompleted: z.boolean(),
  createdAt: isoDateTime(),
});
export type InsightsAthlete = z.infer<typeof insightsAthleteSchema>;
/** POST /api/support-insights/athletes. */
export const insightsAthletesSchema = z.object({ athletes: z.array(insightsAthleteSchema) });

/** A recruitment request in the console: the request's own fields as the coach reads them, and its program. */
export const insightsBriefSchema = coachRequestViewSchema
  .pick({ createdAt: true, urgent: true, positions: true, teamCategories: true, targetStartTerms: true, estimatedBudget: true })
  .extend({
    id: z.string(),
    programName: z.string().nullable(),
    division: z.string().nullable(),
    coachName: z.string(),
  });
export type InsightsBrief = z.infer<typeof insightsBriefSchema>;
/** POST /api/support-insights/requests. */
export const insightsRequestsSchema = z.object({ requests: z.array(insightsBriefSchema) });
