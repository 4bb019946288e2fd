import type { QueryClient } from '@tanstack/react-query';
import { SESSION_KEY, setSessionEnded, type SessionUser } from '../api.ts';

/** What login and registration answer. */
export type { SignedIn } from '@app/domain';

/**
 * After a sign-in or registration: the new user becomes the session at once (no flash of a
 * signed-out guard), private data cached for a previous user is dropped, and the session is
 * checked again with the server (spec section 4: success refreshes the token validation).
 */
export async function adoptSession(queryClient: QueryClient, user: SessionUser) {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
  setSessionEnded(false);
  queryClient.setQueryData(SESSION_KEY, user);
  await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
}
