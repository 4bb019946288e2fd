import type { AccountDeletionInput } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';

export const DELETE_ACCOUNT_FALLBACK = 'Unable to delete your account. Please try again.';

/**
 * DELETE /account: the account, for good (confirmed by the current password). The page then
 * forgets the user (forgetSignedInUser) and goes home: in its own callback, which still runs once
 * the sign-in guard has taken the page away (a hook-level one would unmount it first).
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (payload: AccountDeletionInput) =>
      apiRequest<{ message: string }>('/account', { method: 'DELETE', body: payload, fallback: DELETE_ACCOUNT_FALLBACK }),
  });
}
