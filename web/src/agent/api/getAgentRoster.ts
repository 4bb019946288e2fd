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

export function useAgentRoster(query: string) {
  return useQuery({
    queryKey: ['agent', 'roster', query],
    queryFn: ({ signal }) => getAgentRoster(query, signal),
    // A new search or page keeps the current list on screen until the answer arrives.
    placeholderData: keepPreviousData,
  });
}
