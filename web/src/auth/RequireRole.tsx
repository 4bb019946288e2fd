import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { onUnauthorized } from '../api/client.ts';
import { isAccountCall, SESSION_KEY, setSessionEnded, useSession, useSessionEnded, type Role } from './api.ts';
import { ROLE_AREAS } from './roles.ts';
import { ErrorNotice } from '../ui/states.tsx';

/** What a login page receives from a guard: where to return, and why the user is there. */
export interface SignInRequest {
  from: string;
  sessionEnded?: boolean;
}

/**
 * Guards a page: while the session loads it shows a loading state; a visitor without a session
 * of `role` is sent to `redirectTo` (spec section 4: '/', or the role's login page where the
 * spec says so). Several roles: a page every signed-in area shares. A user whose session ended
 * (expired, revoked, or a call answered 401) goes to the role's sign-in with a message and comes
 * back here after signing in. The server enforces the same rule on every call.
 */
export function RequireRole({ role, redirectTo = '/', children }: { role: Role | readonly Role[]; redirectTo?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  const ended = useSessionEnded();
  const location = useLocation();
  const queryClient = useQueryClient();

  // A signed-in call answered 401: the session is over. Forget the user; the redirect follows.
  useEffect(
    () =>
      onUnauthorized((path) => {
        // Only a signed-in user's call can mean an ended session (not a sign-out in progress).
        if (isAccountCall(path) || !queryClient.getQueryData(SESSION_KEY)) return;
        setSessionEnded(true);
        queryClient.setQueryData(SESSION_KEY, null);
      }),
    [queryClient],
  );

  if (session.isPending) {
    return (
      <main id="main" className="page container" aria-busy="true">
        <p className="muted">{t('states.loading')}</p>
      </main>
    );
  }
  if (session.isError) {
    return (
      <main id="main" className="page container narrow">
        <ErrorNotice>{session.error.message}</ErrorNotice>
      </main>
    );
  }
  const allowed: readonly Role[] = typeof role === 'string' ? [role] : role;
  if (!session.data || !allowed.includes(session.data.role)) {
    const from = `${location.pathname}${location.search}`;
    // A shared page (several roles) sends an ended session to the first role's sign-in.
    if (!session.data && ended) return <Navigate to={ROLE_AREAS[allowed[0]].loginPath} replace state={{ from, sessionEnded: true } satisfies SignInRequest} />;
    return <Navigate to={redirectTo} replace state={{ from } satisfies SignInRequest} />;
  }
  return <>{children}</>;
}
