import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, PageLoading } from '../ui/states.tsx';
import { useAthleteDashboard } from './api/getDashboard.ts';
import type { AthleteProfile } from './api/types.ts';
import { PROFILE_LOAD_ERROR } from './labels.ts';

/**
 * The athlete's own profile (GET /athlete/dashboard) for a page: while it loads, or if it fails,
 * the page's frame with the loading state or the error and a retry; then the page itself.
 */
export function WithOwnProfile({ loadingLabel, children }: { loadingLabel: string; children: (profile: AthleteProfile) => ReactNode }) {
  const { t } = useTranslation('athlete');
  const dashboard = useAthleteDashboard();
  if (dashboard.isSuccess) return children(dashboard.data);
  return (
    <main id="main" className="page container athlete-page">
      {dashboard.isError ? (
        <LoadError title={t(PROFILE_LOAD_ERROR)} message={dashboard.error.message} onRetry={() => void dashboard.refetch()} />
      ) : (
        <PageLoading label={loadingLabel} />
      )}
    </main>
  );
}
