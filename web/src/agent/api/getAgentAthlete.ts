import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import { i18n } from '../../i18n/index.ts';
import type { AgentAthlete } from './workspaceTypes.ts';

/** Every player page's key starts with this: a match's live event refreshes them all. */
export const AGENT_ATHLETES_KEY = ['agent', 'athletes'] as const;
export const agentAthleteKey = (id: string) => [...AGENT_ATHLETES_KEY, id] as const;

/**
 * GET /agent/athletes/{id}: one of the agency's athletes in full, complete or not, and the matches
 * shared with them (the latest change first). 404 for an athlete who is not the agency's (or no
 * athlete at all).
 */
export function getAgentAthlete(id: string, signal?: AbortSignal) {
  return apiRequest<AgentAthlete>(`/agent/athletes/${encodeURIComponent(id)}`, { fallback: i18n.t('agent:fallbacks.athlete'), signal });
}

export function useAgentAthlete(id: string) {
  return useQuery({ queryKey: agentAthleteKey(id), queryFn: ({ signal }) => getAgentAthlete(id, signal) });
}
