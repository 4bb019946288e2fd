import type { InsightsAthlete, InsightsBrief, InsightsLogin, InsightsStats } from '@app/domain';
import { apiRequest } from '../../api/client.ts';

export const INSIGHTS_FALLBACK = 'Unable to fetch internal metrics.';

export type { CountBucket, InsightsAthlete, InsightsBrief, InsightsStats, NotificationInsights } from '@app/domain';

export interface Insights {
  stats: InsightsStats;
  athletes: InsightsAthlete[];
  requests: InsightsBrief[];
}

/**
 * POST /support-insights/stats, /athletes and /requests. No session: each call carries the
 * console's own username and password (decision A5). The result lives in the page's memory only.
 */
export async function fetchInsights(credentials: InsightsLogin): Promise<Insights> {
  const post = <T>(path: string) => apiRequest<T>(`/support-insights/${path}`, { method: 'POST', body: credentials, fallback: INSIGHTS_FALLBACK });
  const [stats, athletes, requests] = await Promise.all([
    post<InsightsStats>('stats'),
    post<{ athletes: InsightsAthlete[] }>('athletes'),
    post<{ requests: InsightsBrief[] }>('requests'),
  ]);
  return { stats, athletes: athletes.athletes, requests: requests.requests };
}
