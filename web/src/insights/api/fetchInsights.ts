import type { InsightsLogin, NotificationKind } from '@app/domain';
import { apiRequest } from '../../api/client.ts';

export const INSIGHTS_FALLBACK = 'Unable to fetch internal metrics.';

export interface CountBucket {
  _id: string;
  count: number;
}

/** Issue 17: what the notification pipeline and the conversations did. */
export interface NotificationInsights {
  /** Every kind, in NOTIFICATION_KINDS order: in-app notifications and emails sent. */
  sentByKind: Array<{ kind: NotificationKind; inApp: number; emails: number }>;
  /** Emails not sent because the recipient turned that kind off. */
  emailsSuppressed: number;
  /** The last 14 days, oldest first, days without messages included. */
  messagesPerDay: Array<{ day: string; count: number }>;
}

export interface InsightsStats {
  summary: { totalAthletes: number; totalCoaches: number; totalRequests: number; averageGpa: number | null };
  leagueDistribution: CountBucket[];
  regionPreferences: CountBucket[];
  /** Absent from a server older than issue 17. */
  notifications?: NotificationInsights;
}

export interface InsightsAthlete {
  id: string;
  fullName: string;
  nationality: string | null;
  primaryPosition: string | null;
  leagueLevelLabel: string | null;
  gpa: number | null;
  agency: string | null;
  profileCompleted: boolean;
  createdAt: string;
}

export interface InsightsBrief {
  id: string;
  createdAt: string;
  urgent: boolean;
  positions: string[];
  teamCategories: string[];
  targetStartTerms: string[];
  estimatedBudget: string;
  programName: string | null;
  division: string | null;
  coachName: string;
}

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
