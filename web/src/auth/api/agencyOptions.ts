import type { AgencyOption } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';

export const AGENCY_OPTIONS_KEY = ['agent', 'register', 'options'] as const;
export const AGENCY_OPTIONS_FALLBACK = 'Unable to fetch agency options';

/** GET /agent/register/options: which partner agencies still have no agent (no credentials needed). */
export function fetchAgencyOptions() {
  return apiRequest<{ options: AgencyOption[] }>('/agent/register/options', { fallback: AGENCY_OPTIONS_FALLBACK });
}

/** Spec section 7: the one query that is retried, once. */
export function useAgencyOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: AGENCY_OPTIONS_KEY, queryFn: fetchAgencyOptions, retry: 1, select: (data) => data.options, enabled });
}
