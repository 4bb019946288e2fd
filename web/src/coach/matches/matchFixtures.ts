import type { CoachAthlete } from '@app/domain';
import type { CoachRequest } from '../api/types.ts';
import type { RankedMatch, RequestMatchesPage } from './api/getRequestMatches.ts';

/** Player n of a ranked list for the page tests: a Spanish forward at 90 − n, with no match yet. */
export function ranked(n: number, fields: Partial<RankedMatch> = {}): RankedMatch {
  return {
    athlete: {
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      name: `Player ${n}`,
      photoUrl: null,
      age: 19,
      nationality: 'Spain',
      league: 'Segunda RFEF',
      gpa: 3.6,
      isTransfer: false,
      hasVideo: false,
    },
    score: 90 - n,
    subScores: { position: 100, academics: 73.3, lyfs: 87.5, region: 60, budget: 100, extras: 40 },
    positionMatch: 'primary',
    positionExact: true,
    highlights: [],
    match: null,
    ...fields,
  };
}

/** A ready top15 page of a request's list (no players unless given), over a pool of 120. */
export function page(fields: Partial<RequestMatchesPage> = {}): RequestMatchesPage {
  const matches = fields.matches ?? [];
  return {
    status: 'ready',
    computedAt: new Date().toISOString(),
    view: 'top15',
    total: null,
    hasMore: false,
    nextCursor: null,
    offset: 0,
    limit: 15,
    matches,
    hiddenCount: 0,
    poolSize: 120,
    ...fields,
  };
}

/** A coach's request for the page tests: a women's team's, for one position, with nothing else set. */
export const coachRequest = (_id: string, position: string): CoachRequest => ({
  _id,
  createdAt: '2026-11-01T10:00:00.000Z',
  urgent: false,
  teamCategories: ["Women's Team"],
  positions: [position],
  playerLevels: [],
  estimatedBudget: '',
  institutionSize: '',
  regions: [],
  ageMin: 17,
  ageMax: 21,
  targetStartTerms: [],
  playerExtras: [],
  openToJuniorCollege: 'No',
  openToTransfer: false,
  notes: '',
});

/** An athlete's profile as a coach reads it, for the page tests: little more than a name. */
export const coachAthlete = (id: string, displayName: string, fields: Partial<CoachAthlete> = {}): CoachAthlete => ({
  id,
  displayName,
  intendedMajors: [],
  targetStartTerms: [],
  preferredUsRegions: [],
  playerExtras: [],
  externalLinks: [],
  schoolSizePreference: 'Any',
  isTransfer: false,
  profileCompleted: true,
  hasVideo: false,
  hasStats: false,
  highlights: [],
  ...fields,
});
