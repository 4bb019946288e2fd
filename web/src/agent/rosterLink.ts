/**
 * The way from the roster to a player's page and back. A roster card's link carries the roster's
 * query (search, filters, sort, page) in the router's location state, so the player's page leads
 * back to the roster as it was; opened any other way (the dashboard, the hub, a bookmark), it
 * leads to the whole roster.
 */
export const playerPath = (athleteId: string) => `/agent/players/${encodeURIComponent(athleteId)}`;

/** The state a roster card's link carries. */
export const rosterState = (query: string) => ({ roster: query });

/** The roster's query a player page was opened from (from its location state), or null when it was opened any other way. */
export function rosterQueryFrom(state: unknown): string | null {
  const query = (state as { roster?: unknown } | null)?.roster;
  return typeof query === 'string' ? query : null;
}

/** The roster's address to go back to, from a player page's location state. */
export function rosterPathFrom(state: unknown): string {
  const query = rosterQueryFrom(state);
  return query ? `/agent/players?${query}` : '/agent/players';
}
