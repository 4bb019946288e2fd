import type { RequestHidden } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';

export const FETCH_HIDDEN_FALLBACK = 'Unable to fetch the hidden players';

/** Names the request, so a match change (invalidateAfterMatchChange) refreshes it with the lists. */
export const requestHiddenKey = (requestId: string) => ['coach', 'requests', requestId, 'hidden'] as const;

/** GET /coach/requests/{id}/hidden: the request's declined players, by rank. */
export function getRequestHidden(requestId: string, signal?: AbortSignal) {
  return apiRequest<RequestHidden>(`/coach/requests/${encodeURIComponent(requestId)}/hidden`, { fallback: FETCH_HIDDEN_FALLBACK, signal });
}

/** The Hidden list, read only once the coach opens it (`enabled`): the ranked lists carry its length alone. */
export function useRequestHidden(requestId: string, enabled: boolean) {
  return useQuery({ queryKey: requestHiddenKey(requestId), queryFn: ({ signal }) => getRequestHidden(requestId, signal), enabled });
}
