// The ranked list's wire types (RankedMatch, RequestMatchesPage ...) live in ./wire/matches.ts.

/** The most a card shows (decision S14): weights add up to 1.05, so a raw score can pass 100. */
export const SHOWN_SCORE_MAX = 100;

/** The score a card shows; ranking and the 70 threshold keep the raw score (S14). */
export function shownScore(raw: number): number {
  return Math.min(raw, SHOWN_SCORE_MAX);
}
