import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import { i18n } from '../../i18n/index.ts';
import type { AgentDashboard } from './workspaceTypes.ts';

export const AGENT_DASHBOARD_KEY = ['agent', 'dashboard'] as const;

/** GET /agent/dashboard: the agent, and the athletes linked to their agency. */
export function getAgentDashboard() {
  return apiRequest<AgentDashboard>('/agent/dashboard', { fallback: i18n.t('agent:fallbacks.dashboard') });
}

export function useAgentDashboard() {
  return useQuery({ queryKey: AGENT_DASHBOARD_KEY, queryFn: getAgentDashboard });
}
