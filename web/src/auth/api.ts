import type { Account, Role } from '@app/domain';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { apiRequest } from '../api/client.ts';
import { dropAllDrafts } from '../ui/formDraft.ts';

export type { Role };
/** The signed-in user as the session probe, login and registration answer it (domain/src/wire/account.ts). */
export type SessionUser = Account;

export const SESSION_KEY = ['session'] as const;

/**
 * Whether the last session this browser had has ended (expired, idle too long, revoked) rather
 * than never existed or been signed out: protected pages then send the user to their sign-in with
 * "Your session ended; sign in again". Set by the session probe and by any 401 of a signed-in
 * call; cleared by a sign-in.
 */
let sessionEnded = false;
const sessionEndedListeners = new Set<() => void>();
export function setSessionEnded(value: boolean) {
  if (sessionEnded === value) return;
  sessionEnded = value;
  sessionEndedListeners.forEach((listener) => listener());
}
export function useSessionEnded(): boolean {
  return useSyncExternalStore(
    (listener) => {
      sessionEndedListeners.add(listener);
      return () => sessionEndedListeners.delete(listener);
    },
    () => sessionEnded,
  );
}

/** Calls whose 401 is their own answer (wrong password, no session yet), not an ended session. */
export function isAccountCall(path: string): boolean {
  return /^\/(session|validate-token|logout|support-insights)\b|^\/(athlete|coach|agent)\/(login|register|send-verification-code|password-reset)\b/.test(path);
}

/**
 * GET /session: the signed-in user or null, always 200, so public pages of a signed-out visitor
 * log no error (GET /validate-token, which answers 401 'Token invalid', stays for API clients).
 */
export async function fetchSession(): Promise<SessionUser | null> {
  const data = await apiRequest<{ user: SessionUser | null; sessionEnded?: boolean }>('/session', { fallback: 'Token invalid' });
  if (data.sessionEnded) setSessionEnded(true);
  return data.user;
}

export function useSession() {
  return useQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: 60_000 });
}

/**
 * The signed-in user's id as already known (the page's guard loaded the session), without asking
 * the server: the owner of the user's form drafts (ui/formDraft.ts).
 */
export function useSignedInUserId(): string | undefined {
  return useQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, enabled: false }).data?.id;
}

export function logout() {
  return apiRequest<{ message: string }>('/logout', { method: 'POST', fallback: 'Error during sign out' });
}

/**
 * Forgets the user who just left (signed out, or deleted their account): no session, no unsaved
 * input, no cached private query; then the session is read again.
 */
export async function forgetSignedInUser(queryClient: QueryClient) {
  // Signed out first, so the private calls dropped next are not taken for an ended session.
  setSessionEnded(false);
  // Unsaved input stays with its user only until they sign out (a shared computer).
  dropAllDrafts();
  queryClient.setQueryData(SESSION_KEY, null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
  await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
}

/** Signs out, then forgets the user. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logout, onSuccess: () => forgetSignedInUser(queryClient) });
}
