// Matches as the API answers them (spec sections 3, 4, 7; decisions M1-M9, S12-S14): the coach's
// ranked list, the coach's and the athlete's matches, the list tools.
import { z } from 'zod';
import { MATCH_VIEWS } from '../reference.ts';
import { isoDateTime, listedAthleteSchema, matchStatusSchema, personNameFields, timestampFields } from './common.ts';

/** Each component as a percent of its own weight, one decimal (S12). */
export const subScoresSchema = z.object({
  position: z.number(),
  academics: z.number(),
  lyfs: z.number(),
  region: z.number(),
  budget: z.number(),
  extras: z.number(),
});
export type SubScores = z.infer<typeof subScoresSchema>;

/** S2: where the athlete's positions meet the request's groups. */
export const positionMatchSchema = z.enum(['primary', 'secondary']).nullable();
export type PositionMatch = z.infer<typeof positionMatchSchema>;

/** An athlete's card in the ranked list. */
export const matchCardAthleteSchema = z.object({
  id: z.string(),
  name: z.string(),
  photoUrl: z.string().nullable(),
  age: z.number().nullable(),
  nationality: z.string().nullable(),
  league: z.string().nullable(),
  gpa: z.number().nullable(),
  isTransfer: z.boolean(),
  hasVideo: z.boolean(),
  /** Always sent by the API; optional for older fixtures. */
  primaryPosition: z.string().nullable().optional(),
});
export type MatchCardAthlete = z.infer<typeof matchCardAthleteSchema>;

/** The coach's match with a listed athlete. */
export const matchStateSchema = z.object({
  id: z.string(),
  status: matchStatusSchema,
  autoResolved: z.boolean(),
  /** The athlete accepted or declined (themselves or by auto-accept): the coach's moves are closed (M6). */
  athleteAnswered: z.boolean(),
  updatedAt: isoDateTime(),
});
export type MatchState = z.infer<typeof matchStateSchema>;

export const rankedMatchSchema = z.object({
  athlete: matchCardAthleteSchema,
  score: z.number(),
  subScores: subScoresSchema,
  positionMatch: positionMatchSchema,
  positionExact: z.boolean(),
  highlights: z.array(z.string()),
  match: matchStateSchema.nullable(),
});
export type RankedMatch = z.infer<typeof rankedMatchSchema>;

/**
 * GET /coach/athletes/{id}/standings: where the athlete stands in each of the coach's live requests
 * that lists them or has a match with them, newest request first.
 */
export const athleteStandingsSchema = z
  .object({
    standings: z.array(
      z.object({
        requestId: z.string(),
        /** The request as texts name it: "Center Back (Men's Team)". */
        requestName: z.string(),
        /** The overall score; null when no longer listed (a declined player the index dropped). */
        score: z.number().nullable(),
        match: matchStateSchema.nullable(),
      }),
    ),
  })
  .meta({ id: 'AthleteStandings' });
export type AthleteStandings = z.infer<typeof athleteStandingsSchema>;

/** A declined athlete: scores are null when the athlete is no longer listed for the request. */
export const hiddenMatchSchema = rankedMatchSchema.extend({
  score: z.number().nullable(),
  subScores: subScoresSchema.nullable(),
  match: matchStateSchema,
});
export type HiddenMatch = z.infer<typeof hiddenMatchSchema>;

/**
 * Why a list page's `after` (keyset paging, issue 22) is refused: a cursor is opaque, made by the
 * API for one view, and starts a page only in that view.
 */
export const PAGE_CURSOR_MESSAGES = {
  invalid: 'This place in the list is not valid. Load the list again from the start.',
  otherView: 'This place in the list belongs to another view. Load the list again from the start.',
  withOffset: 'Use either after or offset, not both.',
} as const;

/** GET /api/coach/requests/{id}/matches: one page of the ranked list (decision 005). */
export const requestMatchesPageSchema = z
  .object({
    /** 'computing' while the index has not caught up with the request's latest version. */
    status: z.enum(['ready', 'computing']),
    computedAt: isoDateTime().nullable(),
    view: z.enum(MATCH_VIEWS),
    /**
     * Visible listed athletes in all (stored per request: exact); null for top15, which stays a
     * constant-time read, and for a filtered list, which the facets count (MatchFacets `total`).
     */
    total: z.number().nullable(),
    /** Whether more visible athletes follow this page. */
    hasMore: z.boolean(),
    /**
     * The `after` of the next page (keyset paging: it starts right after this page's last row,
     * in this view's order), or null when no page follows (and always for top15).
     */
    nextCursor: z.string().nullable(),
    /** Visible athletes before this page (after a cursor: the rank of the row it was made from). */
    offset: z.number(),
    limit: z.number(),
    matches: z.array(rankedMatchSchema),
    /** Athletes declined for the request (S13): its Hidden list's length (GET …/hidden lists them). */
    hiddenCount: z.number().int().min(0),
    /** Completed athlete profiles on the platform. */
    poolSize: z.number(),
  })
  .meta({ id: 'RequestMatchesPage' });
export type RequestMatchesPage = z.infer<typeof requestMatchesPageSchema>;

/** GET /api/coach/requests/{id}/hidden: the request's declined athletes by rank, those no longer listed last (S13). */
export const requestHiddenSchema = z.object({ hidden: z.array(hiddenMatchSchema) }).meta({ id: 'RequestHidden' });
export type RequestHidden = z.infer<typeof requestHiddenSchema>;

