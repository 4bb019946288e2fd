import type { ReactNode } from 'react';
import type { Role } from './api.ts';
import { RequireRole } from './RequireRole.tsx';

/** A route's page behind RequireRole: only `role` opens it; anyone else goes to `redirectTo` (RequireRole's default: '/'). */
export function guarded(role: Role | readonly Role[], page: ReactNode, redirectTo?: string) {
  return (
    <RequireRole role={role} redirectTo={redirectTo}>
      {page}
    </RequireRole>
  );
}
