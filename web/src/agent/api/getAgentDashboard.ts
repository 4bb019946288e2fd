import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import type { AgentDashboard } from './workspaceTypes.ts';

export const AGENT_DASHBOARD_KEY = ['agent', 'dashboard'] as const;
export const AGENT_DASHBOARD_FALLBACK = 'Unable to fetch agent dashboard';

/** GET /agent/dashboard: the agent, and the athletes linked to their agency. */
export function getAgentDashboard() {
  return apiRequest<AgentDashboard>('/agent/dashboard', { fallback: AGENT_DASHBOARD_FALLBACK });
}

export function useAgentDashboard() {
  return useQuery({ queryKey: AGENT_DASHBOARD_KEY, queryFn: getAgentDashboard });
}
