import { matchListFromParams, matchListParams, type MatchFilters, type MatchView } from '@app/domain';
import type { RankedMatch, RequestMatchesPage } from './api/getRequestMatches.ts';

/**
 * The ranked list a profile was opened from, as it was on screen (a request, its view and
 * filters): carried in the router's location state of the card's link, so the profile can step to
 * the previous and next players of that list without changing its address.
 */
export interface ListContext {
  requestId: string;
  view: MatchView;
  filters: MatchFilters;
}

/** The state a card's profile link carries. */
export const listState = (list: ListContext) => ({ list: { requestId: list.requestId, query: matchListParams(list.view, list.filters).toString() } });

/** The list a profile was opened from, read back from the location state (null when there is none or it is not one). */
export function listContextOf(state: unknown): ListContext | null {
  const list = (state as { list?: { requestId?: unknown; query?: unknown } } | null)?.list;
  if (typeof list?.requestId !== 'string' || typeof list.query !== 'string') return null;
  return { requestId: list.requestId, ...matchListFromParams(new URLSearchParams(list.query)) };
}

/** The players of a list's loaded pages, in order, each once (a player can only move between pages while the index changes). */
export function listedPlayers(pages: readonly RequestMatchesPage[]): RankedMatch[] {
  const seen = new Set<string>();
  return pages.flatMap((p) => p.matches).filter((m) => !seen.has(m.athlete.id) && (seen.add(m.athlete.id), true));
}
