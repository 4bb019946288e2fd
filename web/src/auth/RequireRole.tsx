import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession, type Role } from './api.ts';

/**
 * Guards a page: while the session loads it shows a loading state; a visitor without a session
 * of `role` is sent to `redirectTo` (spec section 4: '/', or the role's login page where the
 * spec says so). Several roles: a page every signed-in area shares. The server enforces the
 * same rule on every call.
 */
export function RequireRole({ role, redirectTo = '/', children }: { role: Role | readonly Role[]; redirectTo?: string; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) {
    return (
      <main id="main" className="page container" aria-busy="true">
        <p className="muted">Loading…</p>
      </main>
    );
  }
  if (session.isError) {
    return (
      <main id="main" className="page container narrow">
        <div className="notice notice-error" role="alert">
          {session.error.message}
        </div>
      </main>
    );
  }
  const allowed = typeof role === 'string' ? [role] : role;
  if (!session.data || !allowed.includes(session.data.role)) return <Navigate to={redirectTo} replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}
