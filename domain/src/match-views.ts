// The ranked list's wire types (RankedMatch, RequestMatchesPage ...) live in ./wire/matches.ts.

/** A filtered list counts its athletes up to this many (issue 18: a read's cost must not grow with the list). */
export const MATCHES_COUNT_CAP = 1000;

/** The most a card shows (decision S14): weights add up to 1.05, so a raw score can pass 100. */
export const SHOWN_SCORE_MAX = 100;

/** The score a card shows; ranking and the 70 threshold keep the raw score (S14). */
export function shownScore(raw: number): number {
  return Math.min(raw, SHOWN_SCORE_MAX);
}
