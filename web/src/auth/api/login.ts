import type { LoginInput } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import { i18n } from '../../i18n/index.ts';
import type { Role } from '../api.ts';
import { ROLE_AREAS } from '../roles.ts';
import { adoptSession, type SignedIn } from './session.ts';

/** POST /{role}/login. Athlete and coach show the server message only; the agent has a fallback. */
export function login(role: Role, credentials: LoginInput) {
  return apiRequest<SignedIn>(`/${role}/login`, { method: 'POST', body: credentials, fallback: loginFallback(role) });
}

function loginFallback(role: Role): string | undefined {
  const key = ROLE_AREAS[role].loginFallback;
  return key ? i18n.t(key, { ns: 'auth' }) : undefined;
}

export function useLogin(role: Role) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: LoginInput) => login(role, credentials),
    onSuccess: (data) => adoptSession(queryClient, data.user),
  });
}
