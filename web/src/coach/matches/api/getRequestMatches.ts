import type { MatchFilters, MatchView, RequestMatchesPage } from '@app/domain';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';

export const FETCH_MATCHES_FALLBACK = 'Unable to fetch matches';
/** Players per page of the 'all' and 'position' views ('top15' is one page of 15). */
export const MATCHES_PAGE_SIZE = 50;
/** While the worker is still scoring a request, its list is read again this often. */
export const COMPUTING_REFRESH_MS = 1000;

export type { HiddenMatch, MatchCardAthlete, MatchState, RankedMatch, RequestMatchesPage, SubScores } from '@app/domain';

/** Starts with the request id so a match change invalidates every view of the request. */
export const requestMatchesKey = (requestId: string, view: MatchView, filters: MatchFilters = {}) =>
  ['coach', 'requests', requestId, 'matches', view, filterQuery(filters)] as const;

/** The set filters as query parameters (in a fixed order, so equal filters give equal keys). */
export function filterQuery(filters: MatchFilters): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters).sort(([a], [b]) => a.localeCompare(b)))
    if (value !== undefined && value !== '') query.set(key, String(value));
  return query.toString();
}

/** A page of a view: its first, or the one after a page's `nextCursor` (keyset paging). */
export function getRequestMatches(requestId: string, view: MatchView, after: string | null = null, signal?: AbortSignal, filters: MatchFilters = {}) {
  const query = new URLSearchParams({ view });
  for (const [key, value] of new URLSearchParams(filterQuery(filters))) query.set(key, value);
  if (view !== 'top15') {
    query.set('limit', String(MATCHES_PAGE_SIZE));
    if (after !== null) query.set('after', after);
  }
  return apiRequest<RequestMatchesPage>(`/coach/requests/${encodeURIComponent(requestId)}/matches?${query}`, { fallback: FETCH_MATCHES_FALLBACK, signal });
}

/**
 * A view of the request's ranked players, page by page: each next page starts after the last
 * one's `nextCursor`, so players keep their order and none repeats or goes missing. While the request is being scored the
 * list refreshes itself every second, so matches appear without a reload.
 */
export function useRequestMatches(requestId: string, view: MatchView, filters: MatchFilters = {}, { refetchOnMount = true } = {}) {
  return useInfiniteQuery({
    // false: a list already read is taken as it is (a profile stepping through the list on screen).
    refetchOnMount,
    queryKey: requestMatchesKey(requestId, view, filters),
    queryFn: ({ pageParam, signal }) => getRequestMatches(requestId, view, pageParam, signal, filters),
    initialPageParam: null as string | null,
    // null when no page follows (always for top15).
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Every second at first; every five once it has taken half a minute (the worker may be down).
    refetchInterval: (query) =>
      query.state.data?.pages[0]?.status === 'computing' ? (query.state.dataUpdateCount < 30 ? COMPUTING_REFRESH_MS : COMPUTING_REFRESH_MS * 5) : false,
    // Switching views keeps the current list on screen until the new order arrives.
    placeholderData: keepPreviousData,
  });
}
