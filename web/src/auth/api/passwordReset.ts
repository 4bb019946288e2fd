import type { PasswordResetInput } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import type { Role } from '../api.ts';

export const RESET_FALLBACK = 'Unable to reset your password. Please try again.';

/** POST /{role}/password-reset/code: mails a reset code (the answer is the same for any email). */
export function sendPasswordResetCode(role: Role, email: string) {
  return apiRequest<{ message: string }>(`/${role}/password-reset/code`, { method: 'POST', body: { email }, fallback: 'Unable to send verification code.' });
}

/** POST /{role}/password-reset: sets the new password and ends every session of the account. */
export function useResetPassword(role: Role) {
  return useMutation({
    mutationFn: (payload: PasswordResetInput) =>
      apiRequest<{ message: string }>(`/${role}/password-reset`, { method: 'POST', body: payload, fallback: RESET_FALLBACK }),
  });
}
