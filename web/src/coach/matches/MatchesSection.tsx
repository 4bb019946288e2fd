/**
 * Placeholder created by the profiles-and-requests work so the Ongoing Requests page builds.
 * The match-index work replaces this file with the real Matches section (views, share/decline).
 */
export function MatchesSection(_props: { requestId: string }) {
  return null;
}
