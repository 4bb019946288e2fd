import type { MatchStatus, MatchView } from './reference.ts';
import type { PositionMatch, SubScores } from './scoring.ts';

/**
 * The ranked list a coach reads (GET /api/coach/requests/{id}/matches): one contract for the API
 * that answers it and the web app that shows it.
 */
export interface MatchCardAthlete {
  id: string;
  name: string;
  photoUrl: string | null;
  age: number | null;
  nationality: string | null;
  league: string | null;
  gpa: number | null;
  isTransfer: boolean;
  hasVideo: boolean;
  /** Always sent by the API; optional for older fixtures. */
  primaryPosition?: string | null;
}

export interface MatchState {
  id: string;
  status: MatchStatus;
  autoResolved: boolean;
  /** The athlete accepted or declined (themselves or by auto-accept): the coach's moves are closed (M6). */
  athleteAnswered: boolean;
  updatedAt: string;
}

export interface RankedMatch {
  athlete: MatchCardAthlete;
  score: number;
  subScores: SubScores;
  positionMatch: PositionMatch;
  positionExact: boolean;
  highlights: string[];
  match: MatchState | null;
}

/** A declined athlete: scores are null when the athlete is no longer listed for the request. */
export interface HiddenMatch extends Omit<RankedMatch, 'score' | 'subScores' | 'match'> {
  score: number | null;
  subScores: SubScores | null;
  match: MatchState;
}

export interface RequestMatchesPage {
  /** 'computing' while the index has not caught up with the request's latest version. */
  status: 'ready' | 'computing';
  computedAt: string | null;
  view: MatchView;
  /** Visible listed athletes in all; null for top15, which stays a constant-time read. */
  total: number | null;
  /**
   * True when a filtered list's count stopped at MATCHES_COUNT_CAP: `total` is then "at least".
   * (Unfiltered totals are stored per request and always exact.)
   */
  totalCapped?: boolean;
  /** Whether more visible athletes follow this page. */
  hasMore: boolean;
  offset: number;
  limit: number;
  matches: RankedMatch[];
  hidden: HiddenMatch[];
  /** Completed athlete profiles on the platform. */
  poolSize: number;
}

/** A filtered list counts its athletes up to this many (issue 18: a read's cost must not grow with the list). */
export const MATCHES_COUNT_CAP = 1000;

/** The most a card shows (decision S14): weights add up to 1.05, so a raw score can pass 100. */
export const SHOWN_SCORE_MAX = 100;

/** The score a card shows; ranking and the 70 threshold keep the raw score (S14). */
export function shownScore(raw: number): number {
  return Math.min(raw, SHOWN_SCORE_MAX);
}
