import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../api/client.ts';

export type Role = 'athlete' | 'coach' | 'agent';
export interface SessionUser {
  id: string;
  role: Role;
  email: string;
  fullName?: string;
  firstName?: string;
  lastName?: string;
  agency?: string;
  /** `media/<id>` when the user has a photo. */
  profilePhotoUrl?: string;
}

export const SESSION_KEY = ['session'] as const;

/** GET /validate-token: the signed-in user, or null (401 'Token invalid'). */
export async function validateToken(): Promise<SessionUser | null> {
  try {
    const data = await apiRequest<{ user: SessionUser }>('/validate-token', { fallback: 'Token invalid' });
    return data.user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useSession() {
  return useQuery({ queryKey: SESSION_KEY, queryFn: validateToken, staleTime: 60_000 });
}

export function logout() {
  return apiRequest<{ message: string }>('/logout', { method: 'POST', fallback: 'Error during sign out' });
}

/** Signs out, then refreshes the session and drops every cached private query. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
      await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });
}
