import type { ExplainAnswer, FoundAthlete, MatchFacets, MatchFilters, MatchView, PairExplanation } from '@app/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_BASE, apiRequest } from '../../../api/client.ts';
import { filterQuery } from './getRequestMatches.ts';

export type { ExplainAnswer, FoundAthlete, MatchFacets, PairExplanation };

const base = (requestId: string) => `/coach/requests/${encodeURIComponent(requestId)}`;

/**
 * GET …/matches/facets: counts per filter value over the request's listed athletes, under the other
 * filters, and `total` under all of them (a filtered list's count: the list's pages carry none).
 * `computedAt` is the list's (its page's): counts read while the request was being scored are
 * read again once its new list is ready.
 */
export function useMatchFacets(requestId: string, filters: MatchFilters, computedAt: string | null, enabled = true) {
  const query = filterQuery(filters);
  return useQuery({
    enabled,
    queryKey: ['coach', 'requests', requestId, 'matches-facets', query, computedAt],
    queryFn: ({ signal }) =>
      apiRequest<MatchFacets>(`${base(requestId)}/matches/facets${query ? `?${query}` : ''}`, { fallback: 'Unable to count the filters', signal }),
    // The choices keep their old counts on screen while the new ones load.
    placeholderData: keepPreviousData,
  });
}

/** The CSV of the view and filters on screen (a plain link: the browser downloads it with the session cookie). */
export function exportHref(requestId: string, view: MatchView, filters: MatchFilters): string {
  const query = new URLSearchParams(filterQuery(filters));
  query.set('view', view);
  return `${API_BASE}${base(requestId)}/matches/export.csv?${query}`;
}

/** GET …/athlete-search?q=: completed athletes by name (at least 2 letters). */
export function useAthleteSearch(requestId: string, q: string) {
  return useQuery({
    queryKey: ['coach', 'requests', requestId, 'athlete-search', q],
    queryFn: ({ signal }) =>
      apiRequest<{ athletes: FoundAthlete[] }>(`${base(requestId)}/athlete-search?${new URLSearchParams({ q })}`, {
        fallback: 'Unable to search athletes',
        signal,
      }),
    enabled: q.trim().length >= 2,
  });
}

/** GET …/explain/{athleteId}: why the athlete is or is not listed. */
export function useExplain(requestId: string, athleteId: string | null) {
  return useQuery({
    queryKey: ['coach', 'requests', requestId, 'explain', athleteId],
    queryFn: ({ signal }) =>
      apiRequest<ExplainAnswer>(`${base(requestId)}/explain/${encodeURIComponent(athleteId!)}`, { fallback: 'Unable to explain this score', signal }),
    enabled: athleteId !== null,
  });
}
