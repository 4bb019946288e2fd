import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import { i18n } from '../../i18n/index.ts';
import type { AgentMatches } from './workspaceTypes.ts';

export const AGENT_MATCHES_KEY = ['agent', 'matches'] as const;

/** GET /agent/matches: the matches of the agency's athletes, with their audit trail and counts. */
export function getAgentMatches() {
  return apiRequest<AgentMatches>('/agent/matches', { fallback: i18n.t('agent:fallbacks.matches') });
}

export function useAgentMatches() {
  return useQuery({ queryKey: AGENT_MATCHES_KEY, queryFn: getAgentMatches });
}