/** The athlete of a match, as the coach and the agent read it. */
export const matchAthleteSummarySchema = listedAthleteSchema.pick({
  id: true,
  fullName: true,
  primaryPosition: true,
  nationality: true,
  gpa: true,
  profilePhotoUrl: true,
});

/** The coach and program of a match, as the athlete's and the agent's match views show them. */
export const matchCoachSummarySchema = z.object({
  ...personNameFields,
  programName: z.string().nullable(),
  division: z.string().nullable(),
  schoolSize: z.string().nullable(),
});

/** What the coach is looking for, as every match view shows it; each view adds its own field. */
export const coachRequestSummarySchema = z.object({ positions: z.array(z.string()), teamCategories: z.array(z.string()) });

const matchBase = {
  id: z.string(),
  autoResolved: z.boolean(),
  ...timestampFields,
  sharedAt: isoDateTime().nullable(),
};

/** A match as the coach routes answer it (POST /coach/matches, PATCH /coach/matches/{id}, GET /coach/matches). */
export const coachMatchSchema = z
  .object({
    ...matchBase,
    /** null: a restored player who was never shared is back in the pool (decision M7). */
    status: matchStatusSchema.nullable(),
    /** The athlete accepted or declined: the coach's moves are closed (M6). */
    athleteAnswered: z.boolean(),
    requestId: z.string(),
    athleteId: z.string(),
    athlete: matchAthleteSummarySchema,
    coachRequest: coachRequestSummarySchema.extend({ notes: z.string() }),
  })
  .meta({ id: 'CoachMatch' });
export type CoachMatch = z.infer<typeof coachMatchSchema>;
export const coachMatchListSchema = z.array(coachMatchSchema);

/** A match as the athlete reads it: the program and what the coach is looking for (not the coach's notes). */
export const athleteMatchSchema = z
  .object({
    ...matchBase,
    status: matchStatusSchema,
    coach: matchCoachSummarySchema.extend({ programRegion: z.string().nullable(), universityLogoUrl: z.string().nullable() }),
    coachRequest: coachRequestSummarySchema.extend({ targetStartTerms: z.array(z.string()) }),
  })
  .meta({ id: 'AthleteMatch' });
export type AthleteMatch = z.infer<typeof athleteMatchSchema>;
export const athleteMatchListSchema = z.object({ matches: z.array(athleteMatchSchema) });

// ---- The list tools (issue 18)

const valueCount = z.object({ value: z.string(), count: z.number() });

/**
 * GET …/matches/facets: counts per filter value over the request's visible listed athletes, each
 * facet counted under the other filters set; `total` under all of them.
 */
export const matchFacetsSchema = z
  .object({
    total: z.number(),
    position: z.array(valueCount),
    nationality: z.array(valueCount),
    league: z.array(z.object({ value: z.string(), label: z.string(), count: z.number() })),
    hasVideo: z.object({ yes: z.number(), no: z.number() }),
    status: z.object({ 'not-shared': z.number(), pending: z.number(), accepted: z.number() }),
    /** Athletes with a GPA at or above each whole and half step (2, 2.5, 3, 3.5). */
    gpaAtLeast: z.array(z.object({ value: z.number(), count: z.number() })),
  })
  .meta({ id: 'MatchFacets' });
export type MatchFacets = z.infer<typeof matchFacetsSchema>;

/** Facets that count nothing yet: every count 0, one GPA entry per step of `gpaSteps`. */
export function emptyMatchFacets(gpaSteps: readonly number[]): MatchFacets {
  return {
    total: 0,
    position: [],
    nationality: [],
    league: [],
    hasVideo: { yes: 0, no: 0 },
    status: { 'not-shared': 0, pending: 0, accepted: 0 },
    gpaAtLeast: gpaSteps.map((value) => ({ value, count: 0 })),
  };
}

export const EXCLUSION_RULES = ['incomplete', 'transfer', 'age', 'gender'] as const;
export type ExclusionRule = (typeof EXCLUSION_RULES)[number];

/** "Why not?": a pair explained in words. */
export const pairExplanationSchema = z.object({
  /** The S1 rule that keeps the athlete out, with its value in words; null when scored. */
  exclusion: z.object({ rule: z.enum(EXCLUSION_RULES), text: z.string() }).nullable(),
  /** Null when excluded. */
  score: z.number().nullable(),
  listed: z.boolean(),
  subScores: subScoresSchema.nullable(),
  positionMatch: positionMatchSchema,
  /** What lowers the score, the largest loss first; the last line says how far it is from 70. */
  reasons: z.array(z.string()),
});
export type PairExplanation = z.infer<typeof pairExplanationSchema>;

/** GET …/explain/{athleteId}. */
export const explainAnswerSchema = z
  .object({
    athlete: z.object({ id: z.string(), name: z.string() }),
    explanation: pairExplanationSchema,
    /** The coach's match with the athlete for this request ('declined' ones are listed under Hidden). */
    matchStatus: matchStatusSchema.nullable(),
  })
  .meta({ id: 'ExplainAnswer' });
export type ExplainAnswer = z.infer<typeof explainAnswerSchema>;

/** GET …/athlete-search?q=: completed athletes by name. */
export const foundAthleteSchema = z.object({
  id: z.string(),
  name: z.string(),
  primaryPosition: z.string().nullable(),
  nationality: z.string().nullable(),
  age: z.number().nullable(),
});
export type FoundAthlete = z.infer<typeof foundAthleteSchema>;
export const athleteSearchAnswerSchema = z.object({ athletes: z.array(foundAthleteSchema) });
