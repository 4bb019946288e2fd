// The agent area as the API answers it (spec section 3, "Player (agent view)"; decisions M5, M8).
import { z } from 'zod';
import { isoDateTime, listedAthleteSchema, matchStatusSchema, personNameFields, timestampFields } from './common.ts';
import { athleteProfileViewSchema } from './athlete.ts';
import { coachRequestSummarySchema, matchAthleteSummarySchema, matchCoachSummarySchema } from './matches.ts';

/** Player (agent view), spec section 3: one athlete of the agent's dashboard. */
export const agentPlayerSchema = listedAthleteSchema.extend({
  targetStartTerms: z.array(z.string()),
  preferredUsRegions: z.array(z.string()),
  highlightVideoUrl: z.string().nullable(),
  profileCompleted: z.boolean(),
});
export type AgentPlayer = z.infer<typeof agentPlayerSchema>;

export const statusCountsSchema = z.object({ pending: z.number(), accepted: z.number(), declined: z.number() });
export type StatusCounts = z.infer<typeof statusCountsSchema>;
export type RosterStatusCounts = StatusCounts;

/** Every match shared with the agency's athletes (M8), counted: all, and by status. */
const matchTotalsFields = { total: z.number(), byStatus: statusCountsSchema };

/** One athlete of the roster. `news`: a match shared or answered in the last NEWS_DAYS days. */
export const rosterPlayerSchema = agentPlayerSchema.extend({
  updatedAt: isoDateTime(),
  bestScore: z.number().nullable(),
  matchCounts: statusCountsSchema,
  news: z.object({ newShares: z.number(), answered: z.number() }),
});
export type RosterPlayer = z.infer<typeof rosterPlayerSchema>;

/** GET /api/agent/players. */
export const rosterPageSchema = z
  .object({
    total: z.number(),
    /** True when a searched or filtered roster's count stopped at ROSTER_COUNT_CAP: `total` is then "at least". A search of up to three characters alone is counted exactly. */
    totalCapped: z.boolean().optional(),
    page: z.number(),
    pageSize: z.number(),
    players: z.array(rosterPlayerSchema),
  })
  .meta({ id: 'RosterPage' });
export type RosterPage = z.infer<typeof rosterPageSchema>;

/** GET /api/agent/dashboard. */
export const agentDashboardSchema = z
  .object({
    agent: z.object({
      ...personNameFields,
      email: z.string(),
      agency: z.string(),
      agencyUrl: z.string(),
      profilePhotoUrl: z.string().nullable(),
    }),
    /** Every athlete of the agency, complete or not. */
    playerCount: z.number(),
    /** The agency's athletes with a complete profile. */
    completedCount: z.number(),
    /** A preview: the first DASHBOARD_ROSTER_PREVIEW complete profiles of the roster's first screen (news first), each with its shared matches by status. */
    players: z.array(agentPlayerSchema.extend({ matchCounts: statusCountsSchema })),
    /** The agency's shared matches, as the hub counts them (its `stats` less `byAthlete`): the page shows them without reading the hub. */
    matchStats: z.object(matchTotalsFields),
  })
  .meta({ id: 'AgentDashboard' });
export type AgentDashboard = z.infer<typeof agentDashboardSchema>;

/** One entry of a match's audit trail (decision M5). */
export const matchEventSchema = z.object({
  fromStatus: matchStatusSchema.nullable(),
  toStatus: matchStatusSchema,
  actorRole: z.enum(['coach', 'athlete', 'agent', 'system']),
  actorName: z.string(),
  at: isoDateTime(),
});
export type MatchEvent = z.infer<typeof matchEventSchema>;

/** A match of one of the agency's athletes, read-only (M5, M8). */
export const agentMatchSchema = z.object({
  id: z.string(),
  status: matchStatusSchema,
  autoResolved: z.boolean(),
  ...timestampFields,
  requestId: z.string(),
  athleteId: z.string(),
  athlete: matchAthleteSummarySchema,
  /** `email` is given once the match is accepted. */
  coach: matchCoachSummarySchema.extend({ email: z.string().nullable() }),
  coachRequest: coachRequestSummarySchema.extend({ notes: z.string() }),
  events: z.array(matchEventSchema),
});
export type AgentMatch = z.infer<typeof agentMatchSchema>;

/**
 * GET /api/agent/matches: a page of each status group (HUB_PAGE_SIZE; `?status=` one group,
 * `?page=` the next ones), and the counts of all the agency's matches.
 */
export const agentMatchesSchema = z
  .object({
    matches: z.array(agentMatchSchema),
    stats: z.object({ ...matchTotalsFields, byAthlete: z.record(z.string(), statusCountsSchema) }),
  })
  .meta({ id: 'AgentMatches' });
export type AgentMatches = z.infer<typeof agentMatchesSchema>;

/**
 * GET /api/agent/athletes/{id}: one of the agency's athletes in full (decision A6: an agent reads
 * the athletes linked to their agency), complete or not: the profile as its athlete reads it, less
 * the athlete's own reminders, and the matches shared with them (M8), newest first.
 */
export const agentAthleteSchema = z
  .object({
    player: athleteProfileViewSchema.omit({ budgetUnconfirmed: true }).meta({ id: 'AgentAthleteProfile' }),
    matches: z.array(agentMatchSchema),
  })
  .meta({ id: 'AgentAthlete' });
export type AgentAthlete = z.infer<typeof agentAthleteSchema>;
