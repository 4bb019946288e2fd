import type { RosterPage } from '@app/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import { i18n } from '../../i18n/index.ts';

export type { RosterPage, RosterPlayer } from '@app/domain';
/** 'Unable to fetch your roster', when the server gives no message. */
export const rosterFallback = () => i18n.t('agent:fallbacks.roster');

/** GET /agent/players with the page's URL query as it is (search, filters, sort, page). */
export function getAgentRoster(query: string, signal?: AbortSignal) {
  return apiRequest<RosterPage>(`/agent/players${query ? `?${query}` : ''}`, { fallback: rosterFallback(), signal });
}

/**
 * One page of the roster, by its query. The roster page keeps the current list on screen while
 * the next one loads; a player page's stepper (`stepping`) takes the pages as they were read (not
 * read again while it steps: the roster itself reads afresh when it opens again) and reads a
 * neighbouring page only when it steps past an end.
 */
export function useAgentRoster(query: string, stepping?: { enabled: boolean }) {
  return useQuery({
    queryKey: ['agent', 'roster', query],
    queryFn: ({ signal }) => getAgentRoster(query, signal),
    ...(stepping ? { enabled: stepping.enabled, staleTime: Infinity } : { placeholderData: keepPreviousData }),
  });
}
