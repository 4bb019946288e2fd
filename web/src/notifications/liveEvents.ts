import type { LiveEventData, LiveMatchEvent, LiveNotificationEvent, LiveRankedListEvent } from '@app/domain';
import type { QueryClient } from '@tanstack/react-query';
import { AGENT_ATHLETES_KEY } from '../agent/api/getAgentAthlete.ts';
import { AGENT_DASHBOARD_KEY } from '../agent/api/getAgentDashboard.ts';
import { AGENT_MATCHES_KEY } from '../agent/api/getAgentMatches.ts';
import { ATHLETE_DASHBOARD_KEY } from '../athlete/api/getDashboard.ts';
import { ATHLETE_MATCHES_KEY } from '../athlete/matches/api/getAthleteMatches.ts';
import { invalidateAfterMatchChange } from '../coach/matches/api/matchMutations.ts';
import { CONVERSATIONS_KEY } from '../conversations/api/getConversations.ts';
import { conversationKey } from '../conversations/api/getMessages.ts';
import { NOTIFICATIONS_KEY, type NotificationPages } from './api/getNotifications.ts';
import { threadOfLink } from './unreadThreads.ts';

/** Where the stream lives (same origin, session cookie). */
export const EVENTS_URL = '/api/events';

/**
 * A new notification: the bell's count and the top of the list change at once; the list is then
 * read again so pages stay in step with the server.
 */
export function applyNotificationEvent(queryClient: QueryClient, { notification, unread }: LiveNotificationEvent) {
  queryClient.setQueryData<NotificationPages>(NOTIFICATIONS_KEY, (data) => {
    if (!data || data.pages.length === 0) return data;
    const [first, ...rest] = data.pages;
    const items = first.items.some((item) => item.id === notification.id) ? first.items : [notification, ...first.items];
    return { ...data, pages: [{ unread, items }, ...rest] };
  });
  void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  // A new message: the thread it belongs to is read again if it is open, and the list of conversations.
  const thread = threadOfLink(notification.link);
  if (notification.kind === 'message' && thread) {
    void queryClient.invalidateQueries({ queryKey: conversationKey(thread) });
    void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
  }
}

/**
 * A match changed status: every view of it that may be on screen is read again (the coach's
 * Matches section and dashboard, the athlete's matches and dashboard, the agent's hub, dashboard
 * (its match totals and the preview's counts) and player pages (each lists its matches), and the
 * thread, whose canSend follows the status). Queries not on screen are only marked stale.
 */
export function applyMatchEvent(queryClient: QueryClient, { matchId, requestId }: LiveMatchEvent) {
  void invalidateAfterMatchChange(queryClient, requestId);
  for (const queryKey of [ATHLETE_MATCHES_KEY, ATHLETE_DASHBOARD_KEY, AGENT_MATCHES_KEY, AGENT_DASHBOARD_KEY, AGENT_ATHLETES_KEY, conversationKey(matchId)])
    void queryClient.invalidateQueries({ queryKey });
}

/** The ranked list of one of the coach's requests is ready or changed: its views are read again. */
export function applyRankedListEvent(queryClient: QueryClient, { requestId }: LiveRankedListEvent) {
  void invalidateAfterMatchChange(queryClient, requestId);
}

/**
 * What the polling fallback reads again each round: everything the stream would have refreshed
 * (notifications, every role's match lists and dashboards, the agent's player pages, open threads,
 * the conversation list).
 */
export function refreshWithoutStream(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  void queryClient.invalidateQueries({
    predicate: (q) =>
      q.queryKey[0] === 'conversation' ||
      q.queryKey[0] === CONVERSATIONS_KEY[0] ||
      (['coach', 'athlete', 'agent'].includes(String(q.queryKey[0])) && (q.queryKey.includes('matches') || q.queryKey.includes('dashboard'))) ||
      (q.queryKey[0] === AGENT_ATHLETES_KEY[0] && q.queryKey[1] === AGENT_ATHLETES_KEY[1]),
  });
}

export const LIVE_EVENT_HANDLERS: { [K in keyof LiveEventData]: (queryClient: QueryClient, data: LiveEventData[K]) => void } = {
  notification: applyNotificationEvent,
  match: applyMatchEvent,
  'ranked-list': applyRankedListEvent,
};
