import type { PasswordChangeInput } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';

export const CHANGE_PASSWORD_FALLBACK = 'Unable to change your password. Please try again.';

/** PUT /account/password: the new password, confirmed by the current one; other sessions end. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (payload: PasswordChangeInput) =>
      apiRequest<{ message: string }>('/account/password', { method: 'PUT', body: payload, fallback: CHANGE_PASSWORD_FALLBACK }),
  });
}

export const END_OTHER_SESSIONS_FALLBACK = 'Unable to sign out your other devices. Please try again.';

/** POST /account/sessions/end-others: every other session of the account ends; this one stays. */
export function useEndOtherSessions() {
  return useMutation({
    mutationFn: () => apiRequest<{ message: string }>('/account/sessions/end-others', { method: 'POST', fallback: END_OTHER_SESSIONS_FALLBACK }),
  });
}
