import { useQueries, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import { i18n } from '../../i18n/index.ts';
import type { AgentMatches, MatchStatus } from './workspaceTypes.ts';

export const AGENT_MATCHES_KEY = ['agent', 'matches'] as const;

/**
 * GET /agent/matches: a page of the agency's matches (every status group's first page, or
 * `status`'s `page`-th), with their audit trail and the counts of all of them.
 */
export function getAgentMatches(query: { status?: MatchStatus; page?: number } = {}) {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return apiRequest<AgentMatches>(`/agent/matches${search ? `?${search}` : ''}`, { fallback: i18n.t('agent:fallbacks.matches') });
}

export function useAgentMatches() {
  return useQuery({ queryKey: AGENT_MATCHES_KEY, queryFn: () => getAgentMatches() });
}

/**
 * A hub group's next `pages` pages (its 2nd, 3rd, …), each a query under AGENT_MATCHES_KEY, so
 * whatever refreshes the hub (a live event, a reload) refreshes them too.
 */
export function useMoreAgentMatches(status: MatchStatus, pages: number) {
  return useQueries({
    queries: Array.from({ length: pages }, (_, index) => ({
      queryKey: [...AGENT_MATCHES_KEY, status, index + 2],
      queryFn: () => getAgentMatches({ status, page: index + 2 }),
    })),
  });
}
