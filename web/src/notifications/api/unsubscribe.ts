import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import type { UnsubscribeInfo } from './types.ts';

export const UNSUBSCRIBE_FALLBACK = 'We couldn’t turn these emails off. Please try again.';

/** POST /notifications/unsubscribe { token } (no session): turns off the email kind the signed token names. */
export function unsubscribe(token: string) {
  return apiRequest<UnsubscribeInfo>('/notifications/unsubscribe', { method: 'POST', body: { token }, fallback: UNSUBSCRIBE_FALLBACK });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
