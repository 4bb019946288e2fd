import type { Account, EmailChangeCodeInput, EmailChangeInput } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import { SESSION_KEY } from '../api.ts';
import { SEND_CODE_FALLBACK } from './sendVerificationCode.ts';

export const CHANGE_EMAIL_FALLBACK = 'Unable to change your email. Please try again.';

/** POST /account/email/code: mails a code to the new address, once the current password is right. */
export function sendEmailChangeCode(payload: EmailChangeCodeInput) {
  return apiRequest<{ message: string }>('/account/email/code', { method: 'POST', body: payload, fallback: SEND_CODE_FALLBACK });
}

/**
 * PUT /account/email: the new sign-in email, proven by its code. The answer's account replaces the
 * session's, and every other query is read again (profiles and dashboards show the email).
 */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: EmailChangeInput) =>
      apiRequest<{ message: string; user: Account }>('/account/email', { method: 'PUT', body: payload, fallback: CHANGE_EMAIL_FALLBACK }),
    onSuccess: async (data) => {
      queryClient.setQueryData(SESSION_KEY, data.user);
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
    },
  });
}
