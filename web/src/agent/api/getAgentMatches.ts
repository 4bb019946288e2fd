import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import type { AgentMatches } from './workspaceTypes.ts';

export const AGENT_MATCHES_KEY = ['agent', 'matches'] as const;
export const FETCH_MATCHES_FALLBACK = 'Unable to fetch matches';

/** GET /agent/matches: the matches of the agency's athletes, with their audit trail and counts. */
export function getAgentMatches() {
  return apiRequest<AgentMatches>('/agent/matches', { fallback: FETCH_MATCHES_FALLBACK });
}

export function useAgentMatches() {
  return useQuery({ queryKey: AGENT_MATCHES_KEY, queryFn: getAgentMatches });
}
